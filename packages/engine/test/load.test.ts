import { describe, expect, it } from 'vitest';
import { compile, formatDiagnostic, loadConfig, validate } from '@semantic-anchors/engine';
import { fixture, readFile, readFixture } from './helpers.js';

const load = (name: string) => loadConfig(readFixture(name), { file: fixture(name), readFile });

describe('loading a configuration', () => {
  it('loads a valid file with no diagnostics and runs its examples', () => {
    const result = validate(readFixture('valid.yaml'), { file: 'valid.yaml' });
    expect(result.diagnostics).toEqual([]);
    expect(result.load.status).toBe('ok');
    expect(result.policy.contracts.filter((c) => !c.builtin).map((c) => c.id)).toEqual([
      'no-force-push',
      'architects-do-not-edit-src',
      'todo-note',
    ]);
    // settings.unparseable defaults to warn: its built-in contract is active, and no file can disable it.
    expect(result.policy.contracts.filter((c) => c.builtin).map((c) => c.id)).toEqual(['anchor-shell-unparseable']);
    expect(result.examples.results).toHaveLength(6);
    expect(result.examples.results.every((r) => r.passed)).toBe(true);
    expect(result.load.config.settings.bypassBudget).toBe(2);
    expect(result.load.config.roles.agents).toEqual({ plan: 'software-architect', build: 'software-developer' });
  });

  it('reports a YAML error, a schema error and an unknown anchor with their line and column', () => {
    const result = validate(readFixture('three-problems.yaml'), { file: 'three-problems.yaml' });
    const lines = result.diagnostics.map((d) => `${d.position?.line}:${d.position?.col} ${d.code}`);
    expect(lines).toEqual(['7:18 unknown-anchor', '13:11 schema', '23:5 yaml-syntax']);
    expect(formatDiagnostic(result.diagnostics[0]!)).toBe(
      'three-problems.yaml:7:18: error: "github-flw" is not an anchor id in the Semantic Anchors catalogue (commit 1ca7f95b70c8) [unknown-anchor]\n  hint: did you mean "github-flow"?',
    );
    expect(result.diagnostics[1]!.message).toBe('contracts[1].mode is "warn"; it must be one of "BLOCK", "WARN"');
    expect(result.ok).toBe(false);
  });

  it('skips a broken contract, reports it, and keeps the others (graceful degradation)', () => {
    const result = load('broken-one.yaml');
    expect(result.status).toBe('partial');
    expect(result.config.contracts.map((c) => c.contract.id)).toEqual(['no-rm-rf', 'no-env']);
    expect(result.config.skipped.map((s) => [s.id, s.position.line])).toEqual([['broken-lookahead', 10]]);
    expect(compile(result.config).skipped).toEqual([
      {
        id: 'broken-lookahead',
        file: fixture('broken-one.yaml'),
        line: 10,
        error: expect.stringContaining('does not compile'),
      },
    ]);
    const bad = result.diagnostics.find((d) => d.code === 'bad-pattern')!;
    expect(bad.position).toMatchObject({ line: 14, col: 36 });
    expect(bad.hint).toMatch(/look-ahead and look-behind are not available in RE2/);
  });

  it('falls back to an empty configuration only when the file cannot be read at all', () => {
    const result = loadConfig('\u0000'.repeat(10) + 'x'.repeat(600 * 1024), { file: 'huge.yaml' });
    expect(result.status).toBe('unreadable');
    expect(result.config.contracts).toEqual([]);
    expect(result.diagnostics[0]).toMatchObject({ code: 'yaml-limit', position: { line: 1, col: 1 } });
  });

  it('reports unknown keys at the key, with the keys the level accepts', () => {
    const result = loadConfig('version: 1\ncontract: []\nsettings:\n  budget: 3\n', { file: 'x.yaml' });
    expect(result.diagnostics.map((d) => `${d.position?.line}:${d.position?.col} ${d.message}`)).toEqual([
      '2:1 unknown key "contract" at the top level',
      '4:3 unknown key "budget" in settings',
    ]);
  });

  it('reports duplicate ids, unknown roles and unknown presets with a suggestion', () => {
    const text = [
      'version: 1',
      'extends: [software-develper]',
      'roles: { default: qa-engineeer }',
      'contracts:',
      '  - { id: a, description: d, mode: WARN, when: { tool: {} }, message: m }',
      '  - { id: a, description: d, mode: WARN, roles: [tech-lead], when: { tool: {} }, message: m }',
    ].join('\n');
    const result = loadConfig(text, { file: 'x.yaml' });
    const byCode = Object.fromEntries(result.diagnostics.map((d) => [d.code, d]));
    expect(byCode['unknown-preset']).toMatchObject({ position: { line: 2, col: 11 } });
    const roles = result.diagnostics
      .filter((d) => d.code === 'unknown-role')
      .map((d) => [d.position?.line, d.position?.col, d.hint]);
    // The duplicate is skipped, and its role typo still reported in the same pass.
    expect(roles).toEqual([
      [3, 19, 'did you mean "qa-engineer"?'],
      [6, 50, 'did you mean "team-lead"?'],
    ]);
    expect(byCode['duplicate-id']).toMatchObject({ position: { line: 6, col: 11 } });
    expect(result.config.contracts).toHaveLength(1);
  });

  it('merges extends in order: overrides replace, disable removes, later settings win', () => {
    const result = load('extends/team.yaml');
    // Replacing an inherited contract works, and is worth a warning: it is easy to do by accident.
    expect(
      result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.position?.line}:${d.position?.col} ${d.message}`),
    ).toEqual([
      `warning replaces-inherited 7:9 contract "base-env" replaces the one inherited from "${fixture('extends/base.yaml')}"`,
    ]);
    expect(
      result.config.contracts.map((c) => [c.contract.id, c.contract.mode, c.origin.file.split('/').pop()]),
    ).toEqual([
      ['base-env', 'WARN', 'team.yaml'],
      ['team-only', 'WARN', 'team.yaml'],
    ]);
    expect(result.config.settings).toMatchObject({ bypassBudget: 5, onError: 'block' });
    expect(result.config.roles.agents).toEqual({ review: 'qa-engineer' });
    expect(result.config.files.map((f) => f.split('/').pop())).toEqual(['team.yaml', 'base.yaml']);
  });

  it('reports an extends cycle and a missing file at the extends entry', () => {
    const cycle = load('extends/cycle-a.yaml');
    expect(cycle.diagnostics.some((d) => d.code === 'extends-cycle' && /extends itself/.test(d.message))).toBe(true);
    const missing = loadConfig('version: 1\nextends: [./nope.yaml]\n', { file: fixture('x.yaml'), readFile });
    expect(missing.diagnostics[0]).toMatchObject({ code: 'extends-unreadable', position: { line: 2, col: 11 } });
    const noReader = loadConfig('version: 1\nextends: [./nope.yaml]\n', { file: 'x.yaml' });
    expect(noReader.diagnostics[0]!.message).toMatch(/files cannot be read here/);
  });

  it('gives an example that fails a diagnostic at its expect line, with what matched', () => {
    const text = readFixture('valid.yaml').replace(
      'command: git push --force origin main } }\n        expect: BLOCK',
      'command: git push origin main } }\n        expect: BLOCK',
    );
    const result = validate(text, { file: 'v.yaml' });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: 'example-failed', position: { line: 19, col: 17 } });
    expect(result.diagnostics[0]!.message).toBe(
      'example 1 of "no-force-push" expects BLOCK, but the contract gives ALLOW',
    );
  });
});
