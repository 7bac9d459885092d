// Timing and heap helpers. Each call is timed on its own with process.hrtime.bigint() after a warm-up, so the
// percentiles describe single decisions (the timer's own cost, tens of nanoseconds, is included).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface Distribution {
  readonly samples: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
  /**
   * CPU µs per call of the thread that made the calls (its own GC pauses included), over the timed calls: unlike the
   * wall times above, it does not count the time the thread waited for a core, so it moves much less with the load
   * of a shared machine. Set by timeCalls.
   */
  readonly cpu?: number;
}

/** CPU µs the calling thread has used (the whole process where Node has no per-thread figure, before 23.9). */
function threadCpuMicros(): number {
  const perThread = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage;
  const u = perThread !== undefined ? perThread.call(process) : process.cpuUsage();
  return u.user + u.system;
}

/** Nearest-rank percentile of sorted values. */
const rank = (sorted: Float64Array, p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

export function distribution(values: Float64Array): Distribution {
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    samples: sorted.length,
    p50: rank(sorted, 0.5),
    p99: rank(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? 0,
    mean: sum / Math.max(1, sorted.length),
  };
}

export interface TimingBudget {
  /** Untimed calls first, so the JIT has settled. */
  readonly warmup: number;
  readonly maxSamples: number;
  readonly minSamples: number;
  /** Stop after this long (once minSamples are in), to keep the whole run short on a 2-core machine. */
  readonly maxMs: number;
}

/** Times fn(inputs[i % n]) call by call; returns microseconds per call. */
export function timeCalls<T>(inputs: readonly T[], fn: (input: T) => unknown, budget: TimingBudget): Distribution {
  let sink = 0;
  for (let i = 0; i < budget.warmup; i++) sink ^= fn(inputs[i % inputs.length]!) === undefined ? 1 : 0;
  const out = new Float64Array(budget.maxSamples);
  const deadline = process.hrtime.bigint() + BigInt(Math.round(budget.maxMs * 1e6));
  const cpu0 = threadCpuMicros();
  let n = 0;
  for (; n < budget.maxSamples; n++) {
    const input = inputs[n % inputs.length]!;
    const t0 = process.hrtime.bigint();
    const r = fn(input);
    const t1 = process.hrtime.bigint();
    out[n] = Number(t1 - t0) / 1e3;
    sink ^= r === undefined ? 1 : 0;
    if (n >= budget.minSamples && (n & 63) === 0 && t1 > deadline) {
      n++;
      break;
    }
  }
  const cpu = (threadCpuMicros() - cpu0) / Math.max(1, n);
  if (sink === -1) console.log('unreachable'); // keeps the results observably used
  return { ...distribution(out.subarray(0, n)), cpu };
}

/** Median wall time of `runs` calls, in milliseconds. */
export function medianMs(runs: number, fn: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export type GcSource = 'global.gc (--expose-gc)' | 'v8.setFlagsFromString(--expose-gc)';

/**
 * A full, synchronous garbage collection. With `node --expose-gc` it is global.gc; otherwise the flag is set at
 * run time and gc is taken from a fresh context, which V8 then gives a gc function (a documented Node pattern).
 */
export function obtainGc(): { gc: () => void; source: GcSource } {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return { gc: existing, source: 'global.gc (--expose-gc)' };
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as unknown;
  if (typeof gc !== 'function')
    throw new Error('could not obtain gc: run with node --expose-gc bench/shipped.mjs bench/engine.bench.ts');
  return { gc: gc as () => void, source: 'v8.setFlagsFromString(--expose-gc)' };
}

export function settledHeap(gc: () => void): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/**
 * Retained bytes of one value: `copies` independent deep copies (structuredClone: no sharing with the original
 * or each other) are kept alive and the settled heap growth is divided by their number. Includes the 8-byte
 * array slot that holds each copy.
 */
export function retainedBytes(value: unknown, copies: number, gc: () => void): number {
  const before = settledHeap(gc);
  const kept: unknown[] = new Array(copies);
  for (let i = 0; i < copies; i++) kept[i] = structuredClone(value);
  const after = settledHeap(gc);
  const bytes = (after - before) / copies;
  if (kept.length !== copies) throw new Error('unreachable');
  return Math.max(0, Math.round(bytes));
}
