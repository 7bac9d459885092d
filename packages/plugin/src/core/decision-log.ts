// The opt-in decision log: JSON Lines, one record per BLOCK, WARN, bypass and configuration problem.
// INVARIANT: recording never blocks or slows a tool call. Records go into a bounded queue written in the background;
// when the queue is full (a slow or full disk) new records are dropped and counted, and the count is written as
// its own record once the disk keeps up again. The file is rotated at a size bound (file → .1 → .2, oldest gone).
import { appendFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DecisionRecord } from './decision-record.js';

export interface DecisionLogOptions {
  readonly file: string;
  /** Rotate when the file reaches this size (bytes). */
  readonly maxBytes?: number;
  /** Rotated files kept besides the current one. */
  readonly keep?: number;
  /** Records waiting to be written; beyond it new ones are dropped and counted. */
  readonly maxQueue?: number;
  /** Called (once per kind of failure) when writing fails: the log must not fail silently. */
  readonly onError?: (message: string) => void;
}

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_KEEP = 2;
export const DEFAULT_MAX_QUEUE = 1000;

export class DecisionLog {
  private queue: string[] = [];
  private dropped = 0;
  private writing: Promise<void> | undefined;
  private size: number | undefined;
  private readonly reported = new Set<string>();

  constructor(private readonly options: DecisionLogOptions) {}

  get file(): string {
    return this.options.file;
  }

  /** Queues one record; returns at once. */
  record(record: DecisionRecord): void {
    if (this.queue.length >= (this.options.maxQueue ?? DEFAULT_MAX_QUEUE)) {
      this.dropped++;
      return;
    }
    this.queue.push(`${JSON.stringify(record)}\n`);
    this.startWriting();
  }

  /** Resolves when everything queued so far is written (or failed). For tests and orderly shutdown. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private startWriting(): void {
    this.writing ??= this.drain().finally(() => {
      this.writing = undefined;
      // Records queued while the last write was finishing: start again.
      if (this.queue.length > 0) this.startWriting();
    });
  }

  private async drain(): Promise<void> {
    // Yield first: the hook that recorded returns before any disk work starts.
    await Promise.resolve();
    while (this.queue.length > 0) {
      if (this.dropped > 0) {
        const dropped = this.dropped;
        this.dropped = 0;
        this.queue.push(
          `${JSON.stringify({ v: 1, time: new Date().toISOString(), kind: 'log-dropped', by: 'plugin', dropped, message: `${dropped} record(s) dropped: the log could not keep up` } satisfies DecisionRecord)}\n`,
        );
      }
      const batch = this.queue.join('');
      this.queue = [];
      try {
        await this.rotateIfNeeded(Buffer.byteLength(batch));
        await appendFile(this.options.file, batch, { encoding: 'utf8', mode: 0o600 });
        this.size = (this.size ?? 0) + Buffer.byteLength(batch);
      } catch (error) {
        this.fail('write', error);
        return; // This batch is lost (counted as reported); later records try again.
      }
    }
  }

  private async rotateIfNeeded(adding: number): Promise<void> {
    const file = this.options.file;
    if (this.size === undefined) {
      await mkdir(dirname(file), { recursive: true });
      this.size = await stat(file).then(
        (s) => s.size,
        () => 0,
      );
    }
    if (this.size + adding <= (this.options.maxBytes ?? DEFAULT_MAX_BYTES) || this.size === 0) return;
    const keep = this.options.keep ?? DEFAULT_KEEP;
    await rm(rotated(file, keep), { force: true });
    for (let i = keep - 1; i >= 1; i--) await rename(rotated(file, i), rotated(file, i + 1)).catch(ignoreMissing);
    await rename(file, rotated(file, 1)).catch(ignoreMissing);
    this.size = 0;
  }

  private fail(what: string, error: unknown): void {
    const code = error instanceof Error && 'code' in error ? String((error as NodeJS.ErrnoException).code) : 'error';
    const key = `${what}:${code}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.options.onError?.(
      `decision log ${this.options.file}: ${what} failed (${error instanceof Error ? error.message : String(error)}); records are lost until it works again`,
    );
  }
}

/** The n-th rotated file: decisions.jsonl → decisions.1.jsonl. */
export function rotated(file: string, n: number): string {
  return file.endsWith('.jsonl') ? `${file.slice(0, -'.jsonl'.length)}.${n}.jsonl` : `${file}.${n}`;
}

function ignoreMissing(error: unknown): void {
  if (error instanceof Error && 'code' in error && (error as NodeJS.ErrnoException).code === 'ENOENT') return;
  throw error;
}
