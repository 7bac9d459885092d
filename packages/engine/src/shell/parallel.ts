// GNU parallel: the command lines it runs, from its command and its arguments (`::: a b`, several sources combined,
// or the lines of a literal stdin), with the replacement strings put in ({} {.} {/} {//} {/.} {#} {1} {2}…), as a
// shell reads them (parallel runs each line through a shell). At most MAX_PARALLEL_RUNS lines, else unknown.
import type { Flag } from './types.js';
import { shellQuote, type ShellWord } from './words.js';

export const MAX_PARALLEL_RUNS = 64;

export interface ParallelRuns {
  /** The command lines it runs, when its arguments are known. */
  readonly lines: readonly string[] | undefined;
  /** Otherwise the command's words, with the argument placeholders left as written (targets unknown). */
  readonly words: readonly ShellWord[];
  /** The host of -S/--sshlogin when it runs elsewhere. */
  readonly remote: string | undefined;
  /** A computed command word: the lines cannot be known. */
  readonly dynamic: boolean;
}

const SEPARATORS = new Set([':::', '::::', ':::+', '::::+']);
const REPLACEMENT = /\{(\d*)(\.|\/|\/\/|\/\.|#|%)?\}/g;

const withoutExtension = (s: string): string => s.replace(/\.[^./]*$/, '');
const base = (s: string): string => s.slice(s.lastIndexOf('/') + 1);
const dir = (s: string): string => (s.includes('/') ? s.slice(0, s.lastIndexOf('/')) : '.');

/** The text one replacement string stands for, given the run's arguments (one per source). */
function replacement(args: readonly string[], index: string, kind: string | undefined, run: number): string {
  if (kind === '#') return String(run + 1);
  if (kind === '%') return '1';
  const arg = index === '' ? args.join(' ') : (args[Number(index) - 1] ?? '');
  switch (kind) {
    case '.':
      return withoutExtension(arg);
    case '/':
      return base(arg);
    case '//':
      return dir(arg);
    case '/.':
      return withoutExtension(base(arg));
    default:
      return arg;
  }
}

/** Every combination of one argument from each source (GNU parallel's default), bounded. */
function combinations(sources: readonly (readonly string[])[]): string[][] | undefined {
  let out: string[][] = [[]];
  for (const source of sources) {
    const next: string[][] = [];
    for (const prefix of out) for (const arg of source) next.push([...prefix, arg]);
    if (next.length > MAX_PARALLEL_RUNS) return undefined;
    out = next;
  }
  return out;
}

export function parallelRuns(
  flags: readonly Flag[],
  rest: readonly ShellWord[],
  stdin: string | undefined,
  /** The text of an argument file (`:::: f`, `-a f`) the call or the session wrote. */
  file: (path: string) => string | undefined = () => undefined,
): ParallelRuns {
  const hosts = flags.filter((f) => (f.name === '-S' || f.name === '--sshlogin') && f.value !== undefined);
  const host = hosts
    .flatMap((f) => (f.value as string).split(','))
    .map((h) => h.replace(/^\d+\//, ''))
    .find((h) => h !== ':' && h !== '');
  const at = rest.findIndex((w) => SEPARATORS.has(w.value));
  const command = at === -1 ? rest : rest.slice(0, at);
  // -q quotes the command's words for the shell it runs them in (without it, they are joined as they are).
  const quoted = flags.some((f) => f.name === '-q' || f.name === '--quote');
  const template = command.map((w) => (quoted ? shellQuote(w.value) : w.value)).join(' ');
  // --nonall: the command runs once on each host, with no arguments; --pipe (--pipepart, --spreadstdin): once per
  // block of its stdin, which the command reads (`echo … | parallel --pipe sh`), with no arguments either.
  const once = ['--nonall', ...(at === -1 ? ['--pipe', '--pipepart', '--spreadstdin'] : [])];
  if (flags.some((f) => once.includes(f.name)) && command.length > 0) {
    const dynamic = command.some((w) => w.dynamic);
    return { lines: dynamic ? undefined : [template], words: command, remote: host, dynamic };
  }
  const unknown = (): ParallelRuns => ({
    lines: undefined,
    words: command,
    remote: host,
    dynamic: false,
  });
  const linesIn = (text: string): string[] => text.split('\n').filter((l) => l !== '');
  // The argument sources: each -a FILE, each ::: group and each file of a :::: group, or the lines of a literal stdin
  // when there is none. A file not known leaves the runs unknown.
  const sources: string[][] = [];
  for (const f of flags)
    if ((f.name === '-a' || f.name === '--arg-file') && f.value !== undefined) {
      const text = file(f.value);
      if (text === undefined) return unknown();
      sources.push(linesIn(text));
    }
  if (at === -1 && sources.length === 0) {
    if (stdin === undefined) return unknown();
    sources.push(linesIn(stdin));
  } else if (at !== -1) {
    let files = false;
    for (let i = at; i < rest.length; i++) {
      const w = rest[i] as ShellWord;
      if (SEPARATORS.has(w.value)) {
        files = w.value.startsWith('::::');
        sources.push([]);
      } else if (w.dynamic) return unknown();
      else if (!files) (sources[sources.length - 1] as string[]).push(w.value);
      else {
        const text = file(w.value);
        if (text === undefined) return unknown();
        (sources[sources.length - 1] as string[]).push(...linesIn(text));
      }
    }
  }
  const runs = combinations(sources);
  if (runs === undefined) return unknown();
  if (command.some((w) => w.dynamic)) return { lines: undefined, words: command, remote: host, dynamic: true };
  // With no command, each argument is itself the command line.
  if (command.length === 0)
    return { lines: runs.map((args) => args.join(' ')), words: command, remote: host, dynamic: false };
  const placed = REPLACEMENT.test(template);
  REPLACEMENT.lastIndex = 0;
  const lines = runs.map((args, run) =>
    placed
      ? template.replace(REPLACEMENT, (_m, index: string, kind: string | undefined) =>
          shellQuote(replacement(args, index, kind, run)),
        )
      : `${template} ${args.map(shellQuote).join(' ')}`,
  );
  return { lines, words: command, remote: host, dynamic: false };
}
