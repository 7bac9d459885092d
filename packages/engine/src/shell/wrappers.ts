// Wrappers: programs that run another command (sudo, env, timeout, xargs, bash -c, eval, …). DATA first, then the
// one function that peels them off, outermost first, until the command that actually runs is left.
import { optionSpec, parseArgv, type OptionSpec } from './argv.js';
import { basename } from './paths.js';
import { isComputedName, syntheticWord, type ShellWord } from './words.js';
import { xargsRuns } from './xargs.js';

interface WrapperSpec {
  /** Options that take a value (attached or the next word). */
  readonly options: OptionSpec;
  /** Positionals the wrapper consumes before the command (timeout's DURATION, chrt's priority). */
  readonly skip?: number;
  /** Options that mean no command is run (`command -v git`, `ionice -p 42`): the wrapper is the command. */
  readonly notWhen?: readonly string[];
  /** Options whose value is the directory the command runs in (`sudo -D dir`, `env -C dir`). */
  readonly cwd?: readonly string[];
}

const spec = (value: string[], rest: Omit<WrapperSpec, 'options'> = {}, attached: string[] = []): WrapperSpec => ({
  options: optionSpec(value, attached),
  ...rest,
});

const NPX = spec(['-p', '--package', '-c', '--call', '-w', '--workspace']);

export const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  sudo: spec(
    [
      '-u',
      '--user',
      '-g',
      '--group',
      '-h',
      '--host',
      '-p',
      '--prompt',
      '-C',
      '--close-from',
      '-D',
      '--chdir',
      '-r',
      '--role',
      '-t',
      '--type',
      '-U',
      '--other-user',
      '-T',
      '--command-timeout',
    ],
    {
      notWhen: ['-l', '--list', '-v', '--validate', '-V', '--version', '-K', '--remove-timestamp', '-e', '--edit'],
      cwd: ['-D', '--chdir'],
    },
  ),
  doas: spec(['-u', '-C']),
  env: spec(
    ['-u', '--unset', '-C', '--chdir', '-S', '--split-string', '--default-signal', '--ignore-signal', '--block-signal'],
    { cwd: ['-C', '--chdir'] },
  ),
  timeout: spec(['-s', '--signal', '-k', '--kill-after'], { skip: 1 }),
  nice: spec(['-n', '--adjustment']),
  nohup: spec([]),
  time: spec(['-f', '--format', '-o', '--output']),
  command: spec([], { notWhen: ['-v', '-V'] }),
  builtin: spec([]),
  exec: spec(['-a']),
  xargs: spec(
    [
      '-a',
      '--arg-file',
      '-d',
      '--delimiter',
      '-E',
      '-e',
      '--eof',
      '-I',
      '--replace',
      '-L',
      '--max-lines',
      '-n',
      '--max-args',
      '-P',
      '--max-procs',
      '-s',
      '--max-chars',
      '--process-slot-var',
    ],
    {},
    ['-i', '-l'],
  ),
  watch: spec(['-n', '--interval', '-q', '--equexit', '--differences']),
  stdbuf: spec(['-i', '--input', '-o', '--output', '-e', '--error']),
  ionice: spec(['-c', '--class', '-n', '--classdata'], { notWhen: ['-p', '--pid', '-P', '--pgid', '-u', '--uid'] }),
  chrt: spec(['-T', '--sched-runtime', '-P', '--sched-period', '-D', '--sched-deadline'], {
    skip: 1,
    notWhen: ['-p', '--pid', '-m', '--max'],
  }),
  strace: spec(['-o', '-e', '-p', '-s', '-u', '-E', '-a', '-b', '-I', '-O', '-S', '-X', '-P'], { notWhen: ['-p'] }),
  ltrace: spec(['-o', '-e', '-p', '-s', '-u', '-a', '-n'], { notWhen: ['-p'] }),
  npx: NPX,
  bunx: NPX,
  flock: spec(['-w', '--timeout', '-E', '--conflict-exit-code'], { skip: 1 }),
  caffeinate: spec(['-t', '-w']),
  unbuffer: spec([]),
};

/** Package managers whose `exec`/`dlx` subcommand runs the rest as a command. */
const EXEC_SUBCOMMANDS: Readonly<Record<string, readonly string[]>> = {
  npm: ['exec', 'x'],
  pnpm: ['exec', 'dlx'],
  yarn: ['exec', 'dlx'],
  bun: ['x'],
};

// Maps, not the objects: program names come from user input and must never reach Object.prototype.
const WRAPPER_BY_NAME: ReadonlyMap<string, WrapperSpec> = new Map(Object.entries(WRAPPERS));
const EXEC_BY_NAME: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(EXEC_SUBCOMMANDS));

export const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'busybox-sh']);
const SHELL_OPTIONS = optionSpec(['-o', '+o', '-O', '+O', '--rcfile', '--init-file']);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

const NONE: readonly string[] = Object.freeze([]);

const isWrapperName = (name: string): boolean =>
  name === 'eval' || SHELLS.has(name) || WRAPPER_BY_NAME.has(name) || EXEC_BY_NAME.has(name);

/** True when the word names a wrapper of any kind (a computed name never does: it is judged as it stands). */
function isWrapper(head: ShellWord | undefined): boolean {
  return head !== undefined && !isComputedName(head) && isWrapperName(basename(head.value));
}

/** What peeling the wrappers of one command found. */
export type Unwrapped =
  | {
      readonly kind: 'command';
      readonly words: readonly ShellWord[];
      readonly assignments: readonly string[];
      readonly via: readonly string[];
      readonly cwd: readonly string[];
    }
  | {
      readonly kind: 'reparse';
      readonly source: string;
      readonly word: ShellWord | undefined;
      readonly assignments: readonly string[];
      readonly via: readonly string[];
      readonly cwd: readonly string[];
    }
  | {
      /** xargs fed a literal: each run is a command of its own (words with the input put in). */
      readonly kind: 'fanout';
      readonly runs: readonly (readonly ShellWord[])[];
      readonly assignments: readonly string[];
      readonly via: readonly string[];
      readonly cwd: readonly string[];
    }
  | {
      readonly kind: 'opaque';
      readonly reason: 'eval' | 'inline-script' | 'depth';
      readonly detail: string;
      readonly words: readonly ShellWord[];
      readonly assignments: readonly string[];
      readonly via: readonly string[];
      readonly cwd: readonly string[];
    };

/**
 * Peel wrappers off `words` (program first). `budget` is how many more wrappers may be peeled before the command
 * counts as opaque 'depth'. `stdin`: the literal text on the command's stdin, when known (xargs reads its words). INVARIANT: every loop turn consumes at least the wrapper's own word, so it terminates.
 */
export function unwrap(
  initial: readonly ShellWord[],
  assignmentsIn: readonly string[],
  budget: number,
  stdin?: string,
): Unwrapped {
  // Most commands wrap nothing: answer those without copying anything.
  if (!isWrapper(initial[0]))
    return { kind: 'command', words: initial, assignments: assignmentsIn, via: NONE, cwd: NONE };
  let words = initial;
  const assignments = [...assignmentsIn];
  const via: string[] = [];
  const cwd: string[] = [];
  for (;;) {
    const head = words[0];
    if (head === undefined || isComputedName(head)) return { kind: 'command', words, assignments, via, cwd };
    const name = basename(head.value);
    if (!isWrapperName(name)) return { kind: 'command', words, assignments, via, cwd };
    const texts = words.map((w) => w.value);

    if (name === 'eval') {
      if (via.length >= budget)
        return { kind: 'opaque', reason: 'depth', detail: texts.join(' '), words, assignments, via, cwd };
      const args = words.slice(1);
      if (args.some((w) => w.dynamic))
        return {
          kind: 'opaque',
          reason: 'eval',
          detail: args.map((w) => w.text).join(' '),
          words,
          assignments,
          via,
          cwd,
        };
      via.push('eval');
      return {
        kind: 'reparse',
        source: args.map((w) => w.value).join(' '),
        word: args.length === 1 ? args[0] : undefined,
        assignments,
        via,
        cwd,
      };
    }

    if (SHELLS.has(name)) {
      const parsed = parseArgv(texts, SHELL_OPTIONS, undefined, true, 1);
      const commandMode = parsed.flags.some((f) => f.name === '-c');
      if (!commandMode) return { kind: 'command', words, assignments, via, cwd };
      const at = parsed.positionalAt[0];
      const script = at === undefined ? undefined : words[at + 1];
      if (script === undefined) return { kind: 'command', words, assignments, via, cwd };
      if (script.dynamic)
        return { kind: 'opaque', reason: 'inline-script', detail: name, words, assignments, via, cwd };
      if (via.length >= budget)
        return { kind: 'opaque', reason: 'depth', detail: script.value, words, assignments, via, cwd };
      via.push(`${name} -c`);
      return { kind: 'reparse', source: script.value, word: script, assignments, via, cwd };
    }

    const execSubs = EXEC_BY_NAME.get(name);
    const wrapper = WRAPPER_BY_NAME.get(name);
    const viaExec = execSubs?.includes(texts[1] ?? '');
    if (wrapper === undefined && !viaExec) return { kind: 'command', words, assignments, via, cwd };
    if (via.length >= budget)
      return { kind: 'opaque', reason: 'depth', detail: texts.join(' '), words, assignments, via, cwd };

    const skipWords = viaExec ? 2 : 1;
    const w = wrapper ?? NPX;
    const parsed = parseArgv(texts, w.options, undefined, true, skipWords);
    if (parsed.flags.some((f) => w.notWhen?.includes(f.name))) return { kind: 'command', words, assignments, via, cwd };
    for (const flag of parsed.flags) {
      if (w.cwd?.includes(flag.name) && flag.value !== undefined) cwd.push(flag.value);
    }
    const first = parsed.positionalAt[w.skip ?? 0];
    let rest = first === undefined ? [] : words.slice(first + skipWords);

    if (name === 'env') {
      // env's own NAME=value words are assignments of the command it runs; -S splits one string into words.
      while (rest[0] !== undefined && ASSIGNMENT.test(rest[0].value))
        assignments.push((rest.shift() as ShellWord).value);
      const split = parsed.flags.find((f) => f.name === '-S' || f.name === '--split-string');
      if (split?.value !== undefined) {
        const origin = words[0] as ShellWord;
        const more = split.value
          .split(/\s+/)
          .filter((t) => t !== '')
          .map((t) => syntheticWord(t, origin.pos, origin.end));
        rest = [...more, ...rest];
      }
    }
    if (name === 'watch' && !parsed.flags.some((f) => f.name === '-x' || f.name === '--exec')) {
      // watch hands its arguments, joined by spaces, to `sh -c`.
      if (rest.length === 0) return { kind: 'command', words, assignments, via, cwd };
      if (rest.some((r) => r.dynamic))
        return { kind: 'opaque', reason: 'inline-script', detail: 'watch', words, assignments, via, cwd };
      via.push('watch');
      return {
        kind: 'reparse',
        source: rest.map((r) => r.value).join(' '),
        word: rest.length === 1 ? rest[0] : undefined,
        assignments,
        via,
        cwd,
      };
    }
    const npxCall =
      name === 'npx' || viaExec ? parsed.flags.find((f) => f.name === '-c' || f.name === '--call') : undefined;
    if (npxCall?.value !== undefined) {
      via.push(viaExec ? `${name} ${texts[1]}` : name);
      return { kind: 'reparse', source: npxCall.value, word: undefined, assignments, via, cwd };
    }
    if (name === 'xargs' && stdin !== undefined) {
      // Its input is known: the commands it runs are known too (else the targets stay unknown, as below).
      const runs = xargsRuns(parsed.flags, rest, stdin, head);
      if (runs !== undefined) {
        via.push('xargs');
        return { kind: 'fanout', runs, assignments, via, cwd };
      }
    }
    // A wrapper with nothing to run (bare `sudo -i`, `exec >log`, `xargs` → echo) is itself the command.
    if (rest.length === 0) return { kind: 'command', words, assignments, via, cwd };
    via.push(viaExec ? `${name} ${texts[1]}` : name);
    words = rest;
  }
}
