// The corpus check: every preset replayed on a day of harmless work of its role and judged on the evasion corpus of
// its BLOCK contracts. tests/corpus/gate.json decides whether the presets' figures are enforced; the corpus files
// themselves are always checked (valid events, known contract ids, minimum sizes). Runner logic: tests/corpus/lib.
import { describe, expect, it } from 'vitest';
import { defaultPresetsDir } from '../corpus/lib/paths.js';
import { evasionFailures, harmlessFailures, measure, readGate } from '../corpus/lib/report.js';
import { renderReport } from '../corpus/lib/print.js';

const report = measure(defaultPresetsDir);
const gate = readGate();
console.log(renderReport(report, { details: gate.enforce }));

describe('the harmless and evasion corpora', () => {
  it('are valid: events the engine accepts, BLOCK contracts of their preset, the minimum sizes', () => {
    const problems = report.problems.map((p) => `${p.file}${p.at ? `: ${p.at}` : ''}: ${p.message}`);
    expect(problems).toEqual([]);
  });

  it('run on presets that all load without errors', () => {
    expect(report.presets.flatMap((p) => p.loadErrors)).toEqual([]);
  });

  describe.runIf(gate.enforce)('with the gate enforced (tests/corpus/gate.json)', () => {
    it('name every BLOCK contract of every preset in the evasion corpus', () => {
      expect(report.presets.flatMap((p) => p.uncovered.map((id) => `${p.id}/${id}`))).toEqual([]);
    });

    it('no preset blocks harmless work or warns on more than 1 % of it', () => {
      expect(report.presets.flatMap(harmlessFailures)).toEqual([]);
    });

    it('every evasion variant is blocked by its contract and no look-alike matches it', () => {
      expect(report.presets.flatMap(evasionFailures)).toEqual([]);
    });
  });
});
