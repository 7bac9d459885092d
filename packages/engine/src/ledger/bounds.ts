// Changing a ledger without copying it whole (a draft copies the bucket list once and each bucket it touches once),
// and keeping it within LEDGER_LIMITS: texts over the per-file bound are dropped at once; past the total, the
// largest texts are forgotten first (their files stay listed, content unknown); past the file count, the file
// written longest ago is forgotten altogether.
import { bucketOf, ledgerFile } from './lookup.js';
import { LEDGER_LIMITS, type Ledger, type LedgerFile } from './types.js';

export const sizeOf = (f: LedgerFile): number => {
  let n = f.text?.length ?? 0;
  for (const p of f.pieces) n += p.length;
  return n;
};

/** A file entry with its text within the per-file bound (the text becomes unknown when it is over it). */
export function bounded(f: LedgerFile): LedgerFile {
  let out = f;
  if (out.text !== undefined && out.text.length > LEDGER_LIMITS.fileChars)
    out = { ...out, text: undefined, pieces: [], unknown: `over ${LEDGER_LIMITS.fileChars} characters: not kept` };
  if (out.pieces.length > LEDGER_LIMITS.pieces || out.pieces.some((p) => p.length > LEDGER_LIMITS.pieceChars)) {
    // The newest pieces matter most (the last edit is what runs); a piece over the bound is cut to its head.
    const pieces = out.pieces.slice(-LEDGER_LIMITS.pieces).map((p) => p.slice(0, LEDGER_LIMITS.pieceChars));
    out = { ...out, pieces };
  }
  return out;
}

/** A ledger being changed by one event. INVARIANT: the ledger it started from is never changed. */
export class Draft {
  private buckets: (Readonly<Record<string, LedgerFile>> | undefined)[] | undefined;
  private readonly copied = new Set<number>();
  /** Paths written by this draft, last write last; paths removed. The order is rebuilt once, in finish(). */
  private readonly written = new Map<string, true>();
  private readonly removed = new Set<string>();
  private order: readonly string[] | undefined;
  private count: number;
  private chars: number;

  constructor(private readonly from: Ledger) {
    this.count = from.count;
    this.chars = from.chars;
  }

  get(path: string): LedgerFile | undefined {
    if (this.buckets === undefined) return ledgerFile(this.from, path);
    const bucket = this.buckets[bucketOf(path)];
    return bucket !== undefined && Object.hasOwn(bucket, path) ? bucket[path] : undefined;
  }

  /** The bucket of `path`, copied for this draft (once). */
  private bucket(path: string): Record<string, LedgerFile> {
    this.buckets ??= [...this.from.buckets];
    const b = bucketOf(path);
    if (!this.copied.has(b)) {
      this.buckets[b] = { ...this.buckets[b] };
      this.copied.add(b);
    }
    return this.buckets[b] as Record<string, LedgerFile>;
  }

  set(path: string, file: LedgerFile): void {
    const was = this.get(path);
    this.chars += sizeOf(file) - (was === undefined ? 0 : sizeOf(was));
    if (was === undefined) this.count++;
    this.bucket(path)[path] = file;
    // Written last: it moves to the end of the order.
    this.written.delete(path);
    this.written.set(path, true);
    this.removed.delete(path);
  }

  remove(path: string): void {
    const was = this.get(path);
    if (was === undefined) return;
    this.chars -= sizeOf(was);
    this.count--;
    const bucket = this.bucket(path);
    // Rebuilt rather than `delete`d: a deleted key would put the object in V8's slow dictionary mode.
    const kept: Record<string, LedgerFile> = {};
    for (const key in bucket) if (key !== path) kept[key] = bucket[key]!;
    this.buckets![bucketOf(path)] = kept;
    this.written.delete(path);
    this.removed.add(path);
    if (this.order !== undefined) this.order = this.order.filter((p) => p !== path);
  }

  /** The order after this draft's writes and removals (computed once). */
  private settleOrder(): readonly string[] {
    if (this.order !== undefined) return this.order;
    if (this.written.size === 0 && this.removed.size === 0) return this.from.order;
    const out: string[] = [];
    for (const p of this.from.order) if (!this.written.has(p) && !this.removed.has(p)) out.push(p);
    for (const p of this.written.keys()) out.push(p);
    this.order = out;
    return out;
  }

  /** The new ledger, within bounds; the old one when nothing changed. */
  finish(): Ledger {
    if (this.buckets === undefined) return this.from;
    this.settleOrder();
    while (this.count > LEDGER_LIMITS.files) this.remove(this.settleOrder()[0]!);
    while (this.chars > LEDGER_LIMITS.totalChars) {
      let largest: string | undefined;
      let size = -1;
      for (const path of this.settleOrder()) {
        const n = sizeOf(this.get(path)!);
        if (n > size) {
          largest = path;
          size = n;
        }
      }
      const f = this.get(largest!)!;
      const forgotten: LedgerFile = {
        ...f,
        text: undefined,
        pieces: [],
        unknown: `forgotten: the session's files passed ${LEDGER_LIMITS.totalChars} characters`,
      };
      // Forgetting a text is not a write: the file keeps its place in the order.
      this.chars -= sizeOf(f);
      this.bucket(largest!)[largest!] = forgotten;
    }
    return {
      buckets: this.buckets,
      order: this.settleOrder(),
      count: this.count,
      chars: this.chars,
    };
  }
}
