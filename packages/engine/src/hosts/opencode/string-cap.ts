// Caps every JSON string of a byte stream at a length, before the tokenizer sees it: the tokenizer assembles each
// string whole, so one 100 MB string (a hostile export, a tool's giant output) would otherwise be held whole.
// Cuts only where the JSON stays valid (never inside an escape or a UTF-8 character) and keeps the closing quote;
// records each cut so the tokenizer's offsets can be mapped back to the file's own.
// INVARIANT: the cap is far above MAX_EVENT_TEXT's bytes, so a capped argument is still over the engine's limit
// and judged exactly as the whole one would be (a fault: too long to check).

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const U = 0x75;

export class StringCap {
  private inString = false;
  private escape = false;
  private hexLeft = 0;
  private length = 0;
  private dropping = false;
  /** Bytes handed on so far (the tokenizer's offsets). */
  private out = 0;
  private removed = 0;
  /** Each cut: the output offset where input bytes went missing, and how many had gone missing by its end. */
  private readonly cuts: { at: number; removed: number }[] = [];

  constructor(private readonly limit: number) {}

  /** The chunk with over-long strings cut short; the same array when nothing was cut. */
  filter(bytes: Uint8Array): Uint8Array {
    let ranges: [number, number][] | undefined;
    let keptFrom = 0;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      let drop = false;
      if (!this.inString) {
        if (b === QUOTE) {
          this.inString = true;
          this.length = 0;
        }
        continue;
      }
      if (this.escape) {
        this.escape = false;
        if (b === U) this.hexLeft = 4;
        drop = this.dropping;
      } else if (this.hexLeft > 0) {
        this.hexLeft--;
        drop = this.dropping;
      } else if (b === QUOTE) {
        this.inString = false;
        this.dropping = false;
      } else {
        // A safe place to cut: not inside an escape, not a UTF-8 continuation byte.
        if (!this.dropping && this.length >= this.limit && (b & 0xc0) !== 0x80) this.dropping = true;
        if (b === BACKSLASH) this.escape = true;
        drop = this.dropping;
      }
      if (!drop) {
        if (this.inString) this.length++;
        continue;
      }
      // (A key is a string too: a hostile giant key is cut like any other; real keys are far below the cap.)
      // Dropped: close the kept range before it, and note the cut at the current output offset.
      ranges ??= [];
      if (keptFrom < i) {
        ranges.push([keptFrom, i]);
        this.out += i - keptFrom;
      }
      keptFrom = i + 1;
      this.removed++;
      const last = this.cuts.at(-1);
      if (last && last.at === this.out) last.removed = this.removed;
      else this.cuts.push({ at: this.out, removed: this.removed });
    }
    if (ranges === undefined) {
      this.out += bytes.length;
      return bytes;
    }
    if (keptFrom < bytes.length) {
      ranges.push([keptFrom, bytes.length]);
      this.out += bytes.length - keptFrom;
    }
    const kept = new Uint8Array(ranges.reduce((n, [a, b]) => n + b - a, 0));
    let at = 0;
    for (const [a, b] of ranges) {
      kept.set(bytes.subarray(a, b), at);
      at += b - a;
    }
    return kept;
  }

  /** The input offset of an output offset (where what the tokenizer saw sits in the file). */
  inputOffset(outputOffset: number): number {
    let add = 0;
    for (const c of this.cuts) {
      if (c.at > outputOffset) break;
      add = c.removed;
    }
    return outputOffset + add;
  }
}
