// The real exports captured from opencode 1.18.33 (tests/opencode/support/capture-exports.ts), and damaged variants
// derived from them, for the reader and replay tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExportSource } from '@semantic-anchors/engine/opencode';

export const exportsDir = fileURLToPath(new URL('../fixtures/opencode-exports/', import.meta.url));
export const sessionText = readFileSync(join(exportsDir, 'session.json'), 'utf8');
export const subagentText = readFileSync(join(exportsDir, 'subagent.json'), 'utf8');

/** A source over text, fed in chunks of `size` characters (to cross every boundary the reader has). */
export function textSource(name: string, text: string, size = 4096): ExportSource {
  return {
    name,
    rereadable: true,
    async *chunks() {
      for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
    },
  };
}

/** Replaces the first occurrence of `from` (which must be there) in the session export. */
export function variant(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0) throw new Error(`fixture changed: ${JSON.stringify(from)} is not in it`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}
