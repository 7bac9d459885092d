// Every bundled role preset: it validates with no diagnostics, its examples pass with full coverage, its anchors
// exist in the pinned catalogue, and its contract ids are unique across all twelve (presets compose).
import { describe, expect, it } from 'vitest';
import { bundledPresets, formatDiagnostic, loadConfig, validate } from '@semantic-anchors/engine';
import { ORIGINAL_ROLES, pinnedAnchorIds, presetFiles, presetContracts } from './helpers.js';

const files = presetFiles();

describe('the role presets', () => {
  it('are exactly the twelve original catalogue roles, one file each', () => {
    expect(ORIGINAL_ROLES).toHaveLength(12);
    expect(files.map((f) => f.id).sort()).toEqual([...ORIGINAL_ROLES].sort());
  });

  it('are bundled verbatim (the committed bundle is regenerated from the files)', () => {
    for (const f of files) {
      expect(
        bundledPresets.find((p) => p.id === f.id)?.text,
        `${f.file}: run npm run gen -w @semantic-anchors/presets`,
      ).toBe(f.text);
    }
  });

  describe.each(files)('$file', ({ id, file, text }) => {
    const result = validate(text, { file, examplesOfPresets: true });

    it('validates with zero diagnostics', () => {
      expect(result.diagnostics.map(formatDiagnostic)).toEqual([]);
    });

    it('names itself after its file and its catalogue role, with a title and a one-line purpose', () => {
      expect(loadConfig(text, { file }).config.presets[0]).toBe(id);
      expect(text).toMatch(new RegExp(`^preset:\\n  id: ${id}\\n  title: .+\\n  purpose: .+$`, 'm'));
    });

    // The role's own practice (3 to 8 rules) plus what every team expects of an agent in any role (issue 17:
    // publishing, shared infrastructure, pipelines, tokens, pushes to main): at most 13, one screen of ids.
    it('has 3 to 13 contracts, none naming roles of its own', () => {
      const contracts = result.load.config.contracts;
      expect(contracts.length).toBeGreaterThanOrEqual(3);
      expect(contracts.length).toBeLessThanOrEqual(13);
      for (const lc of contracts) {
        expect(lc.contract.roles, `${lc.contract.id} should apply to the preset's role`).toBeUndefined();
        expect(lc.roles).toEqual([id]);
      }
    });

    it('passes every example, and every contract has a triggering example and a near miss', () => {
      expect(result.examples.results.length).toBeGreaterThan(0);
      expect(
        result.examples.results
          .filter((r) => !r.passed)
          .map((r) => `${r.contractId}#${r.index + 1}: expected ${r.expected}, got ${r.actual}`),
      ).toEqual([]);
      expect(result.examples.coverage).toEqual([]);
    });

    it('links only anchors that exist in the pinned catalogue', () => {
      const known = pinnedAnchorIds();
      for (const lc of result.load.config.contracts) {
        expect(lc.contract.anchorRefs.length, `${lc.contract.id} links no anchor`).toBeGreaterThan(0);
        for (const ref of lc.contract.anchorRefs)
          expect(known.has(ref), `${lc.contract.id}: unknown anchor "${ref}"`).toBe(true);
      }
    });
  });

  it('use contract ids that are unique across all twelve presets', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const id of ORIGINAL_ROLES) {
      for (const lc of presetContracts(id)) {
        const first = owner.get(lc.contract.id);
        if (first) clashes.push(`${lc.contract.id} in ${first} and ${id}`);
        else owner.set(lc.contract.id, id);
      }
    }
    expect(clashes).toEqual([]);
    expect(owner.size).toBeGreaterThanOrEqual(12 * 3);
  });
});

describe('the anchor check', () => {
  it('fails a preset whose anchorRefs name an id the catalogue lacks', () => {
    const text = files
      .find((f) => f.id === 'software-developer')!
      .text.replace('anchorRefs: [github-flow]', 'anchorRefs: [github-flows]');
    const result = validate(text, { file: 'presets/software-developer.yaml', examplesOfPresets: true });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toContain('unknown-anchor');
    expect(pinnedAnchorIds().has('github-flows')).toBe(false);
  });
});
