// The launcher put in front of a bash call's command, run by real shells as opencode's bash tool runs it
// (`<shell> -c <command>`): it runs what shell.env handed over and never the agent's command after it — not when the
// hand-over is missing (fail closed), not when the wrap failed (the refusal is said); in bash, sh and dash.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { refusedCommand, WRAPPED_ENV, withLauncher, withoutLauncher } from '../../src/sandbox/launcher.js';

const shells = ['/bin/bash', '/bin/sh', '/bin/dash'].filter((s) => existsSync(s));
const agent = 'echo AGENT-COMMAND-RAN; touch /tmp/never';
const run = (shell: string, handed: string | undefined) => {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
  if (handed !== undefined) env[WRAPPED_ENV] = handed;
  return spawnSync(shell, ['-c', withLauncher(agent)], { env, encoding: 'utf8' });
};

describe.each(shells)('the launcher under %s', (shell) => {
  it('runs the wrapped command it was handed, and only that', () => {
    const r = run(shell, `echo WRAPPED; printf '%s' "\${${WRAPPED_ENV}-unset}"`);
    expect(r.stdout).toBe('WRAPPED\nunset');
    expect(r.stdout).not.toContain('AGENT-COMMAND-RAN');
  });
  it('runs nothing when nothing was handed over (fail closed)', () => {
    const r = run(shell, undefined);
    expect(r.stdout).toBe('');
    expect(r.status).toBe(0);
  });
  it('says why and exits 126 when the wrap failed', () => {
    const r = run(shell, refusedCommand("bwrap: can't make a namespace; it's off"));
    expect(r.stderr).toContain(
      "the sandbox could not start this command (bwrap: can't make a namespace; it's off); it did not run.",
    );
    expect(r.status).toBe(126);
    expect(r.stdout).not.toContain('AGENT-COMMAND-RAN');
  });
});

it('the agent command is found behind the launcher, and only there', () => {
  expect(withoutLauncher(withLauncher('ls -la'))).toBe('ls -la');
  expect(withoutLauncher('ls -la')).toBeUndefined();
});
