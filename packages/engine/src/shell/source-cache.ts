// A bounded map from a command's source text to what was made of it (the parse caches of model.ts). Sources are
// filed by a number taken from their length and a few of their characters, never hashed whole: a fresh 1 KB command
// (nearly every call an agent makes) would otherwise be hashed from end to end just to find it is not there: ~2 µs of
// CPU, 4 % of deciding a typical 1 KB call (bench/profile-step.ts).

/** The parse caches' bounds, by entries and by bytes of source (a model's size follows its source's). */
export const SHELL_CACHE_LIMITS = { entries: 256, branchEntries: 64, bytes: 4 * 1024 * 1024, maxSource: 64 * 1024 };

interface Entry<V> {
  readonly key: string;
  readonly value: V;
  readonly file: number;
  /** Its place in the insertion order, counted from the first entry ever kept (`#order[seq - #base]`). */
  readonly seq: number;
}

/** Length, sixteen characters spread over the text and its last one: sources filed alike are compared whole. */
function fileOf(key: string): number {
  const n = key.length;
  let h = n;
  if (n === 0) return h;
  for (let i = 0; i < 16; i++) h = (Math.imul(h, 31) + key.charCodeAt((i * n) >> 4)) | 0;
  return (Math.imul(h, 31) + key.charCodeAt(n - 1)) | 0;
}

/**
 * Sources filed alike (one length, the same sampled characters: commands made from one template that differ only
 * between the samples) are kept at most this many: a lookup compares at most these, and the oldest of them makes room.
 */
const MAX_FILED_ALIKE = 4;

/**
 * A map that evicts its oldest entries beyond a count and a total of key lengths.
 * INVARIANT: the live entries of `#order` (from `#head` on, holes skipped) are those of `#files`, `#live` counts them
 * and `#bytes` is the sum of their keys' lengths.
 */
export class SourceCache<V> {
  readonly #files = new Map<number, Entry<V>[]>();
  /** Oldest first; a replaced entry leaves a hole (undefined), so evicting the oldest never shifts the list. */
  #order: (Entry<V> | undefined)[] = [];
  /** The seq of #order[0]. */
  #base = 0;
  #head = 0;
  #live = 0;
  #bytes = 0;
  constructor(private readonly maxEntries: number) {}

  get(key: string): V | undefined {
    const filed = this.#files.get(this.#fileOf(key));
    if (filed !== undefined) for (const e of filed) if (e.key === key) return e.value;
    return undefined;
  }

  // The source looked up last, and its file: a miss is followed by a set of the same source.
  #lastKey: string | undefined;
  #lastFile = 0;

  #fileOf(key: string): number {
    if (key !== this.#lastKey) {
      this.#lastFile = fileOf(key);
      this.#lastKey = key;
    }
    return this.#lastFile;
  }

  /** Keeps `value` under `key` as the newest entry (replacing what the key held). */
  set(key: string, value: V): void {
    if (key.length > SHELL_CACHE_LIMITS.maxSource) return;
    const file = this.#fileOf(key);
    const were = this.#files.get(file);
    if (were !== undefined) {
      for (const e of were)
        if (e.key === key) {
          this.#drop(e);
          break;
        }
      // Sources filed alike beyond the few kept: the oldest of them makes room.
      const alike = this.#files.get(file);
      if (alike !== undefined && alike.length >= MAX_FILED_ALIKE) this.#drop(alike[0] as Entry<V>);
    }
    const entry: Entry<V> = { key, value, file, seq: this.#base + this.#order.length };
    const filed = this.#files.get(file);
    if (filed !== undefined) filed.push(entry);
    else this.#files.set(file, [entry]);
    this.#order.push(entry);
    this.#live++;
    this.#bytes += key.length;
    while (this.#live > this.maxEntries || this.#bytes > SHELL_CACHE_LIMITS.bytes) {
      const oldest = this.#order[this.#head++];
      if (oldest !== undefined) this.#drop(oldest);
    }
    // The list is cut down once its dead head is as long as the rest: each entry is moved at most once on average.
    if (this.#head > 64 && this.#head * 2 > this.#order.length) {
      this.#order = this.#order.slice(this.#head);
      this.#base += this.#head;
      this.#head = 0;
    }
  }

  /** Takes an entry out: its file's list, its place in the order (a hole), the counts. */
  #drop(entry: Entry<V>): void {
    this.#order[entry.seq - this.#base] = undefined;
    this.#unfile(entry);
  }

  #unfile(entry: Entry<V>): void {
    const filed = this.#files.get(entry.file)!;
    if (filed.length === 1) this.#files.delete(entry.file);
    else filed.splice(filed.indexOf(entry), 1);
    this.#live--;
    this.#bytes -= entry.key.length;
  }

  get stats(): { readonly entries: number; readonly bytes: number } {
    return { entries: this.#live, bytes: this.#bytes };
  }
}
