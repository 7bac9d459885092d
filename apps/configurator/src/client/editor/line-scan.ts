// One line of YAML read left to right: its indent, its `- ` item markers, its keys and scalars (with the path of each
// relative to the line's start), and the flow collections still open at its end. Takes a line's text (or the part
// before the cursor); returns plain data. Enough YAML for the editor's help — block keys, flow mappings and sequences,
// quoted and plain scalars, comments — and tolerant of a line half typed.
import type { PathSegment } from './schema-help.ts';

export interface Frame {
  readonly open: '{' | '[';
  /** In a flow mapping: the key whose value comes next (undefined right after `{` or `,`). */
  key?: string;
  /** In a flow mapping: the keys written so far. */
  readonly keys: string[];
  /** In a flow mapping: the scalar values written so far, by key (an example event's `tool` beside its `args`). */
  readonly values: Record<string, string>;
}

export interface Token {
  readonly kind: 'key' | 'scalar';
  /** The text, without quotes. */
  readonly text: string;
  /** Characters [start, end) of the line, quotes included. */
  readonly start: number;
  readonly end: number;
  /** For a key, the path of the mapping it belongs to; for a scalar, the path of the value it is. */
  readonly context: readonly PathSegment[];
}

export interface LineScan {
  readonly indent: number;
  /** Columns of the leading `- ` markers. */
  readonly dashes: readonly number[];
  /** The key the line writes in block style (`mode:` in `  - mode: BLOCK`). */
  readonly blockKey?: string;
  readonly tokens: readonly Token[];
  /** The flow collections still open at the end, outermost first. */
  readonly frames: readonly Frame[];
  /** The path at the end of the text, relative to the line's start: block key, then each open collection. */
  readonly path: readonly PathSegment[];
  /** The text ends inside a comment. */
  readonly comment: boolean;
}

const BLANK = /[ \t]/;
const FLOW_END = /[,\]}]/;

export function scanLine(text: string): LineScan {
  let pos = /^[ \t]*/.exec(text)![0].length;
  const indent = pos;
  const dashes: number[] = [];
  while (text[pos] === '-' && (pos + 1 === text.length || BLANK.test(text[pos + 1]!))) {
    dashes.push(pos);
    pos++;
    while (BLANK.test(text[pos] ?? '')) pos++;
  }
  const tokens: Token[] = [];
  const frames: Frame[] = [];
  let blockKey: string | undefined;
  let comment = false;
  // Whether a value may start here: a `[` or `{` then opens a flow collection (in a plain scalar it is text).
  let valueStart = true;
  const context = (): PathSegment[] => [
    ...(blockKey !== undefined ? [blockKey] : []),
    ...frames.flatMap((f): PathSegment[] => (f.open === '[' ? ['[]'] : f.key !== undefined ? [f.key] : [])),
  ];

  while (pos < text.length) {
    const c = text[pos]!;
    if (BLANK.test(c)) {
      pos++;
      continue;
    }
    if (c === '#' && (pos === 0 || BLANK.test(text[pos - 1]!))) {
      comment = true;
      break;
    }
    const inFlow = frames.length > 0;
    if ((c === '{' || c === '[') && (inFlow || valueStart)) {
      frames.push({ open: c, keys: [], values: {} });
      valueStart = true;
      pos++;
      continue;
    }
    if (inFlow && (c === '}' || c === ']')) {
      frames.pop();
      pos++;
      continue;
    }
    if (inFlow && c === ',') {
      const top = frames[frames.length - 1]!;
      if (top.open === '{') top.key = undefined;
      valueStart = true;
      pos++;
      continue;
    }
    if (c === ':') {
      valueStart = true;
      pos++;
      continue;
    }
    // A scalar: quoted, or plain up to `: `, ` #`, the line's end, or (in flow) a flow indicator.
    const start = pos;
    let value: string;
    if (c === '"' || c === "'") {
      let i = pos + 1;
      let out = '';
      for (; i < text.length; i++) {
        const ch = text[i]!;
        if (c === "'" && ch === "'" && text[i + 1] === "'") {
          out += "'";
          i++;
        } else if (c === '"' && ch === '\\' && i + 1 < text.length) {
          out += text[++i];
        } else if (ch === c) {
          i++;
          break;
        } else out += ch;
      }
      value = out;
      pos = i;
    } else {
      let i = pos;
      for (; i < text.length; i++) {
        const ch = text[i]!;
        if (
          ch === ':' &&
          (i + 1 === text.length || BLANK.test(text[i + 1]!) || (inFlow && FLOW_END.test(text[i + 1]!)))
        )
          break;
        if (ch === '#' && BLANK.test(text[i - 1] ?? '')) break;
        if (inFlow && /[,[\]{}]/.test(ch)) break;
      }
      value = text.slice(pos, i).trimEnd();
      pos = pos + value.length;
    }
    const end = pos;
    let after = pos;
    while (BLANK.test(text[after] ?? '')) after++;
    const isKey =
      text[after] === ':' &&
      (after + 1 === text.length || BLANK.test(text[after + 1]!) || (inFlow && FLOW_END.test(text[after + 1]!)));
    tokens.push({ kind: isKey ? 'key' : 'scalar', text: value, start, end, context: context() });
    if (isKey) {
      const top = frames[frames.length - 1];
      if (top?.open === '{') {
        top.key = value;
        top.keys.push(value);
      } else if (!inFlow && blockKey === undefined) blockKey = value;
      pos = after + 1;
      valueStart = true;
    } else {
      const top = frames[frames.length - 1];
      if (top?.open === '{' && top.key !== undefined) top.values[top.key] = value;
      valueStart = false;
      // INVARIANT: the loop always advances (an empty plain scalar stops at a character handled above).
      if (end === start) pos++;
    }
  }
  return {
    indent,
    dashes,
    ...(blockKey !== undefined ? { blockKey } : {}),
    tokens,
    frames,
    path: context(),
    comment,
  };
}
