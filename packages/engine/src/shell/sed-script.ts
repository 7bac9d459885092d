import { substituteLines } from './sed-regex.js';
import type { SimpleCommand } from './types.js';
// `sed -i 's/old/new/' f` on a file whose text is known (the ledger's, or one written earlier in the call): a substitution of literal text is applied to the known text;
// any other script leaves the text unknown, with the replacement text kept as a piece (what it puts into the file).

export interface SedEdit {
  /** The literal text replaced, when the pattern has no regex meaning; undefined otherwise. */
  readonly from: string | undefined;
  readonly to: string;
  readonly all: boolean;
  /** The command as written, for a filter that applies a regex (sed-regex.ts). */
  readonly pattern: string;
  readonly flags: string;
}

/** The sed scripts of a `sed -i` command: its -e/--expression values, else its first positional. */
export function sedScripts(command: Pick<SimpleCommand, 'flags' | 'positionals'>): string[] {
  const scripts: string[] = [];
  for (const flag of command.flags)
    if ((flag.name === '-e' || flag.name === '--expression') && flag.value !== undefined) scripts.push(flag.value);
  if (scripts.length === 0 && command.positionals[0] !== undefined) scripts.push(command.positionals[0]);
  return scripts;
}

/** The `s` commands of a sed script: `s/a/b/g`, any delimiter, `;`-separated. Unreadable parts are left out. */
export function sedEdits(script: string): SedEdit[] {
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
  return out;
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

/**
 * A known text after `sed -i SCRIPT`: literal substitutions as applySed applies them (a pattern not found leaves the
 * text unknown), a regex one (`s/^#//`, `s/^# //`) line by line through RE2 (sed-regex.ts, -E/-r extended). Undefined
 * when the script holds anything but `s` commands, or one of them is not read.
 */
export function sedInPlace(text: string, command: Pick<SimpleCommand, 'flags' | 'positionals'>): string | undefined {
  const extended = command.flags.some((f) => f.name === '-E' || f.name === '-r' || f.name === '--regexp-extended');
  let out: string | undefined = text;
  for (const script of sedScripts(command)) {
    const edits = sedEdits(script);
    if (edits.length === 0 || edits.length !== script.split(/;(?=\s*s)/).length) return undefined;
    for (const e of edits) {
      if (out === undefined) return undefined;
      out =
        e.from !== undefined
          ? applySed(out, [e])
          : substituteLines(out, { pattern: e.pattern, replacement: e.to, flags: e.flags }, extended);
    }
  }
  return out;
}
