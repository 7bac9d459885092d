// The load and compile caches (a preset's contribution per preset object, accepted contracts by their data, compiled
// triggers per contract, compiled globs and patterns, built-in contracts) may make a re-check fast, never different:
// every load here is compared with one that computes everything afresh, or with what the file itself says.
import { describe, expect, it } from 'vitest';
import {
  bundledPresets,
  compile,
  loadConfig,
  validate,
  type CompiledPolicy,
  type LoadResult,
  type PresetSource,
} from '@semantic-anchors/engine';
import { BoundedCache } from '../src/matchers/bounded-cache.js';
import { bash, edit, fixture, readFixture, replay } from './helpers.js';

/** The bundled presets as new objects: nothing is cached for them yet, so a load given them computes everything. */
const freshPresets = (): PresetSource[] => bundledPresets.map((p) => ({ ...p }));

const load = (name: string, presets?: readonly PresetSource[]): LoadResult =>
  loadConfig(readFixture(`cache/${name}`), { file: fixture(`cache/${name}`), ...(presets ? { presets } : {}) });

/** What a policy enforces, as plain data: each contract's id, mode, roles, origin and triggers in words. */
const enforced = (policy: CompiledPolicy) =>
  policy.contracts.map((c) => ({
    id: c.id,
    mode: c.mode,
    roles: c.roles ? [...c.roles] : undefined,
    origin: c.origin,
    when: c.when.map((t) => [t.label, t.event?.summary]),
    unless: c.unless.map((t) => [t.label, t.event?.summary]),
  }));

const ids = (result: LoadResult) => result.config.contracts.map((c) => c.contract.id);
const decisionsOf = (policy: CompiledPolicy, commands: readonly string[]) =>
  replay(policy, commands.map(bash)).verdicts.map((v) => v.decision);

describe('a load served from the caches equals one computed afresh', () => {
  it('gives the same configuration, diagnostics and policy when two presets are extended', () => {
    const cached = [load('extends-two.yaml'), load('extends-two.yaml')];
    const fresh = load('extends-two.yaml', freshPresets());
    for (const result of cached) {
      expect(result.config).toEqual(fresh.config);
      expect(result.diagnostics).toEqual(fresh.diagnostics);
      expect(enforced(compile(result.config))).toEqual(enforced(compile(fresh.config)));
    }
    expect(ids(fresh)).toContain('dev-no-force-push-main');
    expect(ids(fresh)).toContain('qa-no-focused-tests');
    expect(ids(fresh).at(-1)).toBe('no-force-push-release');
  });

  it("runs the presets' own examples with the same outcomes", () => {
    const text = readFixture('cache/extends-two.yaml');
    const options = { file: fixture('cache/extends-two.yaml'), examplesOfPresets: true };
    validate(text, options); // fills the caches
    const cached = validate(text, options);
    const fresh = validate(text, { ...options, presets: freshPresets() });
    const outcomes = (r: typeof cached) => r.examples.results.map((e) => [e.contractId, e.index, e.actual, e.passed]);
    expect(outcomes(cached)).toEqual(outcomes(fresh));
    expect(cached.diagnostics).toEqual(fresh.diagnostics);
    expect(cached.examples.results.length).toBeGreaterThan(50);
    expect(cached.ok).toBe(true);
  });

  it('reports a preset named twice the same way each time', () => {
    const first = load('extends-twice.yaml');
    const again = load('extends-twice.yaml');
    const fresh = load('extends-twice.yaml', freshPresets());
    const duplicates = fresh.diagnostics.filter((d) => d.code === 'duplicate-id');
    expect(duplicates.length).toBe(ids(fresh).length);
    expect(first.diagnostics).toEqual(fresh.diagnostics);
    expect(again.diagnostics).toEqual(fresh.diagnostics);
    expect(again.config).toEqual(fresh.config);
  });
});

describe('what one load does to an inherited preset never reaches the next load', () => {
  it('extends, then disables one contract, then overrides one, then extends again: each sees only its own file', () => {
    const plain = load('extends-two.yaml');
    const developerIds = ids(plain).filter((id) => id.startsWith('dev-'));
    const plainPolicy = enforced(compile(plain.config));

    const disabled = load('disables-one.yaml');
    expect(ids(disabled)).toEqual(developerIds.filter((id) => id !== 'dev-no-force-push-main'));
    expect(disabled.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['disable-unknown', '"disable" names "dev-no-such-contract", but no inherited contract has that id'],
    ]);
    expect(decisionsOf(compile(disabled.config), ['git push --force origin main'])).toEqual(['ALLOW']);

    const overridden = load('overrides-one.yaml');
    expect(ids(overridden)).toEqual(developerIds); // replaced in place: same order
    const own = overridden.config.contracts.find((c) => c.contract.id === 'dev-no-force-push-main')!;
    expect(own.contract.mode).toBe('WARN');
    expect(own.origin).toEqual({ file: fixture('cache/overrides-one.yaml'), index: 0 });
    expect(overridden.diagnostics.map((d) => d.code)).toEqual(['replaces-inherited']);
    expect(decisionsOf(compile(overridden.config), ['git push --force origin main'])).toEqual(['WARN']);

    const again = load('extends-two.yaml');
    expect(again.config).toEqual(plain.config);
    expect(again.diagnostics).toEqual(plain.diagnostics);
    expect(enforced(compile(again.config))).toEqual(plainPolicy);
    const guard = again.config.contracts.find((c) => c.contract.id === 'dev-no-force-push-main')!;
    expect(guard.contract.mode).toBe('BLOCK');
    expect(guard.origin.preset).toBe('software-developer');
    expect(decisionsOf(compile(again.config), ['git push --force origin main'])).toEqual(['BLOCK']);
  });

  it('refuses a write into a cached preset contract, and the next load is unchanged', () => {
    const first = load('disables-one.yaml');
    const inherited = first.config.contracts[0]!;
    expect(() => {
      (inherited.contract as { mode: string }).mode = 'WARN';
    }).toThrow(TypeError);
    expect(() => (inherited.contract.anchorRefs as string[]).push('github-flow')).toThrow(TypeError);
    expect(load('disables-one.yaml').config).toEqual(load('disables-one.yaml', freshPresets()).config);
  });
});

describe("a caller's own presets are cached per preset object", () => {
  const custom: PresetSource = {
    id: 'software-developer',
    file: 'host/presets/software-developer.yaml',
    text: readFixture('cache/custom-developer-preset.yaml'),
  };

  it('serves a preset of the same id as a bundled one from neither cache', () => {
    const bundled = load('disables-one.yaml');
    const hosted = load('disables-one.yaml', [custom]);
    expect(ids(hosted)).toEqual(['host-no-sudo']);
    expect(hosted.config.contracts[0]!.origin).toEqual({ file: custom.file, index: 0, preset: 'software-developer' });
    // The host's preset is not trusted data: its unknown anchor is reported, at its line in the host's file.
    const anchor = hosted.diagnostics.find((d) => d.code === 'unknown-anchor')!;
    expect(anchor).toMatchObject({ file: custom.file, position: { line: 11 } });
    expect(load('disables-one.yaml', [custom]).diagnostics).toEqual(hosted.diagnostics);
    expect(load('disables-one.yaml').config).toEqual(bundled.config);
    expect(ids(load('disables-one.yaml'))).not.toContain('host-no-sudo');
  });

  it('loads a preset object afresh when its text was changed in place', () => {
    const mutable = { ...custom };
    expect(ids(load('disables-one.yaml', [mutable]))).toEqual(['host-no-sudo']);
    mutable.text = mutable.text.replace('host-no-sudo', 'host-no-su');
    expect(ids(load('disables-one.yaml', [mutable]))).toEqual(['host-no-su']);
  });
});

describe('contracts and matchers remembered across keystrokes', () => {
  it('reports a contract moved to another line at its new line', () => {
    const file = 'moved.yaml';
    const contract = [
      '  - id: uses-unknown-anchor',
      '    description: Same data, another place.',
      '    mode: WARN',
      '    anchorRefs: [github-flw]',
      "    when: { tool: { name: bash, command: 'git push' } }",
      '    message: Check it.',
    ];
    const filler = ['  - id: filler', '    description: Above.', '    mode: WARN', '    anchorRefs: [github-flow]'];
    filler.push("    when: { tool: { name: bash, command: 'ls' } }", '    message: Fine.');
    const top = ['version: 1', 'contracts:', ...contract].join('\n');
    const lower = ['version: 1', 'contracts:', ...filler, ...contract].join('\n');
    const line = (text: string) => loadConfig(text, { file }).diagnostics.find((d) => d.code === 'unknown-anchor');
    expect(line(top)).toMatchObject({ path: ['contracts', 0, 'anchorRefs', 0], position: { line: 6, col: 18 } });
    expect(line(lower)).toMatchObject({ path: ['contracts', 1, 'anchorRefs', 0], position: { line: 12, col: 18 } });
  });

  it('checks a pattern again once its text changes, and accepts it again once fixed', () => {
    const text = (pattern: string) =>
      [
        'version: 1',
        'contracts:',
        '  - id: guard',
        '    description: A pattern typed one key at a time.',
        '    mode: BLOCK',
        '    anchorRefs: [github-flow]',
        `    when: { tool: { name: bash, command: '${pattern}' } }`,
        '    message: No.',
      ].join('\n');
    const codes = (pattern: string) => loadConfig(text(pattern)).diagnostics.map((d) => d.code);
    expect(codes('git push (')).toEqual(['bad-pattern']);
    expect(codes('git push (--force)')).toEqual([]);
    expect(codes('git push (')).toEqual(['bad-pattern']);
  });

  it('warns about a misspelt tool name on every load, not only the first', () => {
    const text = [
      'version: 1',
      'contracts:',
      '  - id: typo',
      '    description: A tool name with a typo.',
      '    mode: WARN',
      '    anchorRefs: [github-flow]',
      "    when: { tool: { name: bsh, command: 'git push' } }",
      '    message: Check it.',
    ].join('\n');
    const warnings = () => loadConfig(text).diagnostics.map((d) => [d.code, d.position?.line, d.hint]);
    const first = warnings();
    expect(first).toEqual([['unknown-tool', 7, 'did you mean "bash"?']]);
    expect(warnings()).toEqual(first);
    expect(loadConfig(text.replace('bsh', 'bash')).diagnostics).toEqual([]);
  });

  it('compiles the same contract under each case rule on its own', () => {
    const sensitive = readFixture('cache/upper-case-paths.yaml');
    const insensitive = `${sensitive}settings:\n  caseInsensitivePaths: true\n`;
    const decide = (text: string) => replay(policyFor(text), [edit('src/main.ts')]).verdicts.map((v) => v.decision)[0];
    expect(decide(sensitive)).toBe('ALLOW');
    expect(decide(insensitive)).toBe('BLOCK');
    expect(decide(sensitive)).toBe('ALLOW');
  });

  it("builds the built-in contracts for each host's protect options", () => {
    const config = loadConfig('version: 1\n').config;
    const protecting = (file: string) =>
      compile(config, { root: '/work', protect: { contractFiles: [file] } }).contracts.find(
        (c) => c.id === 'anchor-protect-contract-files',
      )!;
    const decisions = (file: string, target: string) =>
      replay(compile(config, { root: '/work', protect: { contractFiles: [file] } }), [edit(target)]).verdicts[0]!
        .decision;
    expect(protecting('/work/a.yaml').when[0]!.event?.summary).toContain('/work/a.yaml');
    expect(protecting('/work/b.yaml').when[0]!.event?.summary).toContain('/work/b.yaml');
    expect(decisions('/work/a.yaml', '/work/a.yaml')).toBe('BLOCK');
    expect(decisions('/work/b.yaml', '/work/a.yaml')).toBe('ALLOW');
    expect(decisions('/work/b.yaml', '/work/b.yaml')).toBe('BLOCK');
  });
});

describe('the bounded cache', () => {
  it('keeps at most its capacity, dropping the entry used least recently', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // "b" is now the least recently used
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('does not keep what it is told not to remember', () => {
    const cache = new BoundedCache<string, { ok: boolean }>(4);
    let made = 0;
    const make = () => ({ ok: ++made > 1 });
    expect(cache.getOrMake('k', make, (v) => v.ok).ok).toBe(false);
    expect(cache.getOrMake('k', make, (v) => v.ok).ok).toBe(true);
    expect(cache.getOrMake('k', make, (v) => v.ok).ok).toBe(true);
    expect(made).toBe(2);
  });
});

function policyFor(text: string): CompiledPolicy {
  const loaded = loadConfig(text, { file: 'inline.yaml' });
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return compile(loaded.config);
}
