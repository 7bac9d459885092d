// The RE2 prefilter against real data: every pattern the twelve presets hold, tested on the command lines of the
// evasion corpora (variants and look-alikes, written to sit right at each rule's edge), must answer what plain RE2
// answers. The random-pattern property test covers the reader's grammar; this one covers the patterns people write.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RE2JS } from 're2js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { bundledPresets } from '../src/index.js';
import { compilePattern } from '../src/matchers/regex.js';

const CORPUS = join(import.meta.dirname, '../../../tests/corpus/evasion');
// Keys whose string values are RE2 patterns in a contract (tool.command/content/url, run.text, option/env value).
const PATTERN_KEYS = new Set(['command', 'content', 'url', 'text', 'value']);

function patternsIn(value: unknown, key: string | undefined, out: Set<string>): void {
  if (typeof value === 'string') {
    if (key !== undefined && PATTERN_KEYS.has(key)) out.add(value);
  } else if (Array.isArray(value)) for (const v of value) patternsIn(v, key, out);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) if (k !== 'examples' && k !== 'args') patternsIn(v, k, out);
}

function commandsIn(value: unknown, out: string[]): void {
  if (Array.isArray(value)) for (const v of value) commandsIn(v, out);
  else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const args = o.args as Record<string, unknown> | undefined;
    if (typeof args?.command === 'string') out.push(args.command);
    if (typeof args?.content === 'string') out.push(args.content);
    for (const v of Object.values(o)) commandsIn(v, out);
  }
}

describe('the RE2 prefilter on the presets and the corpora', () => {
  it('answers what plain RE2 answers for every preset pattern on the evasion corpora', () => {
    const patterns = new Set<string>();
    for (const p of bundledPresets) patternsIn(p.data, undefined, patterns);
    const texts: string[] = [];
    for (const f of readdirSync(CORPUS)
      .filter((n) => n.endsWith('.yaml'))
      .sort())
      commandsIn(parse(readFileSync(join(CORPUS, f), 'utf8')), texts);
    // Every other text keeps the run short while still reaching every file and contract.
    const sample = texts.filter((_, i) => i % 2 === 0);
    expect(patterns.size).toBeGreaterThan(100);
    expect(sample.length).toBeGreaterThan(1000);
    let compared = 0;
    let matched = 0;
    for (const source of patterns) {
      const ours = compilePattern(source);
      if (!ours.ok) continue; // not every string under those keys is a pattern (a literal option value may not compile)
      const re = RE2JS.compile(source);
      for (const t of sample) {
        const expected = re.test(t);
        if (ours.value.test(t) !== expected) expect.fail(`/${source}/ on ${JSON.stringify(t)}: RE2 says ${expected}`);
        compared++;
        if (expected) matched++;
      }
    }
    // The comparison reached patterns that do match, not only texts every pattern rejects.
    expect(matched).toBeGreaterThan(1000);
    expect(compared).toBeGreaterThan(100_000);
  });
});
