// Which lines of a long file the plain text area holds. Everything a browser does for a key typed into a text area
// grows with the text it holds — its editing command lays out and walks the whole text, the keyboard is sent a copy of
// the whole value, autofill reads it, pre-paint and paint walk every line (a trace per key, README decisions): ~19 ms
// of the renderer's CPU per key with 5,000 lines, ~2 ms with 500. So a file longer than MAX_AREA_LINES is shown as
// three parts laid out as one text: the lines above as plain text, the text area with the lines around the caret, the
// lines below as plain text; the text area moves when the caret comes near its edge (plain/text-area.ts).

/** Up to this many lines the text area holds the whole file, as any text area would. */
export const MAX_AREA_LINES = 1000;
/** A longer file: the text area holds this many lines around the caret… */
export const WINDOW_LINES = 500;
/** …and moves when the caret comes this close to an edge with more text beyond it. */
export const EDGE_LINES = 100;

/** The text area's part of the file: characters [from, to), whole lines, `to` before a line break or at the end. */
export interface TextWindow {
  readonly from: number;
  readonly to: number;
  /** The 1-based number of the window's first line. */
  readonly firstLine: number;
}

/** The offset where (0-based) line `index` starts, scanning from `offset`, which is the start of line `fromIndex`. */
function lineStartAfter(text: string, offset: number, fromIndex: number, index: number): number {
  let at = offset;
  for (let n = fromIndex; n < index; n++) {
    const next = text.indexOf('\n', at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  return at;
}

/** The number of line breaks in text[from, to). */
export function breaksIn(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/**
 * The window for a caret at `caret` in `text`: the whole text when it has at most MAX_AREA_LINES lines, else
 * WINDOW_LINES lines centred on the caret's line (fewer above it near the start, fewer below near the end).
 */
export function windowAround(text: string, caret: number): TextWindow {
  const lines = breaksIn(text) + 1;
  if (lines <= MAX_AREA_LINES) return { from: 0, to: text.length, firstLine: 1 };
  const caretLine = breaksIn(text, 0, Math.min(Math.max(caret, 0), text.length)); // 0-based
  const first = Math.max(0, Math.min(caretLine - WINDOW_LINES / 2, lines - WINDOW_LINES));
  const last = first + WINDOW_LINES - 1; // 0-based, inclusive
  const from = lineStartAfter(text, 0, 0, first);
  const lastStart = lineStartAfter(text, from, first, last);
  const end = text.indexOf('\n', lastStart);
  return { from, to: end < 0 ? text.length : end, firstLine: first + 1 };
}

/** One change of the text: `removed` at `at` replaced by `inserted`. */
export interface TextEdit {
  readonly at: number;
  readonly removed: string;
  readonly inserted: string;
}

/**
 * The change that turned `before` into `after` (one edit of a text area changes one stretch), found from both ends.
 * `caret` is the caret after the edit, where such a change ends: where the same text repeats, the stretch found is the
 * one that ends there.
 */
export function editBetween(before: string, after: string, caret = after.length): TextEdit {
  const max = Math.min(before.length, after.length);
  // The stretch typed ends at the caret, so it starts at least as many characters before it as the text grew.
  const startLimit = Math.min(max, Math.max(0, caret - Math.max(0, after.length - before.length)));
  let start = 0;
  while (start < startLimit && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end))
    end++;
  return {
    at: start,
    removed: before.slice(start, before.length - end),
    inserted: after.slice(start, after.length - end),
  };
}
