// sed's `s/REGEX/REPLACEMENT/FLAGS` applied to a known text, line by line, as a filter prints it (`sed 's/^x //' <<< …
// | sh`). The POSIX pattern (basic, or extended with -E/-r) is rewritten for RE2 (re2js: linear time, so no pattern the
// agent writes can hang the hook); anything it cannot rewrite for sure leaves the output unknown.
import { RE2JS } from 're2js';

/** One `s` command as written: its pattern, replacement and flags. */
export interface SedSubstitution {
  readonly pattern: string;
  readonly replacement: string;
  readonly flags: string;
}

/** A POSIX regex as RE2 syntax, or undefined for a construct not rewritten (back-references, GNU's \` and \'). */
export function posixToRe2(pattern: string, extended: boolean): string | undefined {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '[') {
      // A bracket expression is copied whole: `[]a]` and `[^]a]` hold a `]` first; [:alpha:] classes are RE2's too.
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '[' && pattern[j + 1] === ':' ? 2 : 1;
      if (j >= pattern.length) return undefined;
      out += pattern.slice(i, j + 1).replace(/\\/g, '\\\\');
      i = j;
    } else if (c === '\\') {
      const n = pattern[++i];
      if (n === undefined || /[1-9`']/.test(n)) return undefined;
      if (!extended && '(){}+?|'.includes(n)) out += n;
      else if (n === 'n') out += '\\n';
      else if (n === 't') out += '\\t';
      else if (/[wWsSb]/.test(n)) out += `\\${n}`;
      else if (/[A-Za-z0-9]/.test(n)) return undefined;
      else out += `\\${n}`;
    } else if (!extended && '(){}+?|'.includes(c)) out += `\\${c}`;
    // In a basic pattern `$` anchors only at its end (or a group's, GNU) and `^` only at its start: elsewhere each is
    // itself (`s/--ids "$id" --query .*$/…/` matches the `$id` written in the file).
    else if (!extended && c === '$' && i < pattern.length - 1 && !/^\\[)|]/.test(pattern.slice(i + 1, i + 3)))
      out += '\\$';
    else if (!extended && c === '^' && i > 0 && !/\\[(|]$/.test(pattern.slice(Math.max(0, i - 2), i))) out += '\\^';
    else out += c;
  }
  return out;
}

/** The text after the substitution, line by line as sed works; undefined when the pattern or a flag is not read. */
export function substituteLines(text: string, s: SedSubstitution, extended: boolean): string | undefined {
  if (!/^[gIi]*$/.test(s.flags)) return undefined;
  const source = posixToRe2(s.pattern, extended);
  if (source === undefined) return undefined;
  let re: RE2JS;
  try {
    re = RE2JS.compile(source, /[Ii]/.test(s.flags) ? RE2JS.CASE_INSENSITIVE : 0);
  } catch {
    return undefined; // a pattern RE2 does not take: the output stays unknown, as for any script not read
  }
  return replaceLines(text, re, s.replacement, s.flags.includes('g'));
}

/** Each line with the first (or every) match replaced, sed's replacement syntax. */
function replaceLines(text: string, re: RE2JS, replacementText: string, all: boolean): string {
  return text
    .split('\n')
    .map((line) => replaceIn(line, re, replacementText, 1, all).text)
    .join('\n');
}

/** A text with its `nth` match replaced (1: the first), and every later one too with `all` (sed's g, `s/a/b/2g`);
 * whether one was. */
function replaceIn(
  text: string,
  re: RE2JS,
  replacementText: string,
  nth: number,
  all: boolean,
): { text: string; matched: boolean } {
  const m = re.matcher(text);
  let out = '';
  let at = 0;
  let seen = 0;
  while (m.find()) {
    if (++seen < nth) continue;
    out += text.slice(at, m.start()) + replacement(replacementText, (g) => m.group(g) ?? '');
    at = m.end();
    if (!all) break;
  }
  return { text: out + text.slice(at), matched: seen >= nth };
}

/** sed's replacement: `&` the match, `\N` group N, `\n` a newline, `\t` a tab (GNU), `\X` the character X. */
function replacement(text: string, group: (n: number) => string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '&') out += group(0);
    else if (c === '\\' && i + 1 < text.length) {
      const n = text[++i] as string;
      out += /[0-9]/.test(n) ? group(Number(n)) : n === 'n' ? '\n' : n === 't' ? '\t' : n;
    } else out += c;
  }
  return out;
}

/** A POSIX regex compiled as sed matches it against its pattern space (`.` takes a newline there too); undefined when
 * it is not read. */
export function compileSedRegex(pattern: string, extended: boolean, caseless: boolean): RE2JS | undefined {
  const source = posixToRe2(pattern, extended);
  if (source === undefined) return undefined;
  try {
    return RE2JS.compile(source, RE2JS.DOTALL | (caseless ? RE2JS.CASE_INSENSITIVE : 0));
  } catch {
    return undefined; // a pattern RE2 does not take: not read
  }
}

/** An `s` command ready to run on pattern spaces: its regex compiled once, which match (nth) and whether all after. */
export interface CompiledSubstitution {
  readonly re: RE2JS;
  readonly replacement: string;
  readonly nth: number;
  readonly all: boolean;
}

/** An `s` command compiled (sedRun's): flags g, I/i, p (the caller prints), a number (the nth match); undefined for
 * any other (w, e, M), an empty pattern (the last regex used) or a pattern not read. */
export function compileSubstitution(s: SedSubstitution, extended: boolean): CompiledSubstitution | undefined {
  const flags = /^([gIip]*)(\d*)([gIip]*)$/.exec(s.flags);
  if (flags === null || s.pattern === '') return undefined;
  const letters = `${flags[1]}${flags[3]}`;
  const re = compileSedRegex(s.pattern, extended, /[Ii]/.test(letters));
  const nth = flags[2] === '' ? 1 : Number(flags[2]);
  return re === undefined || nth < 1 ? undefined : { re, replacement: s.replacement, nth, all: letters.includes('g') };
}

/** A compiled `s` command on a pattern space (one line, or several once a replacement put a newline in it: `^` is
 * then the start of the space, not of each line, as in GNU sed): the space after it and whether the pattern matched. */
export function substituteSpace(space: string, s: CompiledSubstitution): { text: string; matched: boolean } {
  return replaceIn(space, s.re, s.replacement, s.nth, s.all);
}

/**
 * A Perl pattern of `perl -pi -e 's/…/…/'` as RE2 syntax, where the two share it; undefined for what they do not
 * share (interpolated `$x`/`@x`, back-references, `\Q`, lookaround fails to compile later) and for anything that can
 * match a newline: -p hands Perl each line with its newline, and the line is matched here without it, which is the
 * same only when the pattern cannot reach the newline (`\s+$` in Perl eats it and joins the lines).
 */
export function perlToRe2(pattern: string): string | undefined {
  if (/[$@][\w{:]/.test(pattern)) return undefined;
  if (/\\(?:[1-9]|[gkQEsnrvRhHDWVxcopPNXzZ0-7])/.test(pattern) || /\[\^|\[:(?:space|cntrl):/.test(pattern))
    return undefined;
  return pattern;
}

/** Perl's replacement as sed's (sed-regex.ts `replacement`): `$1`/`${1}` and `$&` groups, `\n` `\t` escapes; an
 * interpolated variable or a case escape (`\u`, `\U`) is not read. */
export function perlReplacement(text: string): string | undefined {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '$') {
      const group = /^(?:(\d)|\{(\d)\}|(&))/.exec(text.slice(i + 1));
      if (group === null) return undefined;
      out += group[3] !== undefined ? '&' : `\\${group[1] ?? group[2]}`;
      i += (group[0] as string).length;
    } else if (c === '@' && /[\w{:$]/.test(text[i + 1] ?? '')) return undefined;
    else if (c === '&') out += '\\&';
    else if (c === '\\' && i + 1 < text.length) {
      const n = text[++i] as string;
      if (/[uUlLEQ0-9]/.test(n)) return undefined;
      out += n === 'n' ? '\\n' : n === 't' ? '\t' : /[A-Za-z]/.test(n) ? `\\${n}` : `\\${n}`;
    } else out += c;
  }
  return out;
}

/** The text after a Perl substitution applied line by line (`perl -p`); undefined when it is not read. */
export function substitutePerlLines(text: string, s: SedSubstitution): string | undefined {
  const pattern = perlToRe2(s.pattern);
  const replacement = perlReplacement(s.replacement);
  if (pattern === undefined || replacement === undefined || !/^[gi]*$/.test(s.flags)) return undefined;
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern, s.flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
  } catch {
    return undefined; // lookaround and other Perl-only syntax: the text stays unknown
  }
  return replaceLines(text, re, replacement, s.flags.includes('g'));
}
