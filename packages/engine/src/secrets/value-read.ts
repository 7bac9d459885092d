// Reads the value after a key: the operator (`=`, `:`, `:=`, `=>`, or a space after a `--flag`), then a quoted or
// bare value. Every loop is bounded, so one key costs at most a few hundred characters of work.

export interface ReadValue {
  readonly start: number;
  readonly end: number;
  readonly value: string;
  readonly quoted: boolean;
  /** The quote never closed on this line: `end` is how far we looked; there is no value to judge. */
  readonly unterminated?: boolean;
}

const MAX_GAP = 16;
const MAX_VALUE = 1024;
const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';
const BARE_STOP = new Set([' ', '\t', '\n', '\r', ',', ';', ')', ']', '}', '"', "'", '`', '<', '>', '&', '|']);

/** From just after a key: the position after its operator, or -1 when no assignment follows. */
export function skipOperator(text: string, from: number, flag: boolean): number {
  let p = from;
  const limit = Math.min(text.length, from + MAX_GAP);
  while (p < limit && isBlank(text[p])) p++;
  const c = text[p];
  const d = text[p + 1];
  if (c === '=') {
    if (d === '=' || d === '~') return -1; // `==`, `===`, `=~`: a comparison, not an assignment
    p += d === '>' ? 2 : 1;
  } else if (c === ':') {
    if (d === ':') return -1; // `Foo::Password`
    p += d === '=' ? 2 : 1;
  } else if (flag && p > from && c !== undefined && c !== '-' && c !== '\n') {
    return p; // `--password hunter22`: a flag's value follows a space
  } else {
    return -1;
  }
  while (p < limit + 4 && isBlank(text[p])) p++;
  return p;
}

/** The value starting at `p`: quoted (up to its closing quote on the same line) or bare (up to a separator). */
export function readValue(text: string, p: number): ReadValue | undefined {
  let q = text[p];
  // Python's b'', r'' and u'' prefixes hold a literal like any quote; f'' is a template and is read as one.
  if ((q === 'b' || q === 'r' || q === 'u') && (text[p + 1] === '"' || text[p + 1] === "'")) q = text[++p];
  if (q === '"' || q === "'" || q === '`') {
    const limit = Math.min(text.length, p + 1 + MAX_VALUE);
    let e = p + 1;
    while (e < limit && text[e] !== q && text[e] !== '\n') e += text[e] === '\\' ? 2 : 1;
    // Unterminated: a multi-line string or a cut text, not a value we can judge; the caller skips what we read.
    if (text[e] !== q) return { start: p + 1, end: e, value: '', quoted: true, unterminated: true };
    return { start: p + 1, end: e, value: text.slice(p + 1, e), quoted: true };
  }
  if (q === undefined || q === '\n' || q === '\r' || q === '|' || q === '>') return undefined; // YAML block scalars
  const limit = Math.min(text.length, p + MAX_VALUE);
  let e = p;
  while (e < limit && !BARE_STOP.has(text[e]!)) e++;
  if (e === p) return undefined;
  return { start: p, end: e, value: text.slice(p, e), quoted: false };
}

const MAX_ELEMENT_TEXT = 1024;

/** The text of an element whose name spans [start, end): `<key>VALUE</key>` on one line, trimmed; else undefined. */
export function readElementText(text: string, start: number, end: number): ReadValue | undefined {
  if (text[start - 1] !== '<' || text[end] !== '>') return undefined;
  return readElementContent(text, end + 1, text.slice(start, end));
}

/** From just after an opening tag's `>`: the text up to `</name>` (any closing tag when name is undefined). */
export function readElementContent(text: string, from: number, name: string | undefined): ReadValue | undefined {
  const limit = Math.min(text.length, from + MAX_ELEMENT_TEXT);
  let e = from;
  while (e < limit && text[e] !== '<' && text[e] !== '\n') e++;
  const close = name === undefined ? '</' : `</${name}>`;
  if (!text.startsWith(close, e)) return undefined;
  let s = from;
  while (s < e && (text[s] === ' ' || text[s] === '\t')) s++;
  let t = e;
  while (t > s && (text[t - 1] === ' ' || text[t - 1] === '\t')) t--;
  if (t === s) return undefined;
  // `quoted`: element text is a literal, never code, whatever file it is in.
  return { start: s, end: t, value: text.slice(s, t), quoted: true };
}
