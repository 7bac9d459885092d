// Byte offsets → 1-based line and column while a stream goes by, in memory bounded by two chunks: only the newlines
// of the current and the previous chunk are kept, which is where the tokens being read started.

export interface StreamPosition {
  readonly offset: number;
  readonly line: number;
  readonly col: number;
}

interface ChunkLines {
  readonly start: number;
  readonly end: number;
  /** Lines that ended before this chunk. */
  readonly linesBefore: number;
  /** Offset of the first byte of the line this chunk starts in. */
  readonly lineStart: number;
  /** Absolute offsets of the newlines inside this chunk. */
  readonly newlines: readonly number[];
}

const NEWLINE = 0x0a;

export class LineCounter {
  private previous: ChunkLines | undefined;
  private current: ChunkLines = { start: 0, end: 0, linesBefore: 0, lineStart: 0, newlines: [] };

  /** Counts a chunk that follows the ones counted so far. */
  feed(bytes: Uint8Array): void {
    const start = this.current.end;
    const lastNewline = this.current.newlines.at(-1);
    const linesBefore = this.current.linesBefore + this.current.newlines.length;
    const lineStart = lastNewline !== undefined ? lastNewline + 1 : this.current.lineStart;
    const newlines: number[] = [];
    for (let i = bytes.indexOf(NEWLINE); i >= 0; i = bytes.indexOf(NEWLINE, i + 1)) newlines.push(start + i);
    this.previous = this.current;
    this.current = { start, end: start + bytes.length, linesBefore, lineStart, newlines };
  }

  get bytes(): number {
    return this.current.end;
  }

  /** Where an offset is; a column in bytes from the line start. Offsets older than the previous chunk get line 0. */
  position(offset: number): StreamPosition {
    const chunk =
      offset >= this.current.start
        ? this.current
        : this.previous && offset >= this.previous.start
          ? this.previous
          : undefined;
    if (chunk === undefined) return { offset, line: 0, col: 0 };
    // Binary search: how many of the chunk's newlines lie before the offset.
    let lo = 0;
    let hi = chunk.newlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (chunk.newlines[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    const before = lo;
    const lineStart = before > 0 ? chunk.newlines[before - 1]! + 1 : chunk.lineStart;
    return { offset, line: chunk.linesBefore + before + 1, col: offset - lineStart + 1 };
  }
}
