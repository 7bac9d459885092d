// What a session's shell keeps between calls: the values and directory each call that ran left behind, within the
// bound, only in a host whose shell persists; a blocked call left nothing.
import { describe, expect, it } from 'vitest';
import {
  compile,
  loadConfig,
  SHELL_SESSION_LIMITS,
  startState,
  step,
  type SessionState,
} from '@semantic-anchors/engine';

const CONFIG = `version: 1
contracts:
  - id: no-force-push-main
    description: Force-pushing main rewrites shared history.
    mode: BLOCK
    when: { tool: { name: bash, run: { program: git, subcommand: push, flags: [-f], args: [main] } } }
    message: m
`;

function session(shellSession?: 'persistent' | 'fresh') {
  const policy = compile(loadConfig(CONFIG, { file: 'inline.yaml' }).config, {
    root: '/home/dev/shop',
    ...(shellSession ? { shellSession } : {}),
  });
  let state: SessionState = startState(policy);
  const run = (command: string, workdir?: string) => {
    const r = step(policy, state, { tool: 'bash', args: { command, ...(workdir ? { workdir } : {}) } });
    state = r.state;
    return r.verdict.decision;
  };
  return { run, state: () => state };
}

describe('the session shell', () => {
  it('keeps what a call exports and where it moved, for the next call', () => {
    const s = session();
    expect(s.run('export B=main && cd packages/web')).toBe('ALLOW');
    expect(s.state().shell).toEqual({ env: { B: 'main' }, cwd: 'packages/web' });
    expect(s.run('git push -f origin "$B"')).toBe('BLOCK');
  });

  it('forgets a value that a later call makes unknown or unsets', () => {
    const s = session();
    s.run('export B=main A=1');
    s.run('B=$(git branch --show-current); unset A');
    expect(s.state().shell.env).toEqual({});
  });

  it('keeps at most the bound of values, evicting the oldest, and no value longer than the bound', () => {
    const s = session();
    const many = Array.from({ length: SHELL_SESSION_LIMITS.maxVariables + 8 }, (_, i) => `export V${i}=${i}`);
    s.run(many.join('; '));
    const env = s.state().shell.env;
    expect(Object.keys(env)).toHaveLength(SHELL_SESSION_LIMITS.maxVariables);
    expect(env.V0).toBeUndefined();
    expect(env[`V${SHELL_SESSION_LIMITS.maxVariables + 7}`]).toBe(String(SHELL_SESSION_LIMITS.maxVariables + 7));
    s.run(`export LONG=${'x'.repeat(SHELL_SESSION_LIMITS.maxValueLength + 1)}`);
    expect(s.state().shell.env.LONG).toBeUndefined();
    // Its size in JSON stays small whatever the calls set: the bound in bytes.
    expect(JSON.stringify(s.state().shell).length).toBeLessThan(
      SHELL_SESSION_LIMITS.maxVariables *
        (SHELL_SESSION_LIMITS.maxValueLength + SHELL_SESSION_LIMITS.maxNameLength + 8),
    );
  });

  it('takes nothing from a call that was blocked', () => {
    const s = session();
    expect(s.run('git push -f origin main; export B=x; cd y')).toBe('BLOCK');
    expect(s.state().shell).toEqual({ env: {}, cwd: undefined });
  });

  it('reads a directory left by a call with a workdir from the project root', () => {
    const s = session();
    s.run('cd src', '/home/dev/shop/packages/api');
    expect(s.state().shell.cwd).toBe('packages/api/src');
    s.run('cd /tmp');
    expect(s.state().shell.cwd).toBe('/tmp');
  });

  it('carries nothing when the host runs each call in a fresh shell', () => {
    const s = session('fresh');
    s.run('export B=main && cd packages/web');
    expect(s.state().shell).toEqual({ env: {}, cwd: undefined });
    expect(s.run('git push -f origin "$B"')).toBe('ALLOW');
  });
});
