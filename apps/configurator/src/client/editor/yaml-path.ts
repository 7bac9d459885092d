// Where in the YAML structure a position is: the path of keys and '[]' (array items) from the root, whether a key or
// a value goes there, and the key under it. Takes TextLines and a position; returns plain data for schema-help.ts and
// value-help.ts. Read from the lines alone, without a YAML parse, so a line being typed (which no parser can place
// yet) reads as well as finished text:
// - the lines above, by their indentation, give the block structure (`contracts:` / `- ` / `when:`);
// - the line itself is scanned (line-scan.ts), which places flow style such as `when: { tool: { na| } }`.
import { scanLine, type LineScan } from './line-scan.ts';
import type { PathSegment } from './schema-help.ts';
import type { Pos, TextLines } from './text-lines.ts';

export type Place =
  /**
   * A key of the mapping at `path` goes at `from` (the start of the partly typed key); `present` are its keys;
   * `flow` when the mapping is written `{ … }` (a nested value then stays on the line); `item` when the word starts a
   * list item (`- na|`), which may as well be a scalar item as the first key of a mapping.
   */
  | {
      readonly kind: 'key';
      readonly path: PathSegment[];
      readonly from: number;
      readonly present: string[];
      readonly flow: boolean;
      readonly item: boolean;
    }
  /** The value of the node at `path` goes at `from`. */
  | { readonly kind: 'value'; readonly path: PathSegment[]; readonly from: number };

// A line's block structure: its indent, any `- ` item markers, then an optional `key:`.
const SHAPE = /^([ \t]*)((?:-(?:[ \t]+|$))*)(?:([A-Za-z_$][\w$-]*|"[^"]*"|'[^']*')[ \t]*:(?=[ \t]|$))?/;

interface Shape {
  readonly indent: number;
  readonly dashes: number[];
  readonly keyCol?: number;
  readonly key?: string;
}

const unquote = (key: string): string => key.replace(/^(["'])(.*)\1$/, '$2');

function shape(text: string): Shape | undefined {
  if (text.trim() === '' || text.trimStart().startsWith('#')) return undefined;
  const m = SHAPE.exec(text)!;
  const indent = m[1]!.length;
  const dashes = [...m[2]!.matchAll(/-/g)].map((d) => indent + d.index);
  return m[3] ? { indent, dashes, keyCol: indent + m[2]!.length, key: unquote(m[3]) } : { indent, dashes };
}

/**
 * The path of the mapping that holds a node starting at column `col` of line `lineNo`, read from the lines above:
 * a key at a smaller column owns it, a `- ` at a smaller column makes it an array item, a key at the same column is
 * a sibling. Deeper lines are skipped.
 */
function containersAbove(lines: TextLines, lineNo: number, col: number): PathSegment[] {
  const path: PathSegment[] = [];
  let c = col;
  for (let n = lineNo - 1; n >= 1 && c > 0; n--) {
    const s = shape(lines.line(n));
    if (!s || s.indent >= c) continue;
    const itemMarks = s.dashes.filter((d) => d < c).map((): PathSegment => '[]');
    const owner = s.keyCol !== undefined && s.keyCol < c;
    // Neither an owning key, nor a sibling key, nor an item marker: a scalar's continuation, or nothing readable.
    if (!owner && s.keyCol !== c && itemMarks.length === 0) break;
    if (owner) path.unshift(s.key!);
    path.unshift(...itemMarks);
    c = s.indent;
  }
  return path;
}

/** The keys already written in the block mapping whose keys start at column `col`, around line `lineNo`. */
function siblingKeys(lines: TextLines, lineNo: number, col: number): string[] {
  const keys: string[] = [];
  const scan = (from: number, step: 1 | -1) => {
    for (let n = from; n >= 1 && n <= lines.lineCount; n += step) {
      const s = shape(lines.line(n));
      if (!s) continue;
      if (s.keyCol === col && s.key) keys.push(s.key);
      // The line that opens this item (`- id: x`) is the first of the mapping; anything shallower ends it.
      if (s.indent < col) return;
    }
  };
  scan(lineNo - 1, -1);
  scan(lineNo + 1, 1);
  return keys;
}

/**
 * The scalar value of key `key` in the block mapping whose keys start at column `col` around line `lineNo` (an
 * example event's `tool:` beside the `args:` being written), or undefined.
 */
export function siblingValue(lines: TextLines, lineNo: number, col: number, key: string): string | undefined {
  for (const step of [-1, 1] as const) {
    for (let n = lineNo + step; n >= 1 && n <= lines.lineCount; n += step) {
      const text = lines.line(n);
      const s = shape(text);
      if (!s) continue;
      if (s.keyCol === col && s.key === key)
        return scanLine(text).tokens.find((t) => t.kind === 'scalar' && t.start > col)?.text;
      // A shallower line opens this item (`- tool: bash`, checked just above) or belongs to another mapping.
      if (s.indent < col) break;
    }
  }
  return undefined;
}

/** The path of the line's own start: the containers above it, then one '[]' per `- ` marker. */
function lineBase(lines: TextLines, lineNo: number, scan: LineScan): PathSegment[] {
  return [...containersAbove(lines, lineNo, scan.indent), ...scan.dashes.map((): PathSegment => '[]')];
}

/** Where the position is, for completion: a key of which mapping, or the value of which key. */
export function placeAt(lines: TextLines, pos: Pos): Place | undefined {
  const text = lines.line(pos.line);
  const before = text.slice(0, pos.ch);
  const word = /[\w$-]*$/.exec(before)![0];
  const from = pos.ch - word.length;
  const scan = scanLine(before);
  if (scan.comment) return undefined;
  if (scan.frames.length > 0) {
    // Flow style: the scan knows the nesting; the character before the word says key or value.
    const path = [...lineBase(lines, pos.line, scan), ...scan.path];
    const lead = before.slice(0, from).trimEnd();
    const last = lead[lead.length - 1];
    const top = scan.frames[scan.frames.length - 1]!;
    if (top.open === '{' && (last === '{' || last === ','))
      return { kind: 'key', path, from, present: [...top.keys], flow: true, item: false };
    if (last === ':' || last === '[' || last === ',') return { kind: 'value', path, from };
    return undefined;
  }
  const typingKey = /^[ \t]*(?:-[ \t]+)*[A-Za-z_$]?[\w$-]*$/.test(before);
  if (typingKey) {
    const dashes = scan.dashes.length;
    return {
      kind: 'key',
      path: lineBase(lines, pos.line, scan),
      from,
      present: dashes > 0 ? [] : siblingKeys(lines, pos.line, from),
      flow: false,
      item: dashes > 0,
    };
  }
  // Block style `key: |`: the value of that key.
  if (scan.blockKey !== undefined && /:[ \t]+[\w$-]*$/.test(before))
    return { kind: 'value', path: [...lineBase(lines, pos.line, scan), ...scan.path], from };
  return undefined;
}

/** The key under the position (a character of it) and its path, ending with that key; undefined off a key. */
export function keyAt(lines: TextLines, pos: Pos): { path: PathSegment[]; from: number; to: number } | undefined {
  const scan = scanLine(lines.line(pos.line));
  const key = scan.tokens.find((t) => t.kind === 'key' && t.start <= pos.ch && pos.ch < t.end);
  if (!key) return undefined;
  return { path: [...lineBase(lines, pos.line, scan), ...key.context, key.text], from: key.start, to: key.end };
}

/**
 * The scalar under the position (a character of it) and the path of the value it is (ending with its key, and '[]'
 * for a list item), for hover and value help; undefined off a scalar.
 */
export function valueAt(
  lines: TextLines,
  pos: Pos,
): { path: PathSegment[]; text: string; from: number; to: number } | undefined {
  const scan = scanLine(lines.line(pos.line));
  const value = scan.tokens.find((t) => t.kind === 'scalar' && t.start <= pos.ch && pos.ch < t.end);
  if (!value) return undefined;
  return {
    path: [...lineBase(lines, pos.line, scan), ...value.context],
    text: value.text,
    from: value.start,
    to: value.end,
  };
}

/**
 * The scalar written under `key` beside the key that holds the mapping the position is in: for the `args` mapping
 * of an example event, the event's `tool`. Reads flow style on the line and block style above it.
 */
export function besideOwner(lines: TextLines, pos: Pos, key: string): string | undefined {
  const text = lines.line(pos.line);
  const scan = scanLine(text.slice(0, pos.ch));
  const frames = scan.frames;
  if (frames.length >= 2) return frames[frames.length - 2]!.values[key];
  if (frames.length === 1) {
    const owner = scanLine(text).tokens.find((t) => t.kind === 'key' && t.text === scan.blockKey);
    return owner ? siblingValue(lines, pos.line, owner.start, key) : undefined;
  }
  // Block style: the nearest line above with a key left of this line's indent owns the mapping.
  for (let n = pos.line - 1; n >= 1; n--) {
    const s = shape(lines.line(n));
    if (s?.keyCol !== undefined && s.keyCol < scan.indent) return siblingValue(lines, n, s.keyCol, key);
  }
  return undefined;
}
