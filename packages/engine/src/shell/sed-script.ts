import type { SimpleCommand } from './types.js';
import { COMPUTED_PIECE } from './computed-piece.js';
import { substituteLines, substitutePerlLines } from './sed-regex.js';
// `sed -i 's/old/new/' f` (and `perl -pi -e 's/…/…/' f`) on a file whose text is known (the ledger's, or one written
// earlier in the call): its substitutions are applied to the known text, literal ones as text and regex ones through
// RE2 (sed-regex.ts); any other script leaves the text unknown, with the replacement text kept as a piece (what it
// puts into the file).

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

/** The effect names (`via`) of the in-place editors whose substitutions are applied to a known text. */
export const EDITS_IN_PLACE: ReadonlySet<string> = new Set(['sed -i', 'perl -i', 'ruby -i']);

/**
 * The substitutions of an in-place edit, each with its dialect, when the whole script is `s` commands (sed), or when
 * a `perl -p -i` script is (`-0` slurps the file and ruby's code is not s///: none). [] when not read: the file's text
 * then becomes unknown — never kept as it was, since a stale text could make a later run of it look harmless.
 */
export function inPlaceEdits(
  command: Pick<SimpleCommand, 'program' | 'flags' | 'positionals'> & Partial<Pick<SimpleCommand, 'unknown'>>,
): SedEdit[] {
  const has = (...names: string[]): boolean => command.flags.some((f) => names.includes(f.name));
  let scripts: string[];
  let dialect: SedEdit['dialect'];
  if (command.program === 'sed') {
    if (has('-f', '--file')) return [];
    scripts = sedScripts(command);
    dialect = has('-E', '-r', '--regexp-extended') ? 'extended' : 'basic';
  } else if (command.program === 'perl' && has('-p') && !has('-0', '-n')) {
    scripts = command.flags.flatMap((f) =>
      (f.name === '-e' || f.name === '-E') && f.value !== undefined ? [f.value] : [],
    );
    dialect = 'perl';
  } else return [];
  return scriptEdits(scripts, dialect);
}

/**
 * The substitutions of scripts that are `s` commands only, read in a dialect (an in-place edit's, or `perl -pe`'s as
 * a filter: filter-output.ts); [] when any part is not read.
 */
export function scriptEdits(scripts: readonly string[], dialect: NonNullable<SedEdit['dialect']>): SedEdit[] {
  const edits: SedEdit[] = [];
  for (const script of scripts) {
    const { edits: read, rest } = parseEdits(script);
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
  return parseEdits(script).edits;
}

/** The `s` commands read, and what is left of the script after them (unread: not an `s` command). */
function parseEdits(script: string): { edits: SedEdit[]; rest: string } {
  const out: SedEdit[] = [];
  let i = 0;
  while (i < script.length) {
    while (i < script.length && /[\s;]/.test(script[i]!)) i++;
    if (script[i] !== 's' || i + 1 >= script.length) break;
    const d = script[i + 1]!;
    const parts: string[] = [];
    let j = i + 2;
    let current = '';
    while (j < script.length && parts.length < 2) {
      const c = script[j]!;
      if (c === '\\' && j + 1 < script.length) {
        current += script[j + 1] === d ? d : c + script[j + 1];
        j += 2;
        continue;
      }
      if (c === d) {
        parts.push(current);
        current = '';
      } else current += c;
      j++;
    }
    if (parts.length < 2) break;
    let flags = '';
    while (j < script.length && /[a-zA-Z0-9]/.test(script[j]!)) flags += script[j++];
    const [pattern, replacement] = parts as [string, string];
    const literal = !/[\\^$.*[\]+?(){}|]/.test(pattern) && !/[\\&]/.test(replacement);
    out.push({ from: literal ? pattern : undefined, to: replacement, all: flags.includes('g'), pattern, flags });
    i = j;
  }
  return { edits: out, rest: script.slice(i) };
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
