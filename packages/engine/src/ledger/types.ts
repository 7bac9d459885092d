// The ledger's shapes: what the session wrote or edited, file by file, as plain immutable data kept in the session
// state. INVARIANT: bounded by LEDGER_LIMITS whatever the session does (see bounds.ts for the eviction).

/** What the session knows of one file it wrote or edited. */
export interface LedgerFile {
  /** The whole text, when the session knows it: it wrote the file whole, or edited a text it knew. */
  readonly text: string | undefined;
  /** When the whole text is unknown: what the session is known to have put into the file (an edit's new text, a
   * patch's added lines, an append), oldest first. Running the file reads these too. */
  readonly pieces: readonly string[];
  /** Why the whole text is unknown, in words (explain shows it); undefined when `text` is known. */
  readonly unknown: string | undefined;
  /** The `seq` of the event that last wrote the file: the oldest is forgotten first when there are too many. */
  readonly seq: number;
  /** How it was last written: 'write tool', 'edit tool', 'patch', '>', 'cp', … */
  readonly via: string;
}

/**
 * The files this session wrote or edited, by path relative to the project root (the form contracts match). Kept in
 * BUCKETS buckets by a hash of the path, so a write copies the bucket list and one small bucket, never the whole
 * set: `step()` returns a new state per event and a full ledger must stay cheap to change (structural sharing).
 */
export interface Ledger {
  readonly buckets: readonly (Readonly<Record<string, LedgerFile>> | undefined)[];
  /** The paths, the one written longest ago first: the order files are forgotten in when there are too many. */
  readonly order: readonly string[];
  /** How many files are listed. */
  readonly count: number;
  /** UTF-16 code units of text and pieces kept, all files together. */
  readonly chars: number;
}

export const BUCKETS = 32;

/**
 * The bounds. A text longer than `fileChars` is not kept (the file is listed, its content unknown). When the texts
 * kept pass `totalChars`, the largest are forgotten first, so one huge write cannot push the small scripts out; when
 * more than `files` files are listed, the one written longest ago is forgotten altogether.
 */
export const LEDGER_LIMITS: {
  readonly files: number;
  readonly fileChars: number;
  readonly totalChars: number;
  readonly pieces: number;
  readonly pieceChars: number;
} = {
  files: 256,
  fileChars: 64 * 1024,
  totalChars: 256 * 1024,
  pieces: 8,
  pieceChars: 4 * 1024,
};

export const EMPTY_LEDGER: Ledger = Object.freeze({
  buckets: Object.freeze(new Array<undefined>(BUCKETS).fill(undefined)),
  order: Object.freeze([]),
  count: 0,
  chars: 0,
});
