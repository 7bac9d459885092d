// The shell model loaded after the host's start (src/facts/shell-model-deferred.ts, which the plugin's build puts in
// place of src/facts/shell-model.ts): until it has loaded, or when loading it failed, a shell call is a fault the
// engine decides by settings.onError (allowed and reported by default, blocked with onError: block), never a silent
// allow; once loaded, the verdicts are those of the statically imported model.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as staticEngine from '../src/enforce.js';

const policyText = (onError: 'allow' | 'block') => `
version: 1
settings: { onError: ${onError} }
contracts:
  - id: no-force-push
    description: Force-pushing rewrites shared history.
    mode: BLOCK
    when: { tool: { name: bash, command: '--force' } }
    message: Push a new commit.
`;

type Engine = typeof staticEngine;

/** The engine with the deferred shell model in place; `failing`: its chunk cannot be loaded. */
async function deferredEngine(options: { failing?: boolean } = {}): Promise<Engine> {
  vi.resetModules();
  vi.doMock('../src/facts/shell-model.js', () => vi.importActual('../src/facts/shell-model-deferred.js'));
  if (options.failing)
    vi.doMock('../src/shell/model.js', () => {
      throw new Error('chunk gone');
    });
  return (await import('../src/enforce.js')) as Engine;
}

function verdictOf(engine: Engine, command: string, onError: 'allow' | 'block' = 'allow') {
  const loaded = engine.loadConfig(policyText(onError), { file: 'inline.yaml' });
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const policy = engine.compile(loaded.config);
  return engine.step(policy, engine.startState(policy), { tool: 'bash', args: { command } }).verdict;
}

afterEach(() => {
  vi.doUnmock('../src/facts/shell-model.js');
  vi.doUnmock('../src/shell/model.js');
  vi.resetModules();
});

describe('the deferred shell model', () => {
  it('is not there before it is loaded: a shell call is a fault decided by settings.onError', async () => {
    const engine = await deferredEngine();
    expect(() => engine.shellModel()).toThrow(/the shell model is not loaded \(it is still loading\)/);
    const open = verdictOf(engine, 'git push --force origin main');
    expect(open.decision).toBe('ALLOW');
    expect(open.error).toMatch(/shell model is not loaded/);
    expect(open.notice).toMatch(/allowed \(fail open\)/);
    const closed = verdictOf(engine, 'git push --force origin main', 'block');
    expect(closed.decision).toBe('BLOCK');
    expect(closed.error).toMatch(/shell model is not loaded/);
  });

  it('once loaded, judges as the static model does', async () => {
    const engine = await deferredEngine();
    await engine.loadShellModel();
    for (const command of [
      'git push --force origin main',
      'B=main; git push -f origin "$B"',
      'npm test && git status',
    ]) {
      const deferred = verdictOf(engine, command);
      const fixed = verdictOf(staticEngine, command);
      expect(deferred.error).toBeUndefined();
      expect({ decision: deferred.decision, ids: deferred.matches.map((m) => m.id) }).toEqual({
        decision: fixed.decision,
        ids: fixed.matches.map((m) => m.id),
      });
    }
    expect(verdictOf(engine, 'git push --force origin main').decision).toBe('BLOCK');
  });

  it('a load that failed is reported by every call that needs the model, and tried again by the next load', async () => {
    const engine = await deferredEngine({ failing: true });
    // (vitest wraps the error a mock's factory throws in its own; a real host's is the import's error.)
    await expect(engine.loadShellModel()).rejects.toThrow();
    expect(() => engine.shellModel()).toThrow(/the shell model is not loaded \(loading it failed: /);
    expect(verdictOf(engine, 'git push --force origin main').decision).toBe('ALLOW');
    expect(verdictOf(engine, 'git push --force origin main', 'block').decision).toBe('BLOCK');
    // A tool call that needs no shell is judged as before.
    const policy = engine.compile(engine.loadConfig(policyText('block'), { file: 'inline.yaml' }).config);
    const read = engine.step(policy, engine.startState(policy), { tool: 'read', args: { filePath: 'a.txt' } }).verdict;
    expect(read.error).toBeUndefined();
    await expect(engine.loadShellModel()).rejects.toThrow();
  });

  it('the static model is always there', async () => {
    expect(() => staticEngine.shellModel()).not.toThrow();
    await expect(staticEngine.loadShellModel()).resolves.toBe(staticEngine.shellModel());
  });
});
