// The sandbox library listens for SIGINT and SIGTERM to take its proxies down (registerCleanup in its
// sandbox-manager), and in Node and Bun a listener turns a signal's default action off: opencode, which has no
// listener of its own in `serve` and relies on that default, then kept running when told to end (measured: a
// SIGTERM left it alive until the SIGKILL five seconds later; a process manager or a human's `kill` sees a hang).
// Where no one listened before the library did, this puts the default back: once the library's cleanup has run
// (bounded), the signal is raised again with no listener left, so the process ends as it would have without us.
// Where the host listens too, the host decides, and nothing is raised again.

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
type EndingSignal = (typeof SIGNALS)[number];

/** The ending signals nothing in this process listens for yet (their default action still ends it). */
export function signalsStillDefault(): readonly EndingSignal[] {
  return SIGNALS.filter((signal) => process.listenerCount(signal) === 0);
}

/**
 * For each signal that was default before (see signalsStillDefault) and has a listener now: after the listeners
 * ran and `cleanup` settled (at most `boundMs`), raise it again if no listener is left.
 */
export function keepSignalsEnding(
  wereDefault: readonly EndingSignal[],
  cleanup: () => Promise<unknown>,
  boundMs = 2_000,
): void {
  for (const signal of wereDefault) {
    if (process.listenerCount(signal) === 0) continue;
    process.once(signal, () => {
      const bound = new Promise<void>((resolve) => setTimeout(resolve, boundMs).unref());
      void Promise.race([cleanup().catch(() => undefined), bound]).then(() => {
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      });
    });
  }
}
