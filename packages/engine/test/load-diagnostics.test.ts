// Each file in fixtures/diagnostics/ is a hostile or mistaken configuration; next to it, <name>.expected.txt is the
// exact report the validator must give: every diagnostic as the CLI prints it, then the contracts that still load
// and the ones skipped. To add a case, add both files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, loadConfig } from '@semantic-anchors/engine';
import { fixture } from './helpers.js';

const dir = fixture('diagnostics');
const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

/** The report of one file, in the form of its .expected.txt. */
function report(name: string): string {
  const result = loadConfig(readFileSync(join(dir, name), 'utf8'), { file: name });
  const own = (file: string) => file === name;
  return [
    ...result.diagnostics.map(formatDiagnostic),
    `loaded: ${
      result.config.contracts
        .filter((c) => own(c.origin.file))
        .map((c) => c.contract.id)
        .join(', ') || '-'
    }`,
    `skipped: ${
      result.config.skipped
        .filter((s) => own(s.file))
        .map((s) => s.id ?? `#${s.index}`)
        .join(', ') || '-'
    }`,
    '',
  ].join('\n');
}

describe('the validator reports like a good compiler', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(6));

  for (const name of cases) {
    it(`reports ${name} as expected`, () => {
      const expected = readFileSync(join(dir, name.replace(/\.yaml$/, '.expected.txt')), 'utf8');
      expect(report(name)).toBe(expected);
    });
  }

  it('keeps every message to one short line: values are cut, a contract is never dumped', () => {
    for (const name of cases) {
      const result = loadConfig(readFileSync(join(dir, name), 'utf8'), { file: name });
      for (const d of result.diagnostics) {
        expect(d.message, `${name}: ${d.message}`).not.toMatch(/\n/);
        expect(d.message.length, `${name}: ${d.message}`).toBeLessThanOrEqual(160);
      }
    }
  });
});
