// awk programs that rewrite each line with sub()/gsub() and print it — `awk '{sub(/it\(/,"it.only(")}1' f > tmp`,
// `awk '{gsub(/a/,"b"); print}' f` — applied to a known text, as sed's `s///` is (sed-regex.ts): the output a later
// `mv tmp f` puts in place. Only that shape is read; any other program leaves the output unknown, never a guess.
import { RE2JS } from 're2js';
import { posixToRe2, substituteLines } from './sed-regex.js';

const CALL = /^(g?sub)\(\s*\/((?:[^/\\]|\\.)*)\/\s*,\s*"((?:[^"\\]|\\.)*)"\s*(?:,\s*\$0\s*)?\)$/;

/** The substitutions of a `{ sub(…); gsub(…) } 1` / `{ …; print }` program, in order; undefined for any other. */
function substitutions(program: string): { pattern: string; replacement: string; global: boolean }[] | undefined {
  const m =
    /^\s*\{([\s\S]*?)\}\s*(?:1|\{\s*print\s*(?:\$0\s*)?;?\s*\})\s*$/.exec(program) ??
    /^\s*\{([\s\S]*?);?\s*print\s*(?:\$0\s*)?;?\s*\}\s*$/.exec(program);
  if (m === null) return undefined;
  const calls = (m[1] as string)
    .split(/\s*[;\n]\s*/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (calls.length === 0) return undefined;
  const out: { pattern: string; replacement: string; global: boolean }[] = [];
  for (const call of calls) {
    const c = CALL.exec(call);
    if (c === null) return undefined;
    const replacement = awkString(c[3] as string);
    // After the string's own escapes, sub() reads `&` as the match and `\&` as a literal &; nothing else is read here.
    if (replacement === undefined || /\\[^&\\]/.test(replacement)) return undefined;
    out.push({ pattern: (c[2] as string).replace(/\\\//g, '/'), replacement, global: c[1] === 'gsub' });
  }
  return out;
}

/** An awk string literal's body with its escapes read; undefined for an escape not read here (octal). */
function awkString(body: string): string | undefined {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = body[++i];
    if (n === 'n') out += '\n';
    else if (n === 't') out += '\t';
    else if (n === '"' || n === '/') out += n;
    else if (n === '\\' || n === '&') out += `\\${n}`;
    else return undefined;
  }
  return out;
}

/** The text the program prints for this input, or undefined when the program is not a sub()/gsub() rewrite. */
export function awkSubstituted(program: string, text: string): string | undefined {
  const subs = substitutions(program);
  if (subs === undefined) return undefined;
  let out: string | undefined = text.endsWith('\n') ? text.slice(0, -1) : text;
  for (const s of subs) {
    out = substituteLines(out, { pattern: s.pattern, replacement: s.replacement, flags: s.global ? 'g' : '' }, true);
    if (out === undefined) return undefined;
  }
  return `${out}\n`;
}

/** One item of a `print` list: a field `$N`, the last field `$NF`, or a string literal. */
const PRINT_ITEM = /^\s*(?:\$(\d+|NF)\b|"((?:[^"\\]|\\.)*)"|(tolower|toupper)\(\s*\$(\d+|NF)\s*\))/;

/**
 * `awk '{ print $1 " publish --tag latest" }'`, `awk -F: '{ print $2, "x" }'`, `awk -F/ '{print $NF}'`: each input line
 * printed as its fields and string literals (juxtaposed: joined; a comma: a space between); with a `/re/` pattern
 * before the action (`awk '/HEAD branch/ {print $NF}'`), only the lines it matches. Any other program gives undefined.
 */
export function awkFieldsPrinted(program: string, text: string, separator: string | undefined): string | undefined {
  const m = /^\s*(?:\/((?:[^/\\]|\\.)*)\/\s*)?\{\s*print\s+([^;{}]*?)\s*;?\s*\}\s*$/.exec(program);
  const body = m?.[2];
  if (body === undefined) return undefined;
  const only = m?.[1] === undefined ? undefined : lineTest(m[1].replace(/\\\//g, '/'));
  if (only === null) return undefined;
  const items: ({ field: number; change?: 'tolower' | 'toupper' } | { text: string } | { comma: true })[] = [];
  for (let rest = body; rest.trim() !== ''; ) {
    const comma = /^\s*,/.exec(rest);
    const m = comma === null ? PRINT_ITEM.exec(rest) : comma;
    if (m === null) return undefined;
    if (comma !== null) items.push({ comma: true });
    else if (m[1] !== undefined) items.push({ field: m[1] === 'NF' ? LAST : Number(m[1]) });
    else if (m[3] !== undefined)
      // tolower($0), toupper($2): the field with its ASCII letters' case changed (the C locale).
      items.push({ field: m[4] === 'NF' ? LAST : Number(m[4]), change: m[3] as 'tolower' | 'toupper' });
    else {
      const s = awkString(m[2] as string);
      if (s === undefined || s.includes('\\')) return undefined;
      items.push({ text: s });
    }
    rest = rest.slice(m[0].length);
  }
  const lines = (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  const out = lines
    .filter((line) => only === undefined || only.matcher(line).find())
    .map((line) => {
      const fields = separator === undefined ? line.trim().split(/[ \t]+/) : line.split(separator);
      const field = (n: number): string => (n === 0 ? line : (fields[n - 1] ?? ''));
      const cased = (i: { field: number; change?: 'tolower' | 'toupper' }): string => {
        const v = field(i.field === LAST ? fields.length : i.field);
        if (i.change === 'tolower') return v.replace(/[A-Z]/g, (c) => c.toLowerCase());
        return i.change === 'toupper' ? v.replace(/[a-z]/g, (c) => c.toUpperCase()) : v;
      };
      return items.map((i) => ('comma' in i ? ' ' : 'text' in i ? i.text : cased(i))).join('');
    });
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

/** `$NF` in a print list: the last field. */
const LAST = -1;

/** An awk pattern (an ERE) as RE2, or null when RE2 does not take it. */
function lineTest(pattern: string): RE2JS | null {
  const source = posixToRe2(pattern, true);
  if (source === undefined) return null;
  try {
    return RE2JS.compile(source);
  } catch (error) {
    void error; // a pattern RE2 does not take: the output stays unknown
    return null;
  }
}
