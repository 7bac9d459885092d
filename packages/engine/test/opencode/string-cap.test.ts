// Capping long strings before the tokenizer: the JSON stays valid, every string becomes a prefix of itself (never
// cut inside an escape or a character), and positions after a cut still point into the file as it is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ExportError, ExportReader } from '@semantic-anchors/engine/opencode';
import { StringCap } from '../../src/hosts/opencode/string-cap.js';

const enc = new TextEncoder();
const dec = new TextDecoder();

function capped(json: string, limit: number, chunk: number): string {
  const cap = new StringCap(limit);
  const bytes = enc.encode(json);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(cap.filter(bytes.subarray(i, i + chunk)));
  return dec.decode(Uint8Array.from(parts.flatMap((p) => [...p])));
}

describe('StringCap', () => {
  it('keeps valid JSON whose strings are prefixes of the originals, for any strings, limits and chunk sizes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary', maxLength: 60 }), { maxLength: 6 }),
        fc.integer({ min: 4, max: 40 }), // keys ('list', 'n') are strings too: real ones are far below the cap
        fc.integer({ min: 1, max: 17 }),
        (strings, limit, chunk) => {
          const json = JSON.stringify({ list: strings, n: 1 });
          const out = JSON.parse(capped(json, limit, chunk)) as { list: string[]; n: number };
          expect(out.n).toBe(1);
          out.list.forEach((s, i) => expect(strings[i]!.startsWith(s)).toBe(true));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('cuts a long string to about the limit and leaves short ones alone', () => {
    const out = JSON.parse(capped(JSON.stringify({ a: 'x'.repeat(1000), b: 'short' }), 100, 64));
    expect(out.a.length).toBeGreaterThanOrEqual(100);
    expect(out.a.length).toBeLessThan(110);
    expect(out.b).toBe('short');
  });

  it('the reader still says where a problem is, after a cut', () => {
    const text = `{"info": {"id": "x"}, "messages": [{"info": {"role": "user"}, "parts": [{"type": "text", "text": "${'y'.repeat(5000)}"}]}\n oops`;
    const reader = new ExportReader('f.json', { info: () => undefined, message: () => undefined }, 100);
    let error: ExportError | undefined;
    try {
      reader.write(text);
      reader.end();
    } catch (e) {
      error = e as ExportError;
    }
    expect(error?.diagnostic.position).toMatchObject({ line: 2, col: 2, offset: text.indexOf('oops') });
  });
});
