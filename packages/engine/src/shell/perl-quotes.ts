// Perl's quote operators, written as the plain literals they stand for before a Perl one-liner is scanned:
// `q{src}` → 'src', `qq(…)` → "…". `rmtree(q{src})` and `system(qq{git push -f origin main})` are then read like
// `rmtree('src')`. One forward scan; a quote operator that is not closed is left as written. Word lists (`qw(a b)`)
// are read by the one-liner scan itself, as argv.

const PAIRS: Readonly<Record<string, string>> = { '{': '}', '(': ')', '[': ']', '<': '>' };
const isWord = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9_]/.test(c);

/** The end (index of the closing delimiter) of a quote body opened at `open`, nested pairs counted; -1 if open. */
function closing(code: string, open: number): number {
  const opener = code[open] as string;
  const closer = PAIRS[opener] ?? opener;
  let depth = 0;
  for (let i = open + 1; i < code.length; i++) {
    const c = code[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === closer && depth === 0) return i;
    if (closer !== opener) {
      if (c === opener) depth++;
      else if (c === closer) depth--;
    }
  }
  return -1;
}

/** The body as a literal of the given quote: backslashes before the delimiters dropped, the quote escaped. */
function literal(body: string, quote: "'" | '"', opener: string): string {
  const closer = PAIRS[opener] ?? opener;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    const next = body[i + 1];
    if (c === '\\' && (next === opener || next === closer)) {
      out += next;
      i++;
    } else if (c === quote) out += `\\${quote}`;
    else out += c;
  }
  return quote + out + quote;
}

/** Perl code with its `q` and `qq` operators written as plain quoted literals. */
export function perlQuoteOperators(code: string): string {
  if (!/\bqq?\s*[^\w\s]/.test(code)) return code;
  let out = '';
  let i = 0;
  while (i < code.length) {
    const c = code[i] as string;
    if (c === "'" || c === '"') {
      // A literal already: copied whole (its quote operators, if any, are text).
      let j = i + 1;
      while (j < code.length && code[j] !== c) j += code[j] === '\\' ? 2 : 1;
      out += code.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const m = c === 'q' && !isWord(code[i - 1]) ? /^q(q?)\s*([^\w\s])/.exec(code.slice(i, i + 8)) : null;
    if (m !== null && !(m[2] === '=' || m[2] === ',' || m[2] === ';')) {
      const open = i + m[0].length - 1;
      const end = closing(code, open);
      if (end > open) {
        const body = code.slice(open + 1, end);
        out += literal(body, m[1] === 'q' ? '"' : "'", m[2] as string);
        i = end + 1;
        continue;
      }
    }
    out += c;
    i++;
  }
  return out;
}
