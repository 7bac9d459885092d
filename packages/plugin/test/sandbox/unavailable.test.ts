// When the sandbox cannot start (here: bubblewrap, socat and ripgrep are not on PATH, as on a machine without the
// Debian packages), the plugin says so at load (log at error level, and a toast), in /anchor status, and keeps
// every rule working: a bash call runs unwrapped, a forbidden one is still blocked. Never silently unsandboxed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandboxRuntime } from '../../src/sandbox/runtime.js';
import { anchor, bash, before, startV1 } from '../support/v1-host.js';

describe('a machine that cannot run the sandbox', () => {
  it('is told at load, in a toast and in /anchor status; the rules still block, other calls run unwrapped', async () => {
    const path = process.env.PATH;
    // Only this test file's process: the runtime is one per process, and this file starts it without the tools.
    process.env.PATH = mkdtempSync(join(tmpdir(), 'sa-no-tools-'));
    try {
      const host = await startV1({ config: 'team' });
      const state = await sandboxRuntime.start();
      expect(state).toMatchObject({ kind: 'unavailable' });
      const call = bash(host, 'npm test');
      expect(await before(host, call)).toBeUndefined();
      expect(call.output.args.command).toBe('npm test'); // unwrapped: no launcher
      expect(await before(host, bash(host, 'git push --force origin main'))).toMatch(/^BLOCKED by semantic-anchors/);
      const said =
        /^Sandbox: UNAVAILABLE \(.*(bwrap|bubblewrap).*\): shell calls run without the OS sandbox; the contracts and self-protection rules still apply\.$/;
      expect(host.logs.some((l) => l.level === 'error' && said.test(l.message))).toBe(true);
      expect(host.toasts.some((t) => t.variant === 'error' && said.test(t.message))).toBe(true);
      const status = await anchor(host, 'status');
      expect(String(status[0]?.text ?? '')).toMatch(/\nSandbox: UNAVAILABLE \(/);
    } finally {
      process.env.PATH = path;
    }
  });
});
