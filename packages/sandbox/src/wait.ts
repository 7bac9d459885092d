// Bounded waiting: every wait in the sandbox has a deadline and says what it waited for when it gives up.

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A deadline for a race: resolves after `ms` without holding the process open. A plain sleep that lost its race
 * kept `semantic-anchors doctor` alive for 5 s after its report (the stop's grace period for opencode).
 */
export const deadline = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  options: { timeoutMs: number; intervalMs?: number; abort?: () => string | undefined },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    const aborted = options.abort?.();
    if (aborted !== undefined) throw new Error(`gave up waiting for ${what}: ${aborted}`);
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      // A probe failing (connection refused while starting) is expected; keep the reason for the timeout message.
      lastError = String(error);
    }
    await sleep(options.intervalMs ?? 100);
  }
  throw new Error(
    `timed out after ${options.timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${lastError})` : ''}`,
  );
}
