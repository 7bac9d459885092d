// Where in the YAML structure a position is: the path of keys and '[]' (array items) from the root, and whether the
// position is where a key or a value goes. Takes an EditorState and a document offset; returns plain data for
// schema-help.ts. Two readers, because neither alone is right while someone types:
// - the lezer syntax tree, for flow style (`when: { tool: { na| } }`) and for hovering over finished text;
// - the lines' indentation, for a block-style line being typed: an empty or half-typed line is not in the tree yet
//   (lezer attaches `  na` to the key above as a plain scalar, and a line of spaces to no node at all).
import type { EditorState, Text } from '@codemirror/state';
import type { SyntaxNode, Tree } from '@lezer/common';
import { parser } from '@lezer/yaml';
import type { PathSegment } from './schema-help.ts';

export type Place =
  /**
   * A key of the mapping at `path` goes at `from` (the start of the partly typed key); `present` are its keys;
   * `flow` when the mapping is written `{ … }` (a nested value then stays on the line).
   */
  | {
      readonly kind: 'key';
      readonly path: PathSegment[];
      readonly from: number;
      readonly present: string[];
      readonly flow: boolean;
    }
  /** The value of the node at `path` goes at `from`. */
  | { readonly kind: 'value'; readonly path: PathSegment[]; readonly from: number };

const KEY_NAME = /[A-Za-z_$][\w$-]*/;
// A line's block structure: its indent, any `- ` item markers, then an optional `key:`.
const SHAPE = /^([ \t]*)((?:-(?:[ \t]+|$))*)(?:([A-Za-z_$][\w$-]*)[ \t]*:(?=[ \t]|$))?/;

interface Shape {
  readonly indent: number;
  readonly dashes: number[];
  readonly keyCol?: number;
  readonly key?: string;
}

function shape(text: string): Shape | undefined {
  if (text.trim() === '' || text.trimStart().startsWith('#')) return undefined;
  const m = SHAPE.exec(text)!;
  const indent = m[1]!.length;
  const dashes = [...m[2]!.matchAll(/-/g)].map((d) => indent + d.index);
  return m[3] ? { indent, dashes, keyCol: indent + m[2]!.length, key: m[3] } : { indent, dashes };
}

const lineText = (state: EditorState, n: number): string => state.doc.line(n).text;

/**
 * The path of the mapping that holds a node starting at column `col` of line `lineNo`, read from the lines above:
 * a key at a smaller column owns it, a `- ` at a smaller column makes it an array item, a key at the same column is
 * a sibling. Deeper lines are skipped.
 */
function containersAbove(state: EditorState, lineNo: number, col: number): PathSegment[] {
  const path: PathSegment[] = [];
  let c = col;
  for (let n = lineNo - 1; n >= 1 && c > 0; n--) {
    const s = shape(lineText(state, n));
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
function siblingKeys(state: EditorState, lineNo: number, col: number): string[] {
  const keys: string[] = [];
  const scan = (from: number, step: 1 | -1) => {
    for (let n = from; n >= 1 && n <= state.doc.lines; n += step) {
      const s = shape(lineText(state, n));
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

/** The innermost unclosed flow bracket before the end of `text`, quotes skipped; undefined in block context. */
function openBracket(text: string): '{' | '[' | undefined {
  const stack: ('{' | '[')[] = [];
  let quote: string | undefined;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#') break;
    else if (ch === '{' || ch === '[') stack.push(ch);
    else if (ch === '}' || ch === ']') stack.pop();
  }
  return stack[stack.length - 1];
}

/** Keys and items from the root down to `node`, leaving out the key of a pair the position is inside of. */
function treePath(state: EditorState, node: SyntaxNode | null, pos: number): PathSegment[] {
  const path: PathSegment[] = [];
  for (let n = node; n; n = n.parent) {
    if (n.name === 'Item') path.unshift('[]');
    if (n.name !== 'Pair') continue;
    const key = n.getChild('Key');
    if (key && !(pos >= key.from && pos <= key.to)) path.unshift(keyText(state, key));
  }
  return path;
}

const keyText = (state: EditorState, key: SyntaxNode): string =>
  state.sliceDoc(key.from, key.to).replace(/^["']|["']$/g, '');

// The editor highlights with the YAML stream mode (no structure, cheap per keystroke); the lezer YAML tree is built
// here on demand — for flow style and hover only — and kept for the document it was built from.
const trees = new WeakMap<Text, Tree>();
const tree = (state: EditorState): Tree => {
  let built = trees.get(state.doc);
  if (!built) {
    built = parser.parse(state.doc.toString());
    trees.set(state.doc, built);
  }
  return built;
};

/** Where the position is, for completion: a key of which mapping, or the value of which key. */
export function placeAt(state: EditorState, pos: number): Place | undefined {
  const line = state.doc.lineAt(pos);
  const before = line.text.slice(0, pos - line.from);
  const word = /[\w$-]*$/.exec(before)![0];
  const from = pos - word.length;
  const flow = openBracket(before);
  if (flow) {
    // Flow style: the tree knows the nesting; the character before the word says key or value.
    const path = treePath(state, tree(state).resolveInner(pos, -1), pos);
    const lead = before.slice(0, before.length - word.length).trimEnd();
    const last = lead[lead.length - 1];
    if (flow === '{' && (last === '{' || last === ',')) return { kind: 'key', path, from, present: [], flow: true };
    if (last === ':' || last === '[' || last === ',') return { kind: 'value', path: flowValuePath(path, last), from };
    return undefined;
  }
  const s = shape(before);
  const typingKey = /^[ \t]*(?:-[ \t]+)*[A-Za-z_$]?[\w$-]*$/.test(before);
  if (typingKey) {
    const indent = /^[ \t]*/.exec(before)![0].length;
    const dashes = [...before.matchAll(/-(?=[ \t])/g)].map((): PathSegment => '[]');
    const col = from - line.from;
    return {
      kind: 'key',
      path: [...containersAbove(state, line.number, indent), ...dashes],
      from,
      present: dashes.length > 0 ? [] : siblingKeys(state, line.number, col),
      flow: false,
    };
  }
  // Block style `key: |` or `- |`: the value of that key, or an item of the array above.
  if (s?.key && s.keyCol !== undefined && KEY_NAME.test(s.key) && /:[ \t]+[\w$-]*$/.test(before)) {
    const items = s.dashes.map((): PathSegment => '[]');
    return { kind: 'value', path: [...containersAbove(state, line.number, s.indent), ...items, s.key], from };
  }
  return undefined;
}

/** In flow style the tree path may end at a half-typed scalar's implicit pair; a value's path ends at its key. */
function flowValuePath(path: PathSegment[], last: string): PathSegment[] {
  return last === ':' ? path : path[path.length - 1] === '[]' ? path : [...path, '[]'];
}

/** The key under the position and its path (ending with that key), for hover; undefined off a key. */
export function keyAt(state: EditorState, pos: number): { path: PathSegment[]; from: number; to: number } | undefined {
  for (let n: SyntaxNode | null = tree(state).resolveInner(pos, 1); n; n = n.parent) {
    if (n.name !== 'Key') continue;
    return { path: [...treePath(state, n.parent, pos), keyText(state, n)], from: n.from, to: n.to };
  }
  return undefined;
}
