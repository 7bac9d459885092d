// One operand of a text a call's argument builds (piecedText, one-liners.ts, splits the text at its top-level `+`) →
// its pieces: literal text as written, each value computed at run time as COMPUTED_PIECE. Read: a literal, a JS
// template, a Python f-string, Python's string literals written side by side (the compiler joins them into one), and
// a Python literal formatted with `%` or `.format(…)`. Text in, text out; each operand is read once, left to right.
import { COMPUTED_PIECE } from './computed-piece.js';
import { opensString, readLiteral, type Language } from './one-liner-strings.js';

/**
 * The pieces of one operand; undefined when it is not one of the forms read (a name, a call: a value computed at run
 * time, which the caller writes as COMPUTED_PIECE).
 */
export function operandPieces(text: string, language: Language): string | undefined {
  if (language !== 'python') {
    const literal = readLiteral(text, 0, language);
    return literal?.value !== undefined && literal.end === text.length ? literal.value : templatePieces(text, language);
  }
  const run = adjacentLiterals(text, 0);
  if (run === undefined) return undefined;
  const rest = text.slice(run.end).trim();
  if (rest === '') return run.text;
  // Formatting applies to the joined literal; one with f-string pieces in it is not followed (the pieces are no
  // longer the format the program gives).
  if (!run.plain) return undefined;
  if (rest.startsWith('%')) return percentFormatted(run.text, rest.slice(1).trim());
  // `.format(…)` closing at the operand's end (not `'{}'.format(x).encode()`: a call on what it makes).
  const format = /^\.\s*format\s*\(/.exec(rest);
  if (format !== null && closingAt(rest, format[0].length - 1) === rest.length - 1)
    return braceFormatted(run.text, rest.slice(format[0].length, -1));
  return undefined;
}

/** Python string literals side by side from `at`: their joined pieces, whether all are plain, how many, and the end. */
export interface LiteralRun {
  readonly text: string;
  /** No f-string among them: `text` is the literal value, with no COMPUTED_PIECE in it. */
  readonly plain: boolean;
  readonly count: number;
  /** Just past the last literal's closing quote. */
  readonly end: number;
}

/**
 * Python's adjacent string literals from `at` (`"a\n" f"b={t}"`, `'x' r'\d'`), joined as the compiler joins them:
 * blanks, line ends (the caller reads inside brackets, where a line end does not end the statement) and backslash
 * continuations between them. Undefined when no literal starts at `at`, or one does not close or is not read.
 */
export function adjacentLiterals(code: string, at: number): LiteralRun | undefined {
  let text = '';
  let plain = true;
  let count = 0;
  let end = at;
  let i = at;
  for (;;) {
    const literal = readLiteral(code, i, 'python');
    if (literal === undefined) break;
    const written = code.slice(i, literal.end);
    // An unclosed string runs to the end of the code: nothing after its opening quote is known.
    if (!closes(written)) return undefined;
    if (literal.value !== undefined) text += literal.value;
    else {
      const pieces = templatePieces(written, 'python');
      if (pieces === undefined) return undefined;
      text += pieces;
      plain = false;
    }
    count++;
    end = i = literal.end;
    while (i < code.length) {
      const c = code.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else if (c === 92 && (code.charCodeAt(i + 1) === 10 || code.charCodeAt(i + 1) === 13)) i += 2;
      else break;
    }
  }
  return count === 0 ? undefined : { text, plain, count, end };
}

/** Whether a Python literal's text (prefix, quotes and body) ends with the quotes it opened with, not escaped. */
function closes(written: string): boolean {
  const quotes = /^[A-Za-z]*("""|'''|['"])/.exec(written)?.[1];
  if (quotes === undefined || written.length < written.indexOf(quotes) + 2 * quotes.length) return false;
  if (!written.endsWith(quotes)) return false;
  let backslashes = 0;
  for (let i = written.length - quotes.length - 1; written[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 0;
}

/** One `%` conversion of printf-style formatting: an optional `(key)`, flags, width, precision, the conversion. */
const PERCENT_SPEC = /%(?:\(([^)]*)\))?[#0+ -]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?([diouxXeEfFgGcrsa%])/g;

/**
 * `'…%s…' % value` / `% (a, b)`: the format's text with `%%` a percent sign and each conversion the value it takes —
 * a plain string literal given to `%s` is its text (as in an f-string), anything else COMPUTED_PIECE; a `%(key)s` of a
 * mapping is computed (the mapping is not read).
 */
function percentFormatted(format: string, operand: string): string {
  const tuple = operand.startsWith('(') && closingAt(operand, 0) === operand.length - 1;
  const values = (tuple ? topLevelItems(operand.slice(1, -1)) : [operand]).map(plainValue);
  let next = 0;
  return format.replace(PERCENT_SPEC, (spec, key: string | undefined, width, precision, conversion: string) => {
    if (conversion === '%') return spec === '%%' ? '%' : spec;
    if (key !== undefined) return COMPUTED_PIECE;
    // A `*` width or precision takes a value of its own first.
    next += (width === '*' ? 1 : 0) + (precision === '*' ? 1 : 0);
    const value = values[next++];
    return conversion === 's' && value !== undefined ? value : COMPUTED_PIECE;
  });
}

/**
 * `'…{}…{name}…'.format(a, name=b)`: the format's text with `{{`/`}}` braces and each replacement field the argument
 * it names (automatic, numbered or by keyword) — a plain string literal with no conversion or format spec is its
 * text, anything else COMPUTED_PIECE (as are all fields when the arguments are spread: `*args`, `**kw`).
 */
function braceFormatted(format: string, args: string): string {
  const positional: (string | undefined)[] = [];
  const named = new Map<string, string | undefined>();
  let spread = false;
  for (const item of topLevelItems(args)) {
    const keyword = /^([A-Za-z_]\w*)\s*=(?!=)\s*/.exec(item);
    if (item.startsWith('*')) spread = true;
    else if (keyword !== null) named.set(keyword[1] as string, plainValue(item.slice(keyword[0].length)));
    else positional.push(plainValue(item));
  }
  let out = '';
  let auto = 0;
  for (let i = 0; i < format.length; i++) {
    const c = format[i] as string;
    if ((c === '{' || c === '}') && format[i + 1] === c) {
      out += c;
      i++;
    } else if (c === '{') {
      let depth = 1;
      const from = i + 1;
      while (++i < format.length && depth > 0) {
        if (format[i] === '{') depth++;
        else if (format[i] === '}') depth--;
      }
      i--;
      const field = /^([^!:]*)(![rsa])?(?::([\s\S]*))?$/.exec(format.slice(from, i));
      const name = field?.[1]?.trim() ?? '.';
      const value = name === '' ? positional[auto++] : /^\d+$/.test(name) ? positional[Number(name)] : named.get(name);
      const bare = field?.[2] === undefined && (field?.[3] ?? '') === '';
      out += value !== undefined && bare && !spread ? value : COMPUTED_PIECE;
    } else out += c;
  }
  return out;
}

/** An operand that is one plain string literal: its value; undefined for anything else. */
function plainValue(operand: string): string | undefined {
  const text = operand.trim();
  const literal = readLiteral(text, 0, 'python');
  return literal?.value !== undefined && literal.end === text.length ? literal.value : undefined;
}

/** Where the bracket opened at `at` closes (strings skipped); -1 when it does not. */
function closingAt(code: string, at: number): number {
  let depth = 0;
  for (let i = at; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (opensString('python', c) || (/[A-Za-z]/.test(code[i] as string) && !/\w/.test(code[i - 1] ?? ''))) {
      const literal = readLiteral(code, i, 'python');
      if (literal !== undefined) {
        i = literal.end - 1;
        continue;
      }
    }
    if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** A Python argument list's text split at its top-level commas (strings and brackets skipped), blank items dropped. */
function topLevelItems(code: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i <= code.length; i++) {
    const c = code.charCodeAt(i);
    if (
      i < code.length &&
      (opensString('python', c) || (/[A-Za-z]/.test(code[i] as string) && !/\w/.test(code[i - 1] ?? '')))
    ) {
      const literal = readLiteral(code, i, 'python');
      if (literal !== undefined) {
        i = literal.end - 1;
        continue;
      }
    }
    if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) depth--;
    else if (i === code.length || (c === 44 && depth === 0)) {
      const item = code.slice(from, i).trim();
      if (item !== '') items.push(item);
      from = i + 1;
    }
  }
  return items;
}

/** Past a JS template literal starting at `at` (its `${…}` skipped by depth), or undefined when it does not close. */
export function templateEnd(code: string, at: number): number | undefined {
  let depth = 0;
  for (let i = at + 1; i < code.length; i++) {
    const c = code[i];
    if (c === '\\') i++;
    else if (depth === 0 && c === '`') return i + 1;
    else if (c === '$' && code[i + 1] === '{') {
      depth++;
      i++;
    } else if (c === '}' && depth > 0) depth--;
  }
  return undefined;
}

/** A JS template or a Python f-string as its literal pieces with each interpolation as COMPUTED_PIECE. */
function templatePieces(text: string, language: Language): string | undefined {
  const js = language === 'js' && text.startsWith('`') && text.endsWith('`');
  const py = language === 'python' ? /^(?:[fF][rR]?|[rR][fF])("""|'''|['"])/.exec(text) : null;
  if (!js && py === null) return undefined;
  const open = js ? 1 : (py?.[0].length as number);
  const close = js ? 1 : (py?.[1]?.length as number);
  const body = text.slice(open, text.length - close);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (js && c === '\\' && i + 1 < body.length) {
      const n = body[++i] as string;
      out += n === 'n' ? '\n' : n === 't' ? '\t' : n;
    } else if (!js && c === '\\' && i + 1 < body.length && !/[rR]/.test(text.slice(0, open))) {
      const n = body[++i] as string;
      out += n === 'n' ? '\n' : n === 't' ? '\t' : n;
    } else if ((js && c === '$' && body[i + 1] === '{') || (!js && c === '{' && body[i + 1] !== '{')) {
      let depth = 1;
      i += js ? 2 : 1;
      const from = i;
      while (i < body.length && depth > 0) {
        if (body[i] === '{') depth++;
        else if (body[i] === '}') depth--;
        if (depth > 0) i++;
      }
      // An interpolation of a plain literal (a value put in for a name the program read) is that text.
      const inner = body.slice(from, i).trim();
      const literal = readLiteral(inner, 0, language);
      out += literal?.value !== undefined && literal.end === inner.length ? literal.value : COMPUTED_PIECE;
    } else if (!js && (c === '{' || c === '}') && body[i + 1] === c) {
      out += c;
      i++;
    } else out += c;
  }
  return out;
}
