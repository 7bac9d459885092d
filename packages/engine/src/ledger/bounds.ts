// Keeps a ledger within LEDGER_LIMITS after a change: texts over the per-file bound are dropped at once; past the
// total, the largest texts are forgotten first (their files stay listed, content unknown); past the file count, the
// file written longest ago is forgotten altogether.
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

/** The ledger after `files` (a fresh copy the caller may change) was changed: counted and brought within bounds. */
export function settle(files: Record<string, LedgerFile>): Ledger {
  let count = 0;
  let chars = 0;
  for (const key in files) {
    count++;
    chars += sizeOf(files[key]!);
  }
  while (count > LEDGER_LIMITS.files) {
    let oldest: string | undefined;
    for (const key in files) if (oldest === undefined || files[key]!.seq < files[oldest]!.seq) oldest = key;
    chars -= sizeOf(files[oldest!]!);
    delete files[oldest!];
    count--;
  }
  while (chars > LEDGER_LIMITS.totalChars) {
    let largest: string | undefined;
    for (const key in files) {
      const f = files[key]!;
      const l = largest === undefined ? undefined : files[largest]!;
      if (l === undefined || sizeOf(f) > sizeOf(l) || (sizeOf(f) === sizeOf(l) && f.seq < l.seq)) largest = key;
    }
    const f = files[largest!]!;
    chars -= sizeOf(f);
    files[largest!] = {
      ...f,
      text: undefined,
      pieces: [],
      unknown: `forgotten: the session's files passed ${LEDGER_LIMITS.totalChars} characters`,
    };
  }
  return { files, count, chars };
}
