// String literals of interpreter one-liners (Python, JavaScript, Perl, Ruby, PHP): source text at an offset → the
// literal's value and where it ends. One forward scan by char code, no regex: hostile input stays linear.

/** The languages whose string literals this module reads: the type and the list other modules test a family against. */
export const STRING_LANGUAGES = ['python', 'js', 'perl', 'ruby', 'php', 'r', 'awk', 'lua', 'julia', 'elixir'] as const;
export type Language = (typeof STRING_LANGUAGES)[number];

export interface Literal {
  /** The string's value; undefined when it is not a plain literal (f-string, `${…}`, "$var", "#{…}"). */
  readonly value: string | undefined;
  /** Offset just past the closing quote (the end of the code when the string is left open). */
  readonly end: number;
}

const BACKSLASH = 92;
const isQuote = (c: number): boolean => c === 39 || c === 34 || c === 96; /* ' " ` */
const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Python's string prefixes (r, b, u, f and pairs), lower-cased: which of them keep backslashes or interpolate. */
const PY_PREFIXES: ReadonlyMap<string, { raw: boolean; format: boolean }> = new Map([
  ['r', { raw: true, format: false }],
  ['b', { raw: false, format: false }],
  ['u', { raw: false, format: false }],
  ['f', { raw: false, format: true }],
  ['rb', { raw: true, format: false }],
  ['br', { raw: true, format: false }],
  ['fr', { raw: true, format: true }],
  ['rf', { raw: true, format: true }],
]);

/** Which quotes open a string in a language (backticks are strings only in JavaScript; in Perl/Ruby they run). */
export function opensString(language: Language, c: number): boolean {
  // Julia's backticks are command literals (`run(\`git status\`)`): read like strings, as the command line they hold.
  if (c === 96) return language === 'js' || language === 'julia';
  // awk has double-quoted strings only (its program usually sits inside the shell's single quotes); Julia's single
  // quotes are characters.
  if (language === 'awk' || language === 'julia') return c === 34 || (c === 96 && language === 'julia');
  return isQuote(c);
}

/** Whether the `/` at `at` opens a regular expression literal rather than dividing: what comes before it is an
 * operator or an opening bracket, not a value. */
export function startsRegex(code: string, at: number): boolean {
  let j = at - 1;
  while (j >= 0 && (code[j] === ' ' || code[j] === '\t')) j--;
  return j < 0 || '(,=:[!&|?{};'.includes(code[j] as string);
}

/** The end (after its flags) of the JS regular expression literal that starts at `at` (a `/`), or undefined when it
 * does not close on its line. A `/` inside a class (`[/]`) or after a backslash does not close it. */
export function regexLiteralEnd(code: string, at: number): number | undefined {
  let inClass = false;
  for (let i = at + 1; i < code.length && i < at + 1000; i++) {
    const c = code[i];
    if (c === '\\') i++;
    else if (c === '\n') return undefined;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) {
      let j = i + 1;
      while (j < code.length && /[a-z]/.test(code[j] as string)) j++;
      return j;
    }
  }
  return undefined;
}

/** The literal starting at `at` (a quote, or a Python prefix such as r'…'); undefined when none starts there. */
export function readLiteral(code: string, at: number, language: Language): Literal | undefined {
  let i = at;
  let raw = false;
  let format = false;
  if (language === 'python') {
    let j = i;
    while (j < code.length && j - i < 2 && isLetter(code.charCodeAt(j))) j++;
    if (j > i) {
      const prefix = PY_PREFIXES.get(code.slice(i, j).toLowerCase());
      if (prefix === undefined || j >= code.length || !isQuote(code.charCodeAt(j))) return undefined;
      ({ raw, format } = prefix);
      i = j;
    }
  }
  const quote = code.charCodeAt(i);
  if (!opensString(language, quote)) return undefined;
  // Perl, Ruby and PHP single quotes know only \\ and \'; their double quotes interpolate like shells do.
  const single = quote === 39 && language !== 'python' && language !== 'js' && language !== 'r' && language !== 'lua';
  const triple = language === 'python' && code.charCodeAt(i + 1) === quote && code.charCodeAt(i + 2) === quote;
  if (!triple && code.charCodeAt(i + 1) === quote) return { value: '', end: i + 2 };
  const width = triple ? 3 : 1;
  let out = '';
  let plain = !format;
  let j = i + width;
  while (j < code.length) {
    const c = code.charCodeAt(j);
    if (c === quote && (!triple || (code.charCodeAt(j + 1) === quote && code.charCodeAt(j + 2) === quote)))
      return { value: plain ? out : undefined, end: j + width };
    if (c === BACKSLASH && j + 1 < code.length) {
      const [text, used] = escapeText(code, j, language, raw || single, quote);
      out += text;
      j += used;
      continue;
    }
    if (interpolates(code, j, language, quote)) plain = false;
    out += code[j];
    j++;
  }
  return { value: undefined, end: code.length };
}

/** True when the character at j starts an interpolation inside a string opened by `quote`. */
function interpolates(code: string, j: number, language: Language, quote: number): boolean {
  const c = code.charCodeAt(j);
  const next = code.charCodeAt(j + 1);
  switch (language) {
    case 'python':
    case 'r':
    case 'awk':
    case 'lua':
      return false; // f-strings are unknown as a whole (the `plain` flag starts false); R and Lua do not interpolate
    case 'julia':
      return c === 36 && (isLetter(next) || next === 40 || next === 95); // "$x", "$(…)", also in command literals
    case 'js':
      return quote === 96 && c === 36 && next === 123; // `${`
    case 'ruby':
    case 'elixir':
      return quote !== 39 && c === 35 && next === 123; // "#{"
    case 'perl':
      return quote !== 39 && (c === 36 || c === 64) && (isLetter(next) || next === 123 || next === 95); // "$x" "@x"
    case 'php':
      return quote !== 39 && c === 36 && (isLetter(next) || next === 123 || next === 95); // "$x"
  }
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '`': '`',
  $: '$',
  '\n': '',
};

/** The text one backslash escape stands for, and how many characters it used. */
function escapeText(code: string, j: number, language: Language, verbatim: boolean, quote: number): [string, number] {
  const next = code[j + 1] as string;
  if (verbatim) {
    // Raw and single-quoted strings: the backslash stays, except before the quote itself or a backslash (not raw).
    if (next === '\\' || next.charCodeAt(0) === quote) return [language === 'python' ? `\\${next}` : next, 2];
    return [`\\${next}`, 2];
  }
  const simple = SIMPLE_ESCAPES[next];
  if (simple !== undefined) return [simple, 2];
  const width = next === 'x' ? 2 : next === 'u' ? 4 : 0;
  if (width > 0) {
    const hex = code.slice(j + 2, j + 2 + width);
    if (hex.length === width && /^[0-9a-fA-F]+$/.test(hex))
      return [String.fromCharCode(Number.parseInt(hex, 16)), 2 + width];
  }
  // Python keeps an unknown escape as written; JavaScript, Perl, Ruby and PHP drop the backslash.
  return [language === 'python' || language === 'php' ? `\\${next}` : next, 2];
}

/**
 * Python or JavaScript code with its comments blanked (each comment character a space, line ends kept), so the
 * rewrites that run before the call scan (path folding, names put in) do not take an apostrophe in a comment
 * (`# the students' repos`) for a string that swallows the code after it. Strings are skipped as the language reads
 * them; other languages are returned as written.
 */
export function blankComments(code: string, language: Language): string {
  if (language !== 'python' && language !== 'js') return code;
  if (!code.includes(language === 'python' ? '#' : '/')) return code;
  let out = '';
  let from = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    const prefixed = language === 'python' && isLetter(c) && !isWordChar(code.charCodeAt(i - 1));
    if (opensString(language, c) || prefixed) {
      const lit = readLiteral(code, i, language);
      if (lit !== undefined) {
        i = lit.end - 1;
        continue;
      }
      if (!prefixed) continue;
    }
    const line = language === 'python' ? c === 35 : c === 47 && code.charCodeAt(i + 1) === 47;
    const block = language === 'js' && c === 47 && code.charCodeAt(i + 1) === 42;
    if (!line && !block) continue;
    let end = line ? code.indexOf('\n', i) : code.indexOf('*/', i + 2);
    end = end === -1 ? code.length : line ? end : end + 2;
    out += code.slice(from, i) + code.slice(i, end).replace(/[^\n]/g, ' ');
    from = end;
    i = end - 1;
  }
  return from === 0 ? code : out + code.slice(from);
}

const isWordChar = (c: number): boolean => isLetter(c) || (c >= 48 && c <= 57) || c === 95;

/** Where a value computed at run time stands inside a partly known word (an f-string's `{tag}`, a template's `${x}`). */
export const PIECE = '\u0000piece';

/**
 * A Python f-string, a JavaScript template literal or a Ruby/Elixir double-quoted string at `at`, as its literal text with each interpolation replaced by
 * PIECE (`f"-chdir={TF_DIR}"` → `-chdir=` PIECE): the literal part still says what the word is (an option, a registry
 * host). Undefined for any other string, one left open, or one with nothing literal in it.
 */
export function partialLiteral(code: string, at: number, language: Language): string | undefined {
  let i = at;
  if (language === 'python') {
    let j = i;
    while (j < code.length && j - i < 2 && isLetter(code.charCodeAt(j))) j++;
    const prefix = PY_PREFIXES.get(code.slice(i, j).toLowerCase());
    if (prefix === undefined || !prefix.format || prefix.raw) return undefined;
    i = j;
  } else if (
    !(language === 'js' && code.charCodeAt(at) === 96) &&
    // Ruby's and Elixir's double quotes interpolate `#{…}` (`sh "gem push pkg/app-#{VERSION}.gem"`).
    !((language === 'ruby' || language === 'elixir') && code.charCodeAt(at) === 34)
  )
    return undefined;
  const quote = code.charCodeAt(i);
  if (!isQuote(quote) || (language === 'python' && quote === 96)) return undefined;
  if (language === 'python' && code.charCodeAt(i + 1) === quote && code.charCodeAt(i + 2) === quote) return undefined;
  const open = language === 'python' ? '{' : language === 'js' ? '${' : '#{';
  let out = '';
  let literal = false;
  for (let j = i + 1; j < code.length && j < at + 4096; ) {
    const c = code.charCodeAt(j);
    if (c === quote) return literal ? out : undefined;
    if (c === 10 && language === 'python') return undefined;
    if (c === BACKSLASH) {
      const next = code[j + 1] ?? '';
      out += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      literal = true;
      j += 2;
    } else if (language === 'python' && (code.startsWith('{{', j) || code.startsWith('}}', j))) {
      out += code[j];
      literal = true;
      j += 2;
    } else if (code.startsWith(open, j)) {
      let depth = 0;
      let k = j + open.length - 1;
      for (; k < code.length; k++) {
        const d = code[k];
        if (d === '{') depth++;
        else if (d === '}' && --depth === 0) break;
        else if (d === '\n' && language === 'python') return undefined;
      }
      if (k >= code.length) return undefined;
      out += PIECE;
      j = k + 1;
    } else {
      out += code[j];
      literal = true;
      j++;
    }
  }
  return undefined;
}
