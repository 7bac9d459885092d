// What a command runs in turn, once it is recorded: a git or gh alias (a definition is judged as what it runs), the
// script a shell or interpreter reads (a heredoc, a literal pipe, a file the session wrote), a one-liner's calls,
// `find -exec`. The base of the walk (run.ts records commands, walk.ts finds them); it holds the frame arithmetic.
import { pieceLines, taskVariables, withVariables } from './piece-lines.js';
import { workspaceRuns } from './workspace-tasks.js';
import { justEnvironment, taskfileEnvironment, withEnvironment } from './task-environment.js';
import { parse, type ParsedScript, type Redirection } from 'unbash';
import type { GlobMatch, ShellFile, SimpleCommand } from './types.js';
import type { Collector } from './collector.js';
import { type CallFiles, runnableText } from './call-files.js';
import type { Repository } from './git-branch.js';
import { shebangFamily } from './file-runs.js';
import { programName, resolve } from './paths.js';
import { syntheticWord, type ShellWord } from './words.js';
import { stdinScriptRunner, unwrap } from './wrappers.js';
import { type Effect, redirectEffects } from './effects.js';
import { interpreterUse, isSystemPath, STDIN_PATHS } from './interpreters.js';
import { GitAliases, gitConfigAssignment, isGitCommand } from './git-aliases.js';
import {
  type ContainerLine,
  composeCandidates,
  composeOverrides,
  composeLines,
  composePieceLines,
  composeTargets,
  dockerBuild,
  dockerfileLines,
  dockerRunImage,
} from './container-files.js';
import { splitWords } from './xargs.js';
import { quote } from './one-liner-fold.js';
import { INPUT_COMMAND, scanOneLiner } from './one-liners.js';
import { isNotebookPath, notebookProgram } from './notebook-code.js';
import { kernelFolder } from './kernel-folder.js';
import { packageSelectors, packagesNamed } from './package-folders.js';
import { crontabCommands } from './scheduler.js';
import { isConfigRunner } from './config-commands.js';
import { configRun } from './config-runs.js';
import { hasGlob } from './glob-match.js';
import { declarationOf } from './programs/registry.js';
import { pythonSiteRuns, runsPackageScript, SCRIPT_TOOL_CONFIGS } from './programs/build-tools.js';
import { moduleCandidates } from './programs/loaded-files.js';
import { runsTestScript, TEST_SCRIPT_RUNNERS } from './programs/test-runners.js';
import type { FolderRun, HooksDeclaration, ProgramTextDeclaration } from './programs/declaration.js';
import { findPicksByName, findPlaceholder, findRoots, removeEffects } from './file-effects.js';
import { POSITIONAL, UNKNOWN, UNSET, type Value } from './values.js';
import { enterFile } from './script-source.js';
import { markExpansions, type ExpandContext } from './expand.js';
import {
  commandVariable,
  descriptorName,
  HISTORY,
  inputDescriptorName,
  openedOn,
  PIPE,
  pipeName,
  type Scope,
} from './scope.js';
import { NO_STDIN, redirectedText, type Rendered, type Stdin } from './stdin.js';
import { activatedUnit, serviceLines, systemdUnits, unitFileGlobs } from './systemd-units.js';
import {
  actJobs,
  actRunsNothing,
  actWorkflows,
  workflowSteps,
  denoTaskNames,
  denoTasks,
  poeTaskNames,
  poeTasks,
  justfileCandidates,
  justRecipes,
  justRunsNothing,
  makeDryRun,
  makefileCandidates,
  makeRecipes,
  withIncludes,
  makeOverrides,
  makeTargets,
  rakefileCandidates,
  procfileCommands,
  procfileNames,
  toxCommands,
  toxEnvs,
  preCommitHooks,
  preCommitIds,
  rakeRunsNothing,
  rakeTasks,
  taskfileCandidates,
  taskfileTasks,
  taskfileIncludes,
  type TaskfileInclude,
  taskRunsNothing,
  packageJsonOfPieces,
  lifecycleLines,
  lifecycleScripts,
  packageScripts,
  scriptArgs,
  scriptName,
  type TaskLine,
  TASK_LIMITS,
} from './project-tasks.js';

/** Where the tree being walked came from: the top-level source, or a string parsed again (bash -c, eval). */
export interface Frame {
  /** The text this tree's positions index. */
  readonly text: string;
  /** Offset of text[0] in the top-level source when positions map 1:1, else undefined (use `span`). */
  readonly base: number | undefined;
  /** The span in the top-level source that stands for this whole frame when positions do not map. */
  readonly span: readonly [number, number];
  readonly via: readonly string[];
  readonly depth: number;
  /** Assignments every command of this frame inherits (`FOO=1 bash -c '…'`, `env A=1 sh -c '…'`). */
  readonly env: readonly string[];
  /** Set when this frame runs on another host or in a container (`ssh web1 '…'`, `docker exec api sh -c '…'`). */
  readonly remote: string | undefined;
  /** Set inside a file the session wrote that a command runs: its path; positions index its text (`length` long). */
  readonly file?: { readonly path: string; readonly length: number };
}

/** What a walked node ran last: its command index, what it prints, and whether it is an interpreter reading stdin. */
export interface Ran {
  readonly index: number | undefined;
  readonly stdinInterpreter: string | undefined;
  /** The literal text it prints, when known (`echo k | tee .env` writes 'k\n'). */
  readonly output?: string | undefined;
  /** When its output is not known whole (a group with one unknown producer): the part that is. */
  readonly pieces?: string | undefined;
  /** The files it lists, as globs, when it is a file lister whose output is not known (listed-paths.ts). */
  readonly listed?: readonly string[] | undefined;
  /** What echo or printf prints when some words are not known: the known text, each value as COMPUTED_PIECE. */
  readonly printedPieces?: string | undefined;
  /** The file it prints (`cat f | sh` runs f). */
  readonly file?: string | undefined;
  /** The files it prints one after the other, when there are several (`cat header.txt data.csv | sendmail -t`). */
  readonly files?: readonly string[] | undefined;
  /** The kustomization it renders to stdout (`kustomize build DIR |`). */
  readonly rendered?: Rendered | undefined;
}

export const NOTHING: Ran = { index: undefined, stdinInterpreter: undefined };

/**
 * A script's code with the arguments it was given put in where it reads them by position, as literals: Python's
 * `sys.argv[1]`, Node's `process.argv[2]` (`python ingest.py data/raw/e.csv` with `df.to_csv(sys.argv[1])` writes
 * data/raw/e.csv). Unchanged when an argument is not known or the code reads none.
 */
export function withArguments(family: string, code: string, params: readonly ShellWord[] | undefined): string {
  if (params === undefined || params.length === 0 || params.some((p) => p.dynamic)) return code;
  const reads =
    family === 'python' ? /\bsys\.argv\[(\d)\]/g : family === 'node' ? /\bprocess\.argv\[(\d)\]/g : undefined;
  if (reads === undefined || !code.includes('argv[')) return code;
  const first = family === 'python' ? 1 : 2;
  return code.replace(reads, (all, n: string) => {
    const value = params[Number(n) - first]?.value;
    return value === undefined || Number(n) < first ? all : quote(value);
  });
}

/** The positional parameters of a new shell (or a sourced file): the words given; when one of them is unknown,
 * unknown as a whole but kept word by word (`g remote set-url origin "https://x:$(gh auth token)@h/r"` into a
 * function that runs `git "$@"` runs git with those words, the token's part as written). */
export function setParams(scope: Scope, words: readonly ShellWord[]): void {
  // (all of them known: a plain array, setPartialArray's own first case)
  scope.vars.setPartialArray(
    POSITIONAL,
    words.map((w) => ({ value: w.value, unknown: w.dynamic })),
  );
}

const NO_REDIRECTS: readonly Redirection[] = Object.freeze([]);

/** `[DIR/].git/refs/remotes/REMOTE/HEAD`: the directory (undefined: where the call starts) and the remote. */
const REMOTE_HEAD_FILE = /^(?:(.*)\/)?\.git\/refs\/remotes\/([^/]+)\/HEAD$/;

/** What a command's own NAME=value prefix gives a shell it starts (read only then). */
export type GivenValues = (() => readonly (readonly [string, Value])[]) | undefined;

export abstract class Follower {
  /** git aliases defined earlier in this command line (git config writes a file: they outlive subshells and pipes). */
  readonly gitAliases = new GitAliases();
  /** Images a `docker build -t TAG` earlier in this line made from a Dockerfile the call or the session wrote: the
   * line each runs (its ENTRYPOINT/CMD), by tag. */
  protected readonly images = new Map<string, string>();
  /** break/continue commands seen (a loop unrolled around one cannot know which turns ran to the end). */
  protected breaks = 0;

  constructor(
    readonly out: Collector,
    readonly maxDepth: number,
    /** Length of the top-level source: spans are clamped to it (unbash's error recovery can overshoot by one). */
    private readonly limit: number,
    /** The files whose text the call can read: written earlier in the call, or by the session (the context). */
    protected readonly files: CallFiles,
    /** The branch checked out, as the host said and as the call's git commands change it. */
    protected readonly repo: Repository,
  ) {}

  /** Whether an `exec <<< …` gave the shell a stdin of its own (checked before looking it up for each command). */
  protected stdinReplaced = false;

  /** The text a file is run or read as (whole, else the pieces the session put in), by a path relative to `folder`:
   * a runner's own files beside it (a .env, an included Taskfile, a compose file). */
  protected readonly textIn =
    (folder: string | undefined) =>
    (path: string): string | undefined => {
      const f = this.files.file(resolve(folder, path));
      return f === undefined ? undefined : runnableText(f);
    };

  /** A file's whole text, when the call or the session wrote it (`$(cat f)`, `< f`, `cat f |`). */
  protected readonly fileText = (path: string): string | undefined => this.files.text(path) ?? this.headFile(path);

  /** The files of the folders a command runs (`run-parts DIR`, `go run ./pkg`) that the call or the session wrote,
   * each with its folder's declaration. */
  protected folderRunFiles(
    command: SimpleCommand,
    /** The folder runs to look in; by default the program's own (its declaration's `folderRuns`). */
    given?: readonly FolderRun[],
  ): { match: GlobMatch; run: FolderRun }[] {
    const seen = new Set<string>();
    const out: { match: GlobMatch; run: FolderRun }[] = [];
    const add = (match: GlobMatch, run: FolderRun): void => {
      if (seen.has(match.path)) return;
      seen.add(match.path);
      out.push({ match, run });
    };
    // `python -m MODULE` is recorded as the module's command (wrappers.ts); the interpreter still starts with its site
    // module, so what it runs at every start (a virtualenv's sitecustomize.py) runs under the module's command too
    const runs = given ?? [
      ...(declarationOf(command.program)?.folderRuns?.(command) ?? []),
      ...(viaPythonModule(command) ? pythonSiteRuns({ ...command, flags: [] }) : []),
    ];
    for (const run of runs)
      for (const match of this.files.matching(resolve(command.cwd, `${run.dir.replace(/\/+$/, '')}/${run.files}`))) {
        if (run.readOnly !== true) add(match, run);
        // a config file's modules named by a relative path (jest's globalSetup: './test/setup.js') run with it
        const text = run.modules === undefined ? undefined : runnableText(match.file);
        if (text === undefined || run.modules === undefined) continue;
        const slash = match.path.lastIndexOf('/');
        const dir = slash === -1 ? '.' : match.path.slice(0, slash) || '/';
        for (const name of run.modules(text))
          for (const found of moduleCandidates(resolve(dir, name)).flatMap((c) => this.files.matching(c)))
            add(found, { dir, files: name, ...(run.family === undefined ? {} : { family: run.family }) });
      }
    return out;
  }

  /** A program's code given as a file (`awk -f step.awk`, `awk -f - <<EOF`): the file the call or the session wrote,
   * or its stdin; undefined when not known (the program is then judged by its words alone). */
  private programFile(
    command: SimpleCommand,
    own: ProgramTextDeclaration,
    stdin: string | undefined,
  ): string | undefined {
    const path = command.flags.find((f) => own.fileOptions.includes(f.name))?.value;
    if (path === undefined) return undefined;
    const text = path === '-' || STDIN_PATHS.has(path) ? stdin : this.fileText(resolve(command.cwd, path));
    return text === undefined ? undefined : withAssigned(command, own, text);
  }

  /** `.git/HEAD` says which branch is checked out (`ref: refs/heads/main`): its text follows from the host's facts, so
   * `$(sed 's|ref: refs/heads/||' .git/HEAD)` or `cut -d/ -f3- .git/HEAD` print the branch as git itself would. */
  private headFile(path: string): string | undefined {
    const remote = REMOTE_HEAD_FILE.exec(path);
    if (remote !== null) {
      // `.git/refs/remotes/origin/HEAD` names the remote's default branch (`ref: refs/remotes/origin/main`).
      const branch = this.repo.defaultBranch(
        remote[2] as string,
        remote[1] === undefined ? undefined : remote[1] || '/',
      );
      return branch === undefined ? undefined : `ref: refs/remotes/${remote[2]}/${branch}\n`;
    }
    if (path !== '.git/HEAD' && !path.endsWith('/.git/HEAD')) return undefined;
    const dir = path === '.git/HEAD' ? undefined : path.slice(0, -'/.git/HEAD'.length) || '/';
    const branch = this.repo.current(dir);
    return branch === undefined ? undefined : `ref: refs/heads/${branch}\n`;
  }

  /** The branch checked out in a directory, when known (`$(git branch --show-current)`). */
  protected readonly branchAt = (cwd: string | undefined): string | undefined => this.repo.current(cwd);
  protected readonly upstreamAt = (cwd: string | undefined): string | undefined => this.repo.upstream(cwd);
  /** A remote's default branch, when known (`$(git symbolic-ref --short refs/remotes/origin/HEAD)`). */
  protected readonly defaultBranchAt = (remote: string, cwd: string | undefined): string | undefined =>
    this.repo.defaultBranch(remote, cwd);

  protected abstract walkScript(script: ParsedScript, frame: Frame, scope: Scope, stdin?: Stdin): void;
  protected abstract expandContext(scope: Scope): ExpandContext;
  protected abstract wordValue(
    word: NonNullable<Extract<Redirection, { type: 'Redirect' }>['target']>,
    scope: Scope,
  ): string;

  /** Map a [pos, end) of the frame's text to the top-level source. */
  map(frame: Frame, pos: number, end = pos): [number, number] {
    const start = this.mapStart(frame, pos);
    return [start, this.mapEnd(frame, start, end)];
  }

  /** The start of `map` alone (no array: it runs for every command). */
  protected mapStart(frame: Frame, pos: number): number {
    const from = frame.base === undefined ? frame.span[0] : frame.base + pos;
    return Math.min(Math.max(0, from), frame.file?.length ?? this.limit);
  }

  /** The end of `map`, given the start it returned. */
  protected mapEnd(frame: Frame, start: number, end: number): number {
    const to = frame.base === undefined ? frame.span[1] : frame.base + end;
    return Math.min(Math.max(start, to), frame.file?.length ?? this.limit);
  }

  /** A redirection list's file effects, targets expanded in this scope. */
  protected redirections(
    redirects: readonly Redirection[],
    scope: Scope,
    output: string | undefined,
  ): readonly Effect[] {
    if (redirects.length === 0) return redirectEffects(redirects, scope.cwd, output);
    return redirectEffects(
      redirects,
      scope.cwd,
      output,
      (w) => this.wordValue(w, scope),
      (fd) => openedOn(scope, fd),
    );
  }

  /**
   * `exec 3> f` (a bare exec with redirections) opens descriptors in this shell: what a later command of the call
   * prints with `>&3` is added to f. `exec 3>&-` closes it. Kept in the scope, so subshells inherit it as in bash.
   */
  protected openDescriptors(redirects: readonly Redirection[], scope: Scope): void {
    for (const r of redirects) {
      // `exec <<< …`, `exec 0< f`: the shell's own stdin from here on, what a later command with none of its own reads.
      const stdin =
        (r.type === 'HereDoc' || r.type === 'HereString' || (r.type === 'Redirect' && r.operator === '<')) &&
        (r.descriptor === undefined || (r.descriptor.type === 'FileDescriptor' && r.descriptor.value === 0));
      if (
        (r.type === 'HereDoc' || r.type === 'HereString' || r.type === 'Redirect') &&
        (stdin || (r.descriptor?.type === 'FileDescriptor' && r.descriptor.value >= 3))
      ) {
        // `exec 3<<< …`, `exec 4<<EOF`, `exec 3< f`: the text a later `<&3` (or /dev/fd/3) reads.
        const fd = r.descriptor?.type === 'FileDescriptor' ? r.descriptor.value : 0;
        const text = redirectedText(r, this.expandContext(scope));
        if (text !== null) {
          scope.vars.set(inputDescriptorName(fd), text ?? UNKNOWN);
          if (fd === 0) this.stdinReplaced = true;
          else if (text !== undefined) this.files.descriptor(fd, text);
          continue;
        }
      }
      if (r.type !== 'Redirect' || r.target === undefined) continue;
      const target = this.wordValue(r.target, scope);
      const fd = this.descriptorOf(r, target, scope);
      if (fd === undefined) continue;
      const name = descriptorName(fd);
      const substitution = isOutputSubstitution(target);
      // The shell's own stdout is kept only when it goes to a process substitution (`exec > >(sh)`): what a later
      // command prints is then that script's input. Any other `exec > f` ends that.
      if (fd < 3 && !(fd === 1 && (substitution || scope.vars.get(name) !== undefined))) continue;
      if (r.operator === '>&' && target === '-') scope.vars.set(name, UNSET);
      else if (r.operator === '>' || r.operator === '>>' || r.operator === '>|' || r.operator === '<>')
        scope.vars.set(name, substitution ? target : target.includes('$') ? UNKNOWN : resolve(scope.cwd, target));
      else if (fd === 1) scope.vars.set(name, UNSET);
    }
  }

  /**
   * Named pipes: `mkfifo p` marks p; a command that then reads it (`sh < p &`) is kept as p's reader, so that what a
   * later command writes into p (`echo … > p`) is that reader's input, as a process substitution's is. A reader after
   * the writer (`echo … > p & sh < p`) reads the text the call wrote, as from any file.
   */
  protected namedPipes(
    command: SimpleCommand,
    words: readonly ShellWord[],
    redirects: readonly Redirection[],
    scope: Scope,
  ): void {
    if (command.program === 'mkfifo') {
      for (const p of command.positionals) scope.vars.set(pipeName(resolve(scope.cwd, p)), PIPE);
      return;
    }
    for (const r of redirects) {
      if (r.type !== 'Redirect' || r.operator !== '<' || r.target === undefined) continue;
      if (r.descriptor !== undefined && !(r.descriptor.type === 'FileDescriptor' && r.descriptor.value === 0)) continue;
      const name = pipeName(resolve(scope.cwd, this.wordValue(r.target, scope)));
      if (scope.vars.get(name) === PIPE) scope.vars.set(name, `>(${words.map((w) => w.text).join(' ')})`);
    }
  }

  /**
   * The history list a script can replay: `history -s WORDS` puts a line in it (replacing its own), `fc -s [old=new]`
   * (or `fc -e -`) runs the last line again, with the first old replaced by new. Only what the call itself put there
   * is known: the interactive history is not this shell's.
   */
  protected history(command: SimpleCommand, frame: Frame, scope: Scope, pos: number, end: number): void {
    const flags = command.flags.map((f) => f.name);
    if (command.program === 'history') {
      if (flags.includes('-s')) scope.vars.set(HISTORY, command.positionals.join(' '));
      else if (flags.includes('-c')) scope.vars.set(HISTORY, UNSET);
      return;
    }
    const last = scope.vars.get(HISTORY);
    if (typeof last !== 'string' || !(flags.includes('-s') || command.argv.join(' ').startsWith('-e -'))) return;
    let source = last;
    for (const p of command.positionals) {
      const eq = p.indexOf('=');
      if (eq > 0) source = source.replace(p.slice(0, eq), p.slice(eq + 1));
    }
    if (frame.depth + 1 > this.maxDepth) return;
    this.nested(
      source,
      {
        text: source,
        base: undefined,
        span: this.map(frame, pos, end),
        via: [...command.via, 'fc -s'],
        depth: frame.depth + 1,
        env: frame.env,
        remote: frame.remote,
        file: frame.file,
      },
      scope,
    );
  }

  /** The next descriptor bash gives a `{name}>` redirection or a coprocess (10 and up). */
  private nextDescriptor = 10;

  /**
   * The descriptor an exec redirection opens: its number (`3>`, none: stdout or stdin), or for `{fd}> …` the next free
   * one, which bash puts into the variable (`{fd}>&-` closes the one the variable holds).
   */
  private descriptorOf(r: Redirection & { type: 'Redirect' }, target: string, scope: Scope): number | undefined {
    const d = r.descriptor;
    if (d === undefined) return r.operator === '<' ? 0 : 1;
    if (d.type === 'FileDescriptor') return d.value;
    if (r.operator === '>&' && target === '-') {
      const held = Number(scope.vars.get(d.name));
      return Number.isInteger(held) ? held : undefined;
    }
    const fd = this.nextDescriptor++;
    scope.vars.set(d.name, String(fd));
    return fd;
  }

  /**
   * `coproc [NAME] CMD`: CMD runs beside the shell reading a pipe whose descriptor bash puts in NAME[1] (COPROC when
   * unnamed): what a later command prints with `>&"${NAME[1]}"` is CMD's input, as a process substitution's is.
   */
  protected openCoprocess(name: string, source: string, scope: Scope): void {
    const read = this.nextDescriptor++;
    const write = this.nextDescriptor++;
    scope.vars.set(name, String(read), false, [String(read), String(write)]);
    scope.vars.set(descriptorName(write), `>(${source})`);
  }

  /** A command's own input descriptors (`bash /dev/fd/3 3< f`): `/dev/fd/N` reads their text. */
  protected commandDescriptors(redirects: readonly Redirection[], scope: Scope): void {
    for (const r of redirects)
      if (
        (r.type === 'HereDoc' || r.type === 'HereString' || r.type === 'Redirect') &&
        r.descriptor?.type === 'FileDescriptor' &&
        r.descriptor.value >= 3
      ) {
        const text = redirectedText(r, this.expandContext(scope));
        if (typeof text === 'string') this.files.descriptor(r.descriptor.value, text);
      }
  }

  /**
   * The output process substitutions of a command whose output is known: a redirection into one (`echo … > >(bash)`)
   * or tee's operand (`echo … | tee >(sh)`) runs its script reading that output. Its text is parsed again (the walk
   * of the word's substitutions met it first, with nothing known on its stdin).
   */
  protected feedSubstitutions(
    command: SimpleCommand,
    words: readonly ShellWord[],
    redirects: readonly Redirection[],
    output: string,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
  ): void {
    const targets: string[] = [];
    for (const r of redirects)
      if (r.type === 'Redirect' && (r.operator === '>' || r.operator === '>>' || r.operator === '>|'))
        if (r.target?.text.startsWith('>(') === true && r.target.text.endsWith(')')) targets.push(r.target.text);
    if (command.program === 'tee')
      for (const w of words.slice(1))
        if (w.processSubstitution && w.text.startsWith('>(') && w.text.endsWith(')')) targets.push(w.text);
    // `exec 3> >(sh)` or a coprocess, then `echo … >&3` / `>&"${COPROC[1]}"`; `exec > >(sh)`, then `echo …`.
    let stdout = true;
    for (const r of redirects) {
      if (r.type !== 'Redirect') continue;
      const fd = r.descriptor?.type === 'FileDescriptor' ? r.descriptor.value : r.descriptor === undefined ? 1 : -1;
      if (fd === 1 && r.operator !== '<' && r.operator !== '<&' && r.operator !== '<>') stdout = false;
      if (r.operator !== '>&' || fd !== 1 || r.target === undefined) continue;
      const n = Number(this.wordValue(r.target, scope));
      const on = Number.isInteger(n) && n >= 3 ? openedOn(scope, n) : undefined;
      if (on !== undefined && isOutputSubstitution(on)) targets.push(on);
    }
    // `> p` into a named pipe a command of the call reads (`mkfifo p; sh < p & echo … > p`).
    for (const r of redirects)
      if (r.type === 'Redirect' && (r.operator === '>' || r.operator === '>>') && r.target !== undefined) {
        const reader = scope.vars.get(pipeName(resolve(scope.cwd, this.wordValue(r.target, scope))));
        if (typeof reader === 'string' && isOutputSubstitution(reader)) targets.push(reader);
      }
    const shellOut = stdout ? openedOn(scope, 1) : undefined;
    if (shellOut !== undefined && isOutputSubstitution(shellOut)) targets.push(shellOut);
    if (frame.depth + 1 > this.maxDepth) return;
    for (const t of targets) {
      const source = t.slice(2, -1);
      this.nested(
        source,
        {
          text: source,
          base: undefined,
          span: this.map(frame, pos, end),
          via: [...command.via, `${command.program} >(…)`],
          depth: frame.depth + 1,
          env: frame.env,
          remote: frame.remote,
          file: frame.file,
        },
        { cwd: scope.cwd, vars: scope.vars.forChild(true, undefined) },
        { text: output, file: undefined, how: '|' },
      );
    }
  }

  /** Walk a string as a script of its own: a child shell (`bash -c`) gets only the exported values. */
  /** Walks a script a command runs; `stdin`: what that command reads, which the script's first statement reads. */
  protected nested(source: string, frame: Frame, scope: Scope, stdin?: Stdin): void {
    this.walkScript(parse(source), frame, scope, stdin);
  }

  /** A new shell's scope with its positional parameters set. */
  private withParams(scope: Scope, params: readonly ShellWord[]): Scope {
    setParams(scope, params);
    return scope;
  }

  /** The scope of a new shell started from `scope`: its exported values plus those given to it. */
  protected childShell(
    scope: Scope,
    cwd: string | undefined,
    given: GivenValues,
    extra: readonly string[],
    cleared: boolean,
  ): Scope {
    const vars = scope.vars.forChild(cleared, given?.());
    for (const a of extra) {
      const eq = a.indexOf('=');
      if (eq > 0) vars.set(a.slice(0, eq), a.slice(eq + 1), true);
    }
    return { cwd, vars };
  }

  /** Records one command given as words (run.ts). */
  protected abstract run(
    words: readonly ShellWord[],
    assignments: readonly string[],
    given: GivenValues,
    redirects: readonly Redirection[],
    stdin: Stdin,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    extraVia: readonly string[],
  ): Ran;

  /** Records a command made of words alone (an alias's body, a `find -exec` command, an xargs run): no redirections
   * or standard input of its own, no NAME=value prefix. */
  protected runWords(
    words: readonly ShellWord[],
    assignments: readonly string[],
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    via: readonly string[],
  ): Ran {
    return this.run(words, assignments, undefined, NO_REDIRECTS, NO_STDIN, frame, scope, pos, end, via);
  }

  /** `git config alias.yolo 'push --force'`: judged as running what it stands for (see git-aliases.ts). */
  protected gitAliasDefinition(
    command: SimpleCommand,
    words: readonly ShellWord[],
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    via: readonly string[],
  ): void {
    const defined = this.gitAliases.learn(command);
    // Defining an alias is judged as running what it stands for: a later call may use it, and the definition then
    // lives in a config file no later walk can read. So `git config alias.yolo 'push --force'` meets the rules on
    // forced pushes now, as a command via "git alias definition".
    if (defined === undefined || isGitCommand(defined.name)) return;
    const git = words[0] as ShellWord;
    const call = [git, syntheticWord(defined.name, git.pos, git.end)];
    this.runWords(call, [], frame, scope, pos, end, [...via, 'git alias definition']);
  }

  /**
   * A setting whose value the program hands to a shell (programs' `commandSettings`: git's `core.editor`, `core.pager`,
   * `GIT_EDITOR`, a `!` credential helper): given on the command (`git -c core.editor='sh -c "…"' commit`,
   * `GIT_SEQUENCE_EDITOR=… git rebase -i`) or written by it (`git config core.pager '…'`), the line is walked as a shell
   * of its own there and then (`via: ['git -c core.editor']`) — whether this subcommand opens it or a later one does.
   * A plain program (`GIT_EDITOR=true`, `core.pager=less -R`) is judged as that program: nothing a rule names.
   * A `git config core.hooksPath DIR` runs the hooks the session wrote in DIR: every later git command may.
   */
  protected commandSettings(
    command: SimpleCommand,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    via: readonly string[],
    run: (path: string, family: string | undefined, label: string) => boolean,
  ): void {
    const declaration = declarationOf(command.program);
    const settings = declaration?.commandSettings;
    if (settings === undefined || frame.depth + via.length + 1 > this.maxDepth) return;
    const lines: { line: string; label: string }[] = [];
    const fromKey = (key: string, value: string, label: string): void => {
      const k = key.toLowerCase();
      const section = k.slice(0, k.indexOf('.') + 1);
      if (settings.keys.includes(k) || (section !== '' && settings.keys.includes(`${section}*`)))
        lines.push({ line: value, label });
      else if (settings.bangKeys.includes(k) && value.startsWith('!')) lines.push({ line: value.slice(1), label });
    };
    // `git -c KEY=VALUE` is a global option; ssh's `-o Key=Value` (or `-o 'Key Value'`) one of its own.
    const given = declaration?.globals === undefined ? command.flags : command.globals;
    for (const g of given) {
      // `-oKey=Value` attached: read by the option parser as an option named `-oKey`.
      if (g.name !== settings.option && g.name.startsWith(settings.option) && !settings.option.startsWith('--')) {
        if (g.value !== undefined)
          fromKey(g.name.slice(settings.option.length), g.value, `${command.program} ${settings.option}`);
        continue;
      }
      if (g.name === settings.option && g.value !== undefined) {
        const eq = g.value.search(/[=\s]/);
        if (eq > 0) {
          const value = g.value.slice(eq + 1).replace(/^[=\s]+/, '');
          fromKey(g.value.slice(0, eq), value, `${command.program} ${g.name} ${g.value.slice(0, eq)}`);
        }
      }
    }
    const env = command.environment;
    if (env !== undefined)
      for (const name of settings.env)
        if (env[name] !== undefined) lines.push({ line: env[name] as string, label: name });
    const set = command.positionals[0] === settings.setter ? gitConfigAssignment(command) : undefined;
    if (set?.value !== undefined) {
      fromKey(set.key, set.value, `${command.program} ${settings.setter} ${set.key}`);
      const hooks = declaration?.hooks;
      if (hooks?.folderKey === set.key && command.remote === undefined)
        for (const hook of new Set(Object.values(hooks.bySubcommand).flat())) {
          const path = resolve(command.cwd, `${set.value}/${hook}`);
          if (this.files.file(path) !== undefined)
            run(path, undefined, `${command.program} ${settings.setter} ${set.key} › ${hook}`);
        }
    }
    for (const { line, label } of lines) {
      if (line.trim() === '') continue;
      const [s, e] = this.map(frame, pos, end);
      this.nested(
        line,
        {
          text: line,
          base: undefined,
          span: [s, e],
          via: [...frame.via, ...via, label],
          depth: frame.depth + 1,
          env: [],
          remote: command.remote ?? frame.remote,
          file: frame.file,
        },
        this.childShell(scope, command.cwd, undefined, [], false),
      );
    }
  }

  /** `gh alias set NAME 'pr merge --admin'` (or `--shell 'git push -f'`): judged as running it, as git's. */
  protected ghAliasDefinition(
    command: SimpleCommand,
    words: readonly ShellWord[],
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    via: readonly string[],
  ): void {
    const argv = command.argv;
    const at = argv.indexOf('set');
    if (argv[0] !== 'alias' || at !== 1) return;
    let shell = false;
    const rest: string[] = [];
    for (const a of argv.slice(2)) {
      if (a === '--shell' || a === '-s') shell = true;
      else if (!a.startsWith('-')) rest.push(a);
    }
    const body = rest[1];
    if (body === undefined || frame.depth + via.length + 1 > this.maxDepth) return;
    const origin = words[0] as ShellWord;
    if (shell || body.startsWith('!')) {
      const [s, e] = this.map(frame, pos, end);
      this.nested(
        body.replace(/^!/, ''),
        {
          text: body,
          base: undefined,
          span: [s, e],
          via: [...frame.via, ...via, 'gh alias definition'],
          depth: frame.depth + 1,
          env: [],
          remote: frame.remote,
          file: frame.file,
        },
        this.childShell(scope, scope.cwd, undefined, [], false),
      );
      return;
    }
    const parts = splitWords(body);
    if (parts === undefined || parts.length === 0) return;
    const call = [origin, ...parts.map((p) => syntheticWord(p, origin.pos, origin.end))];
    this.runWords(call, [], frame, scope, pos, end, [...via, 'gh alias definition']);
  }

  /** `git x …` where x is an alias: the command it stands for (`!…` aliases are shell commands, parsed as such). */
  protected gitAlias(
    body: string,
    command: SimpleCommand,
    words: readonly ShellWord[],
    assignments: readonly string[],
    redirects: readonly Redirection[],
    stdin: Stdin,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    via: readonly string[],
  ): Ran {
    const at = words.length - command.argv.length; // the alias word: after git and its global options
    const origin = words[at] as ShellWord;
    const args = words.slice(at + 1);
    const used = frame.depth + via.length + 1;
    if (used > this.maxDepth) {
      const index = this.out.command(command);
      if (index !== undefined) this.out.opaque('depth', index, `git alias ${origin.value}`);
      return NOTHING;
    }
    const parts = body.startsWith('!') ? undefined : splitWords(body);
    if (parts !== undefined && parts.length > 0) {
      const expanded = [...words.slice(0, at), ...parts.map((p) => syntheticWord(p, origin.pos, origin.end)), ...args];
      return this.run(expanded, assignments, undefined, redirects, stdin, frame, scope, pos, end, [
        ...via,
        'git alias',
      ]);
    }
    // A shell alias: git runs `sh -c '<body> "$@"'` with the arguments, from the top of the work tree.
    const source = [body.replace(/^!/, ''), ...args.map((a) => `'${a.value.replace(/'/g, "'\\''")}'`)].join(' ');
    const [start, stop] = this.map(frame, pos, end);
    const first = this.out.commands.length;
    this.nested(
      source,
      {
        text: source,
        base: undefined,
        span: [start, stop],
        via: [...frame.via, ...via, 'git alias !'],
        depth: used,
        env: assignments,
        remote: frame.remote,
        file: frame.file,
      },
      this.childShell(scope, command.cwd, undefined, [], false),
    );
    if (this.out.commands.length > first) this.out.effects(first, this.redirections(redirects, scope, undefined));
    return NOTHING;
  }

  /** Scripts and interpreters: `./x.sh`, `bash x.sh`, `python -c`, `source f`, and what a shell or interpreter reads
   * on stdin (a heredoc, a literal pipe, a file the session wrote). Returns the interpreter when it reads a program
   * from a pipe the model cannot see into (`curl … | sh`). */
  protected scripts(
    command: SimpleCommand,
    index: number,
    words: readonly ShellWord[],
    stdin: Stdin,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    /** The values the command's own NAME=value prefix gives a script it runs (`B=main bash push.sh`). */
    given: GivenValues,
  ): string | undefined {
    const cwd = command.cwd;
    const run = (path: string, family: string | undefined, label: string, params?: readonly ShellWord[]): boolean =>
      this.runFile(command, index, path, family, label, given, frame, scope, pos, end, params, stdin);
    if (command.program === 'source' || command.program === '.') {
      const file = command.positionals[0];
      if (file !== undefined && STDIN_PATHS.has(file) && stdin.text !== undefined && frame.depth + 1 <= this.maxDepth) {
        // `source /dev/stdin <<EOF`, `. /dev/fd/0 <<< …`: the shell itself runs what it reads on stdin.
        this.nested(
          stdin.text,
          {
            text: stdin.text,
            base: undefined,
            span: this.map(frame, pos, end),
            via: [...command.via, `${command.program} ${file}`],
            depth: frame.depth + 1,
            env: frame.env,
            remote: frame.remote,
            file: frame.file,
          },
          scope,
        );
        return undefined;
      }
      if (file !== undefined && !run(resolve(cwd, file), 'sh', `${command.program} ${file}`, words.slice(2))) {
        this.out.script(resolve(cwd, file), index);
        this.out.opaque('source', index, file);
        // The file may set any variable: none is known to be empty after it (Vars.forgetUnset).
        scope.vars.forgetUnset();
      }
      return undefined;
    }
    if (command.programText.includes('/') && !isSystemPath(command.programText)) {
      const path = resolve(cwd, command.programText);
      if (!run(path, undefined, path, words.slice(1))) this.out.script(path, index);
    } else if (!command.programText.includes('/') && declarationOf(command.program) === undefined && !command.dynamic) {
      // A bare name the model does not know may be a script the session put on the PATH (`install … /usr/local/bin/
      // ship && ship`, `PATH=$PWD/bin:$PATH ship`): the usual PATH folders and those the command's own PATH= names.
      this.files.askedEnvironment = true;
      for (const dir of pathFolders(command.assignments, scope.vars.get('PATH'))) {
        const path = resolve(cwd, `${dir}/${command.programText}`);
        if (
          this.files.file(path) !== undefined &&
          run(path, undefined, `${command.programText} › ${path}`, words.slice(1))
        )
          break;
      }
    }
    // `git ship`, `kubectl ship`, `docker ship`: an external subcommand is a program of its own on the PATH (or in the
    // program's plugin folders); one the session wrote there is run as what it contains.
    const plugins = declarationOf(command.program)?.plugins;
    const sub = command.positionals[0];
    if (
      plugins !== undefined &&
      sub !== undefined &&
      plugins.builtins?.has(sub) !== true &&
      /^[\w.-]+$/.test(sub) &&
      !command.dynamic
    ) {
      this.files.askedEnvironment = true;
      const at = words.findIndex((w, i) => i > 0 && w.value === sub);
      let ran = false;
      for (const dir of plugins.folders ?? pathFolders(command.assignments, scope.vars.get('PATH'))) {
        const path = resolve(cwd, `${dir}/${plugins.prefix}${sub}`);
        if (
          this.files.file(path) !== undefined &&
          run(path, undefined, `${command.program} ${sub} › ${path}`, words.slice(at + 1))
        ) {
          ran = true;
          break;
        }
      }
      // …or in a folder of PATH's not known here (`~/bin` as an absolute path, a folder exported in an earlier call):
      // a plugin of that name the session wrote anywhere is the one it put on its PATH (round 50).
      if (!ran && plugins.folders === undefined) {
        const name = `${plugins.prefix}${sub}`;
        // (`**` passes over no hidden folder: ~/.local/bin is asked for by its own pattern)
        const found = [`**/${name}`, `/**/${name}`, `**/.*/bin/${name}`, `/**/.*/bin/${name}`]
          .flatMap((pattern) => this.files.matching(pattern))
          .find((m) => m.path === name || m.path.endsWith(`/${name}`));
        if (found !== undefined)
          run(found.path, undefined, `${command.program} ${sub} › ${found.path}`, words.slice(at + 1));
      }
    }
    const sshLike = stdin.text !== undefined ? stdinScriptRunner(words) : undefined;
    if (sshLike !== undefined && frame.depth + 1 <= this.maxDepth) {
      // `ssh HOST <<EOF`: the remote shell reads the heredoc as its script.
      this.nested(
        stdin.text as string,
        {
          text: stdin.text as string,
          base: undefined,
          span: this.map(frame, pos, end),
          via: [...command.via, sshLike.via],
          depth: frame.depth + 1,
          env: [],
          remote: sshLike.remote,
          file: frame.file,
        },
        { cwd: undefined, vars: scope.vars.forChild(true, undefined) },
      );
      return undefined;
    }
    this.preloads(command, run, scope);
    this.promptCommand(command, frame, scope, pos, end);
    this.projectTasks(command, index, frame, scope, pos, end, stdin.text);
    this.containerFiles(command, index, frame, scope, pos, end);
    this.hooks(command, run);
    // Notebooks it executes (papermill IN OUT, jupyter nbconvert --execute NB): each the session wrote is run.
    // Their cells run in the folder the executor starts the kernel in (kernel-folder.ts: nbconvert's and `jupyter
    // execute`'s is the notebook's own), so `../data/raw/x` in notebooks/a.ipynb is data/raw/x of the project.
    for (const nb of declarationOf(command.program)?.notebooks?.(command) ?? []) {
      const path = resolve(cwd, nb);
      const kernel = { ...command, cwd: kernelFolder(command, path) };
      if (!this.runFile(kernel, index, path, undefined, `${command.program} ${nb}`, given, frame, scope, pos, end))
        this.out.script(path, index);
    }
    // Folders whose files it runs (run-parts DIR): each file the call or the session wrote there is run.
    for (const { match: m, run: f } of this.folderRunFiles(command)) {
      const label = `${command.program} ${f.dir}`;
      if (!run(m.path, f.family, label)) this.out.script(m.path, index);
      else this.loadedCode(command, m, f, label);
    }
    // `npm test` under the team's own package.json (not known): which runner its test script names is not known, but
    // a JS test runner's config, setup modules or test files the session wrote run under whichever it is — the
    // stricter reading. Only files the session wrote are read; each once.
    const seen = new Set<string>();
    if (runsTestScript(command) && this.files.file(resolve(cwd, 'package.json')) === undefined) {
      for (const runner of TEST_SCRIPT_RUNNERS)
        for (const { match: m, run: f } of this.folderRunFiles({ ...command, ...runner })) {
          if (seen.has(m.path)) continue;
          seen.add(m.path);
          const label = `${command.program} test › ${runner.program}`;
          if (run(m.path, f.family, label)) this.loadedCode(command, m, f, label);
        }
    }
    // Any package script under the team's own package.json (`npm run build`, `pnpm dev`): which tool it starts is not
    // known, but a build, lint or format tool's config the session wrote in the package's folder runs under whichever
    // it is — the stricter reading (round 52); only files the session wrote are read, each once.
    if (runsPackageScript(command) && this.files.file(resolve(cwd, 'package.json')) === undefined)
      for (const { match: m, run: f } of this.folderRunFiles(command, SCRIPT_TOOL_CONFIGS)) {
        if (seen.has(m.path)) continue;
        seen.add(m.path);
        const label = `${command.program} ${command.positionals.join(' ')} › ${m.path.slice(m.path.lastIndexOf('/') + 1)}`;
        if (run(m.path, f.family, label)) this.loadedCode(command, m, f, label);
      }
    // `python -m pkg.mod` is recorded as the module's command (wrappers.ts): the module the session wrote
    // (pkg/mod.py, pkg/mod/__main__.py, where it starts or under a PYTHONPATH folder) is the file it runs.
    if (viaPythonModule(command) && /^[A-Za-z_][\w.]*$/.test(command.programText)) {
      const base = command.programText.replace(/\./g, '/');
      const listed =
        command.environment?.PYTHONPATH ?? (command.cleanEnvironment ? undefined : scope.vars.get('PYTHONPATH'));
      const dirs = ['.', ...(typeof listed === 'string' ? listed.split(':') : [])].filter(
        (d) => d !== '' && !d.includes('$'),
      );
      for (const dir of dirs)
        for (const path of [`${dir}/${base}.py`, `${dir}/${base}/__main__.py`])
          if (run(resolve(cwd, path), 'python', `${command.via[command.via.length - 1]} ${command.programText}`))
            return undefined;
    }
    // A program whose own code is a language the one-liner table reads (awk '…'): its calls are added, as a one-liner's.
    const own = declarationOf(command.program)?.program;
    if (own !== undefined) {
      const code = programText(command, own) ?? this.programFile(command, own, stdin.text);
      if (code !== undefined)
        this.oneLiner(command, index, own.language, command.program, code, frame, scope, pos, end, () =>
          this.programInput(command, code, cwd, stdin.text),
        );
      return undefined;
    }
    const use = interpreterUse(command.program, command.argv);
    if (use === undefined) return undefined;
    if (use.inline !== undefined) {
      this.out.opaque('inline-script', index, command.program);
      const codeAt = use.code === undefined ? -1 : words.findIndex((w) => w.value === use.code);
      const codeWord = codeAt === -1 ? undefined : words[codeAt];
      // `python -c CODE a b`: sys.argv[1] is a (a function's `python -c "…sys.argv[1]…" "$@"` called on a file).
      const inlineParams = use.family === 'python' && codeAt !== -1 ? words.slice(codeAt + 1) : undefined;
      if (use.code !== undefined)
        this.oneLiner(
          command,
          index,
          use.family,
          `${command.program} ${use.inline}`,
          codeWord?.dynamic === true
            ? markExpansions(use.code, codeWord.text)
            : withArguments(use.family, use.code, inlineParams),
          frame,
          scope,
          pos,
          end,
          () => stdin.text,
        );
    }
    if (use.script !== undefined) {
      const word = use.scriptAt === undefined ? undefined : words[use.scriptAt + 1];
      // `bash <(curl …)` cannot be seen into; `bash <(echo …)` reads a known text (CallFiles.substitution).
      if (
        word?.processSubstitution === true &&
        !run(resolve(cwd, use.script), use.family, `${command.program} ${word.text}`)
      )
        this.out.opaque('pipe-to-interpreter', index, `${command.program} ${word.text}`);
      else if (
        word?.processSubstitution !== true &&
        !run(
          resolve(cwd, use.script),
          use.family,
          `${command.program} ${use.script}`,
          use.scriptAt === undefined ? undefined : words.slice(use.scriptAt + 2),
        )
      )
        this.out.script(resolve(cwd, use.script), index);
    }
    if (!use.readsStdin) return undefined;
    // `bash -s -- a b <<< …`: the words after the options are the script's $1, $2, ….
    let at = 1;
    while (at < words.length && (words[at] as ShellWord).value.startsWith('-') && words[at]?.value !== '--') at++;
    if (words[at]?.value === '--') at++;
    const params = words.slice(at);
    // `sh < f`, `cat f | sh`: the file is run, whether or not its content is known — as `sh f` when the call or the
    // session wrote it.
    if (stdin.file !== undefined) {
      if (run(stdin.file, use.family, `${command.program} ${stdin.how}`, params)) return undefined;
      this.out.script(stdin.file, index);
    }
    if (stdin.text === undefined && (stdin.pieces === undefined || use.family !== 'sh'))
      return stdin.how === '|' ? command.program : undefined;
    const label = `${command.program} ${stdin.how}`;
    if (use.family === 'sh') {
      // A shell reading a known script: parse it (`bash <<EOF`, `echo 'git push' | sh`, `sh < a file we wrote`); one
      // known in part (`(crontab -l; echo '…') | crontab -`) runs the part known, and the rest stays opaque.
      const text = asCommands(command.program, stdin.text ?? (stdin.pieces as string));
      if (frame.depth + 1 > this.maxDepth) this.out.opaque('depth', index, label);
      else
        this.nested(
          text,
          {
            text,
            base: undefined,
            span: this.map(frame, pos, end),
            via: [...command.via, label],
            depth: frame.depth + 1,
            env: command.assignments,
            remote: command.remote,
            file: frame.file,
          },
          this.withParams(this.childShell(scope, cwd, undefined, [], false), params),
        );
      return stdin.text === undefined ? command.program : undefined;
    }
    // Another interpreter reading its program: opaque, with the calls the one-liner table knows.
    this.out.opaque('inline-script', index, command.program);
    this.oneLiner(command, index, use.family, label, stdin.text as string, frame, scope, pos, end);
    return undefined;
  }

  /** The hooks the command runs by itself (`git push` → pre-push) that the call or the session wrote: read as
   * scripts (their declaration, HooksDeclaration). A hook its options skip (`--no-verify`) is not run. */
  private hooks(
    command: SimpleCommand,
    run: (path: string, family: string | undefined, label: string) => boolean,
  ): void {
    const sub = command.positionals[0];
    if (sub === undefined || command.remote !== undefined) return;
    const hooks = declarationOf(command.program)?.hooks;
    const planned = hooks === undefined ? undefined : hookPlan(hooks, sub);
    if (hooks === undefined || planned === undefined) return;
    // `git -c core.hooksPath=DIR …` moves the folder.
    // …and so does a `git config core.hooksPath DIR` earlier in the same line.
    let moved: string | undefined = hooks.folderKey === undefined ? undefined : this.gitAliases.hooksPath;
    for (const g of command.globals)
      if (g.name === '-c' && g.value !== undefined && hooks.folderKey !== undefined) {
        const eq = g.value.indexOf('=');
        if (eq > 0 && g.value.slice(0, eq).toLowerCase() === hooks.folderKey) moved = g.value.slice(eq + 1);
      }
    const here = command.cwd === undefined || command.cwd === '.';
    for (const { hook, paths, skip } of planned) {
      if (skip.length > 0 && command.flags.some((f) => skip.includes(f.name))) continue;
      const candidates = moved === undefined ? paths : [`${moved}/${hook}`, ...paths];
      let ran = false;
      for (const written of candidates) {
        const path = here ? written : resolve(command.cwd, written);
        // Most calls meet no hook the session wrote: only a file the call or the session knows is run (and labelled).
        if (this.files.file(path) === undefined) continue;
        const label = `${command.program} ${sub} › ${written}`;
        // A hook's own git command does not run the same hook again here (a pre-push that pushes).
        ran = true;
        if (command.via.includes(label)) break;
        if (run(path, undefined, label)) break;
      }
      if (ran) continue;
      // A hook the session wrote in another folder of the project (`.githooks/pre-commit`, `tools/hooks/pre-push`):
      // a `git config core.hooksPath` made by an earlier call may point there, and no later walk can read that
      // config. The stricter reading: such a file runs with the command that runs its hook.
      for (const pattern of [`**/${hook}`, `.*/**/${hook}`]) {
        const found = this.files.matching(here ? pattern : resolve(command.cwd, pattern))[0];
        if (found === undefined) continue;
        const label = `${command.program} ${sub} › ${found.path}`;
        if (!command.via.includes(label)) run(found.path, undefined, label);
        break;
      }
    }
  }

  /**
   * What a container runs from files the call or the session wrote (container-files.ts): `docker compose up|run` a
   * compose file's services, `docker build` a Dockerfile's RUN lines, `docker run IMAGE` (no command of its own) the
   * ENTRYPOINT/CMD of the image a `docker build -t IMAGE` earlier in the line made. Each line is walked as a shell of
   * its own marked as running in the container (`remote`). Files the session did not write are not read.
   */
  private containerFiles(
    command: SimpleCommand,
    index: number,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
  ): void {
    if (command.remote !== undefined || declarationOf(command.program)?.containerFiles !== true) return;
    const lines: ContainerLine[] = [];
    const text = this.textIn(command.cwd);
    const compose = command.positionals[0] === 'compose' ? composeTargets(command) : undefined;
    if (compose !== undefined) {
      // the first compose file found, then (with no -f) its override files, which compose merges over it
      const found = composeCandidates(command).find((c) => this.files.file(resolve(command.cwd, c)) !== undefined);
      for (const candidate of [...(found === undefined ? [] : [found]), ...composeOverrides(command)]) {
        const f = this.files.file(resolve(command.cwd, candidate));
        if (f === undefined || (f.text === undefined && f.pieces.length === 0)) continue;
        // A compose file known only in pieces (an edit of the team's file): each piece read as a compose text or as
        // a fragment of its services (container-files.ts).
        this.out.script(resolve(command.cwd, candidate), index, 'compose', f.text === undefined ? 'pieces' : 'whole');
        lines.push(
          ...((f.text === undefined
            ? composePieceLines(f.pieces, compose.sub, compose.names)
            : composeLines(f.text, compose.sub, compose.names)) ?? []),
        );
      }
    }
    const build = dockerBuild(command);
    if (build !== undefined) {
      const t = text(build.file);
      if (t !== undefined) {
        this.out.script(resolve(command.cwd, build.file), index, 'dockerfile', 'whole');
        const found = dockerfileLines(t);
        for (const line of found.build) lines.push({ source: line, label: `${command.program} build › RUN` });
        if (found.image !== undefined) for (const tag of build.tags) this.images.set(tag, found.image);
      }
    }
    const image = dockerRunImage(command);
    const runs = image === undefined ? undefined : this.images.get(image);
    if (runs !== undefined) lines.push({ source: runs, label: `${command.program} run ${image}` });
    if (lines.length === 0) return;
    if (frame.depth + 1 > this.maxDepth) {
      this.out.opaque('depth', index, lines[0]?.label ?? command.program);
      return;
    }
    for (const line of lines)
      this.nested(
        line.source,
        {
          text: line.source,
          base: undefined,
          span: this.map(frame, pos, end),
          via: [...command.via, line.label],
          depth: frame.depth + 1,
          env: [],
          remote: line.label,
          file: frame.file,
        },
        this.childShell(scope, undefined, undefined, [], true),
      );
  }

  /**
   * A project task the command runs from a file the call or the session wrote (project-tasks.ts): `npm run ship`,
   * `npm test`, `pnpm ship`, `yarn run ship` → package.json's script; `make release` → the Makefile's recipe, its
   * prerequisites first. Each line is walked as a shell of its own (`via: ['npm run ship']`). A project file the
   * session did not write is not read: the command is judged as written.
   */
  /**
   * Files an interpreter loads before its program, when the session wrote them: node's `-r/--require/--import FILE`
   * (and the same in NODE_OPTIONS), bash's `--rcfile/--init-file FILE` and the BASH_ENV a non-interactive bash
   * sources, the ENV an interactive sh sources. Each runs as the interpreter's code. A file the session did not write
   * is the team's (not read, as for any script).
   */
  private preloads(
    command: SimpleCommand,
    run: (path: string, family: string | undefined, label: string) => boolean,
    /** The shell's values, an earlier call's exports included (the command's own environment lists only the call's). */
    scope: Scope,
  ): void {
    const family = declarationOf(command.program)?.interpreter?.family;
    if (family === undefined || command.remote !== undefined) return;
    if (family === 'node' || family === 'sh' || family === 'python') this.files.askedEnvironment = true;
    const env = command.environment;
    const load = (file: string, as: string, label: string): void => {
      const path = resolve(command.cwd, file);
      if (this.files.file(path) !== undefined) run(path, as, label);
    };
    if (family === 'node') {
      for (const f of command.flags)
        if ((f.name === '-r' || f.name === '--require' || f.name === '--import') && f.value !== undefined)
          load(f.value, 'node', `${command.program} ${f.name} ${f.value}`);
      const options = env?.NODE_OPTIONS?.split(/\s+/) ?? [];
      for (let i = 0; i < options.length; i++) {
        const o = options[i] as string;
        const eq = o.indexOf('=');
        const name = eq === -1 ? o : o.slice(0, eq);
        if (name !== '-r' && name !== '--require' && name !== '--import') continue;
        const value = eq === -1 ? options[++i] : o.slice(eq + 1);
        if (value !== undefined && value !== '') load(value, 'node', `NODE_OPTIONS ${name} ${value}`);
      }
    } else if (family === 'sh') {
      for (const f of command.flags)
        if ((f.name === '--rcfile' || f.name === '--init-file') && f.value !== undefined)
          load(f.value, 'sh', `${command.program} ${f.name} ${f.value}`);
      if (env?.BASH_ENV !== undefined && /bash/.test(command.program))
        load(env.BASH_ENV, 'sh', `BASH_ENV ${env.BASH_ENV}`);
      if (env?.ENV !== undefined && command.flags.some((f) => f.name === '-i')) load(env.ENV, 'sh', `ENV ${env.ENV}`);
    } else if (family === 'python' && !command.flags.some((f) => f.name === '-I' || f.name === '-E')) {
      const known = (name: string): string | undefined => {
        const v = command.cleanEnvironment ? undefined : scope.vars.get(name);
        return typeof v === 'string' ? v : undefined;
      };
      // PYTHONSTARTUP runs before an interactive prompt (-i); site imports a sitecustomize.py or usercustomize.py on
      // PYTHONPATH at every start (-I and -E ignore both).
      const startup = env?.PYTHONSTARTUP ?? known('PYTHONSTARTUP');
      if (startup !== undefined && command.flags.some((f) => f.name === '-i'))
        load(startup, 'python', `PYTHONSTARTUP ${startup}`);
      const path = env?.PYTHONPATH ?? known('PYTHONPATH');
      for (const dir of path?.split(':') ?? [])
        if (dir !== '' && !dir.includes('$'))
          for (const name of ['sitecustomize.py', 'usercustomize.py'])
            load(`${dir}/${name}`, 'python', `PYTHONPATH ${dir} › ${name}`);
    }
  }

  /**
   * `PROMPT_COMMAND='…' bash -i`: an interactive bash runs PROMPT_COMMAND before each prompt, from the command's
   * environment or an export the shell has (model.ts `ENVIRONMENT_READ`); it is walked as a script of that bash.
   */
  private promptCommand(command: SimpleCommand, frame: Frame, scope: Scope, pos: number, end: number): void {
    if (command.program !== 'bash' || command.remote !== undefined || frame.depth + 1 > this.maxDepth) return;
    // Only when it reads its commands from stdin and shows a prompt: `bash -ic CMD` and `bash -i script` show none.
    const flag = (name: string): boolean => command.flags.some((f) => f.name === name);
    if (!flag('-i') || flag('-c') || (command.positionals.length > 0 && !flag('-s'))) return;
    this.files.askedEnvironment = true;
    const exported = command.cleanEnvironment ? undefined : scope.vars.get('PROMPT_COMMAND');
    const text = command.environment?.PROMPT_COMMAND ?? (typeof exported === 'string' ? exported : undefined);
    if (text === undefined || text.trim() === '') return;
    this.nested(
      text,
      {
        text,
        base: undefined,
        span: this.map(frame, pos, end),
        via: [...command.via, `PROMPT_COMMAND of ${command.program} -i`],
        depth: frame.depth + 1,
        env: frame.env,
        remote: frame.remote,
        file: frame.file,
      },
      { cwd: command.cwd, vars: scope.vars.forChild(false, undefined) },
    );
  }

  protected projectTasks(
    command: SimpleCommand,
    index: number,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    stdinText: string | undefined,
  ): void {
    if (command.remote !== undefined) return;
    const runner = declarationOf(command.program)?.tasks;
    const last = command.via[command.via.length - 1];
    const viaManager = last === 'yarn' || last === 'yarn run' || last === 'pnpm';
    if (runner === undefined && !viaManager) {
      // nx, turbo, composer, mise, rails tasks and the hooks a hook manager adds to git (workspace-tasks.ts).
      const runs = workspaceRuns(command, this.files);
      if (runs.length > 0) this.runTaskLines(command, index, frame, scope, pos, end, runs, (_, line) => line.label);
      return;
    }
    let file: string;
    let lines: readonly TaskLine[];
    let label: string;
    // The project file's whole text, or what the session put into it (an edit of the team's file): its pieces.
    const known = (path: string): ProjectFileText | undefined => {
      const f = this.files.file(path);
      if (f === undefined) return undefined;
      if (f.text !== undefined) return { text: f.text, whole: true, pieces: [] };
      return f.pieces.length === 0 ? undefined : { text: f.pieces.join('\n'), whole: false, pieces: f.pieces };
    };
    let whole = true;
    // The folder the lines run in, and the further packages a run reads (npm's several --workspace options).
    let folder = command.cwd;
    let others: readonly PackageRun[] = [];
    if (isConfigRunner(runner)) {
      // A configuration file the program reads and runs commands from (config-runs.ts).
      const env = (name: string): string | undefined => {
        if (command.environment?.[name] === undefined) this.files.askedEnvironment = true;
        return commandVariable(command, scope, name);
      };
      const found = configRun(runner, command, this.files, env);
      if (found === undefined) return;
      ({ file, lines, label } = found);
      whole = found.whole;
    } else if (
      runner === 'procfile' ||
      runner === 'tox' ||
      runner === 'pre-commit' ||
      runner === 'deno' ||
      runner === 'poe'
    ) {
      // One fixed file in the command's folder: the Procfile, tox.ini, .pre-commit-config.yaml, deno.json.
      const picked = FIXED_FILE_TASKS[runner].picked(command);
      if (picked === undefined) return;
      file = resolve(command.cwd, FIXED_FILE_TASKS[runner].named?.(command) ?? FIXED_FILE_TASKS[runner].file);
      const content = known(file);
      if (content === undefined) return;
      whole = content.whole;
      label = `${command.program}${picked.length > 0 ? ` ${picked[0]}` : ''}`;
      lines = FIXED_FILE_TASKS[runner].lines(content.text, picked);
      if (lines.length === 0 && !whole) lines = pieceLines(file, content.pieces, label);
    } else if (runner === 'act') {
      const found = this.actWorkflows(command);
      if (found === undefined) return;
      ({ file, lines, label } = found);
      whole = found.whole;
    } else if (runner === 'systemd') {
      const found = this.systemdService(command);
      if (found === undefined) return;
      ({ file, lines, label } = found);
      whole = found.whole;
    } else if (runner === 'justfile' || runner === 'makefile' || runner === 'taskfile' || runner === 'rakefile') {
      const nothing = {
        justfile: justRunsNothing,
        makefile: makeDryRun,
        taskfile: taskRunsNothing,
        rakefile: rakeRunsNothing,
      };
      if (nothing[runner](command)) return;
      const named = {
        justfile: justfileCandidates,
        makefile: makefileCandidates,
        taskfile: taskfileCandidates,
        rakefile: rakefileCandidates,
      };
      const candidates = named[runner](command);
      // `make -f - <<'MK'`: the makefile is what it reads on stdin.
      const fromStdin = candidates.length === 1 && (candidates[0] === '-' || STDIN_PATHS.has(candidates[0] as string));
      let found = fromStdin
        ? stdinText === undefined
          ? undefined
          : (candidates[0] as string)
        : candidates.map((name) => resolve(command.cwd, name)).find((path) => known(path) !== undefined);
      // rake also loads rakelib/*.rake, and a Rails Rakefile lib/tasks/**/*.rake: the session may have written only a
      // task file there (the team's Rakefile loads it); the first one that defines a task named runs.
      if (found === undefined && runner === 'rakefile' && candidates.length > 1)
        found = ['rakelib/*.rake', 'lib/tasks/**/*.rake']
          .flatMap((glob) => this.files.matching(resolve(command.cwd, glob)))
          .find((m) => rakeTasks(known(m.path)?.text ?? '', command.positionals).length > 0)?.path;
      // make reads the team's Makefile, which often includes mk/*.mk: the session may have put into only an included
      // file; the first one that defines a target named runs, else one known only in pieces (its lines' target is not
      // known: piece-lines.ts takes them as run).
      if (found === undefined && runner === 'makefile' && !fromStdin && candidates.length > 1) {
        const targets = makeTargets(command);
        const included = ['*.mk', '**/*.mk', '*.make', '**/*.make']
          .flatMap((glob) => this.files.matching(resolve(command.cwd, glob)))
          .filter((m, i, all) => all.findIndex((o) => o.path === m.path) === i);
        found =
          included.find(
            (m) => makeRecipes(known(m.path)?.text ?? '', targets, makeOverrides(command), command.cwd).length > 0,
          )?.path ?? included.find((m) => m.file.text === undefined && m.file.pieces.length > 0)?.path;
      }
      // `task ops:deploy`: the deploy task of the Taskfile the main one includes as ops (its `includes:`), or, when the
      // session knows no main Taskfile, of one it wrote that defines the task under the namespace's name.
      const included =
        runner === 'taskfile' && !fromStdin
          ? this.includedTasks(command, found === undefined ? undefined : known(found), found, known)
          : [];
      if (found === undefined) {
        if (included.length > 0)
          this.runTaskLines(
            command,
            index,
            frame,
            scope,
            pos,
            end,
            included,
            (_, line) => `${command.program} ${line.label}`,
          );
        return;
      }
      others = included;
      const content = fromStdin
        ? { text: stdinText as string, whole: true, pieces: [] }
        : (known(found) as ProjectFileText);
      file = found;
      whole = content.whole;
      const targets = runner === 'makefile' ? makeTargets(command) : command.positionals;
      lines =
        runner === 'justfile'
          ? justRecipes(content.text, targets, (path) => known(resolve(resolve(file, '..'), path))?.text)
          : runner === 'taskfile'
            ? taskfileTasks(content.text, targets)
            : runner === 'rakefile'
              ? rakeTasks(content.text, targets)
              : makeRecipes(
                  withIncludes(content.text, (name) => known(resolve(command.cwd, name))?.text),
                  targets,
                  makeOverrides(command),
                  command.cwd,
                );
      label = `${command.program}${targets.length > 0 ? ` ${targets[0]}` : ''}`;
      // Lines the session added without their target's header: which target runs them is not known, so each is taken
      // as run (piece-lines.ts); a piece with none this module can read leaves the run opaque.
      if (lines.length === 0 && !whole)
        lines =
          runner === 'makefile'
            ? withVariables(pieceLines(file, content.pieces, label), makeOverrides(command), 'make', command.cwd)
            : pieceLines(file, content.pieces, label);
      // `task deploy ENV=prod`: go-task puts its command line's variables into `{{.ENV}}`, over the file's vars and env;
      // the file's env and dotenv files are the lines' environment (task-environment.ts), as is a justfile's .env.
      const readHere = this.textIn(resolve(file, '..'));
      if (runner === 'taskfile') {
        const given = taskfileEnvironment(content.text, targets, readHere);
        const vars = new Map([...(given?.vars ?? []), ...taskVariables(command.positionals)]);
        lines = withEnvironment(withVariables(lines, vars, 'task'), given?.env ?? new Map());
      } else if (runner === 'justfile') lines = withEnvironment(lines, justEnvironment(content.text, readHere));
      if (lines.length === 0 && !whole && others.length === 0) {
        this.out.script(file, index, 'sh', 'pieces');
        this.out.opaque('script', index, `${file}: known only in pieces`);
        return;
      }
    } else {
      // package.json's scripts, from each package the command's options select (package-folders.ts), else from the
      // one where it runs; each runs in its package's folder (`npm run x --prefix analysis` runs x in analysis/).
      const read: PackageRun[] = [];
      // `pnpm --filter web x`: the script x of the packages the manager's own options select (the manager is the
      // command recorded just before the one it runs).
      const manager = viaManager ? this.managerOf(index, (last as string).split(' ')[0] as string) : undefined;
      for (const p of this.selectedPackages(manager ?? command, known)) {
        const text = p.content.whole ? p.content.text : packageJsonOfPieces(p.content.pieces);
        const found = packageRun(command, text, viaManager, last, !p.content.whole);
        if (found === undefined) continue;
        if ('error' in found) {
          // A package.json the session wrote that npm could not read: what it would run is not known.
          this.out.script(p.file, index, 'sh', 'whole');
          this.out.opaque('script', index, `${p.file}: ${found.error}`);
          continue;
        }
        read.push({ file: p.file, lines: found.lines, label: found.label, whole: p.content.whole, folder: p.folder });
      }
      const [first, ...rest] = read;
      if (first === undefined) {
        // `yarn turbo run deploy`, `pnpm nx run api:rollout`: no script of that name, so the manager runs the
        // package's program, which reads its own project files.
        const runs = viaManager && runner === undefined ? workspaceRuns(command, this.files) : [];
        if (runs.length > 0) this.runTaskLines(command, index, frame, scope, pos, end, runs, (_, line) => line.label);
        return;
      }
      ({ file, lines, label, whole, folder } = first);
      others = rest;
    }
    const byRun = runner === 'npm-scripts' || runner === undefined;
    this.runTaskLines(
      command,
      index,
      frame,
      scope,
      pos,
      end,
      [{ file, lines, label, whole, folder }, ...others],
      (run, line) => (byRun ? run.label : `${command.program} ${line.label}`),
    );
  }

  /** The tasks `task NS:NAME` runs from the Taskfile included as NS (project-tasks.ts `taskfileIncludes`): named by the
   * main Taskfile's `includes:` (whole, or an edit's piece), else — the main Taskfile not known — a Taskfile the
   * session wrote under the namespace's name (`taskfiles/ops.yml`, `ops/Taskfile.yml`) that defines NAME. */
  private includedTasks(
    command: SimpleCommand,
    main: ProjectFileText | undefined,
    mainPath: string | undefined,
    known: (path: string) => ProjectFileText | undefined,
  ): PackageRun[] {
    const runs: PackageRun[] = [];
    const base = mainPath === undefined ? (command.cwd ?? '.') : resolve(mainPath, '..');
    const includes = main === undefined ? new Map() : taskfileIncludes(main.text);
    const variables = taskVariables(command.positionals);
    for (const target of command.positionals) {
      const at = target.indexOf(':');
      if (at <= 0 || target.includes('=')) continue;
      const [ns, name] = [target.slice(0, at), target.slice(at + 1)];
      const entry = includes.get(ns);
      const paths =
        entry !== undefined
          ? [
              resolve(base, entry.taskfile),
              ...['Taskfile.yml', 'Taskfile.yaml'].map((f) => resolve(base, `${entry.taskfile}/${f}`)),
            ]
          : main === undefined
            ? [
                `**/${ns}.yml`,
                `**/${ns}.yaml`,
                `**/${ns}/Taskfile.yml`,
                `**/${ns}/Taskfile.yaml`,
                `**/Taskfile.${ns}.yml`,
                `**/${ns}.taskfile.yml`,
              ]
                .flatMap((glob) => this.files.matching(resolve(base, glob)))
                .map((m) => m.path)
            : [];
      for (const path of paths) {
        const content = known(path);
        if (content === undefined) continue;
        let lines = taskfileTasks(content.text, [name]);
        if (lines.length === 0 && !content.whole && entry !== undefined)
          lines = pieceLines(path, content.pieces, `task ${target}`);
        if (lines.length === 0) continue;
        // The included file's vars, env and dotenv files (relative to it), over the main one's; the command line's
        // variables over both.
        const given = taskfileEnvironment(content.text, [name], this.textIn(resolve(path, '..')));
        const outer =
          main === undefined ? undefined : taskfileEnvironment(main.text, [], (p) => known(resolve(base, p))?.text);
        const env = new Map([...(outer?.env ?? []), ...(given?.env ?? [])]);
        const vars = new Map<string, string>([
          ...(outer?.vars ?? []),
          ...(given?.vars ?? []),
          ...((entry as TaskfileInclude | undefined)?.vars ?? []),
          ...variables,
        ]);
        runs.push({
          file: path,
          lines: withEnvironment(withVariables(lines, vars, 'task'), env).map((l) => ({
            source: l.source,
            label: `${ns}:${l.label}`,
          })),
          label: `task ${target}`,
          whole: content.whole,
          folder: entry?.dir === undefined ? command.cwd : resolve(base, entry.dir),
        });
        break;
      }
    }
    return runs;
  }

  /** Walks the lines task files run (project-tasks.ts, workspace-tasks.ts), each as a shell of its own in its folder;
   * a file known only in pieces is marked so (what they run is read, and the rest stays unknown). */
  private runTaskLines(
    command: SimpleCommand,
    index: number,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    runs: readonly PackageRun[],
    via: (run: PackageRun, line: TaskLine) => string,
  ): void {
    for (const run of runs) {
      if (run.lines.length === 0) continue;
      this.out.script(run.file, index, 'sh', run.whole ? 'whole' : 'pieces');
      if (frame.depth + 1 > this.maxDepth) {
        this.out.opaque('depth', index, run.label);
        return;
      }
      for (const line of run.lines)
        this.nested(
          line.source,
          {
            text: line.source,
            base: undefined,
            span: this.map(frame, pos, end),
            via: [...command.via, via(run, line)],
            depth: frame.depth + 1,
            env: command.assignments,
            remote: undefined,
            file: frame.file,
          },
          this.childShell(scope, run.folder, undefined, [], false),
        );
    }
  }

  /**
   * The package.json files a script run reads, each with the folder its scripts run in: those the command's options
   * select (package-folders.ts) — by folder, or by the "name" of a package.json the session wrote under the root —
   * else the one where the command runs. A selected package the session wrote no package.json for is not read.
   */
  /** The pnpm or yarn command that runs the command recorded at `index` as a script or binary: the nearest one before it. */
  private managerOf(index: number, program: string): SimpleCommand | undefined {
    for (let i = index - 1; i >= 0 && i >= index - 4; i--) {
      const c = this.out.commands[i];
      if (c?.program === program) return c;
    }
    return undefined;
  }

  private selectedPackages(
    command: SimpleCommand,
    known: (path: string) => ProjectFileText | undefined,
  ): SelectedPackage[] {
    const selectors = packageSelectors(command) ?? [{ folder: command.cwd ?? '.' }];
    const out: SelectedPackage[] = [];
    for (const s of selectors) {
      if (s.every !== undefined) {
        // Every workspace package the session wrote under the folder (not the root's own package.json).
        const root = resolve(s.every, 'package.json');
        for (const m of this.files.matching(resolve(s.every, '**/package.json'))) {
          if (m.path === root || m.path.includes('node_modules/')) continue;
          const found = known(m.path);
          if (found !== undefined) out.push({ file: m.path, folder: resolve(m.path, '..'), content: found });
        }
        continue;
      }
      const file = s.folder === undefined ? undefined : resolve(s.folder, 'package.json');
      const content = file === undefined ? undefined : known(file);
      if (file !== undefined && content !== undefined) {
        out.push({ file, folder: s.folder === '.' ? command.cwd : s.folder, content });
        continue;
      }
      if (s.name === undefined) continue;
      // A workspace named by its package name: the package.json the session wrote under the root that carries it.
      for (const m of packagesNamed(s.name, s.under, this.files)) {
        const found = known(m.path);
        if (found !== undefined) out.push({ file: m.path, folder: resolve(m.path, '..'), content: found });
      }
    }
    return out;
  }

  /**
   * `systemctl start|enable UNIT`: the service unit the call or the session wrote (found where systemd looks, or at the
   * path given), through the timer, path or socket unit that activates it; its Exec lines. The first unit found wins.
   */
  /** The steps `act` runs from the workflows the call or the session wrote (-W's file or folder, or
   * .github/workflows): the named job's, or every job's (act runs those the event triggers: the stricter reading),
   * in every known workflow; the first one that has any is the file explain names. */
  private actWorkflows(
    command: SimpleCommand,
  ): { file: string; lines: readonly TaskLine[]; label: string; whole: boolean } | undefined {
    if (actRunsNothing(command)) return undefined;
    const where = resolve(command.cwd, actWorkflows(command));
    const hits = /\.ya?ml$/.test(where)
      ? [where].flatMap((path) => {
          const f = this.files.file(path);
          return f === undefined ? [] : [{ path, file: f }];
        })
      : [`${where}/*.yml`, `${where}/*.yaml`].flatMap((glob) => this.files.matching(glob));
    const jobs = actJobs(command);
    let found: { file: string; lines: TaskLine[]; label: string; whole: boolean } | undefined;
    for (const { path, file } of hits) {
      // A step the session put into a workflow it knows only in pieces: its job is not known, so it is taken as run.
      let lines = workflowSteps(file.text ?? file.pieces.join('\n'), jobs);
      if (lines.length === 0 && file.text === undefined) lines = pieceLines(path, file.pieces, 'act');
      if (lines.length === 0) continue;
      found ??= { file: path, lines: [], label: `act${jobs.length > 0 ? ` -j ${jobs[0]}` : ''}`, whole: true };
      found.lines.push(...lines.slice(0, TASK_LIMITS.maxLines - found.lines.length));
      if (file.text === undefined) found.whole = false;
    }
    return found;
  }

  private systemdService(
    command: SimpleCommand,
  ): { file: string; lines: readonly TaskLine[]; label: string; whole: boolean } | undefined {
    const units = systemdUnits(command);
    if (units === undefined) return undefined;
    const unitFile = (name: string): { path: string; text: string; whole: boolean } | undefined => {
      const hits = name.includes('/')
        ? [resolve(command.cwd, name)].flatMap((path) => {
            const f = this.files.file(path);
            return f === undefined ? [] : [{ path, file: f }];
          })
        : unitFileGlobs(name).flatMap((glob) => this.files.matching(glob));
      for (const { path, file } of hits) {
        if (file.text !== undefined) return { path, text: file.text, whole: true };
        if (file.pieces.length > 0) return { path, text: file.pieces.join('\n'), whole: false };
      }
      return undefined;
    };
    for (const unit of units) {
      const first = unitFile(unit);
      const base = unit.slice(unit.lastIndexOf('/') + 1);
      // A timer, path or socket unit runs nothing itself: the service it activates does (the session may have written
      // only the service, and enabled a timer of the team's).
      const activated = activatedUnit(base, first?.text ?? '');
      const service = activated === undefined ? first : unitFile(activated);
      if (service === undefined) continue;
      const lines = serviceLines(service.text);
      if (lines.length === 0) continue;
      return {
        file: service.path,
        lines,
        label: `${command.program} ${command.positionals[0]} ${base}`,
        whole: service.whole,
      };
    }
    return undefined;
  }

  /**
   * A file the call or the session wrote, run by `command`: a shell script is walked as a script (in this shell for
   * `source`, else in a child shell), an interpreter's file is read like its inline code. `family` undefined: executed
   * directly, its `#!` line decides. Returns false when the file is not one the call or the session wrote (it is then
   * matched by its path only, never guessed at), or when the command runs elsewhere (the file there is not this one).
   * A file known only in pieces (what the session put into it) is read piece by piece, and recorded as such: the call
   * stays opaque (compile/tool-match.ts isOpaque).
   */
  protected runFile(
    command: SimpleCommand,
    index: number,
    path: string,
    family: string | undefined,
    label: string,
    given: GivenValues,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    /** The words given to the script (`bash f.sh a b`, `source f a b`): its $1, $2, …; undefined: none known. */
    params?: readonly ShellWord[],
    /** What the command reads on stdin (`echo y | bash f.sh`): a shell script's first statement reads it. */
    stdin?: Stdin,
  ): boolean {
    if (command.remote !== undefined) return false;
    const file = this.files.file(path);
    if (file === undefined) {
      // A glob (`bash scripts/*.sh`, `source ./s*.sh`, `bash "$f"` in a loop over `tools/*.sh`): each file the call or
      // the session wrote that it names may be the one run — the stricter reading; other files it names are not read.
      const named = hasGlob(path) ? this.files.matching(path) : [];
      for (const m of named)
        this.runText(command, index, m.path, m.file, family, label, given, frame, scope, pos, end, params, stdin);
      return named.length > 0;
    }
    this.runText(command, index, path, file, family, label, given, frame, scope, pos, end, params, stdin);
    return true;
  }

  /** Runs one file's text (runFile): a shell script walked, an interpreter file read by the one-liner table. */
  private runText(
    command: SimpleCommand,
    index: number,
    path: string,
    file: ShellFile,
    family: string | undefined,
    label: string,
    given: GivenValues,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    params: readonly ShellWord[] | undefined,
    stdin: Stdin | undefined,
  ): void {
    // A notebook the session wrote, executed (papermill, nbconvert --execute, ipython): its code cells are the program
    // (a text that is not a notebook's JSON is the python code jupytext put there).
    const notebook =
      family !== 'sh' && file.text !== undefined && isNotebookPath(path)
        ? (notebookProgram(file.text) ?? { family: 'python' as const, code: file.text })
        : undefined;
    const as = notebook?.family ?? family ?? shebangFamily(file.text ?? file.pieces[0]);
    const whole = file.text !== undefined;
    this.out.script(path, index, as, whole ? 'whole' : 'pieces');
    const texts =
      notebook !== undefined
        ? [notebook.code]
        : (whole ? [file.text as string] : file.pieces).map((t) => asCommands(command.program, t));
    const sourced = command.program === 'source' || command.program === '.';
    // A script runs with its arguments as $1…; a sourced file with them for its duration (then the caller's again).
    const target = sourced ? scope : this.childShell(scope, command.cwd, given, [], false);
    const before = sourced && params !== undefined && params.length > 0 ? scope.vars.getArray(POSITIONAL) : undefined;
    if (params !== undefined && (!sourced || params.length > 0)) setParams(target, params);
    // $0 and ${BASH_SOURCE[0]} name the file: a script finds its helpers by its own folder (script-source.ts).
    const leave = enterFile(target.vars, path, sourced);
    // Positions index the file's text; a file known in pieces is read as its pieces joined by newlines (what
    // runnableText gives explain), each piece parsed on its own at its offset there.
    const length = whole ? (file.text as string).length : file.pieces.join('\n').length;
    let offset = 0;
    for (const text of texts) {
      const base = offset;
      offset += text.length + 1;
      if (as !== 'sh') {
        // Interpreter files are read like their inline code: the well-known calls with literal arguments.
        this.out.opaque('inline-script', index, label);
        this.oneLiner(
          command,
          index,
          as,
          label,
          withArguments(as, text, params),
          frame,
          scope,
          pos,
          end,
          undefined,
          path,
        );
        continue;
      }
      if (frame.depth + 1 > this.maxDepth) {
        this.out.opaque('depth', index, label);
        continue;
      }
      const parsed = parse(text);
      this.walkScript(
        // Pieces are fragments of a file the session never saw whole: what parses is read, the rest is no error.
        whole ? parsed : { ...parsed, errors: [] },
        {
          text,
          base,
          span: this.map(frame, pos, end),
          via: [...command.via, label],
          depth: frame.depth + 1,
          env: command.assignments,
          remote: undefined,
          file: { path, length },
        },
        // `source` runs the file in this shell (a cd or an assignment in it stays); a script runs in a child shell.
        target,
        // Its first statement reads what the command reads (`echo "$key" | bash install-token.sh`, whose `read`
        // takes it: round 43); a file known only in pieces is not read from its start.
        whole && base === 0 ? stdin : undefined,
      );
    }
    if (sourced && params !== undefined && params.length > 0) scope.vars.setArray(POSITIONAL, before ?? UNKNOWN);
    leave();
  }

  /**
   * A file of code a program loads by itself (a test runner's conftest.py or globalSetup, an mkdocs hook) is run by
   * that interpreter inside it: recorded as `node FILE`/`python FILE` with the file's code as its input, as `node
   * FILE` run by hand would be, so a rule on the interpreter's code (`run.text`: a fetch POST of a file) sees it.
   * Its calls were walked already (runFile); this adds only the command.
   */
  private loadedCode(command: SimpleCommand, m: GlobMatch, f: FolderRun, label: string): void {
    const program = f.family === 'node' ? 'node' : f.family === 'python' ? 'python' : undefined;
    // (node and python are interpreters: `node --test`'s files are its own input already)
    if (program === undefined || declarationOf(command.program)?.interpreter) return;
    const text = runnableText(m.file);
    if (text === undefined) return;
    this.out.command({
      ...command,
      program,
      programText: program,
      argv: [m.path],
      positionals: [m.path],
      flags: [],
      globals: [],
      assignments: [],
      via: [...command.via, label],
      // (the file's path is relative to the call's start, as every path the walk resolved)
      cwd: undefined,
      dynamic: false,
      unknown: [],
      input: { text, from: m.path },
      implied: undefined,
      subcommandAlias: undefined,
    });
  }

  /** What a program given its code as an operand reads (awk '{…}' FILE…): the files after the code, when the call or
   * the session wrote each, else its stdin when it is given none. */
  private programInput(command: SimpleCommand, code: string, cwd: string | undefined, stdin: string | undefined) {
    const operands = command.positionals[0] === code ? command.positionals.slice(1) : command.positionals;
    if (operands.length === 0) return stdin;
    let text = '';
    for (const o of operands) {
      const t = o === '-' ? stdin : this.fileText(resolve(cwd, o));
      if (t === undefined) return undefined;
      text += t;
    }
    return text;
  }

  /** Inline code (`python -c '…'`, `python3 <<EOF`): the shell commands and file effects of the well-known calls
   * with literal arguments in it join the call's own (the code stays opaque besides). */
  private oneLiner(
    command: SimpleCommand,
    index: number,
    family: string,
    origin: string,
    code: string,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    /** What the program reads (its stdin, or the files it is given), when known: a call that runs it gets it. */
    input?: () => string | undefined,
    /** The program file run by its path, when the code is one: its own folder is then known (`__file__`). */
    script?: string,
  ): void {
    // What the program reads from its environment by name: its own NAME=value prefix and what the call or the
    // session exported (a wrapper that cleared the environment passes only what it was given).
    const env = (name: string): string | undefined => {
      const own = command.environment?.[name];
      if (own !== undefined || command.cleanEnvironment === true) return own;
      const exported = scope.vars.environment();
      if (exported !== undefined && Object.hasOwn(exported, name)) return exported[name];
      // (asked only for a name the code reads: putInEnvironment calls it per read it found)
      this.files.askedNames.add(name);
      return scope.vars.sessionValue(name);
    };
    // What it reads from a file the session wrote whole, by a literal path (one-liner-file-reads.ts).
    const read = (path: string): string | undefined => this.files.file(resolve(command.cwd, path))?.text;
    const found = scanOneLiner(family, code, env, script, read);
    if (found.length === 0) return;
    for (const found1 of found) {
      const f =
        found1.kind === 'shell' && found1.command === INPUT_COMMAND ? { ...found1, command: input?.() } : found1;
      const via = `${origin} › ${f.call}`;
      if (f.kind !== 'shell') {
        this.out.effects(index, [{ kind: f.kind, path: resolve(command.cwd, f.path), content: f.content, via }]);
        continue;
      }
      if (f.command === undefined) continue;
      if (frame.depth + 1 > this.maxDepth) {
        this.out.opaque('depth', index, via);
        continue;
      }
      this.nested(
        f.command,
        {
          text: f.command,
          base: undefined,
          span: this.map(frame, pos, end),
          via: [...command.via, via],
          depth: frame.depth + 1,
          env: command.assignments,
          remote: command.remote,
          file: frame.file,
        },
        this.childShell(scope, command.cwd ?? scope.cwd, undefined, [], false),
      );
    }
  }

  /** `find … -exec CMD … ;` runs CMD for each file: walk it as a command of its own; a deleting CMD (through any
   * wrapper: `-exec env rm`, `-exec sudo rm`) deletes from find's start paths. */
  protected findExec(
    index: number,
    command: SimpleCommand,
    words: readonly ShellWord[],
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    via: readonly string[],
  ): void {
    for (let i = 1; i < words.length; i++) {
      const option = (words[i] as ShellWord).value;
      if (option !== '-exec' && option !== '-execdir' && option !== '-ok' && option !== '-okdir') continue;
      let stop = i + 1;
      while (
        stop < words.length &&
        (words[stop] as ShellWord).value !== ';' &&
        (words[stop] as ShellWord).value !== '+'
      )
        stop++;
      // `{}` stands for each file found: when the expression names them (-name), the placeholder is that path.
      const found = findPlaceholder(command.argv);
      const i0 = i;
      const inner = words.slice(i + 1, stop).map((w) =>
        found === undefined || !w.value.includes('{}')
          ? w
          : // GNU find puts the path in for `{}` inside a word too (`-exec touch {}/x.md`)
            syntheticWord(w.value === '{}' ? found : w.value.split('{}').join(found), w.pos, w.end),
      );
      i = stop;
      if (inner.length === 0) continue;
      const ran = unwrap(inner, [], Math.max(0, this.maxDepth - frame.depth - via.length));
      const program = ran.kind === 'command' ? programName(ran.words[0]?.value ?? '') : undefined;
      // Only a command that is given the files found (`{}`) deletes them: `-exec rm -rf dist \;` deletes dist alone.
      const givenFiles = words.slice(i0 + 1, stop).some((w) => w.value.includes('{}'));
      const deletes = givenFiles && program !== undefined && declarationOf(program)?.effects?.effects === removeEffects;
      this.runWords(inner, [], frame, this.childShell(scope, scope.cwd, undefined, [], false), pos, end, [
        ...via,
        `find ${option}`,
      ]);
      // The start folder is among what it removes, unless a name test picks the files and `{}` names them (as for
      // -delete, file-effects.ts): then the command's own effect is what it removes (`rm -rf ./**/__pycache__`).
      if (deletes && (found === undefined || !findPicksByName(command.argv)))
        this.out.effects(
          index,
          findRoots(command.argv).map((root) => ({
            kind: 'delete' as const,
            path: resolve(command.cwd, root),
            content: undefined,
            via: 'find -exec rm',
          })),
        );
    }
  }
}

/** A project file's whole text, or what the session put into it (an edit of the team's file) and its pieces. */
interface ProjectFileText {
  readonly text: string;
  readonly whole: boolean;
  readonly pieces: readonly string[];
}

/** A package.json a script run reads, and the folder its scripts run in. */
interface SelectedPackage {
  readonly file: string;
  readonly folder: string | undefined;
  readonly content: ProjectFileText;
}

/** The lines a script run takes from one package.json, run in its package's folder. */
interface PackageRun {
  readonly file: string;
  readonly lines: readonly TaskLine[];
  readonly label: string;
  readonly whole: boolean;
  readonly folder: string | undefined;
}

/**
 * What `npm run NAME` (`npm test`, `pnpm NAME`, `yarn run NAME`; a script name reached through pnpm or yarn) runs from
 * one package.json text: the script's lines, or the lifecycle scripts `npm install`/`version`/`pack` run by themselves;
 * an error when the text is not JSON; undefined when it has no such script.
 */
function packageRun(
  command: SimpleCommand,
  text: string,
  viaManager: boolean,
  last: string | undefined,
  partial: boolean,
): { lines: readonly TaskLine[]; label: string } | { error: string } | undefined {
  const name = viaManager
    ? command.program
    : scriptName(command, (n) => {
        const r = packageScripts(text, n, [], partial);
        return r !== undefined && !('error' in r);
      });
  const lifecycle = name === undefined && !viaManager ? lifecycleScripts(command) : undefined;
  if (lifecycle !== undefined)
    return {
      lines: lifecycleLines(text, lifecycle) ?? [],
      label: `${command.program} ${command.positionals[0] ?? 'install'}`,
    };
  if (name === undefined) return undefined;
  const found = packageScripts(text, name, viaManager ? command.argv : scriptArgs(command, name), partial);
  if (found === undefined || 'error' in found) return found;
  return { lines: found.lines, label: `${viaManager ? (last as string).split(' ')[0] : command.program} run ${name}` };
}

/** A command's own code: the value of a code option, else its first operand; undefined when a file gives it. A
 * variable its `assign` options set and its code hands to a call (`awk -v c='git push' 'BEGIN { system(c) }'`) is
 * put in as the literal it holds, so the call reads as written with it. */
function programText(command: SimpleCommand, own: ProgramTextDeclaration): string | undefined {
  let source: string | undefined;
  for (const f of command.flags) {
    if (own.fileOptions.includes(f.name)) return undefined;
    if (own.options.includes(f.name) && f.value !== undefined) source = f.value;
  }
  const code = source ?? command.positionals[0];
  return code === undefined ? undefined : withAssigned(command, own, code);
}

/** The code with each `NAME=VALUE` of the program's assign options (awk -v) put in where a call takes NAME alone. */
function withAssigned(command: SimpleCommand, own: ProgramTextDeclaration, code: string): string {
  let out = code;
  for (const f of command.flags) {
    const m = own.assign?.includes(f.name) === true ? /^([A-Za-z_]\w*)=([\s\S]*)$/.exec(f.value ?? '') : null;
    if (m === null) continue;
    const literal = `"${(m[2] as string).replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\n')}"`;
    out = out.replace(new RegExp(`\\(\\s*${m[1]}\\s*\\)`, 'g'), `(${literal})`);
    // …and as an assignment ahead of the code, which the language's own fold reads (`system(c " --x")` in awk)
    out = `${m[1]} = ${literal}\n${out}`;
  }
  return out;
}

/** The value of the first of a command's options (its globals included) given with one. */
const optionOf = (c: SimpleCommand, names: readonly string[]): string | undefined =>
  [...c.globals, ...c.flags].find((f) => names.includes(f.name))?.value;

/** `python -m MODULE`, recorded as the module's command (wrappers.ts): the interpreter's `-m` is its last runner. */
function viaPythonModule(command: SimpleCommand): boolean {
  const runner = command.via[command.via.length - 1];
  return runner !== undefined && /^python[\d.]*(\.exe)? -m$/.test(runner);
}

/** The task runners that read one fixed file: which names the command picks, the file, and the lines it runs. */
const FIXED_FILE_TASKS: Readonly<
  Record<
    'procfile' | 'tox' | 'pre-commit' | 'deno' | 'poe',
    {
      readonly picked: (c: SimpleCommand) => readonly string[] | undefined;
      readonly file: string;
      /** Another file the command names instead of the default one. */
      readonly named?: (c: SimpleCommand) => string | undefined;
      readonly lines: (text: string, picked: readonly string[]) => TaskLine[];
    }
  >
> = {
  // honcho/foreman `-f FILE` (`--procfile`) name another Procfile
  procfile: {
    picked: procfileNames,
    file: 'Procfile',
    named: (c) => optionOf(c, ['-f', '--procfile']),
    lines: procfileCommands,
  },
  // tox `-c FILE|DIR` (`--conf`): another tox.ini, or the one in DIR
  tox: {
    picked: toxEnvs,
    file: 'tox.ini',
    named: (c) => {
      const given = optionOf(c, ['-c', '--conf']);
      return given === undefined || /\.(ini|cfg|toml)$/.test(given) ? given : `${given.replace(/\/+$/, '')}/tox.ini`;
    },
    lines: toxCommands,
  },
  'pre-commit': { picked: preCommitIds, file: '.pre-commit-config.yaml', lines: preCommitHooks },
  deno: { picked: denoTaskNames, file: 'deno.json', lines: denoTasks },
  poe: { picked: poeTaskNames, file: 'pyproject.toml', lines: poeTasks },
};

/** A program's script as shell commands: a crontab's entries without their time fields (scheduler.ts); else as is. */
function asCommands(program: string, text: string): string {
  return declarationOf(program)?.interpreter?.lines === 'crontab' ? crontabCommands(text) : text;
}

/** A subcommand's hooks with their paths in the declared folders and the options that skip them, made once. */
interface PlannedHook {
  readonly hook: string;
  readonly paths: readonly string[];
  readonly skip: readonly string[];
}
const HOOK_PLANS = new WeakMap<HooksDeclaration, Map<string, readonly PlannedHook[] | undefined>>();

function hookPlan(hooks: HooksDeclaration, sub: string): readonly PlannedHook[] | undefined {
  let plans = HOOK_PLANS.get(hooks);
  if (plans === undefined) {
    plans = new Map();
    HOOK_PLANS.set(hooks, plans);
  }
  const known = plans.get(sub);
  if (known !== undefined || plans.has(sub)) return known;
  const names = Object.hasOwn(hooks.bySubcommand, sub) ? hooks.bySubcommand[sub] : undefined;
  const plan = names?.map((hook) => ({
    hook,
    paths: hooks.folders.map((folder) => `${folder}/${hook}`),
    skip: Object.hasOwn(hooks.skippedBy, hook) ? (hooks.skippedBy[hook] as readonly string[]) : [],
  }));
  // INVARIANT: bounded (the declaration's subcommands, and other words remembered as having none, up to 256).
  if (plans.size < 256) plans.set(sub, plan);
  return plan;
}

/** Folders a bare program name is looked up in: the usual ones a script is installed into, and the entries of a
 * `PATH=…` the command is given, else of the PATH the shell has (an `export PATH="$PWD/tools:$PATH"` earlier in the
 * call or the session), that the call names (`$PWD/bin`, `bin`; not `$PATH` itself or another variable). */
const USUAL_PATH = ['/usr/local/bin', '/usr/bin', '/bin', '~/.local/bin', '~/bin', 'bin', 'node_modules/.bin'];
function pathFolders(assignments: readonly string[], shellPath: Value): readonly string[] {
  const given =
    assignments.find((a) => a.startsWith('PATH='))?.slice(5) ?? (typeof shellPath === 'string' ? shellPath : undefined);
  if (given === undefined) return USUAL_PATH;
  const own = given
    .replace(/^(['"])(.*)\1$/, '$2')
    .split(':')
    .map((d) => d.replace(/^\$\{?PWD\}?\/?/, '') || '.')
    .filter((d) => !d.includes('$'));
  return [...own, ...USUAL_PATH];
}

/** A word that is an output process substitution, `>(…)`: a script that reads what is written to it. */
const isOutputSubstitution = (text: string): boolean => text.startsWith('>(') && text.endsWith(')');
