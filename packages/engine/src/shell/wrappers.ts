// Wrappers: programs that run another command (sudo, env, timeout, xargs, bash -c, ssh, docker exec, …). What each
// takes before its command is declared with the program (programs/*.ts, `runs`); this is the one function that
// peels them off, outermost first, until the command that actually runs is left.
import { type OptionSpec, parseArgv, type ParsedArgv } from './argv.js';
import { basename, programName, resolve } from './paths.js';
import { flagValue } from './file-effects.js';
import { bindMounts, type BindMount } from './container-mounts.js';
import { imageEntrypoint, runsAfterEntrypoint } from './image-entrypoints.js';
import { compiledProgram, type CompiledProgram, type CompiledRuns } from './programs/registry.js';
import type { RunsDeclaration } from './programs/declaration.js';
import { isComputedName, shellQuote, syntheticWord, type ShellWord } from './words.js';
import { xargsRuns } from './xargs.js';
import { parallelRuns } from './parallel.js';

/** env's NAME=value words, and names a shell cannot assign: `BASH_FUNC_NAME%%=() { …; }`, a function bash imports
 * (run.ts). */
const ENV_ASSIGNMENT = /^(?:[A-Za-z_][A-Za-z0-9_]*|BASH_FUNC_[^\s=%]+%%)=/;

const NONE: readonly string[] = Object.freeze([]);
const NO_OUTER: Peeled['outer'] = Object.freeze([]);
const NO_MOUNTS: Peeled['mounts'] = Object.freeze([]);

/** True when the words start with a program that can run another here (a computed name never does: it is judged
 * as it is); `docker ps` is no wrapper, `docker exec` is. */
function isWrapper(words: readonly ShellWord[]): boolean {
  const head = words[0];
  if (head === undefined || isComputedName(head)) return false;
  const entry = compiledProgram(programName(head.value));
  if (entry === undefined || entry.runs.length === 0) return false;
  const after = entry.runsAfter;
  if (after === undefined) return true;
  const longest = entry.runsAfterLength;
  for (let i = 1; i < words.length; i++) {
    const value = (words[i] as ShellWord).value;
    if (value.length <= longest && after.has(value)) return true;
  }
  return false;
}

/** What every kind of result carries: the assignments and directories gathered on the way, and where it runs. */
interface Peeled {
  readonly assignments: readonly string[];
  readonly via: readonly string[];
  readonly cwd: readonly string[];
  /** Where the command runs when not on this machine ('ssh web1', 'docker exec api'). */
  readonly remote: string | undefined;
  /** True when a wrapper on the way gave the command a fresh environment (sudo, env -i, ssh). */
  readonly clearsEnvironment: boolean;
  /** This machine's folders bound into the container the command runs in (`docker run -v "$PWD":/app`). */
  readonly mounts: readonly BindMount[];
  /**
   * The wrappers that run their command elsewhere (ssh, docker exec, kubectl exec), each as the command it is, with
   * the via it had: they are recorded too, since a rule may be about them (`kubectl exec` into production).
   */
  readonly outer: readonly OuterCommand[];
}

/** A wrapper recorded as a command of its own; `cwd`: how many of the gathered directories apply to it (its own
 * global options, which move what it runs, are parsed again when it is normalised). */
/** A shell started with a string (`bash -ic '…'`): what decides the startup files it reads first (run.ts). */
export interface StartingShell {
  readonly name: string;
  readonly rcfile: string | undefined;
  readonly interactive: boolean;
  readonly login: boolean;
  /** `--norc`/`--posix`: an interactive bash reads no ~/.bashrc. */
  readonly norc: boolean;
  readonly noprofile: boolean;
}

export interface OuterCommand {
  readonly words: readonly ShellWord[];
  readonly via: readonly string[];
  readonly cwd?: number;
}

/** What peeling the wrappers of one command found. */
export type Unwrapped =
  | (Peeled & { readonly kind: 'command'; readonly words: readonly ShellWord[] })
  | (Peeled & {
      readonly kind: 'reparse';
      readonly source: string;
      readonly word: ShellWord | undefined;
      /** True when the string runs in the same shell (eval), so it shares the shell's variables and directory. */
      readonly sameShell: boolean;
      /** `sh -c STRING a b`: the words after the string, `$0` first, then `$1`…; undefined when there are none or
       * the string runs in this shell (eval). */
      readonly params?: readonly ShellWord[];
      /** `bash -c`, `bash --rcfile F -i -c`: the shell that runs the string, and the startup file its options name
       * (run.ts reads BASH_ENV besides). */
      readonly shell?: StartingShell;
    })
  | (Peeled & {
      /** xargs fed a literal: each run is a command of its own (words with the input put in). */
      readonly kind: 'fanout';
      readonly runs: readonly (readonly ShellWord[])[];
    })
  | (Peeled & {
      readonly kind: 'opaque';
      readonly reason: 'eval' | 'inline-script' | 'depth';
      readonly detail: string;
      readonly words: readonly ShellWord[];
    });

/** The whole text of a file the call or the session wrote, by its path relative to where the command starts. */
export type FileText = (path: string) => string | undefined;

/** `path` as seen from where the command starts (`start`) and the directories the wrappers so far moved into. */
function inDirectories(start: string | undefined, dirs: readonly string[], path: string): string {
  let cwd = start;
  for (const d of dirs) cwd = resolve(cwd, d);
  return resolve(cwd, path);
}

/**
 * Peel wrappers off `words` (program first). `budget` is how many more wrappers may be peeled before the command
 * counts as opaque 'depth'. `stdin`: the literal text on the command's stdin, when known (xargs and parallel read
 * their input from it); `file`: the files the call can read, by the model's paths, and `cwd` where the command
 * starts (`xargs -a FILE` reads its input there).
 * INVARIANT: every loop turn consumes at least the wrapper's own word, so it terminates.
 */
export function unwrap(
  initial: readonly ShellWord[],
  assignmentsIn: readonly string[],
  budget: number,
  stdin?: string,
  file?: FileText,
  cwd?: string,
): Unwrapped {
  // Most commands wrap nothing: answer those without copying anything.
  if (!isWrapper(initial))
    return {
      kind: 'command',
      words: initial,
      assignments: assignmentsIn,
      via: NONE,
      cwd: NONE,
      remote: undefined,
      clearsEnvironment: false,
      mounts: NO_MOUNTS,
      outer: NO_OUTER,
    };
  const state: State = {
    words: initial,
    assignments: [...assignmentsIn],
    via: [],
    cwd: [],
    remote: undefined,
    clearsEnvironment: false,
    mounts: NO_MOUNTS,
    outer: [],
  };
  for (;;) {
    const head = state.words[0];
    if (head === undefined || isComputedName(head)) return command(state);
    const name = programName(head.value);
    const entry = compiledProgram(name);
    if (entry === undefined || entry.runs.length === 0) return command(state);
    const texts = state.words.map((w) => w.value);
    const step = peel(entry, name, texts, state, budget, stdin, file, cwd);
    if (step !== undefined) return step;
  }
}

interface State {
  words: readonly ShellWord[];
  readonly assignments: string[];
  readonly via: string[];
  readonly cwd: string[];
  remote: string | undefined;
  clearsEnvironment: boolean;
  mounts: readonly BindMount[];
  readonly outer: OuterCommand[];
}

const command = (s: State): Unwrapped => ({ kind: 'command', ...s });
const opaque = (s: State, reason: 'eval' | 'inline-script' | 'depth', detail: string): Unwrapped => ({
  kind: 'opaque',
  reason,
  detail,
  ...s,
});
const reparse = (
  s: State,
  source: string,
  word: ShellWord | undefined,
  sameShell = false,
  params?: readonly ShellWord[],
): Unwrapped => ({
  kind: 'reparse',
  source,
  word,
  sameShell,
  ...(params !== undefined ? { params } : {}),
  ...s,
});

/** Where the runner's options start (after the program's global options and one of its subcommands), and the label
 * it goes by ('docker exec'); undefined when the words name none of its subcommands. */
function subcommandAt(
  entry: CompiledProgram,
  runs: CompiledRuns,
  name: string,
  texts: readonly string[],
): { readonly from: number; readonly label: string } | undefined {
  if (runs.subcommands === undefined && runs.ownCommands === undefined) return { from: 1, label: name };
  let i = 1;
  // The program's own global options come before its subcommand (`docker -H host exec …`).
  while (i < texts.length) {
    const t = texts[i] as string;
    if (t.charCodeAt(0) !== 45 /* - */) break;
    const eq = t.indexOf('=');
    const flag = eq === -1 ? t : t.slice(0, eq);
    if (entry.globalValue.has(flag)) i += eq === -1 ? 2 : 1;
    else if (entry.globalFlag.has(flag)) i += 1;
    else return undefined;
  }
  if (runs.ownCommands !== undefined) {
    // `pnpm netlify deploy`: a first word that is none of its own commands runs (an option there: nothing runs).
    const first = texts[i];
    if (first === undefined || first.charCodeAt(0) === 45 /* - */ || runs.ownCommands.has(first)) return undefined;
    return { from: i, label: name };
  }
  for (const words of runs.subcommands ?? []) {
    let at = i;
    let ok = true;
    for (let k = 0; k < words.length && ok; k++) {
      // The first word's own options may come before the next (`docker compose -f sub/compose.yml exec db psql`:
      // round 47), each with its value when it takes one.
      if (k > 0) at = pastOptions(entry.bySubcommand.get(words[k - 1] as string), texts, at);
      ok = texts[at] === words[k];
      at++;
    }
    if (ok) return { from: at, label: [name, ...words].join(' ') };
  }
  return undefined;
}

/** The index of the first word from `at` that is not an option of `spec` (or its value); `at` without a spec. */
function pastOptions(spec: OptionSpec | undefined, texts: readonly string[], at: number): number {
  if (spec === undefined) return at;
  let i = at;
  while (i < texts.length) {
    const t = texts[i] as string;
    if (t.charCodeAt(0) !== 45 /* - */ || t === '-' || t === '--') break;
    const eq = t.indexOf('=');
    i += eq === -1 && spec.value.has(t) ? 2 : 1;
  }
  return i;
}

/** The directories the global options before `from` move to (`-C dir`, `--cwd=dir`), pushed in order. */
function globalDirectories(entry: CompiledProgram, texts: readonly string[], from: number, out: string[]): void {
  for (let i = 1; i < from; i++) {
    const t = texts[i] as string;
    const eq = t.indexOf('=');
    if (eq !== -1 && entry.cwd.has(t.slice(0, eq))) out.push(t.slice(eq + 1));
    else if (eq === -1 && entry.cwd.has(t) && i + 1 < from) out.push(texts[++i] as string);
  }
}

/** One wrapper peeled: either a final result, or undefined with `state` moved on to the command it runs. */
function peel(
  entry: CompiledProgram,
  name: string,
  texts: readonly string[],
  state: State,
  budget: number,
  stdin: string | undefined,
  file: FileText | undefined,
  cwd: string | undefined,
): Unwrapped | undefined {
  for (const runs of entry.runs) {
    const at = subcommandAt(entry, runs, name, texts);
    if (at === undefined) continue;
    if (state.via.length >= budget) return opaque(state, 'depth', texts.join(' '));
    const { from, label } = at;
    // Its global options that move it (`pnpm -C web netlify deploy`, `yarn --cwd app vercel`) move what it runs.
    const cwdBefore = state.cwd.length;
    if (entry.cwd.size > 0) globalDirectories(entry, texts, from, state.cwd);
    switch (runs.runs.special) {
      case 'eval':
        return peelEval(state);
      case 'shell':
        return peelShell(state, name, texts, runs);
      default: {
        const words = state.words;
        const outer = state.outer.length;
        const via = state.via.length;
        const clears = state.clearsEnvironment;
        const out = peelRunner(state, runs, label, texts, from, stdin, file, cwd, cwdBefore);
        // Nothing ran (`git -C a push` with no ext:: remote): the runner is the command, and its own global options
        // move it once, where the command is recorded — not here as well.
        if (out?.kind === 'command' && out.words === words) {
          state.cwd.length = cwdBefore;
          // …unless another of its declarations for the same words runs something (`git fetch --upload-pack=CMD`
          // beside `git fetch ext::CMD`), when this one touched nothing.
          if (state.outer.length === outer && state.via.length === via && state.clearsEnvironment === clears) continue;
        }
        return out;
      }
    }
  }
  return command(state);
}

function peelEval(state: State): Unwrapped {
  const args = state.words.slice(1);
  if (args.some((w) => w.dynamic)) return opaque(state, 'eval', args.map((w) => w.text).join(' '));
  state.via.push('eval');
  return reparse(state, args.map((w) => w.value).join(' '), args.length === 1 ? args[0] : undefined, true);
}

/** `sh -c STRING` (and bash, zsh, fish…), `cmd /c WORDS`: the string is parsed again; otherwise the shell is the command. */
function peelShell(state: State, name: string, texts: readonly string[], runs: CompiledRuns): Unwrapped {
  const words = state.words;
  if (name === 'cmd') {
    const at = texts.findIndex((t, i) => i > 0 && /^\/[ck]$/i.test(t));
    if (at === -1 || at + 1 >= words.length) return command(state);
    const rest = words.slice(at + 1);
    if (rest.some((w) => w.dynamic)) return opaque(state, 'inline-script', name);
    state.via.push(`cmd ${texts[at]?.toLowerCase()}`);
    return reparse(state, rest.map((w) => w.value).join(' '), rest.length === 1 ? rest[0] : undefined);
  }
  const parsed = parseArgv(texts, runs.spec, undefined, true, 1);
  if (!parsed.flags.some((f) => f.name === '-c')) return command(state);
  const at = parsed.positionalAt[0];
  const script = at === undefined ? undefined : words[at + 1];
  if (script === undefined) return command(state);
  if (script.dynamic) return opaque(state, 'inline-script', name);
  state.via.push(`${name} -c`);
  // An interactive bash reads its rc file first (`bash --rcfile F -i -c …`, `--init-file`).
  const rc = parsed.flags.find((f) => f.name === '--rcfile' || f.name === '--init-file')?.value;
  const interactive = parsed.flags.some((f) => f.name === '-i');
  const flag = (...names: string[]): boolean => parsed.flags.some((f) => names.includes(f.name));
  return {
    ...reparse(state, script.value, script, false, words.slice((at as number) + 2)),
    shell: {
      name,
      rcfile: interactive ? rc : undefined,
      interactive,
      login: flag('-l', '--login'),
      norc: flag('--norc', '--posix'),
      noprofile: flag('--noprofile'),
    },
  } as Unwrapped;
}

/** Whether a runner's declared option is among the flags. */
const hasAny = (parsed: ParsedArgv, names: readonly string[] | undefined): boolean =>
  names !== undefined && parsed.flags.some((f) => names.includes(f.name));

function peelRunner(
  state: State,
  runs: CompiledRuns,
  label: string,
  texts: readonly string[],
  from: number,
  stdin: string | undefined,
  file: FileText | undefined,
  cwd: string | undefined,
  cwdBefore: number,
): Unwrapped | undefined {
  const r = runs.runs;
  const words = state.words;
  const head = words[0] as ShellWord;
  // `Remove-Item ./dist -Recurse` is `rm -r ./dist`: read as that line, before any option of its own is parsed.
  if (r.translates !== undefined) return translated(state, r.translates, label, from, cwdBefore);
  const parsed = parseArgv(texts, runs.spec, undefined, r.dashDash !== true && r.permute !== true, from);
  // `python -m alembic -c alembic.ini upgrade`: the words after the module are the module's, not python's options.
  const named =
    r.programOption === undefined
      ? -1
      : parsed.flags.findIndex((f) => r.programOption?.includes(f.name) === true && f.value !== undefined);
  const own = named === -1 ? parsed : { ...parsed, flags: parsed.flags.slice(0, named + 1) };
  if (hasAny(own, r.notWhen)) return command(state);
  // A command option given instead (`ipython -c '!CMD'` beside `ipython -m MODULE`) is read below.
  if (r.programOption !== undefined && !hasAny(own, r.commandOption))
    return peelProgramOption(state, r.programOption, parsed, label, from);
  if (r.entryPoints !== undefined) {
    // `node …/npm-cli.js publish`: the script is npm's entry point, so its words are npm's.
    const at = parsed.positionalAt[0];
    const script = at === undefined ? undefined : words[at + from];
    const bin = script === undefined || script.dynamic ? undefined : r.entryPoints[basename(script.value)];
    if (at === undefined || bin === undefined) return command(state);
    state.outer.push({ words, via: [...state.via] });
    state.via.push(label);
    state.words = [syntheticWord(bin, head.pos, head.end), ...words.slice(at + from + 1)];
    return undefined;
  }
  if (r.runsAs !== undefined) {
    // `kubecolor apply`, `k3s kubectl apply`: the same command line under the program's own name.
    if (words.length <= from) return command(state);
    state.via.push(label);
    state.words = [syntheticWord(r.runsAs, head.pos, head.end), ...words.slice(from)];
    return undefined;
  }
  // (the mounts' sources are this machine's folders, seen from where the runner itself starts)
  if (r.mounts === true) state.mounts = bindMounts(parsed, inDirectories(cwd, state.cwd, '.'));
  for (const flag of parsed.flags)
    if (r.cwd?.includes(flag.name) && flag.value !== undefined) state.cwd.push(flag.value);
  if (r.clearsEnvironment && !hasAny(parsed, r.keepsEnvironmentWith)) state.clearsEnvironment = true;
  const skip = hasAny(parsed, r.skipUnless) ? 0 : (r.skip ?? 0);
  // Set only once something runs there: `ssh host` alone is a login, not a command elsewhere.
  const remote = r.remote ? `${label} ${parsed.positionals[0] ?? ''}`.trim() : undefined;
  const runsThere = (): void => {
    // `git rebase -x CMD` rebases too: the runner is a command of its own, once something runs.
    if (r.itself === true) state.outer.push({ words, via: [...state.via], cwd: cwdBefore });
    if (remote === undefined) return;
    // (it runs here, where it starts: `-w /app` moves only what it runs)
    state.outer.push({ words, via: [...state.via], cwd: cwdBefore });
    state.remote = remote;
  };

  // `pnpm test:unit` may be a script as well as a binary: the runner stays a command of its own, so a rule written on
  // `pnpm test*` still sees it, besides the binary it runs.
  if (r.scriptOrBinary === true) state.outer.push({ words, via: [...state.via], cwd: cwdBefore });
  // `concurrently 'a' 'b'`, `hyperfine --setup 'c' 'a'`: every operand and command option is a command line.
  if (r.everyOperand === true) return everyOperand(state, r, parsed, label, from, runsThere);
  // `trap 'CMD' EXIT`: the first operand is the command line.
  if (r.stringOperand === true) {
    const at = parsed.positionalAt[0];
    const line = at === undefined ? undefined : words[at + from];
    if (line === undefined || line.value === '' || line.value === '-') return command(state);
    // The trap's line runs in this shell when the signal comes: it sees the shell's variables (`W=$(mktemp -d); trap
    // 'rm -rf "$W"' EXIT` removes the temp folder, not an unknown one).
    return commandString(state, label, line.value, words, false, true);
  }
  // A command line in an option's value (`su -c STRING`, `npx -c STRING`).
  const option = parsed.flags.find(
    (f) =>
      r.commandOption?.includes(f.name) &&
      f.value !== undefined &&
      (r.commandPrefix === undefined || r.commandPrefix.test(f.value)),
  );
  // `+CMD` words (vim +'!make'), when the declaration lists `+` among its command options.
  const plus =
    option === undefined && r.commandOption?.includes('+') === true
      ? words.slice(from).find((w) => w.value.startsWith('+') && (r.commandPrefix?.test(w.value.slice(1)) ?? true))
      : undefined;
  const given = option?.value ?? plus?.value.slice(1);
  if (given !== undefined) {
    runsThere();
    const line = r.commandPrefix === undefined ? given : given.replace(r.commandPrefix, '');
    return commandString(state, `${label} ${option?.name ?? '+'}`, line, words, r.readsAsWritten === true);
  }
  let rest: readonly ShellWord[];
  const after =
    r.commandAfter === undefined ? -1 : words.findIndex((w, i) => i >= from && r.commandAfter?.includes(w.value));
  if (after !== -1) rest = words.slice(after + 1);
  else if (r.commandAfter !== undefined) return command(state);
  else if (r.dashDash === true && parsed.endOfOptions !== -1) rest = words.slice(parsed.endOfOptions + from + 1);
  else {
    const first = parsed.positionalAt[skip];
    rest = first === undefined ? [] : words.slice(first + from);
    if (rest[0]?.value === '--') rest = rest.slice(1);
    // An image whose entrypoint is a program: the words after it are that program's (`… hashicorp/terraform destroy`).
    const image = parsed.positionals[0];
    const entry =
      r.entrypoints !== true
        ? undefined
        : (flagValue(parsed.flags, '--entrypoint') ??
          (image === undefined ? undefined : imageEntrypoint(image, rest[0]?.value)));
    // A shell or the program itself named after the image is read as written (image-entrypoints.ts).
    if (entry !== undefined && runsAfterEntrypoint(entry, rest[0]?.value))
      rest = [syntheticWord(entry, head.pos, head.end), ...rest];
  }
  // `flock FILE -c STRING`: the option after the skipped words.
  if (rest.length >= 2 && r.commandOption?.includes((rest[0] as ShellWord).value)) {
    runsThere();
    return commandString(state, `${label} ${(rest[0] as ShellWord).value}`, (rest[1] as ShellWord).value, rest);
  }
  if (r.rest === false) return command(state);

  if (r.special === 'env') {
    // `env -S 'prog -c "a b"'` alone: the string is split as a shell would split it (its quotes kept together).
    const split = parsed.flags.find((f) => f.name === '-S' || f.name === '--split-string');
    if (split?.value !== undefined && rest.length === 0 && /["'\\]/.test(split.value)) {
      runsThere();
      return commandString(state, `${label} -S`, split.value, words);
    }
    rest = envCommand(state, parsed, rest, head);
  }
  if (r.special === 'bwrap') rest = bwrapCommand(words, from);
  // `xargs -a FILE` reads its input from FILE instead of stdin: known when the call or the session wrote FILE.
  const argFile = r.special === 'xargs' ? flagValue(parsed.flags, '-a', '--arg-file') : undefined;
  const input = argFile === undefined ? stdin : file?.(inDirectories(cwd, state.cwd, argFile));
  if (r.special === 'xargs' && input !== undefined) {
    // Its input is known: the commands it runs are known too (else the targets stay unknown, as below).
    const flags =
      argFile === undefined ? parsed.flags : parsed.flags.filter((f) => f.name !== '-a' && f.name !== '--arg-file');
    const fan = xargsRuns(flags, rest, input, head);
    if (fan !== undefined) {
      runsThere();
      state.via.push(label);
      return { kind: 'fanout', runs: fan, ...state };
    }
  }
  if (r.special === 'parallel') {
    const made = parallelRuns(parsed.flags, rest, stdin, (path) => file?.(inDirectories(cwd, state.cwd, path)));
    if (made.remote !== undefined) state.remote = `parallel -S ${made.remote}`;
    if (made.lines !== undefined) {
      if (made.dynamic) return opaque(state, 'inline-script', 'parallel');
      state.via.push(label);
      return reparse(state, made.lines.join('\n'), undefined);
    }
    rest = made.words;
  }
  if (r.joined === true && !hasAny(parsed, r.directWhen)) {
    // watch and ssh hand their words, joined by spaces, to a shell.
    if (rest.length === 0) return command(state);
    runsThere();
    // A computed program, or one word holding the whole line: what runs there is not known.
    if (rest.some((w) => w.dynamic) && (rest[0]?.dynamic !== false || rest.length === 1))
      return opaque(state, 'inline-script', label);
    state.via.push(label);
    const quoted = r.quotesWords === true && rest.length > 1;
    // A computed argument (`ssh host gerrit review --code-review +2 "$(git rev-parse HEAD)"`) goes in as written: the
    // line is read there with that word as the unknown expansion it is, the known words as they are.
    return reparse(
      state,
      rest.map((w) => (w.dynamic ? w.text : quoted ? shellQuote(w.value) : w.value)).join(' '),
      rest.length === 1 ? rest[0] : undefined,
    );
  }
  // A wrapper with nothing to run (bare `sudo -i`, `exec >log`, `xargs` → echo) is itself the command.
  if (rest.length === 0) return command(state);
  if (r.packageBins !== undefined && !hasAny(parsed, PACKAGE_OPTIONS))
    rest = [packageCommand(rest[0] as ShellWord, r.packageBins), ...rest.slice(1)];
  if (r.scriptsBy !== undefined && rest[0] !== undefined && !rest[0].dynamic) {
    const ext = /(\.[A-Za-z0-9]+)$/.exec(rest[0].value)?.[1]?.toLowerCase();
    const interpreter = ext === undefined ? undefined : r.scriptsBy[ext];
    if (interpreter !== undefined) rest = [{ ...rest[0], value: interpreter }, ...rest];
  }
  // `yarn workspaces foreach … npm publish` runs `yarn npm publish`: the program itself, with its global options gone.
  if (r.self === true) rest = [head, ...rest];
  // `hatch run release:twine upload`: the environment's name before the colon, then the command.
  if (r.environmentPrefix === true && rest[0] !== undefined && !rest[0].dynamic) {
    const named = /^[\w.-]+:(\S+)$/.exec(rest[0].value);
    if (named?.[1] !== undefined) rest = [{ ...rest[0], value: named[1] }, ...rest.slice(1)];
  }
  // `direnv exec DIR CMD` loads DIR/.envrc in a shell first: when the call or the session wrote it, it runs there.
  if (r.sourcesFirst !== undefined && !rest.some((w) => w.dynamic)) {
    const dirAt = parsed.positionalAt[0];
    const dir = dirAt === undefined ? undefined : words[dirAt + from];
    const path =
      dir === undefined || dir.dynamic ? undefined : `${dir.value.replace(/\/+$/, '') || '.'}/${r.sourcesFirst}`;
    if (path !== undefined && file?.(inDirectories(cwd, state.cwd, path)) !== undefined) {
      runsThere();
      state.via.push(label);
      return reparse(state, `. ${shellQuote(path)}\n${rest.map((w) => shellQuote(w.value)).join(' ')}`, undefined);
    }
  }
  runsThere();
  state.via.push(label);
  state.words = rest;
  return undefined;
}

/**
 * `python -m twine upload dist/*`: the module's command line runs (twine upload dist/*), and python is recorded as
 * well, so a rule on `python -m pytest` still sees it. A computed module name leaves only python.
 */
function peelProgramOption(
  state: State,
  names: readonly string[],
  parsed: ParsedArgv,
  label: string,
  from: number,
): Unwrapped | undefined {
  const flag = parsed.flags.find((f) => names.includes(f.name) && f.value !== undefined);
  if (flag === undefined) return command(state);
  const words = state.words;
  // The module's own options follow its name (`python -m pytest -q`), so its words are everything after it.
  const at = words.findIndex((w, i) => i >= from && w.value === flag.value && words[i - 1]?.value === flag.name);
  const named = words[at];
  if (named === undefined || named.dynamic) return command(state);
  const rest = words.slice(at + 1);
  state.outer.push({ words, via: [...state.via] });
  state.via.push(`${label} ${flag.name}`);
  state.words = [named, ...rest];
  return undefined;
}

/** The options that name a package apart from the command (`npx -p netlify-cli netlify deploy`). */
const PACKAGE_OPTIONS: readonly string[] = ['-p', '--package'];

/**
 * The command a package runner's first word runs: `netlify-cli@17` → `netlify`, `@changesets/cli@2` → `changeset`,
 * `@vercel/ncc` → `ncc`. A word that is a path (`./bin/x`) or computed is left as it is.
 */
function packageCommand(word: ShellWord, bins: Readonly<Record<string, string>>): ShellWord {
  const v = word.value;
  if (word.dynamic || v.includes('\\') || v.startsWith('.') || (v.includes('/') && !v.startsWith('@'))) return word;
  const at = v.indexOf('@', 1);
  const pkg = at === -1 ? v : v.slice(0, at);
  const bin = bins[pkg] ?? (pkg.startsWith('@') ? pkg.slice(pkg.indexOf('/') + 1) : pkg);
  return bin === v || bin === '' ? word : { ...word, value: bin };
}

/** The lines of a runner whose every operand (and command option) is a command line, run one after the other. */
function everyOperand(
  state: State,
  r: RunsDeclaration,
  parsed: ParsedArgv,
  label: string,
  from: number,
  runsThere: () => void,
): Unwrapped {
  const words = state.words;
  const lines: ShellWord[] = [];
  for (const f of parsed.flags) {
    if (f.value === undefined || !r.commandOption?.includes(f.name)) continue;
    const word = words.find((w) => w.value === f.value);
    if (word !== undefined) lines.push(word);
  }
  for (const at of parsed.positionalAt) {
    const word = words[at + from];
    // With a prefix, only the operands it starts are command lines, without it (socat's `EXEC:CMD`).
    if (
      word !== undefined &&
      word.value !== '' &&
      (r.commandPrefix === undefined || r.commandPrefix.test(word.value))
    ) {
      const value = r.commandPrefix === undefined ? word.value : word.value.replace(r.commandPrefix, '');
      const line = r.operandCommand === undefined ? value : r.operandCommand(value);
      if (line !== undefined) lines.push({ ...word, value: line });
    }
  }
  if (lines.length === 0) return command(state);
  runsThere();
  if (lines.some((w) => w.dynamic)) return opaque(state, 'inline-script', label);
  state.via.push(label);
  return reparse(state, lines.map((w) => w.value).join('\n'), lines.length === 1 ? lines[0] : undefined);
}

/**
 * A program that is another command spelled differently (PowerShell's cmdlets): its line is walked as `sh -c LINE`
 * would be, but in this shell (the cmdlet runs here, with this shell's values and directory), and the program is
 * recorded as written too, so a rule on `Remove-Item` still sees it. The via says what it was read as. A line it cannot
 * make leaves the command as it is.
 */
function translated(
  state: State,
  translate: NonNullable<RunsDeclaration['translates']>,
  label: string,
  from: number,
  cwdBefore: number,
): Unwrapped {
  const words = state.words;
  const line = translate(words.slice(from));
  if (line === undefined) return command(state);
  state.outer.push({ words, via: [...state.via], cwd: cwdBefore });
  state.via.push(`${label} read as ${/^\S*/.exec(line)?.[0]}`);
  return reparse(state, line, undefined, true);
}

/** bwrap's options that take two values (`--bind SRC DEST`, `--setenv VAR VALUE`). */
const BWRAP_PAIRS: ReadonlySet<string> = new Set([
  ...['--bind', '--bind-try', '--dev-bind', '--dev-bind-try', '--ro-bind', '--ro-bind-try', '--symlink', '--file'],
  ...['--bind-data', '--ro-bind-data', '--chmod', '--setenv', '--overlay-src', '--tmp-overlay'],
]);
/** bwrap's options that take one value. */
const BWRAP_ONE: ReadonlySet<string> = new Set([
  ...['--args', '--uid', '--gid', '--hostname', '--chdir', '--unsetenv', '--lock-file', '--sync-fd', '--remount-ro'],
  ...['--proc', '--dev', '--tmpfs', '--mqueue', '--dir', '--seccomp', '--userns', '--userns2', '--info-fd'],
  ...['--json-status-fd', '--block-fd', '--userns-block-fd', '--pidns', '--exec-label', '--file-label', '--cap-add'],
  ...['--cap-drop', '--perms', '--size', '--argv0', '--ro-overlay', '--overlay'],
]);

/** The command bwrap runs: the first word after its options, counting the options of two values. */
function bwrapCommand(words: readonly ShellWord[], from: number): readonly ShellWord[] {
  let i = from;
  while (i < words.length) {
    const v = (words[i] as ShellWord).value;
    if (v === '--') return words.slice(i + 1);
    if (BWRAP_PAIRS.has(v)) i += 3;
    else if (BWRAP_ONE.has(v)) i += 2;
    else if (v.startsWith('--')) i += 1;
    else break;
  }
  return words.slice(i);
}

/** A command line given as an option's value: parsed again (opaque when it is computed, unless `asWritten`). */
function commandString(
  state: State,
  via: string,
  value: string,
  words: readonly ShellWord[],
  asWritten = false,
  inThisShell = false,
): Unwrapped {
  const word = words.find((w) => w.value === value);
  if (word?.dynamic === true) {
    // `pwsh -Command "Publish-Module … -NuGetApiKey $env:KEY"`: bash expands PowerShell's own `$env:KEY`, `$false`
    // in the double quotes; the line is read as written, those parts as the unknown expansions they are.
    const written = asWritten ? /^"((?:[^"\\]|\\.)*)"$/s.exec(word.text)?.[1] : undefined;
    if (written === undefined) return opaque(state, 'inline-script', via);
    state.via.push(via);
    return reparse(state, written.replace(/\\(["\\$`])/g, '$1'), undefined);
  }
  state.via.push(via);
  return reparse(state, value, word, inThisShell);
}

/** env's own NAME=value words are assignments of the command it runs; `-` and -i clear the environment; -S splits
 * one string into words. */
function envCommand(
  state: State,
  parsed: ParsedArgv,
  restIn: readonly ShellWord[],
  origin: ShellWord,
): readonly ShellWord[] {
  let rest = restIn;
  if (rest[0]?.value === '-') {
    rest = rest.slice(1);
    state.clearsEnvironment = true;
  }
  if (parsed.flags.some((f) => f.name === '-i' || f.name === '--ignore-environment')) state.clearsEnvironment = true;
  // `env -S 'CI=1 prog args'`: the split string comes first, so its own NAME=value words are assignments too.
  const split = parsed.flags.find((f) => f.name === '-S' || f.name === '--split-string');
  if (split?.value !== undefined) {
    const more = split.value
      .split(/\s+/)
      .filter((t) => t !== '')
      .map((t) => syntheticWord(t, origin.pos, origin.end));
    rest = [...more, ...rest];
  }
  let at = 0;
  while (rest[at] !== undefined && ENV_ASSIGNMENT.test((rest[at] as ShellWord).value))
    state.assignments.push((rest[at++] as ShellWord).value);
  return rest.slice(at);
}

/** ssh HOST with no command and a script on its stdin: where that script runs (undefined: not such a command). */
export function stdinScriptRunner(
  words: readonly ShellWord[],
): { via: string; remote: string | undefined } | undefined {
  const head = words[0];
  if (head === undefined || isComputedName(head)) return undefined;
  const name = programName(head.value);
  const entry = compiledProgram(name);
  const runs = entry?.runs.find((r) => r.runs.stdinScript === true && r.subcommands === undefined);
  if (runs === undefined) return undefined;
  const texts = words.map((w) => w.value);
  const parsed = parseArgv(texts, runs.spec, undefined, true, 1);
  if (hasAny(parsed, runs.runs.notWhen)) return undefined;
  const skip = runs.runs.skip ?? 0;
  // Only when no command follows the skipped words (the host); a runner whose words are never a command (`su USER`,
  // `su - USER`) starts its shell on stdin whenever no command option gives it one.
  if (runs.runs.rest === false) {
    if (hasAny(parsed, runs.runs.commandOption)) return undefined;
  } else if (parsed.positionals.length !== skip) return undefined;
  return {
    via: `${name} <<`,
    remote: runs.runs.remote ? `${name} ${parsed.positionals[0] ?? ''}`.trim() : undefined,
  };
}
