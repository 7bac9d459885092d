// printf FORMAT ARGS… → the text it prints, when every word is literal: the format expanded with the arguments
// (%s %b %c %q %d %i %u %o %x %X %%, flags, widths, precisions, `*`), its escapes decoded, and the format used again while
// arguments remain, as bash's printf does. Anything it cannot print exactly (%f, a non-number for %d) → undefined.

/** Most conversions one call may expand: a hostile `printf '%s' a a a …` stays bounded. */
const MAX_OUTPUT = 64 * 1024;

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  e: '\x1b',
  E: '\x1b',
  '\\': '\\',
  '"': '"',
  "'": "'",
  '?': '?',
};

const isOctal = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '7';
const isHexDigit = (c: string | undefined): boolean => c !== undefined && /^[0-9a-fA-F]$/.test(c);

/** One escape at `text[at]` (just after the backslash): the text it stands for and how many characters it used.
 * `inFormat`: the format reads `\NNN` as octal; %b reads `\0NNN`. `stop` is `\c` (print nothing more). */
function readEscape(text: string, at: number, inFormat: boolean): { out: string; used: number; stop?: boolean } {
  const c = text[at];
  if (c === undefined) return { out: '\\', used: 0 };
  const simple = SIMPLE_ESCAPES[c];
  if (simple !== undefined) return { out: simple, used: 1 };
  if (c === 'c') return { out: '', used: 1, stop: true };
  if (isOctal(c)) {
    // The format takes up to three octal digits (`\101`); %b takes `\0` and up to three more (`\0101`).
    const first = !inFormat && c === '0' ? at + 1 : at;
    let end = first;
    while (end < first + 3 && isOctal(text[end])) end++;
    const code = end === first ? 0 : Number.parseInt(text.slice(first, end), 8);
    return { out: String.fromCharCode(code & 0xff), used: end - at };
  }
  if (c === 'x' && isHexDigit(text[at + 1])) {
    const end = isHexDigit(text[at + 2]) ? at + 3 : at + 2;
    return { out: String.fromCharCode(Number.parseInt(text.slice(at + 1, end), 16)), used: end - at };
  }
  return { out: `\\${c}`, used: 1 };
}

/** %b's argument: its escapes decoded; `stop` when it held `\c`. */
function decodeEscapes(text: string, inFormat: boolean): { text: string; stop: boolean } {
  if (!text.includes('\\')) return { text, stop: false };
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '\\') {
      out += text[i];
      continue;
    }
    const e = readEscape(text, i + 1, inFormat);
    if (e.stop) return { text: out, stop: true };
    out += e.out;
    i += e.used;
  }
  return { text: out, stop: false };
}

/** A numeric argument as bash reads it: decimal, 0x hex, 0 octal, or 'c / "c for a character's code. */
function toInteger(arg: string | undefined): number | undefined {
  if (arg === undefined || arg === '') return 0;
  if (arg[0] === "'" || arg[0] === '"') return arg.length > 1 ? (arg.codePointAt(1) as number) : 0;
  const t = arg.trim();
  if (/^[+-]?\d+$/.test(t)) return t.replace(/^[+-]/, '').startsWith('0') && t.length > 1 ? octal(t) : Number(t);
  if (/^[+-]?0[xX][0-9a-fA-F]+$/.test(t))
    return (t.startsWith('-') ? -1 : 1) * Number.parseInt(t.replace(/^[+-]/, ''), 16);
  return undefined;
}

function octal(t: string): number | undefined {
  const sign = t.startsWith('-') ? -1 : 1;
  const digits = t.replace(/^[+-]/, '');
  return /^[0-7]+$/.test(digits) ? sign * Number.parseInt(digits, 8) : undefined;
}

function pad(text: string, width: number, left: boolean, zero: boolean): string {
  if (text.length >= width) return text;
  if (left) return text.padEnd(width, ' ');
  if (zero) {
    const sign = /^[+-]/.test(text) ? (text[0] as string) : '';
    return sign + text.slice(sign.length).padStart(width - sign.length, '0');
  }
  return text.padStart(width, ' ');
}

// %[flags][width][.precision]conversion; `*` takes the width or precision from the arguments.
const SPEC = /^%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?([a-zA-Z%])/;

/** The text `printf FORMAT ARGS…` prints, or undefined when some part of it cannot be known exactly. */
export function printfOutput(args: readonly string[]): string | undefined {
  let at = 0;
  if (args[0] === '--') at = 1;
  const format = args[at];
  // `printf -v VAR …` assigns instead of printing; other options do not exist.
  if (format === undefined || (format.startsWith('-') && format.length > 1 && at === 0)) return undefined;
  const rest = args.slice(at + 1);
  let next = 0;
  const take = (): string | undefined => rest[next++];
  let out = '';
  for (;;) {
    const before = next;
    for (let i = 0; i < format.length; i++) {
      if (out.length > MAX_OUTPUT) return undefined;
      const ch = format[i] as string;
      if (ch === '\\') {
        const e = readEscape(format, i + 1, true);
        if (e.stop) return out;
        out += e.out;
        i += e.used;
        continue;
      }
      if (ch !== '%') {
        out += ch;
        continue;
      }
      const m = SPEC.exec(format.slice(i, i + 40));
      if (m === null) return undefined;
      i += m[0].length - 1;
      const [, flags = '', widthText, precisionText, conversion] = m;
      if (conversion === '%') {
        out += '%';
        continue;
      }
      const width = widthText === '*' ? toInteger(take()) : widthText === undefined ? 0 : Number(widthText);
      const precision =
        precisionText === undefined
          ? undefined
          : precisionText === '*'
            ? toInteger(take())
            : Number(precisionText || 0);
      if (width === undefined || (precision === undefined && precisionText !== undefined)) return undefined;
      const left = flags.includes('-') || (width as number) < 0;
      const w = Math.abs(width as number);
      const piece = convert(conversion as string, take(), flags, precision);
      if (piece === undefined) return undefined;
      out += pad(piece.text, w, left, flags.includes('0') && !left && conversion !== 's' && conversion !== 'c');
      if (piece.stop) return out;
    }
    // The format is used again while arguments remain, but only if it consumed some (else they are ignored).
    if (next >= rest.length || next === before) return out;
  }
}

function convert(
  conversion: string,
  arg: string | undefined,
  flags: string,
  precision: number | undefined,
): { text: string; stop?: boolean } | undefined {
  switch (conversion) {
    case 's': {
      const s = arg ?? '';
      return { text: precision === undefined ? s : s.slice(0, precision) };
    }
    case 'b': {
      const d = decodeEscapes(arg ?? '', false);
      return { text: precision === undefined ? d.text : d.text.slice(0, precision), stop: d.stop };
    }
    case 'c':
      return { text: (arg ?? '').slice(0, 1) };
    case 'q': {
      const q = shellQuoted(arg ?? '');
      return { text: precision === undefined ? q : q.slice(0, precision) };
    }
    case 'd':
    case 'i':
    case 'u':
    case 'o':
    case 'x':
    case 'X': {
      const n = toInteger(arg);
      if (n === undefined || !Number.isSafeInteger(n)) return undefined;
      if (conversion !== 'd' && conversion !== 'i' && n < 0) return undefined; // two's complement: not worth guessing
      const radix = conversion === 'o' ? 8 : conversion === 'x' || conversion === 'X' ? 16 : 10;
      let digits = Math.abs(n).toString(radix);
      if (conversion === 'X') digits = digits.toUpperCase();
      if (precision !== undefined) digits = digits.padStart(precision, '0');
      const sign = n < 0 ? '-' : flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '';
      return { text: sign + digits };
    }
    default:
      // %f %e %g %a (floating point), %(…)T (dates): not printed exactly here.
      return undefined;
  }
}

/** The characters bash's %q leaves as they are; every other printable one gets a backslash (`a\ b`, `\'`). */
const Q_SAFE = /[A-Za-z0-9_@%+=:,./-]/;

/**
 * `%q`: the word quoted so that the shell reads it back as it is (`printf -v C '%q ' WORDS; eval "$C"`). Bash escapes
 * each special character with a backslash, an empty word as '', and a word with a control character as $'…'.
 */
function shellQuoted(word: string): string {
  if (word === '') return "''";
  let out = '';
  let control = false;
  for (const ch of word) {
    if (ch < ' ' || ch === '\x7f') control = true;
    // Bash leaves a ~ or # that is not first as it is; escaping it too reads back the same.
    out += Q_SAFE.test(ch) ? ch : `\\${ch}`;
  }
  return control ? ansiQuoted(word) : out;
}

const ANSI_ESCAPES: Readonly<Record<string, string>> = {
  '\n': 'n',
  '\t': 't',
  '\r': 'r',
  '\x07': 'a',
  '\b': 'b',
  '\x1b': 'E',
  '\f': 'f',
  '\v': 'v',
  '\\': '\\',
  "'": "'",
};

/** $'…' as bash's %q writes a word with a control character: named escapes, else three octal digits. */
function ansiQuoted(word: string): string {
  let out = "$'";
  for (const ch of word) {
    const named = ANSI_ESCAPES[ch];
    if (named !== undefined) out += `\\${named}`;
    else if (ch < ' ' || ch === '\x7f') out += `\\${ch.charCodeAt(0).toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}
