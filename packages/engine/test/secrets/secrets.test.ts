// The secret detector against its cases as data: every file in cases/ lists texts, where they go, and the rule ids
// that must fire (an empty list: nothing may fire). Prints the hit rates so a change in recall or noise shows.
import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { findSecrets, SECRET_RULES } from '../../src/secrets/index.js';

interface SecretCase {
  readonly name: string;
  readonly text: string;
  readonly path?: string;
  readonly expect: readonly string[];
}

const dir = join(dirname(fileURLToPath(import.meta.url)), 'cases');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort();
const tally = { positives: 0, caught: 0, negatives: 0, silent: 0 };
const ruleIds = new Set(SECRET_RULES.map((r) => r.id));

describe('secret detection cases', () => {
  for (const file of files) {
    const cases = parse(readFileSync(join(dir, file), 'utf8')) as SecretCase[];
    describe(file, () => {
      for (const c of cases) {
        it(c.name, () => {
          const found = findSecrets(c.text, c.path === undefined ? {} : { path: c.path });
          const rules = [...new Set(found.map((f) => f.rule))].sort();
          if (c.expect.length > 0) {
            tally.positives++;
            if (rules.length > 0) tally.caught++;
          } else {
            tally.negatives++;
            if (rules.length === 0) tally.silent++;
          }
          expect(rules, `${file}: ${c.name}`).toEqual([...c.expect].sort());
          for (const f of found) {
            // The trace shows the mask, never the value: a value of 6+ characters must not appear in it.
            const value = c.text.slice(f.start, f.end);
            expect(f.masked).not.toContain(value);
            expect(f.masked).toMatch(/^.{0,4}…\d+$/);
            expect(ruleIds.has(f.rule)).toBe(true);
          }
        });
      }
    });
  }
  afterAll(() => {
    const pct = (a: number, b: number): string => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`);
    console.log(
      `secrets: true positives caught ${tally.caught}/${tally.positives} (${pct(tally.caught, tally.positives)}), ` +
        `look-alikes silent ${tally.silent}/${tally.negatives} (${pct(tally.silent, tally.negatives)})`,
    );
  });
});

describe('the rule list', () => {
  it('names every rule once, with words and a source', () => {
    expect(new Set(SECRET_RULES.map((r) => r.id)).size).toBe(SECRET_RULES.length);
    for (const r of SECRET_RULES) {
      expect(r.description.length).toBeGreaterThan(3);
      expect(r.source.length).toBeGreaterThan(3);
    }
  });
  it('covers every rule id the cases expect', () => {
    for (const file of files) {
      for (const c of parse(readFileSync(join(dir, file), 'utf8')) as SecretCase[]) {
        for (const id of c.expect) expect(ruleIds.has(id), `${file}: ${c.name}: ${id}`).toBe(true);
      }
    }
  });
});
