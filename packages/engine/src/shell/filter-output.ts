// What the text filters print when what they read is known (a file the session wrote, a literal on stdin):
// `head`, `tail`, `sed` without -i (tr and the decoders: decoders.ts). A shell fed by them (`head -n 5 tools/x.sh | sh`,
// `sed 's/feature/main/' x.sh | bash`, `tr -d '\r' < x.sh | bash`) runs that text, so it is judged as it.
// Anything these readers cannot compute exactly (bytes, regex scripts, ranges, several files) is unknown.
import { applySed, scriptEdits, sedEdits } from './sed-script.js';
import { posixToRe2, substituteLines } from './sed-regex.js';
import { RE2JS } from 're2js';
import { linesOf, singleInput, type Read } from './filter-input.js';
import { SHELL_REFERENCE, unknownInText } from './unknown-text.js';

/** A line count as head/tail write it (`5`, `+5`, `-5`); undefined when it is not one. */
function count(value: string | undefined): { n: number; sign: '' | '+' | '-' } | undefined {
  const m = value === undefined ? null : /^([+-]?)(\d{1,7})$/.exec(value);
  return m ? { n: Number(m[2]), sign: m[1] as '' | '+' | '-' } : undefined;
}

/** `head`/`tail` [-n N | -N | --lines=N] [FILE]: other options (bytes, follow, several files) are unknown. */
function lineFilter(which: 'head' | 'tail') {
  return (args: readonly string[], _static: boolean, stdin: string | undefined, file: Read): string | undefined => {
    let lines = { n: 10, sign: '' as '' | '+' | '-' };
    let bytes = false;
    const operands: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      let value: string | undefined;
      // -c N counts bytes: read only on ASCII text, where a byte is a character.
      if (a === '-c' || a === '--bytes') {
        value = args[++i];
        bytes = true;
      } else if (a.startsWith('--bytes=')) {
        value = a.slice(8);
        bytes = true;
      } else if (/^-c[+-]?\d+$/.test(a)) {
        value = a.slice(2);
        bytes = true;
      } else if (a === '-n' || a === '--lines') value = args[++i];
      else if (a.startsWith('--lines=')) value = a.slice(8);
      else if (/^-n[+-]?\d+$/.test(a)) value = a.slice(2);
      else if (/^-\d+$/.test(a)) value = a.slice(1);
      else if (a === '-q' || a === '--quiet' || a === '--silent') continue;
      else if (a.startsWith('-') && a !== '-') return undefined;
      else {
        operands.push(a);
        continue;
      }
      const c = count(value);
      if (c === undefined) return undefined;
      lines = c;
    }
    const text = singleInput(operands, stdin, file);
    if (text === undefined) return undefined;
    // Every code unit below 0x80: a byte each.
    if (bytes && [...text].some((c) => c.charCodeAt(0) > 0x7f)) return undefined;
    const all = bytes ? [...text] : linesOf(text);
    if (which === 'head')
      return (lines.sign === '-' ? all.slice(0, Math.max(0, all.length - lines.n)) : all.slice(0, lines.n)).join('');
    return (
      lines.sign === '+' ? all.slice(Math.max(0, lines.n - 1)) : all.slice(Math.max(0, all.length - lines.n))
    ).join('');
  };
}

export const headOutput = lineFilter('head');
export const tailOutput = lineFilter('tail');

/**
 * `sed SCRIPT [FILE]` / `sed -e S…` without -i or -n: each `s` of literal text applied line by line (a pattern not
 * found leaves the line as it is); a script with anything else (regex, addresses, other commands) is unknown.
 */
export function sedOutput(
  args: readonly string[],
  known: boolean,
  stdin: string | undefined,
  file: Read,
): string | undefined {
  const scripts: string[] = [];
  const operands: string[] = [];
  let extended = false;
  let quiet = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-e' || a === '--expression') {
      const s = args[++i];
      if (s === undefined) return undefined;
      scripts.push(s);
    } else if (a.startsWith('--expression=')) scripts.push(a.slice(13));
    else if (a === '-E' || a === '-r' || a === '--regexp-extended') extended = true;
    else if (a === '-u' || a === '--unbuffered') continue;
    else if (a === '-n' || a === '--quiet' || a === '--silent') quiet = true;
    else if (a.startsWith('-') && a !== '-')
      return undefined; // -i, -n, -f, -z …
    else operands.push(a);
  }
  if (scripts.length === 0) {
    const script = operands.shift();
    if (script === undefined) return undefined;
    scripts.push(script);
  }
  // A value the shell put into the script (`sed "s/__NPM_TOKEN__/${NPM_TOKEN}/"`) is no literal reference in what sed
  // prints: marked as a heredoc's is (blind round 25's .npmrc template filled from a variable).
  if (!known)
    for (let i = 0; i < scripts.length; i++)
      scripts[i] = (scripts[i] as string).replace(SHELL_REFERENCE, unknownInText);
  let text = singleInput(operands, stdin, file);
  if (quiet) {
    // `sed -n '/^```sh$/,/^```$/{//!p}'`, `sed -n '/start/,/end/p'`: the lines of a range between two patterns.
    const ranged =
      scripts.length === 1 && text !== undefined ? patternRange(scripts[0] as string, text, extended) : undefined;
    if (ranged !== undefined) return ranged;
    // `sed -n 's/.*HEAD branch: //p'`, `sed -n '/HEAD branch/s/.*: //p'`: the lines a substitution changed.
    const substituted =
      scripts.length === 1 && text !== undefined ? printSubstituted(scripts[0] as string, text, extended) : undefined;
    if (substituted !== undefined) return substituted;
    // `sed -n 2p`, `sed -n '2,3p'`, `sed -n '$p'`: the lines it prints; any other quiet script is not read.
    const m = scripts.length === 1 ? /^\s*(\d+|\$)(?:,(\d+|\$))?p\s*$/.exec(scripts[0] as string) : null;
    if (m === null || text === undefined) return undefined;
    const lines = linesOf(text);
    const at = (v: string): number => (v === '$' ? lines.length : Number(v));
    const from = at(m[1] as string);
    const to = m[2] === undefined ? from : at(m[2]);
    return lines
      .slice(from - 1, Math.max(from, to))
      .map((l) => `${l}\n`)
      .join('');
  }
  // `sed '1d;$d'`, `sed '$d'`: lines deleted by number (a fence's first and last line trimmed).
  const deleted = scripts.length === 1 && text !== undefined ? deleteLines(scripts[0] as string, text) : undefined;
  if (deleted !== undefined) return deleted;
  for (const script of scripts) {
    const edits = sedEdits(script);
    // The script must be `s` commands only, all read (sedEdits stops at anything else).
    if (text === undefined || edits.length === 0 || edits.length !== script.split(/;(?=\s*s)/).length) return undefined;
    // Literal substitutions are applied as text; a regex one through RE2 (sed-regex.ts), line by line.
    for (const e of edits)
      text =
        text === undefined
          ? undefined
          : e.from !== undefined
            ? applySed(text, [e], 'unchanged')
            : substituteLines(text, { pattern: e.pattern, replacement: e.to, flags: e.flags }, extended);
  }
  return text;
}

/** A quiet sed script of one `s` command with the p flag, after an optional `/re/` address: each line the address
 * matches and the substitution applies to, substituted. Undefined for any other script or a pattern RE2 does not take. */
function printSubstituted(script: string, text: string, extended: boolean): string | undefined {
  const addressed = /^\s*\/((?:[^/\\]|\\.)*)\/\s*(s[\s\S]*)$/.exec(script);
  const command = (addressed?.[2] ?? script).trim();
  const edits = sedEdits(command);
  const edit = edits[0];
  // One `s` command, the whole script, ending in its flags with p among them (`s/a/b/p`, `s/a/b/gp`).
  if (edits.length !== 1 || edit === undefined || !/^[gIi]*p[gIi]*$/.test(edit.flags) || !command.endsWith(edit.flags))
    return undefined;
  if (command.split(/;(?=\s*s)/).length !== 1) return undefined;
  const address = addressed === null ? undefined : compileSed(addressed[1] as string, extended, '');
  const pattern = compileSed(edit.pattern, extended, edit.flags);
  if (address === null || pattern === null || pattern === undefined) return undefined;
  const flags = edit.flags.replace('p', '');
  let out = '';
  for (const withEnd of linesOf(text)) {
    const line = withEnd.replace(/\n$/, '');
    if (address !== undefined && !address.matcher(line).find()) continue;
    if (!pattern.matcher(line).find()) continue;
    const changed = substituteLines(line, { pattern: edit.pattern, replacement: edit.to, flags }, extended);
    if (changed === undefined) return undefined;
    out += `${changed}\n`;
  }
  return out;
}

/** A sed pattern as RE2 (I/i: case-insensitive), or null when RE2 does not take it. */
function compileSed(pattern: string, extended: boolean, flags: string): RE2JS | null {
  const source = posixToRe2(pattern, extended);
  if (source === undefined) return null;
  try {
    return RE2JS.compile(source, /[Ii]/.test(flags) ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    void error; // not taken: the output stays unknown
    return null;
  }
}

/** A sed script of `d` commands by line number or `$` only (`1d;$d`, `2,3d`): the text without those lines. */
function deleteLines(script: string, text: string): string | undefined {
  const parts = script
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const ranges: (readonly [string, string])[] = [];
  for (const p of parts) {
    const m = /^(\d+|\$)(?:,(\d+|\$))?d$/.exec(p);
    if (m === null) return undefined;
    ranges.push([m[1] as string, m[2] ?? (m[1] as string)]);
  }
  if (ranges.length === 0) return undefined;
  const lines = linesOf(text);
  const at = (v: string): number => (v === '$' ? lines.length : Number(v));
  return lines.filter((_, i) => !ranges.some(([a, b]) => i + 1 >= at(a) && i + 1 <= at(b))).join('');
}

/** A quiet sed script that prints the lines from one pattern's match to the next's: `/A/,/B/p` (both ends printed) or
 * `/A/,/B/{//!p}` (the lines between them: `//` is the boundary pattern just tried). Undefined for any other script,
 * or a pattern RE2 does not take. */
function patternRange(script: string, text: string, extended: boolean): string | undefined {
  const m =
    /^\s*\/((?:[^/\\]|\\.)*)\/\s*,\s*\/((?:[^/\\]|\\.)*)\/\s*(p|\{\s*p\s*;?\s*\}|\{\s*\/\/\s*!\s*p\s*;?\s*\})\s*$/.exec(
      script,
    );
  if (m === null) return undefined;
  const compile = (p: string): RE2JS | undefined => {
    const source = posixToRe2(p, extended);
    try {
      return source === undefined ? undefined : RE2JS.compile(source);
    } catch {
      return undefined;
    }
  };
  const start = compile(m[1] as string);
  const stop = compile(m[2] as string);
  if (start === undefined || stop === undefined) return undefined;
  const inner = (m[3] as string).includes('!');
  let out = '';
  let inside = false;
  for (const withEnd of linesOf(text)) {
    const line = withEnd.replace(/\n$/, '');
    if (!inside) {
      if (!start.matcher(line).find()) continue;
      inside = true;
      if (!inner) out += `${line}\n`;
      continue;
    }
    const ends = stop.matcher(line).find();
    if (!inner || !ends) out += `${line}\n`;
    if (ends) inside = false;
  }
  return out;
}

/** paste's delimiter list as it reads it: `\n`, `\t`, `\\` and `\0` (no delimiter) escapes, each entry one character. */
function pasteDelimiters(list: string): string[] | undefined {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const c = list[i] as string;
    if (c !== '\\') {
      out.push(c);
      continue;
    }
    const n = list[++i];
    if (n === 'n') out.push('\n');
    else if (n === 't') out.push('\t');
    else if (n === '\\') out.push('\\');
    else if (n === '0') out.push('');
    else return undefined;
  }
  // An empty list joins with nothing (GNU paste: `paste -sd ''`).
  return out.length === 0 ? [''] : out;
}

/**
 * `paste -s [-d LIST] [FILE|-]`: the lines of one known text joined by the delimiters in turn (a tab by default),
 * with one line end; `paste FILE` of one text prints it as it is. Several files (columns side by side) are unknown:
 * the joined words of a list the session wrote (`paste -sd ' ' words.txt | sh`) are the command a shell runs.
 */
export function pasteOutput(
  args: readonly string[],
  _static: boolean,
  stdin: string | undefined,
  file: Read,
): string | undefined {
  let serial = false;
  let delims = ['\t'];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    let value: string | undefined;
    if (a === '--serial') serial = true;
    else if (a === '-d' || a === '--delimiters') value = args[++i];
    else if (a.startsWith('--delimiters=')) value = a.slice(13);
    else if (/^-[sz]*d/.test(a) && a !== '-') {
      // `-sd ' '`, `-sd,`: -s and -d combined, the list attached or the next word.
      if (a.includes('z')) return undefined;
      serial ||= a.slice(1, a.indexOf('d')).includes('s');
      value = a.slice(a.indexOf('d') + 1) || args[++i];
    } else if (a === '-s') serial = true;
    else if (a.startsWith('-') && a !== '-') return undefined;
    else {
      operands.push(a);
      continue;
    }
    if (value !== undefined) {
      const d = pasteDelimiters(value);
      if (d === undefined) return undefined;
      delims = d;
    }
  }
  const text = singleInput(operands, stdin, file);
  if (text === undefined) return undefined;
  if (!serial) return text;
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  let out = lines[0] ?? '';
  for (let i = 1; i < lines.length; i++) out += (delims[(i - 1) % delims.length] as string) + lines[i];
  return `${out}\n`;
}

/**
 * `perl -pe 's/a/b/' f` (and `-p -e`, `-lpe`): each line of its input with the substitutions applied, as `perl -pi`
 * leaves a file (sed-script.ts reads the same `s///`); any other program or option leaves the output unknown.
 */
export function perlFilterOutput(
  args: readonly string[],
  _static: boolean,
  stdin: string | undefined,
  file: Read,
): string | undefined {
  let p = false;
  const scripts: string[] = [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const cluster = /^-([lpe]+)$/.exec(a);
    if (cluster !== null) {
      p ||= cluster[1]!.includes('p');
      if (cluster[1]!.includes('e')) {
        if (!cluster[1]!.endsWith('e') || args[i + 1] === undefined) return undefined;
        scripts.push(args[++i]!);
      }
    } else if (a.startsWith('-') && a !== '-') return undefined;
    else operands.push(a);
  }
  if (!p || scripts.length === 0) return undefined;
  const edits = scriptEdits(scripts, 'perl');
  if (edits.length === 0) return undefined;
  const text = singleInput(operands, stdin, file);
  return text === undefined ? undefined : applySed(text, edits, 'unchanged');
}

/** `tac [FILE]` (round 13): the lines of a text it knows, last first; an option is unknown. */
export function tacOutput(args: readonly string[], _static: boolean, stdin: string | undefined, file: Read) {
  if (args.some((a) => a.startsWith('-') && a !== '-')) return undefined;
  const text = singleInput(args, stdin, file);
  if (text === undefined) return undefined;
  const lines = linesOf(text).map((l) => (l.endsWith('\n') ? l : `${l}\n`));
  return lines.reverse().join('');
}

/** `fold [-b] -w N [FILE]` of printable ASCII: each line cut every N characters (a tab, backspace or carriage return,
 * which move the column otherwise, and -s, which breaks at blanks, are unknown). */
export function foldOutput(args: readonly string[], _static: boolean, stdin: string | undefined, file: Read) {
  let width = 80;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const w =
      a === '-w' || a === '--width'
        ? args[++i]
        : /^-w\d+$/.test(a)
          ? a.slice(2)
          : a.startsWith('--width=')
            ? a.slice(8)
            : undefined;
    if (w !== undefined) {
      if (!/^\d{1,5}$/.test(w) || Number(w) === 0) return undefined;
      width = Number(w);
    } else if (a === '-b' || a === '--bytes') continue;
    else if (a.startsWith('-') && a !== '-') return undefined;
    else operands.push(a);
  }
  const text = singleInput(operands, stdin, file);
  if (text === undefined || !/^[\x20-\x7e\n]*$/.test(text)) return undefined;
  return linesOf(text)
    .map((line) => {
      const end = line.endsWith('\n') ? '\n' : '';
      const body = end === '' ? line : line.slice(0, -1);
      const parts: string[] = [];
      for (let at = 0; at < body.length; at += width) parts.push(body.slice(at, at + width));
      return parts.length === 0 ? end : parts.join('\n') + end;
    })
    .join('');
}

/** `uniq [IN]` (round 13): adjacent repeated lines once; an option or an OUT operand (it writes there) is unknown. */
export function uniqOutput(args: readonly string[], _static: boolean, stdin: string | undefined, file: Read) {
  if (args.length > 1 || args.some((a) => a.startsWith('-') && a !== '-')) return undefined;
  const text = singleInput(args, stdin, file);
  if (text === undefined) return undefined;
  return linesOf(text)
    .filter((l, i, all) => i === 0 || l.replace(/\n$/, '') !== all[i - 1]!.replace(/\n$/, ''))
    .join('');
}

/** `sort [-r] [-u] [FILE]` (round 13): the lines of a text it knows in byte order (the C locale's; another locale may
 * order them otherwise: the stricter reading takes the plain one); another option is unknown. */
export function sortOutput(args: readonly string[], _static: boolean, stdin: string | undefined, file: Read) {
  const operands: string[] = [];
  let reverse = false;
  let unique = false;
  for (const a of args) {
    if (/^-[ru]+$/.test(a)) {
      reverse ||= a.includes('r');
      unique ||= a.includes('u');
    } else if (a.startsWith('-') && a !== '-') return undefined;
    else operands.push(a);
  }
  const text = singleInput(operands, stdin, file);
  if (text === undefined) return undefined;
  let lines = linesOf(text).map((l) => l.replace(/\n$/, ''));
  if (lines.at(-1) === '') lines.pop();
  lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (reverse) lines.reverse();
  if (unique) lines = lines.filter((l, i) => i === 0 || l !== lines[i - 1]);
  return lines.map((l) => `${l}\n`).join('');
}

/** `xargs` with no command (it runs echo, round 13): the words it reads, on one line, when they hold no quote or
 * backslash (xargs' own quoting is not read here) and are few. */
export function xargsEchoOutput(args: readonly string[], _static: boolean, stdin: string | undefined) {
  if (args.length > 0 || stdin === undefined || /['"\\]/.test(stdin)) return undefined;
  const words = stdin.split(/[ \t\n]+/).filter((w) => w !== '');
  return words.length > 64 ? undefined : `${words.join(' ')}\n`;
}

/** `expr substr S POS LEN`, `expr length S` and `expr S : REGEX` (a BRE anchored at the start: the first group's text,
 * else the length matched) of literal words (round 13); anything else is unknown. */
export function exprOutput(args: readonly string[], allStatic: boolean) {
  if (!allStatic) return undefined;
  if (args.length === 4 && args[0] === 'substr') {
    const [, text, pos, len] = args as [string, string, string, string];
    if (!/^\d{1,6}$/.test(pos) || !/^\d{1,6}$/.test(len)) return undefined;
    return `${text.slice(Number(pos) - 1, Number(pos) - 1 + Number(len))}\n`;
  }
  if (args.length === 2 && args[0] === 'length') return `${(args[1] as string).length}\n`;
  if (args.length === 3 && args[1] === ':') {
    const re = posixToRe2(args[2] as string, false);
    if (re === undefined) return undefined;
    let m: ReturnType<ReturnType<typeof RE2JS.compile>['matcher']>;
    try {
      m = RE2JS.compile(`^(?:${re})`).matcher(args[0] as string);
    } catch {
      return undefined;
    }
    if (!m.find()) return /\\\(/.test(args[2] as string) ? '\n' : '0\n';
    return m.groupCount() >= 1 ? `${m.group(1) ?? ''}\n` : `${(m.group(0) ?? '').length}\n`;
  }
  return undefined;
}
