// Perl's quote operators (and Ruby's %q/%Q and a call's environment hash), written as the plain literals they stand
// for before a one-liner is scanned:
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

/** Where a quote operator opens at `i`: the index of its opening delimiter and the quote its body is written in. */
type QuoteOperatorAt = (code: string, i: number) => { open: number; quote: "'" | '"' } | undefined;

/** The code with each quote operator `at` finds written as a plain literal; literals already there copied whole (their
 * quote operators, if any, are text). One forward scan; an operator that is not closed is left as written. */
function quoteOperators(code: string, at: QuoteOperatorAt): string {
  let out = '';
  let i = 0;
  while (i < code.length) {
    const c = code[i] as string;
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < code.length && code[j] !== c) j += code[j] === '\\' ? 2 : 1;
      out += code.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const found = at(code, i);
    if (found !== undefined) {
      const end = closing(code, found.open);
      if (end > found.open) {
        out += literal(code.slice(found.open + 1, end), found.quote, code[found.open] as string);
        i = end + 1;
        continue;
      }
    }
    out += c;
    i++;
  }
  return out;
}

/** Perl code with its `q` and `qq` operators written as plain quoted literals. */
export function perlQuoteOperators(code: string): string {
  if (!/\bqq?\s*[^\w\s]/.test(code)) return code;
  return quoteOperators(code, (text, i) => {
    if (text[i] !== 'q' || isWord(text[i - 1])) return undefined;
    const m = /^q(q?)\s*([^\w\s])/.exec(text.slice(i, i + 8));
    if (m === null || m[2] === '=' || m[2] === ',' || m[2] === ';') return undefined;
    return { open: i + m[0].length - 1, quote: m[1] === 'q' ? '"' : "'" };
  });
}

/** Ruby code with its `%q(…)` and `%Q(…)` literals written as plain quoted ones (`sh %q(sed -i 's/a/b/' f)` reads
 * as `sh "sed -i 's/a/b/' f"`); `%w` word lists are read by the scan itself, and a bare `%(…)` is left (it reads as
 * a modulo as often as a string). */
export function rubyQuoteOperators(code: string): string {
  if (!/%[qQ][^\w\s]/.test(code)) return code;
  return quoteOperators(code, (text, i) => {
    const m = text[i] === '%' ? /^%([qQ])([^\w\s])/.exec(text.slice(i, i + 3)) : null;
    return m === null ? undefined : { open: i + 2, quote: m[1] === 'q' ? "'" : '"' };
  });
}

/** Ruby's `sh({ "RAILS_ENV" => "production" }, "bin/rails db:schema:load")` (also system, spawn, exec): the
 * environment hash given first is written into the command as the shell's own assignments (`RAILS_ENV=production
 * bin/rails …`), so the call reads as one command line with its environment. Only literal keys and values. */
export function rubyEnvironmentHashes(code: string): string {
  if (!code.includes('=>')) return code;
  return code.replace(
    /\b(sh|system|spawn|exec)(\s*\(\s*|\s+)\{\s*((?:["'][A-Za-z_]\w*["']\s*=>\s*"[^"\\'#]*"\s*,?\s*){1,16})\}\s*,\s*"((?:[^"\\]|\\.)*)"/g,
    (_all, call: string, open: string, pairs: string, command: string) => {
      const env = [...pairs.matchAll(/["']([A-Za-z_]\w*)["']\s*=>\s*"([^"\\'#]*)"/g)]
        .map((m) => `${m[1]}='${m[2]}'`)
        .join(' ');
      return `${call}${open}"${env} ${command}"`;
    },
  );
}
