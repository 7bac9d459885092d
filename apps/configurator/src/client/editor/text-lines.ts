// The text as the editor-agnostic language help reads it: lines by number, the whole text, offsets. Monaco's model
// and the plain text area each hand over one of these (monaco/model-lines.ts, linesOf below); nothing else of either
// editor reaches the shared layer.

/** A place in the text: 1-based line, 0-based character in that line (the index into its string). */
export interface Pos {
  readonly line: number;
  readonly ch: number;
}

/** A stretch of one line: characters [start, end) of line `line`. */
export interface LineSpan {
  readonly line: number;
  readonly start: number;
  readonly end: number;
}

export interface TextLines {
  readonly lineCount: number;
  /** Line n (1-based), without its line break; '' past the end. */
  line(n: number): string;
  /** The whole text. */
  text(): string;
}

/** TextLines over a string (the text area's value, a test's fixture). Lines are split once, when first asked for. */
export function linesOf(text: string): TextLines {
  let lines: string[] | undefined;
  const all = (): string[] => (lines ??= text.split(/\r?\n/));
  return {
    get lineCount() {
      return all().length;
    },
    line: (n) => all()[n - 1] ?? '',
    text: () => text,
  };
}

/** The 0-based offset of a position in `text` (the text area's selection is an offset). */
export function offsetOf(text: string, pos: Pos): number {
  let offset = 0;
  for (let n = 1; n < pos.line; n++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  const end = text.indexOf('\n', offset);
  const lineEnd = end < 0 ? text.length : end;
  return Math.min(offset + Math.max(pos.ch, 0), lineEnd);
}

/** The position of a 0-based offset in `text`. */
export function positionOf(text: string, offset: number): Pos {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lastBreak = before.lastIndexOf('\n');
  let line = 1;
  for (let i = before.indexOf('\n'); i >= 0; i = before.indexOf('\n', i + 1)) line++;
  return { line, ch: before.length - lastBreak - 1 };
}
