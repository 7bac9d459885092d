// opencode ends when it is told to, with the plugin loaded. The sandbox library the plugin starts listens for SIGINT
// and SIGTERM (to take its proxies down), and a listener turns a signal's default action off: before the fix a
// `kill <opencode>` left the server running until a SIGKILL. Here a real headless opencode, after a sandboxed bash
// call (so the sandbox and its proxies are up), gets the signal at its own pid — as a human's `kill` or a process
// manager sends it — and must be gone within a few seconds, its sandbox bridges with it.
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '@semantic-anchors/sandbox';
import { anchorsPlugin, startHarness, type Harness } from './support/harness.js';
import { bash, expectRan, turn } from './support/turns.js';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Pids of the processes whose parent is `pid` (the sandbox's socat bridges run as children of opencode). */
const childrenOf = (pid: number): number[] =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => n > 0);

describe('opencode with the plugin ends on a signal', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} at opencode's pid ends it within 3 s once the sandbox is up`, async () => {
      h = await startHarness({ plugins: [anchorsPlugin()] });
      const session = await h.client.createSession();
      const [part] = await turn(h, session, [bash('echo sandboxed-call-ran')]);
      expectRan(part);
      expect(part?.output ?? '').toContain('sandboxed-call-ran');
      const pid = h.opencode.pid;
      const bridges = childrenOf(pid);
      expect(bridges.length).toBeGreaterThan(0);
      const sent = Date.now();
      process.kill(pid, signal);
      const ended = await waitUntil(`opencode to end on ${signal}`, async () => !alive(pid) || undefined, {
        timeoutMs: 3_000,
        intervalMs: 50,
      }).catch(() => false);
      expect(ended, `opencode (pid ${pid}) still ran ${Date.now() - sent} ms after ${signal}`).toBe(true);
      // The library's cleanup ran before the signal was raised again: no bridge is left behind as an orphan.
      expect(bridges.filter(alive), 'sandbox bridges left running').toEqual([]);
    });
  }
});
