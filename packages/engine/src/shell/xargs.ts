// xargs fed a literal (`echo dist | xargs rm -rf`, `printf 'a\nb\n' | xargs -n1 rm`, `xargs -I{} rm {} <<< .`): the
// commands it runs, with the input's words appended or put in place of the replacement string, as GNU xargs reads
// them (blanks and newlines split, quotes and backslashes group; -I/-i/--replace one line per run; -0, -d; -n, -L).
import type { Flag } from './types.js';
import { syntheticWord, type ShellWord } from './words.js';

/** More runs than this and the commands are left as they are today (targets unknown): a bound for hostile input. */
export const MAX_XARGS_RUNS = 64;

const flagValue = (flags: readonly Flag[], ...names: string[]): string | undefined => {
  let value: string | undefined;
  for (const f of flags) if (names.includes(f.name)) value = f.value ?? '';
  return value;
};

/** The delimiter of `-d`: one character, or an escape (`\n`, `\t`, `\0`, `\\`). */
function delimiter(text: string): string | undefined {
  const escapes: Record<string, string> = { '\\n': '\n', '\\t': '\t', '\\0': '\0', '\\\\': '\\' };
  if (text.length === 1) return text;
  return escapes[text];
}

/** Blank-and-newline separated items, quotes and backslashes grouping; undefined on an unterminated quote. Also
 * how git splits an alias body into words. */
export function splitWords(input: string): string[] | undefined {
  const items: string[] = [];
  let current: string | undefined;
  for (let i = 0; i < input.length; i++) {
    const c = input[i] as string;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (current !== undefined) items.push(current);
      current = undefined;
    } else if (c === "'" || c === '"') {
      const close = input.indexOf(c, i + 1);
      const line = input.indexOf('\n', i + 1);
      if (close === -1 || (line !== -1 && line < close)) return undefined; // xargs: unmatched quote
      current = (current ?? '') + input.slice(i + 1, close);
      i = close;
    } else if (c === '\\' && i + 1 < input.length) {
      current = (current ?? '') + input[++i];
    } else current = (current ?? '') + c;
  }
  if (current !== undefined) items.push(current);
  return items;
}

/** Split into groups of `size` (the last may be shorter). */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The word lists of the commands `xargs FLAGS COMMAND…` runs when its input is `stdin`, or undefined when that cannot
 * be known exactly (input from a file with -a, more than MAX_XARGS_RUNS runs, a quote left open). `origin` is the
 * xargs word: the words made from the input span it.
 */
export function xargsRuns(
  flags: readonly Flag[],
  command: readonly ShellWord[],
  stdin: string,
  origin: ShellWord,
): ShellWord[][] | undefined {
  if (flags.some((f) => f.name === '-a' || f.name === '--arg-file')) return undefined;
  const words = command.length > 0 ? command : [syntheticWord('echo', origin.pos, origin.end)];
  const make = (value: string): ShellWord => syntheticWord(value, origin.pos, origin.end);
  const eof = flagValue(flags, '-E', '--eof');
  const replace = flags.some((f) => f.name === '-i' || f.name === '-I' || f.name === '--replace')
    ? flagValue(flags, '-I', '-i', '--replace') || '{}'
    : undefined;
  const nul = flags.some((f) => f.name === '-0' || f.name === '--null');
  const insertAt = flagValue(flags, '-J');
  const delim = nul ? '\0' : flagValue(flags, '-d', '--delimiter');
  let input = stdin;
  if (eof !== undefined && eof !== '' && delim === undefined) {
    // The logical end of input: a line holding only the EOF string ends what is read.
    const at = input.split('\n').indexOf(eof);
    if (at !== -1) input = input.split('\n').slice(0, at).join('\n');
  }

  let runs: string[][];
  if (replace !== undefined) {
    // One run per input line (leading blanks dropped, empty lines skipped), the line put in place of the string.
    const lines = delim !== undefined ? input.split(delimiter(delim) ?? '\n') : input.split('\n');
    const items = lines.map((l) => (delim === undefined ? l.replace(/^[ \t]+/, '') : l)).filter((l) => l !== '');
    if (delim === undefined && items.some((l) => /["'\\]/.test(l))) return undefined;
    if (items.length > MAX_XARGS_RUNS) return undefined;
    return items.map((item) =>
      words.map((w) => (w.value.includes(replace) ? make(w.value.split(replace).join(item)) : w)),
    );
  }
  let items: string[] | undefined;
  if (delim !== undefined) {
    const d = delimiter(delim);
    if (d === undefined) return undefined;
    items = input.split(d);
    if (items[items.length - 1] === '') items.pop();
  } else items = splitWords(input);
  if (items === undefined) return undefined;
  const maxArgs = Number(flagValue(flags, '-n', '--max-args') ?? 0);
  const maxLines = flagValue(flags, '-L', '--max-lines', '-l');
  if (maxLines !== undefined && delim === undefined) {
    // -L N: the words of N non-empty lines per run.
    const lines = input.split('\n').filter((l) => l.trim() !== '');
    const perRun = Number(maxLines || 1);
    if (!(perRun > 0)) return undefined;
    const grouped: string[][] = [];
    for (const group of chunks(lines, perRun)) {
      const groupItems = splitWords(group.join('\n'));
      if (groupItems === undefined) return undefined;
      grouped.push(groupItems);
    }
    runs = grouped;
  } else runs = maxArgs > 0 ? chunks(items, maxArgs) : [items];
  // With no input at all GNU xargs still runs the command once (unless -r).
  if (runs.length === 0 || (runs.length === 1 && runs[0]?.length === 0)) {
    if (flags.some((f) => f.name === '-r' || f.name === '--no-run-if-empty')) return [];
    runs = [[]];
  }
  if (runs.length > MAX_XARGS_RUNS) return undefined;
  // BSD -J R: the input words go where the word R stands (once), instead of at the end.
  const at = insertAt === undefined ? -1 : words.findIndex((w) => w.value === insertAt);
  if (at !== -1) return runs.map((run) => [...words.slice(0, at), ...run.map(make), ...words.slice(at + 1)]);
  return runs.map((run) => [...words, ...run.map(make)]);
}
