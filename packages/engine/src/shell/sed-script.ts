import type { SimpleCommand } from './types.js';
import { COMPUTED_PIECE } from './computed-piece.js';
import { substituteLines, substitutePerlLines } from './sed-regex.js';
import { runSed } from './sed-run.js';
// `sed -i SCRIPT f` (and `perl -pi -e 's/…/…/' f`) on a file whose text is known (the ledger's, or one written
// earlier in the call): the script is applied to the known text — sed's s, a, i, c, d, p and blocks, with line, `$`
// and /regex/ addresses (sed-run.ts), Perl's substitutions line by line; regexes through RE2 (sed-regex.ts). A script
// not read whole, or a command that finds no line, leaves the text unknown: what the edit puts into the file (the
// text of a/i/c, a replacement as it reads in the file) is then kept as a piece, after the text known before.

export interface SedEdit {
  /** The literal text replaced, when the pattern has no regex meaning; undefined otherwise. */
  readonly from: string | undefined;
  readonly to: string;
  readonly all: boolean;
  /** The command as written, for a filter that applies a regex (sed-regex.ts). */
  readonly pattern: string;
  readonly flags: string;
  /** How a regex pattern reads, for an in-place edit (inPlaceEdits): sed's basic or extended regex, or Perl's. */
  readonly dialect?: 'basic' | 'extended' | 'perl';
}

/** The effect names (`via`) of the in-place editors whose scripts are applied to a known text. */
export const EDITS_IN_PLACE: ReadonlySet<string> = new Set(['sed -i', 'perl -i', 'ruby -i']);

export type SedDialect = NonNullable<SedEdit['dialect']>;

/** Where a sed command applies: a line number, the last line (`$`), or the lines a regex matches (`/re/`, `\%re%`,
 * `I` for case-blind). */
export type SedAddress =
  | { readonly kind: 'line'; readonly line: number }
  | { readonly kind: 'last' }
  | { readonly kind: 'regex'; readonly pattern: string; readonly caseless: boolean };

/** One command of a sed script as read: its address or range, `!`, and what it holds. */
export interface SedCommand {
  readonly from: SedAddress | undefined;
  readonly to: SedAddress | undefined;
  readonly negated: boolean;
  /** `s`, `a`, `i`, `c`, `d`, `p`, or `{` (a block). */
  readonly name: string;
  /** The text of `a`, `i` and `c`, its escapes read (GNU: `\t` a tab, `\n` a newline), without its final newline. */
  readonly text?: string;
  readonly edit?: SedEdit;
  readonly block?: readonly SedCommand[];
}

/** A script as read: the commands read, in order, and whether that is the whole script. */
export interface SedProgram {
  readonly commands: readonly SedCommand[];
  readonly whole: boolean;
}

/** An in-place edit as its command gives it: its script (Perl's as `s` commands), dialect and `-n`. */
export interface InPlaceEdit {
  /** Undefined when the edit is not read at all (a script file, ruby's code, `-z`, perl's `-0`/`-n`). */
  readonly dialect: SedDialect | undefined;
  readonly program: SedProgram;
  readonly quiet: boolean;
}

/** At most this many commands of a script are read (the rest leaves the script not read whole). */
export const SED_COMMAND_LIMIT = 64;

type EditCommand = Pick<SimpleCommand, 'program' | 'flags' | 'positionals'> & Partial<Pick<SimpleCommand, 'unknown'>>;

const NOT_READ: InPlaceEdit = { dialect: undefined, program: { commands: [], whole: false }, quiet: false };

/**
 * The edit of `sed -i` (gsed too) or `perl -p -i`: sed's -e scripts are one script, joined by newlines as sed joins
 * them (`-e 'a\' -e 'text'`). NOT_READ for a script in a file, NUL-separated records (`-z`), Perl reading other than
 * line by line (`-0`, `-n`) and ruby's code: the file's text then becomes unknown — never kept whole as it was, since
 * a stale text could make a later run of it look harmless.
 */
export function inPlaceEdit(command: EditCommand): InPlaceEdit {
  const has = (...names: string[]): boolean => command.flags.some((f) => names.includes(f.name));
  if (command.program === 'sed' || command.program === 'gsed') {
    if (has('-f', '--file', '-z', '--null-data')) return NOT_READ;
    const dialect = has('-E', '-r', '--regexp-extended') ? 'extended' : 'basic';
    const program = parseSed(sedScripts(command).join('\n'));
    return { dialect, program, quiet: has('-n', '--quiet', '--silent') };
  }
  if (command.program === 'perl' && has('-p') && !has('-0', '-n')) {
    const scripts = command.flags.flatMap((f) =>
      (f.name === '-e' || f.name === '-E') && f.value !== undefined ? [f.value] : [],
    );
    const commands: SedCommand[] = [];
    let whole = scripts.length > 0;
    for (const script of scripts) {
      const { edits, rest } = parseEdits(script, true);
      whole &&= edits.length > 0 && /^[\s;]*$/.test(rest);
      for (const edit of edits)
        commands.push({
          from: undefined,
          to: undefined,
          negated: false,
          name: 's',
          edit: { ...edit, from: undefined },
        });
    }
    return { dialect: 'perl', program: { commands, whole }, quiet: false };
  }
  return NOT_READ;
}

/**
 * The text an in-place edit leaves in a file whose text was `text`; undefined when the script is not read whole, or
 * when one of its commands finds no line (a pattern not found, an address past the end: the file may have changed
 * since the session knew it).
 */
export function applyInPlace(text: string, edit: InPlaceEdit): string | undefined {
  const { dialect, program } = edit;
  if (dialect === undefined || !program.whole || program.commands.length === 0) return undefined;
  if (dialect === 'perl')
    return applySed(
      text,
      program.commands.flatMap((c) => (c.edit === undefined ? [] : [{ ...c.edit, dialect }])),
    );
  return runSed(text, program.commands, { extended: dialect === 'extended', quiet: edit.quiet });
}

/**
 * What an in-place edit puts into a file, one piece per command that adds text: the text of `a`, `i` and `c`, and each
 * substitution's replacement as it reads in the file (sed's `\n` a newline and `\t` a tab, Perl's `$1` and `\$`): a
 * task runner reading the file later runs what they hold. The matched text a replacement puts back (`&`, `\1`, `$1`)
 * is known only as far as its pattern spells it (`^(publish-previews:.*)$` gives `publish-previews:`), the rest is a
 * computed piece. Commands read before a part that is not read count too.
 */
export function inPlacePieces(edit: InPlaceEdit): string[] {
  const dialect = edit.dialect ?? 'basic';
  const out: string[] = [];
  const visit = (commands: readonly SedCommand[]): void => {
    for (const c of commands) {
      if (c.block !== undefined) visit(c.block);
      const piece = c.text ?? (c.edit === undefined ? undefined : replacementPiece(c.edit, dialect));
      if (piece !== undefined && piece !== '') out.push(piece);
    }
  };
  visit(edit.program.commands);
  return out;
}

/**
 * The substitutions of scripts that are `s` commands only, read in a dialect (an in-place edit's, or `perl -pe`'s as
 * a filter: filter-output.ts); [] when any part is not read.
 */
export function scriptEdits(scripts: readonly string[], dialect: SedDialect): SedEdit[] {
  const edits: SedEdit[] = [];
  for (const script of scripts) {
    const { edits: read, rest } = parseEdits(script, dialect === 'perl');
    // Every command of the script must be read: a `1d` or a `print` left out would leave a text that is not the file's.
    if (read.length === 0 || !/^[\s;]*$/.test(rest)) return [];
    edits.push(...read.map((e) => ({ ...e, ...(dialect === 'perl' ? { from: undefined } : {}), dialect })));
  }
  return edits;
}

/** The sed scripts of a `sed -i` command: its -e/--expression values, else its first positional. */
export function sedScripts(
  command: Pick<SimpleCommand, 'flags' | 'positionals'> & Partial<Pick<SimpleCommand, 'unknown'>>,
): string[] {
  const scripts: string[] = [];
  const unknown = command.unknown ?? [];
  for (const flag of command.flags)
    if ((flag.name === '-e' || flag.name === '--expression') && flag.value !== undefined)
      scripts.push(
        unknown.some((u) => u.role === 'option' && u.value === flag.value) ? computed(flag.value) : flag.value,
      );
  const first = command.positionals[0];
  if (scripts.length === 0 && first !== undefined)
    scripts.push(unknown.some((u) => u.role === 'positional' && u.index === 0) ? computed(first) : first);
  return scripts;
}

/**
 * A script word the shell expands with a value not known (`"s/__TOKEN__/${NPM_TOKEN}/"`): what is left of an
 * expansion in it is a value computed at run time, not the `${NPM_TOKEN}` text a tool would expand itself (npm reads
 * `${NPM_TOKEN}` in .npmrc from its environment: written literally, it is the honest form).
 */
function computed(script: string): string {
  return script.replace(/\$(?:\{[^}]*\}|\([^)]*\)|[A-Za-z_]\w*|[0-9@*#?$!-])/g, COMPUTED_PIECE);
}

/** The `s` commands of a sed script: `s/a/b/g`, any delimiter, `;`-separated. Unreadable parts are left out. */
export function sedEdits(script: string): SedEdit[] {
  return parseEdits(script, false).edits;
}

/** The `s` commands read, and what is left of the script after them (unread: not an `s` command). Perl's take a
 * bracketing delimiter too (`s{…}{…}`, `s(…)(…)`, `s<…><…>`, `s[…][…]`). */
export function parseEdits(script: string, perl: boolean): { edits: SedEdit[]; rest: string } {
  const out: SedEdit[] = [];
  let i = 0;
  while (i < script.length) {
    while (i < script.length && /[\s;]/.test(script[i]!)) i++;
    const read = script[i] === 's' ? readSubstitution(script, i, perl) : undefined;
    if (read === undefined) break;
    out.push(read.edit);
    i = read.end;
  }
  return { edits: out, rest: script.slice(i) };
}

/** Perl's bracketing delimiters: each opener and its closer. */
const CLOSERS: Readonly<Record<string, string>> = { '{': '}', '(': ')', '<': '>', '[': ']' };

/** The `s` command at `at` (script[at] is `s`): its edit and where it ends (after its flags); undefined if not read. */
function readSubstitution(script: string, at: number, perl: boolean): { edit: SedEdit; end: number } | undefined {
  const d = script[at + 1];
  if (d === undefined || d === '\n' || d === '\\' || (perl && /[\w\s]/.test(d))) return undefined;
  const first = readDelimited(script, at + 2, d, perl);
  if (first === undefined) return undefined;
  let j = first.end;
  if (perl && CLOSERS[d] !== undefined) {
    // `s{a} {b}`, `s{a}/b/`: the replacement has delimiters of its own, after optional blanks.
    while (j < script.length && /\s/.test(script[j]!)) j++;
    const e = script[j];
    if (e === undefined || /[\w\s\\]/.test(e)) return undefined;
    j++;
  }
  const second = readDelimited(script, j, perl ? (script[j - 1] as string) : d, perl);
  if (second === undefined) return undefined;
  j = second.end;
  let flags = '';
  while (j < script.length && /[a-zA-Z0-9]/.test(script[j]!)) flags += script[j++];
  const pattern = first.text;
  const replacement = second.text;
  const literal = !/[\\^$.*[\]+?(){}|]/.test(pattern) && !/[\\&]/.test(replacement);
  return {
    edit: { from: literal ? pattern : undefined, to: replacement, all: flags.includes('g'), pattern, flags },
    end: j,
  };
}

/**
 * The text from `from` up to the delimiter `d` — for Perl's brackets, up to its closer, nested pairs inside: an escaped
 * delimiter is the delimiter itself (an escaped bracket stays escaped: a literal bracket in the regex either way),
 * other escapes stay as written. sed's part ends at a newline not escaped (unterminated: not read).
 */
function readDelimited(
  script: string,
  from: number,
  d: string,
  perl: boolean,
): { text: string; end: number } | undefined {
  const close = perl ? (CLOSERS[d] ?? d) : d;
  let depth = 0;
  let text = '';
  for (let j = from; j < script.length; j++) {
    const c = script[j]!;
    if (c === '\\' && j + 1 < script.length) {
      const n = script[++j]!;
      text += n === close && close === d ? n : c + n;
    } else if (c === close && depth === 0) return { text, end: j + 1 };
    else if (c === '\n' && !perl) return undefined;
    else {
      if (close !== d && c === d) depth++;
      else if (close !== d && c === close) depth--;
      text += c;
    }
  }
  return undefined;
}

/** A whole sed script read (parseSed), up to the first part it does not read. */
export function parseSed(script: string): SedProgram {
  const reader = new ScriptReader(script);
  const commands = reader.commands(false);
  return { commands, whole: !reader.stopped };
}

/** Reads a sed script as GNU sed does: commands separated by `;` or newlines, `#` comments, `{…}` blocks. */
class ScriptReader {
  private at = 0;
  private count = 0;
  /** Set at the first part not read: everything after it is left out, and the script is not read whole. */
  stopped = false;

  constructor(private readonly script: string) {}

  /** The commands up to the end of the script, or of the block being read (its `}`). */
  commands(inBlock: boolean): SedCommand[] {
    const out: SedCommand[] = [];
    const s = this.script;
    while (!this.stopped) {
      while (this.at < s.length && /[\s;]/.test(s[this.at]!)) this.at++;
      const c = s[this.at];
      if (c === undefined || c === '}') {
        // The end of the script closes no block; a `}` closes only one.
        if ((c === undefined) === inBlock) this.stopped = true;
        this.at++;
        return out;
      }
      if (c === '#') {
        while (this.at < s.length && s[this.at] !== '\n') this.at++;
        continue;
      }
      if (++this.count > SED_COMMAND_LIMIT) this.stopped = true;
      else this.command(out);
    }
    return out;
  }

  /** One command, pushed to `out` when read (an `s` whose end is not read is kept, then reading stops). */
  private command(out: SedCommand[]): void {
    const s = this.script;
    const from = this.address();
    let to: SedAddress | undefined | null;
    this.blanks();
    if (from !== undefined && from !== null && s[this.at] === ',') {
      this.at++;
      this.blanks();
      to = this.address() ?? null;
    }
    this.blanks();
    const negated = s[this.at] === '!';
    if (negated) {
      this.at++;
      this.blanks();
    }
    const name = s[this.at] ?? '';
    if (from === null || to === null || !'saicdp{'.includes(name) || name === '') {
      this.stopped = true;
      return;
    }
    const base = { from, to, negated, name };
    if (name === '{') {
      this.at++;
      out.push({ ...base, block: this.commands(true) });
      return;
    }
    if (name === 'a' || name === 'i' || name === 'c') {
      this.at++;
      const text = this.text();
      if (text === undefined) this.stopped = true;
      else out.push({ ...base, text });
      return;
    }
    if (name === 's') {
      const read = readSubstitution(s, this.at, false);
      if (read === undefined) {
        this.stopped = true;
        return;
      }
      out.push({ ...base, edit: read.edit });
      this.at = read.end;
    } else {
      out.push(base);
      this.at++;
    }
    // What may follow a command: a separator, a comment, a block's end, or the end of the script.
    this.blanks();
    if (this.at < s.length && !/[;\n}#]/.test(s[this.at]!)) this.stopped = true;
  }

  private blanks(): void {
    while (this.at < this.script.length && /[ \t]/.test(this.script[this.at]!)) this.at++;
  }

  /** An address: undefined when there is none, null when there is one that is not read (`0,/re/`, `1~2`, `//`, `M`). */
  private address(): SedAddress | undefined | null {
    const s = this.script;
    const c = s[this.at];
    const number = /^\d+/.exec(s.slice(this.at, this.at + 12));
    if (number !== null) {
      this.at += number[0].length;
      const line = Number(number[0]);
      return line === 0 || s[this.at] === '~' ? null : { kind: 'line', line };
    }
    if (c === '$') {
      this.at++;
      return { kind: 'last' };
    }
    if (c === '+' || c === '~') return null;
    if (c !== '/' && c !== '\\') return undefined;
    const d = c === '/' ? '/' : s[this.at + 1];
    if (d === undefined || d === '\n' || d === '\\') return null;
    const read = readDelimited(s, this.at + (c === '/' ? 1 : 2), d, false);
    // An empty regex is the last one used: not read.
    if (read === undefined || read.text === '') return null;
    this.at = read.end;
    let caseless = false;
    while (s[this.at] === 'I' || s[this.at] === 'M') {
      if (s[this.at] === 'M') return null;
      caseless = true;
      this.at++;
    }
    return { kind: 'regex', pattern: read.text, caseless };
  }

  /**
   * The text of `a`, `i` or `c`, as GNU sed reads it: the one-line form (`a text`, blanks before it skipped), `a\text`
   * (blanks kept), or `a\` and the lines after it, each but the last ending in `\`. Escapes are read (`\t` a tab, `\n`
   * a newline, `\X` X). Undefined when there is no text (GNU: "expected \ after a, c or i").
   */
  private text(): string | undefined {
    const s = this.script;
    this.blanks();
    if (s[this.at] === '\\') {
      this.at++;
      if (s[this.at] === '\n') this.at++;
      // `a\` and nothing after it: GNU sed adds nothing (not read here).
      if (this.at >= s.length) return undefined;
    } else if (s[this.at] === undefined || s[this.at] === '\n') return undefined;
    let out = '';
    while (this.at < s.length) {
      const c = s[this.at++]!;
      if (c === '\n') break;
      if (c !== '\\') out += c;
      else if (this.at < s.length) out += textEscape(s[this.at++]!);
    }
    return out;
  }
}

/** GNU sed's escapes in the text of a/i/c and in a replacement: control characters by letter, any other character
 * as itself (an escaped newline continues the text). */
const textEscape = (c: string): string =>
  c === 'n' ? '\n' : c === 't' ? '\t' : c === 'r' ? '\r' : c === 'f' ? '\f' : c === 'v' ? '\v' : c === 'a' ? '\x07' : c;

/**
 * A replacement as the text it puts into the file: escapes read (sed's as GNU reads them, Perl's as a double-quoted
 * string does), the matched text (`&`, `\1`, `$1`, `$&`) as far as its pattern spells it (knownMatch); a Perl
 * variable interpolated is a computed piece. Perl's `e` flag makes the replacement code: kept as written.
 */
function replacementPiece(edit: SedEdit, dialect: SedDialect): string {
  if (edit.from !== undefined) return edit.to;
  const text = edit.to;
  if (dialect === 'perl' && edit.flags.includes('e')) return text;
  const matched = (group: number): string => knownMatch(edit.pattern, group, dialect, edit.flags);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1] ?? '';
    if (c === '\\' && next !== '') {
      i++;
      // GNU's and Perl's case changes (`\U&`) change letters of what follows, not the text: left out.
      if (/[uUlLEQ]/.test(next)) continue;
      out += dialect !== 'perl' && /\d/.test(next) ? matched(Number(next)) : textEscape(next);
    } else if (dialect !== 'perl' && c === '&') out += matched(0);
    else if (dialect === 'perl' && (c === '$' || c === '@')) {
      const group = c === '$' ? /^(?:(\d+)|\{(\d+)\}|(&))/.exec(text.slice(i + 1)) : null;
      const variable = /^(?:\{\w+\}|\w+|::\w+)(?:\{[^}]*\}|\[[^\]]*\])*/.exec(text.slice(i + 1));
      if (group !== null) {
        out += matched(group[3] !== undefined ? 0 : Number(group[1] ?? group[2]));
        i += group[0].length;
      } else if (variable !== null) {
        out += COMPUTED_PIECE;
        i += variable[0].length;
      } else out += c;
    } else out += c;
  }
  return out;
}

/**
 * The text a pattern's group matches (0: the whole match), as far as the pattern spells it out: its literal characters
 * from the start, up to the first that is not one (`.`, a class, a repeat, a group), then a computed piece for the
 * rest. `^\[tool\.poe\.tasks\]$` is `[tool.poe.tasks]` whole; `^(publish-previews:.*)$` is `publish-previews:` and a
 * computed piece. Case-blind matching, or an alternative anywhere, leaves all of it unknown.
 */
export function knownMatch(pattern: string, group: number, dialect: SedDialect, flags = ''): string {
  const slice = groupSource(pattern, group, dialect);
  if (slice === undefined || /[iIx]/.test(flags)) return COMPUTED_PIECE;
  const basic = dialect === 'basic';
  if (basic ? pattern.includes('\\|') : /(^|[^\\])\|/.test(pattern)) return COMPUTED_PIECE;
  const special = basic ? '.[*^$' : '.[*^$+?{}()|';
  const repeat = (at: number): boolean =>
    basic ? slice[at] === '*' || /^\\[+?{]/.test(slice.slice(at, at + 2)) : /[*+?{]/.test(slice[at] ?? '');
  let out = '';
  // A leading `^` anchors; a trailing `$` too (GNU's basic regex reads it so before `\)` as well).
  let i = slice.startsWith('^') ? 1 : 0;
  while (i < slice.length) {
    const c = slice[i]!;
    let literal: string | undefined;
    let width = 1;
    if (c === '\\') {
      const n = slice[i + 1] ?? '';
      width = 2;
      if (n === 't') literal = '\t';
      else if (n === 'n') literal = '\n';
      else if (n !== '' && !/[A-Za-z0-9]/.test(n) && !(basic && '(){}+?|'.includes(n))) literal = n;
    } else if (c === '$' && i === slice.length - 1) return out;
    else if (!special.includes(c)) literal = c;
    // A literal under a repeat (`ab*`) may be absent or repeated: what is known ends before it.
    if (literal === undefined || repeat(i + width)) return out + COMPUTED_PIECE;
    out += literal;
    i += width;
  }
  return out;
}

/**
 * The source of group `n` of a pattern (0: the whole pattern): sed's basic `\(…\)`, extended and Perl's `(…)` (Perl's
 * `(?:…)` does not count, its named groups do); undefined when there is no such group or when it may match nothing
 * (a repeat after it: `(x)?`).
 */
function groupSource(pattern: string, n: number, dialect: SedDialect): string | undefined {
  if (n === 0) return pattern;
  const basic = dialect === 'basic';
  let count = 0;
  let depth = 0;
  let start = -1;
  let startDepth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '[') {
      // A bracket expression is skipped whole (`[]a]` and `[^]a]` hold a `]` first).
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j++;
      i = j;
      continue;
    }
    const escaped = c === '\\';
    const token = escaped ? (pattern[++i] ?? '') : c;
    if (token === '(' && escaped === basic) {
      depth++;
      const capturing = dialect !== 'perl' || !/^\?(?!<[A-Za-z]|P<|')/.test(pattern.slice(i + 1));
      if (capturing && ++count === n) {
        start = i + 1;
        startDepth = depth;
      }
    } else if (token === ')' && escaped === basic && depth > 0) {
      if (start >= 0 && depth === startDepth) {
        const after = pattern.slice(i + 1, i + 3);
        if (basic ? /^(?:\*|\\[+?{])/.test(after) : /^[*+?{]/.test(after)) return undefined;
        return pattern.slice(start, basic ? i - 1 : i);
      }
      depth--;
    }
  }
  return undefined;
}

/**
 * The text after the edits, when every one is a literal substitution; else undefined. A pattern not found in the text
 * leaves it unknown (`missing: 'unknown'`, for `sed -i` on a file whose text may have changed since), or as it is
 * (`'unchanged'`, what sed prints for a text known whole).
 */
export function applySed(
  text: string,
  edits: readonly SedEdit[],
  missing: 'unknown' | 'unchanged' = 'unknown',
): string | undefined {
  let out: string | undefined = text;
  for (const e of edits) {
    if (e.from === undefined && e.dialect !== undefined && out !== undefined) {
      // A regex edit in place: a pattern that matches nothing leaves the text unknown, as a literal not found does;
      // a filter prints a text known whole as it is.
      const s = { pattern: e.pattern, replacement: e.to, flags: e.flags };
      const next: string | undefined =
        e.dialect === 'perl' ? substitutePerlLines(out, s) : substituteLines(out, s, e.dialect === 'extended');
      if (next === undefined || (next === out && missing === 'unknown')) return undefined;
      out = next;
      continue;
    }
    if (e.from === undefined || out === undefined || (missing === 'unchanged' && e.from === '')) return undefined;
    if (!out.includes(e.from)) {
      if (missing === 'unknown') return undefined;
      continue;
    }
    // sed works line by line: without g, the first match on each line; a literal pattern has no newline.
    out = e.all
      ? out.split(e.from).join(e.to)
      : out
          .split('\n')
          .map((line) => {
            const at = line.indexOf(e.from!);
            return at < 0 ? line : line.slice(0, at) + e.to + line.slice(at + e.from!.length);
          })
          .join('\n');
  }
  return edits.length === 0 ? undefined : out;
}
