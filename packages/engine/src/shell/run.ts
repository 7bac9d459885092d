// Running one command, as words: unwrap its wrappers, normalise it, record it with its effects, and follow what it
// runs in turn (follow.ts); builtins change the shell (cd, export, read, unset). The AST walk that finds the commands
// is walk.ts.
import type { Redirection } from 'unbash';
import type { CommandInput, Flag, SimpleCommand } from './types.js';
import { programName, resolve } from './paths.js';
import { type ShellWord, syntheticWord } from './words.js';
import { withAnsibleInventory } from './ansible-config.js';
import { awsAlias } from './aws-aliases.js';
import { withCurlConfig } from './curl-config.js';
import { withoutRequireForce } from './git-branch.js';
import { cargoAlias } from './cargo-aliases.js';
import { unwrap, type StartingShell } from './wrappers.js';
import { listedPaths } from './listed-paths.js';
import { foldPaths } from './one-liner-fold.js';
import { putInEnvironment } from './one-liner-env.js';
import { withoutDeadBranches } from './one-liner-dead-branches.js';
import { codeLanguage } from './one-liners.js';
import { type HomeFiles, homeStartupNames, inHome } from './startup-files.js';
import { isConfigRunner } from './config-commands.js';
import { withEnvironmentArgs } from './environment-args.js';
import { KubeContext, readsKubeContext, setsKubeContext } from './kube-context.js';
import { ProgramLinks } from './links.js';
import { normaliseCommand, type SpanOf } from './normalise.js';
import { isStdoutRedirect, programEffects, type Effect } from './effects.js';
import { canonicalProgram, compiledProgram, declarationOf } from './programs/registry.js';
import type { FileAccess, InputDeclaration, ShellChange } from './programs/declaration.js';
import { printfOutput } from './printf.js';
import { echoOutput } from './output.js';
import { COMPUTED_PIECE } from './computed-piece.js';
import { withStagedFiles } from './git-staged.js';
import { runnableText } from './call-files.js';
import { renderedFolderIn, renderedText } from './rendered-file.js';
import { withBakeFilePush } from './bake-files.js';
import { inputFiles } from './file-runs.js';
import { interpreterUse } from './interpreters.js';
import { topFrom } from './git-output.js';
import { POSITIONAL, UNKNOWN, UNSET, type Value, ZERO } from './values.js';
import { commandVariable, sameShell, shellDirectory, type Scope } from './scope.js';
import { isAffirmative, type Rendered, type Stdin } from './stdin.js';
import { Follower, type Frame, type GivenValues, NOTHING, type Ran, setParams } from './follow.js';
import { arithmeticAssign } from './expand.js';
import { readsKnownInput } from './unknown-text.js';
import { workspaceFolder } from './package-folders.js';

export { NOTHING, type Frame, type Ran } from './follow.js';

/** True when no wrapper after the frame's own (`via` from `from` on) runs it in another process (eval, builtin and
 * command run in this shell). */
function runsInThisShell(via: readonly string[], from: number): boolean {
  for (let i = from; i < via.length; i++)
    if (via[i] !== 'builtin' && via[i] !== 'command' && via[i] !== 'eval') return false;
  return true;
}

const allStatic = (words: readonly ShellWord[]): boolean => {
  for (const w of words) if (w.dynamic) return false;
  return true;
};

/** A parameter expansion or command substitution as written in a word's text: `$X`, `${X…}`, `$(…)`, `` `…` ``. */
const EXPANSION = /\$(?:\{[^}]*\}|[A-Za-z_]\w*|[0-9@*#?$!-]|\(\([^)]*\)\)|\([^)]*\))|`[^`]*`/g;

/**
 * What echo or printf writes into a file when some of its words are not known (`printf 'machine h login %s password
 * %s\n' "$U" "$T" >> .netrc`): the known text, each unknown word as COMPUTED_PIECE — a file's content rule then sees
 * that a value is written there. Only for a redirect's content: what a pipe gives a shell stays unknown (opaque).
 */
function piecedPrint(program: string, words: readonly ShellWord[]): string | undefined {
  if ((program !== 'printf' && program !== 'echo') || allStatic(words)) return undefined;
  // An unknown word keeps its text as written: its literal parts stay, each expansion in it is a computed piece
  // (`echo "github_secret: $GITHUB_SECRET"` writes `github_secret: ` and a value).
  const args = words.slice(1).map((w) => (w.dynamic ? w.value.replace(EXPANSION, COMPUTED_PIECE) : w.value));
  let text: string | undefined;
  if (program === 'printf') {
    if (words[1] === undefined || words[1].dynamic || args[0] === '-v') return undefined;
    text = printfOutput(args);
  } else text = echoOutput(args);
  // Nothing known but the computed values (`echo "$TOKEN" > f`): the content is not known at all.
  return text === undefined || text.split(COMPUTED_PIECE).join('').trim() === '' ? undefined : text;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** One NAME=value word as written: its value with one layer of quotes removed (`KUBECONFIG="~/.kube/prod"`). */
function assignmentPair(text: string): readonly [string, string] | undefined {
  const eq = text.indexOf('=');
  if (eq < 1) return undefined;
  const name = text.endsWith('+', eq) ? text.slice(0, eq - 1) : text.slice(0, eq);
  if (!NAME.test(name)) return undefined;
  const value = text.slice(eq + 1);
  const q = value[0];
  const unquoted = (q === '"' || q === "'") && value.length >= 2 && value.endsWith(q) ? value.slice(1, -1) : value;
  return [name, unquoted];
}

/**
 * The command with the known values of its environment (SimpleCommand.environment): what the call set before it (none
 * when a wrapper cleared the environment or it runs elsewhere), then the NAME=value words given to it (its prefix,
 * env's), expanded where the walk knows their value. A rule can then ask `KUBECONFIG=… kubectl` what `--kubeconfig`
 * would say.
 */
function withEnvironment(command: SimpleCommand, scope: Scope, given: GivenValues, clean: boolean): SimpleCommand {
  const cleared = clean || scope.vars.cleared;
  const inherited = cleared ? undefined : scope.vars.environment();
  if (inherited === undefined && command.assignments.length === 0)
    return cleared ? { ...command, cleanEnvironment: true } : command;
  const pairs: [string, string][] = inherited === undefined ? [] : Object.entries(inherited);
  for (const a of command.assignments) {
    const pair = assignmentPair(a);
    if (pair !== undefined) pairs.push([pair[0], pair[1]]);
  }
  for (const [name, value] of given?.() ?? []) if (typeof value === 'string') pairs.push([name, value]);
  return {
    ...command,
    ...(pairs.length > 0 ? { environment: Object.fromEntries(pairs) } : {}),
    ...(cleared ? { cleanEnvironment: true as const } : {}),
  };
}

/**
 * What a listing command redirected into a file writes there: the files it lists, as globs, one a line (`git diff
 * --name-only -- src > /tmp/changed.txt` writes `src/**`). Their names are not known, the folders they come from are:
 * a later `xargs prettier --write < /tmp/changed.txt` rewrites files under src, as the same listing piped in does.
 */
function listingText(command: SimpleCommand): string | undefined {
  const listed = listedPaths(command.program, command.argv);
  return listed === undefined ? undefined : `${listed.join('\n')}\n`;
}

/** The kustomization a command renders to stdout (its declaration's `renders`), as written, and where it ran. */
function renderedFolder(command: SimpleCommand): Rendered | undefined {
  if (command.unknown.length > 0) return undefined;
  const folder = declarationOf(command.program)?.renders?.(command.positionals);
  return folder === undefined ? undefined : { folder, cwd: command.cwd };
}

/**
 * kubectl (or oc) reading the manifests a kustomization renders (`kustomize build overlays/prod | kubectl apply -f -`)
 * applies that kustomization, as `kubectl apply -k overlays/prod` does: the words with `-f -` read so, the folder
 * from where the renderer ran.
 */
function renderedInput(
  words: readonly ShellWord[],
  stdin: Stdin,
  cwd: string | undefined,
  textOf: (path: string) => string | undefined,
): readonly ShellWord[] {
  if (declarationOf(canonicalProgram(programName(words[0]?.value ?? '')))?.readsRendered !== true) return words;
  const rendered = stdin.how === '|' ? stdin.rendered : undefined;
  const piped =
    rendered === undefined
      ? undefined
      : rendered.cwd === cwd
        ? rendered.folder
        : resolve(rendered.cwd, rendered.folder);
  // `-f -` reads the pipe; `-f FILE` a file, which may hold a rendering the call or the session made (rendered-file.ts).
  const folderOf = (source: string): string | undefined =>
    source === '-' ? piped : renderedFolderIn(textOf(resolve(cwd, source)));
  const out: ShellWord[] = [];
  let changed = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as ShellWord;
    const next = words[i + 1];
    const joined = w.dynamic ? undefined : /^(?:-f=?|--filename=)(.+)$/.exec(w.value)?.[1];
    const folder =
      !w.dynamic && (w.value === '-f' || w.value === '--filename') && next !== undefined && !next.dynamic
        ? folderOf(next.value)
        : undefined;
    const joinedFolder = joined === undefined ? undefined : folderOf(joined);
    if (folder !== undefined && next !== undefined) {
      out.push({ ...w, value: '-k' }, { ...next, value: folder });
      i++;
      changed = true;
    } else if (joinedFolder !== undefined) {
      out.push({ ...w, value: `--kustomize=${joinedFolder}` });
      changed = true;
    } else out.push(w);
  }
  return changed ? out : words;
}

/** What a renderer redirected into a file writes there: the marked folder (rendered-file.ts). */
function renderingText(command: SimpleCommand): string | undefined {
  const rendered = renderedFolder(command);
  return rendered === undefined ? undefined : renderedText(resolve(rendered.cwd, rendered.folder));
}

export abstract class Runner extends Follower {
  /** The kubectl context and namespace set earlier in the call (or by the session's earlier calls). */
  readonly kube = new KubeContext();
  /** The symbolic links a program word may go through (the session's and the call's). */
  readonly programLinks = new ProgramLinks();

  /** The words with a program named by a path through a symbolic link named by the link's target (the program it
   * runs: `./bin/ctr` linked to /usr/bin/docker runs docker). */
  private throughLinks(words: readonly ShellWord[], scope: Scope): readonly ShellWord[] {
    const head = words[0];
    if (head === undefined || head.dynamic || !head.value.includes('/')) return words;
    const reached = this.programLinks.reached(head.value, scope.cwd, this.out.commands);
    return reached === undefined ? words : [{ ...head, value: reached }, ...words.slice(1)];
  }
  /** Unwrap, normalise and record one command given as words, spanning [pos, end) of the frame; returns what ran. */
  /** An ansible runner with the inventory of the ansible.cfg the call or the session wrote (ansible-config.ts). */
  private ansibleInventory(command: SimpleCommand, scope: Scope): SimpleCommand {
    // (ANSIBLE_CONFIG and ANSIBLE_INVENTORY an earlier call exported count: model.ts walks it again with them)
    this.files.askedEnvironment = true;
    const cwd = command.cwd;
    return withAnsibleInventory(
      command,
      (path) => this.files.text(resolve(cwd, path)),
      (name) => commandVariable(command, scope, name),
    );
  }

  protected run(
    words: readonly ShellWord[],
    assignments: readonly string[],
    /** The values the command's own NAME=value prefix gives it, read only when it starts a shell. */
    given: GivenValues,
    redirects: readonly Redirection[],
    stdin: Stdin,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    extraVia: readonly string[],
  ): Ran {
    const budget = this.maxDepth - frame.depth - extraVia.length;
    // xargs given a file list it cannot read (`grep -rl x src | xargs sed -i …`): the files, as globs, are its input.
    const input =
      stdin.text ??
      (stdin.listed !== undefined && words.some((w) => programName(w.value) === 'xargs')
        ? stdin.listed.join('\n')
        : undefined);
    // The program through a link, before the wrappers are read (a link to sudo) and after (`sudo ./bin/ctr`).
    const linked = this.throughLinks(words, scope);
    const u = unwrap(linked, assignments, Math.max(0, budget), input, this.fileText, scope.cwd);
    // Commands that no wrapper added to share their frame's via (read-only data, so sharing is safe).
    const via = extraVia.length === 0 && u.via.length === 0 ? frame.via : [...frame.via, ...extraVia, ...u.via];
    const start = this.mapStart(frame, pos);
    const stop = this.mapEnd(frame, start, end);
    let shellCwd = scope.cwd;
    for (const dir of u.cwd) shellCwd = resolve(shellCwd, dir);
    // `pnpm --filter @shop/release exec bash scripts/sync.sh`: it runs in the selected package's folder.
    // (the words before what it runs: the command's first word, or the string a shell it starts runs)
    const ranFrom = u.kind === 'reparse' ? u.word : u.kind === 'command' ? u.words[0] : undefined;
    const managerWords = u.via.length === 0 || ranFrom === undefined ? -1 : linked.indexOf(ranFrom);
    const packageFolder =
      managerWords <= 0 ? undefined : workspaceFolder(linked.slice(0, managerWords), shellCwd, this.files);
    if (packageFolder !== undefined) shellCwd = packageFolder;
    const remote = u.remote ?? frame.remote;
    if (u.remote !== undefined) this.out.mount(u.remote, u.mounts);
    // The env wrappers' own NAME=value words (beyond the command's prefix) also reach the command it runs.
    const extra = (): readonly string[] => u.assignments.slice(assignments.length);
    // ssh, docker exec, kubectl exec: the wrapper is a command of its own here, besides what it runs there.
    let here: number | undefined;
    for (const o of u.outer) {
      let outerCwd = shellCwd;
      if (o.cwd !== undefined) {
        outerCwd = scope.cwd;
        for (const dir of u.cwd.slice(0, o.cwd)) outerCwd = resolve(outerCwd, dir);
        // (`yarn workspace @x/web run ship`: the yarn it runs stands in the package; the manager itself does not)
        if (packageFolder !== undefined && o.via.length > 0) outerCwd = packageFolder;
      }
      // (with its environment, the env wrapper's words included: `env ANSIBLE_INVENTORY=prod ansible web -a uptime`
      // runs ansible with it, here)
      const written = normaliseCommand(
        o.words,
        assignments,
        [...frame.via, ...extraVia, ...o.via],
        outerCwd,
        frame.text.slice(pos, end),
        start,
        stop,
        frame.remote,
        allStatic(o.words) ? undefined : (p, e) => this.map(frame, p, e),
      );
      let outer: SimpleCommand = {
        ...withEnvironment({ ...written, assignments: u.assignments }, scope, given, false),
        assignments: written.assignments,
      };
      // (`ansible web -m shell -a CMD` under an ansible.cfg the session wrote: the runner's inventory, as below)
      if (outer.program.startsWith('ansible')) outer = this.ansibleInventory(outer, scope);
      const at = this.out.command(frame.file === undefined ? outer : { ...outer, file: frame.file.path });
      if (at === undefined) continue;
      here = at;
      this.out.effects(at, programEffects(outer, undefined));
      // ssh HOST CMD sends what it reads on stdin: the files of this machine that data comes from (programs/*.ts).
      const declared = declarationOf(outer.program);
      if (declared?.stdin?.sends === true) this.out.effects(at, this.sent(outer.program, stdin));
      // Settings it hands to a shell here, whatever it runs (`ssh -o ProxyCommand=… host CMD`, `git -c core.editor=…
      // rebase -x CMD`): walked as for the command itself.
      if (declared?.commandSettings !== undefined)
        this.commandSettings(outer, frame, scope, pos, end, [...extraVia, ...o.via], (path, family, label) =>
          this.runFile(outer, at, path, family, label, given, frame, scope, pos, end),
        );
      // A configuration file it reads here, whatever it runs (`ssh -F f host CMD`, `tmux -f f new 'CMD'`); a project's
      // tasks (`pnpm ship`) are the command it runs, followed there.
      if (isConfigRunner(declared?.tasks)) this.projectTasks(outer, at, frame, scope, pos, end, undefined);
    }

    if (u.kind === 'reparse') {
      const redirectsAt = this.out.commands.length;
      const word = u.word;
      const inner =
        word === undefined
          ? undefined
          : word.singleQuoted
            ? word.pos + 1
            : word.text === word.value
              ? word.pos
              : undefined;
      const base = inner === undefined || frame.base === undefined ? undefined : frame.base + inner;
      // eval runs in this shell (its values); any other string runs in a child shell (the exported ones).
      const innerScope: Scope = u.sameShell
        ? sameShell(scope, shellCwd)
        : this.childShell(
            scope,
            // A shell started elsewhere starts where that machine puts it (unknown: the call's start), except in a
            // container that sees this machine's folders, where its -w is known (`docker run -v "$PWD":/app -w /app`).
            remote !== frame.remote && u.mounts.length === 0 ? undefined : shellCwd,
            given,
            extra(),
            u.clearsEnvironment,
          );
      // `sh -c 'git push -f origin "$1"' _ main`: the words after the string are $0, $1, … of the new shell.
      if (!u.sameShell) {
        setParams(innerScope, u.params === undefined ? [] : u.params.slice(1));
        const zero = u.params?.[0];
        if (zero !== undefined) innerScope.vars.set(ZERO, zero.dynamic ? UNKNOWN : zero.value);
      }
      // The startup file the shell reads before the string (BASH_ENV for `bash -c`, an rc file for `bash -i`), when
      // the session wrote it: run first, in the same new shell.
      if (u.shell !== undefined) this.files.askedEnvironment = true;
      const startup =
        u.shell === undefined ? undefined : startupFile(u.shell, [...assignments, ...u.assignments], scope);
      const known = startup === undefined ? undefined : this.files.file(resolve(shellCwd, startup.path));
      const startups: { readonly text: string; readonly label: string }[] = [];
      if (u.shell !== undefined)
        for (const f of homeStartupTexts(this.files, u.shell, [...assignments, ...u.assignments], scope))
          startups.push(f);
      const startupText = known === undefined ? undefined : runnableText(known);
      if (startup !== undefined && startupText !== undefined)
        startups.push({ text: startupText, label: startup.label });
      for (const file of startups)
        this.nested(
          file.text,
          {
            text: file.text,
            base: undefined,
            span: [start, stop],
            via: [...via, file.label],
            depth: frame.depth + extraVia.length + u.via.length,
            env: u.assignments,
            remote,
            file: frame.file,
          },
          innerScope,
        );
      // `env 'BASH_FUNC_ls%%=() { …; }' bash -c ls`: bash defines the functions its environment exports (how
      // `export -f` passes them on) before it runs the string.
      if (u.shell?.name === 'bash')
        for (const a of [...assignments, ...u.assignments]) {
          const f = BASH_FUNCTION.exec(a);
          if (f !== null)
            this.nested(
              `${f[1]} ${f[2]}`,
              {
                text: `${f[1]} ${f[2]}`,
                base: undefined,
                span: [start, stop],
                via: [...via, `BASH_FUNC_${f[1]}%%`],
                depth: frame.depth + extraVia.length + u.via.length,
                env: u.assignments,
                remote,
                file: frame.file,
              },
              innerScope,
            );
        }
      this.nested(
        u.source,
        {
          text: u.source,
          base,
          span: [start, stop],
          via,
          depth: frame.depth + extraVia.length + u.via.length,
          env: u.assignments,
          remote,
          file: frame.file,
        },
        innerScope,
        // `sh -c 'bash -s' <<< …`, `ssh host bash -s <<EOF`: the string's first command reads the wrapper's stdin.
        stdin,
      );
      // The wrapper's redirections (`bash -c '…' > f`) belong to the first command it ran — unless it ran it elsewhere:
      // `ssh host cmd > f` writes f here, so f belongs to ssh (the command recorded here).
      const owner = remote !== frame.remote && here !== undefined ? here : redirectsAt;
      if (this.out.commands.length > redirectsAt)
        this.out.effects(owner, this.redirections(redirects, scope, undefined));
      return NOTHING;
    }

    if (u.kind === 'fanout') {
      // xargs fed a literal: each run is walked as a command of its own; its redirections belong to the first.
      const first = this.out.commands.length;
      const inner = this.childShell(scope, shellCwd, given, extra(), u.clearsEnvironment);
      const innerFrame = remote === frame.remote ? frame : { ...frame, remote };
      for (const r of u.runs) this.runWords(r, u.assignments, innerFrame, inner, pos, end, [...extraVia, ...u.via]);
      if (this.out.commands.length > first) this.out.effects(first, this.redirections(redirects, scope, undefined));
      return NOTHING;
    }

    const known = allStatic(u.words);
    const spanOf: SpanOf | undefined = known ? undefined : (p, e) => this.map(frame, p, e);
    let command: SimpleCommand = normaliseCommand(
      renderedInput(u.words === linked ? u.words : this.throughLinks(u.words, scope), stdin, shellCwd, (path) =>
        this.files.text(path),
      ),
      u.assignments,
      via,
      shellCwd,
      frame.text.slice(pos, end),
      start,
      stop,
      remote,
      spanOf,
    );
    if (frame.file !== undefined) command = { ...command, file: frame.file.path };
    command = withEnvironment(command, scope, given, u.clearsEnvironment || remote !== undefined);
    // Options its environment gives it (TF_CLI_ARGS): the session's exports matter to it (model.ts walks it again).
    const fromEnvironment = compiledProgram(command.program)?.declaration.environmentArgs;
    if (fromEnvironment !== undefined) {
      this.files.askedEnvironment = true;
      const before = command;
      command = withEnvironmentArgs(command, fromEnvironment, (name) => commandVariable(before, scope, name));
    }
    // Files a client reads as its language (`psql -f f`), recorded as read once the command has its index.
    const read: ReadFile[] = [];
    command = this.withProgramText(this.withStdin(command, stdin, read), stdin, (name) => {
      const v = this.environmentValue(name, given, scope);
      return typeof v === 'string' ? v : undefined;
    });
    command = withBakeFilePush(command, (path) => this.files.text(path));
    // `ansible-playbook site.yml` under an ansible.cfg the session wrote: its inventory (ansible-config.ts).
    if (command.program.startsWith('ansible')) command = this.ansibleInventory(command, scope);
    // `curl -K share.curlrc`: the options of a config file the call or the session wrote (curl-config.ts).
    if (command.program === 'curl') {
      const cwd = command.cwd;
      command = withCurlConfig(command, (path) => this.files.text(resolve(cwd, path)));
    }
    const program = command.program;
    if (program === 'git' && u.kind === 'command') {
      // …also from a config file the call or the session wrote that the command names (include.path, GIT_CONFIG_GLOBAL)
      const cwd = command.cwd;
      const body = this.gitAliases.expansion(command, {
        text: (path) => this.fileText(resolve(cwd, path)),
        env: (name) => {
          const v = command.cleanEnvironment === true ? undefined : scope.vars.get(name);
          return typeof v === 'string' ? v : undefined;
        },
      });
      if (body !== undefined)
        return this.gitAlias(body, command, u.words, u.assignments, redirects, stdin, frame, scope, pos, end, [
          ...extraVia,
          ...u.via,
        ]);
    }
    // `cargo ship` of an `[alias]` in a .cargo/config.toml the session wrote runs the cargo command it stands for
    // (cargo-aliases.ts), walked as a git alias is.
    if (program === 'cargo' && u.kind === 'command') {
      if (command.environment?.CARGO_HOME === undefined) this.files.askedEnvironment = true;
      const home = commandVariable(command, scope, 'CARGO_HOME');
      // A config the session knows only in pieces (an edit or `>>` of the team's .cargo/config.toml) is read as its
      // pieces: an `[alias]` table the edit put in defines the alias as the whole file would.
      const text = (path: string): string | undefined => {
        const f = this.files.file(path);
        return f === undefined ? this.fileText(path) : runnableText(f);
      };
      const alias = cargoAlias(command, text, home);
      const at = u.words.length - command.argv.length; // the alias word: after cargo and its global options
      const origin = u.words[at];
      if (alias !== undefined && origin !== undefined) {
        const words = alias.map((w) => syntheticWord(w, origin.pos, origin.end));
        return this.run(
          [...u.words.slice(0, at), ...words, ...u.words.slice(at + 1)],
          u.assignments,
          undefined,
          redirects,
          stdin,
          frame,
          scope,
          pos,
          end,
          [...extraVia, ...u.via, 'cargo alias'],
        );
      }
    }
    // `aws clean-exports` of an alias the session wrote into .aws/cli/alias runs what it stands for (aws-aliases.ts):
    // aws's own words in place of the alias, or the shell line of a `!` alias with the call's words as its arguments.
    if (program === 'aws' && u.kind === 'command') {
      const alias = awsAlias(command, this.files);
      const at = u.words.length - command.argv.length; // the alias word: after aws and its global options
      const origin = u.words[at];
      if (alias !== undefined && origin !== undefined) {
        const word = (w: string): ShellWord => syntheticWord(w, origin.pos, origin.end);
        const words =
          alias.kind === 'aws'
            ? [...u.words.slice(0, at), ...alias.words.map(word), ...u.words.slice(at + 1)]
            : // (the CLI appends the call's words to the line, as git does for a `!` alias)
              [word('sh'), word('-c'), word(`${alias.line} "$@"`), word(origin.value), ...u.words.slice(at + 1)];
        return this.run(words, u.assignments, undefined, redirects, stdin, frame, scope, pos, end, [
          ...extraVia,
          ...u.via,
          'aws alias',
        ]);
      }
    }
    // A push that names no branch pushes the one checked out (git-branch.ts): filled in as implied words.
    if (program === 'git') command = this.repo.resolve(command, (key) => this.gitAliases.setting(key));
    // `git clean` after clean.requireForce=false (-c, the line or the session) deletes as `git clean -f` does.
    if (program === 'git') command = withoutRequireForce(command, (key) => this.gitAliases.setting(key));
    // `git add DIR`, `git add -A`: the files the session wrote there, by name (git-staged.ts).
    if (program === 'git') {
      const cwd = command.cwd;
      command = withStagedFiles(
        command,
        (g) => this.files.matching(g),
        (p) => resolve(cwd, p),
      );
    }
    // A kubectl context or namespace set earlier in the call (kube-context.ts).
    if (readsKubeContext(program)) command = this.kube.resolve(command, scope.vars.sessionValue('KUBECONFIG'));
    const index = this.out.command(command);
    if (index === undefined) return NOTHING;
    if (program === 'git' || program === 'gh') this.repo.observe(command, index);
    if (setsKubeContext(program)) this.kube.observe(command, index, scope.vars.sessionValue('KUBECONFIG'));
    for (const f of read) this.out.script(f.path, index, f.as, f.read);
    if (program === 'git') this.gitAliasDefinition(command, u.words, frame, scope, pos, end, [...extraVia, ...u.via]);
    if (program === 'gh') this.ghAliasDefinition(command, u.words, frame, scope, pos, end, [...extraVia, ...u.via]);
    if (u.kind === 'opaque') this.out.opaque(u.reason, index, u.detail);
    if (command.dynamic) this.out.opaque('dynamic-command', index, u.words[0]?.text ?? '');
    if (program === 'break' || program === 'continue') this.breaks++;
    this.namedPipes(command, u.words, redirects, scope);
    if (program === 'history' || program === 'fc') this.history(command, frame, scope, pos, end);

    const declaration = declarationOf(program);
    // Settings it hands to a shell (git's editor, pager, ssh command) and a hooks folder it sets (follow.ts).
    if (declaration?.commandSettings !== undefined)
      this.commandSettings(command, frame, scope, pos, end, [...extraVia, ...u.via], (path, family, label) =>
        this.runFile(command, index, path, family, label, given, frame, scope, pos, end),
      );
    // Builtins change this shell, unless a wrapper other than builtin/command/eval runs them in a process of their own.
    if (declaration?.shell !== undefined && runsInThisShell(command.via, frame.via.length))
      this.shellChange(declaration.shell, command, u.words, stdin, scope);

    const output =
      declaration?.shell === 'assign' && program !== 'export'
        ? declaredValues(command, scope)
        : declaration?.output === undefined || !readsKnownInput(program, stdin.text)
          ? undefined
          : declaration.output(
              command.argv,
              known,
              stdin.text,
              (path) => this.files.text(resolve(shellCwd, path)),
              (name) => this.environmentValue(name, given, scope),
              {
                branch: (dir) => this.branchAt(dir === undefined ? shellCwd : resolve(shellCwd, dir)),
                upstream: (dir) => this.upstreamAt(dir === undefined ? shellCwd : resolve(shellCwd, dir)),
                defaultBranch: (remote, dir) =>
                  this.defaultBranchAt(remote, dir === undefined ? shellCwd : resolve(shellCwd, dir)),
                top: (dir) => topFrom(dir === undefined ? shellCwd : resolve(shellCwd, dir)),
                config: (key) => this.gitAliases.configValue(key),
              },
            );
    // Only what reaches this shell's stdout is what it prints (a command whose stdout is redirected prints into its
    // file instead; one that only reads a heredoc or sends stderr away still prints here: `{ cat <<'EOF' … } > f`).
    const toStdout = !redirects.some(isStdoutRedirect);
    if (toStdout) this.out.output(index, output);
    if (
      redirects.length > 0 &&
      program === 'exec' &&
      u.words.length <= 1 &&
      runsInThisShell(command.via, frame.via.length)
    )
      this.openDescriptors(redirects, scope);
    // `echo … > >(bash)`, `… | tee >(sh)`: the process substitution reads what the command prints.
    if (output !== undefined) this.feedSubstitutions(command, u.words, redirects, output, frame, scope, pos, end);
    // A command run elsewhere (`docker exec api cat x > f`) prints here: its redirections belong to the wrapper.
    this.out.effects(
      remote !== frame.remote && here !== undefined ? here : index,
      this.redirections(
        redirects,
        scope,
        output ??
          (redirects.length === 0
            ? undefined
            : (piecedPrint(program, u.words) ??
              declaration?.piecedOutput?.(command.argv, (name) => this.environmentValue(name, given, scope)) ??
              listingText(command) ??
              renderingText(command))),
      ),
    );
    if (declaration?.effects !== undefined) {
      // A patch applied (`git apply f`, `patch -i f`) is read as it is applied: listed with the command.
      const applied: ReadFile[] = [];
      const env = (name: string) => this.environmentValue(name, given, scope);
      // A program that copies its stdin into files (tee) writes, from echo or printf with a value not known, the known
      // text and where the value goes.
      const input = stdin.text ?? (declaration?.stdin?.copies === true ? stdin.printedPieces : undefined);
      this.out.effects(index, programEffects(command, input, this.fileAccess(command.cwd, applied, env)));
      for (const f of applied) this.out.script(f.path, index, f.as, f.read);
    }

    const stdinInterpreter = this.scripts(command, index, u.words, stdin, frame, scope, pos, end, given);
    if (program === 'find') this.findExec(index, command, u.words, frame, scope, pos, end, [...extraVia, ...u.via]);
    let printed = output;
    let printedFile =
      program === 'cat' && command.positionals.length === 1
        ? resolve(shellCwd, command.positionals[0] as string)
        : undefined;
    let printedFiles =
      program === 'cat' && command.positionals.length > 1 && command.flags.length === 0
        ? command.positionals.map((p) => resolve(shellCwd, p))
        : undefined;
    for (const r of redirects)
      if (isStdoutRedirect(r)) {
        printed = undefined;
        printedFile = undefined;
        printedFiles = undefined;
      }
    // Only a pipe's next command reads what ran (its index only with an interpreter): most commands need no record.
    const listed = printed === undefined && toStdout ? listedPaths(command.program, command.argv) : undefined;
    const printedPieces = printed === undefined && toStdout ? piecedPrint(program, u.words) : undefined;
    const rendered = printed === undefined && toStdout ? renderedFolder(command) : undefined;
    if (
      stdinInterpreter === undefined &&
      printed === undefined &&
      printedFile === undefined &&
      printedFiles === undefined &&
      listed === undefined &&
      printedPieces === undefined &&
      rendered === undefined
    )
      return NOTHING;
    return {
      index,
      stdinInterpreter,
      output: printed,
      file: printedFile,
      ...(printedFiles === undefined ? {} : { files: printedFiles }),
      ...(listed === undefined ? {} : { listed }),
      ...(rendered === undefined ? {} : { rendered }),
      ...(printedPieces === undefined ? {} : { printedPieces }),
    };
  }

  /**
   * What a program that sends its stdin elsewhere reads from this machine: the file redirected in or printed by cat,
   * the files the previous pipeline stage read, or `-` for a local program's output whose files are not known
   * (`pg_dump db |`). A literal (heredoc, here-string, echo) is text the call wrote, not a file: nothing.
   */
  private sent(program: string, stdin: Stdin): readonly Effect[] {
    const paths = stdin.effectsFrom === undefined ? [] : this.out.readsBetween(stdin.effectsFrom, stdin.effectsTo ?? 0);
    if (stdin.file !== undefined && !paths.includes(stdin.file)) paths.unshift(stdin.file);
    if (paths.length === 0 && stdin.how === '|' && stdin.effectsFrom !== undefined && stdin.text === undefined)
      paths.push('-');
    return paths.map((path) => ({ kind: 'read', path, content: undefined, via: `${program} ${stdin.how}` }));
  }

  /** The files of the call and the session as a program's effects reader sees them (paths as written, resolved
   * against `cwd`); each file read as a language is listed in `read`. */
  /** A variable of a program's environment: given to the command, set by the call, else the session's export (asked of
   * the context, so a call the session changes is walked again with it: model.ts). */
  private environmentValue(
    name: string,
    given: (() => readonly (readonly [string, Value])[]) | undefined,
    scope: Scope,
  ): string | null | undefined {
    const own = given?.().find(([n]) => n === name);
    if (own !== undefined) return typeof own[1] === 'string' ? own[1] : undefined;
    const exported = scope.vars.environment();
    if (exported !== undefined && Object.hasOwn(exported, name)) return exported[name];
    this.files.askedNames.add(name);
    return scope.vars.sessionValue(name);
  }

  private fileAccess(cwd: string | undefined, read: ReadFile[], env?: FileAccess['env']): FileAccess {
    return {
      text: (path) => this.files.text(resolve(cwd, path)),
      read: (path, as) => this.readFile(resolve(cwd, path), as, read),
      env,
    };
  }

  /** A file read as a language (SQL, a patch): its runnable text, when the call or the session wrote it. */
  private readFile(path: string, as: string, read: ReadFile[]): string | undefined {
    const file = this.files.file(path);
    if (file === undefined) return undefined;
    read.push({ path, as, read: file.text !== undefined ? 'whole' : 'pieces' });
    return runnableText(file);
  }

  /**
   * What a program reads as its own language besides its words (`SimpleCommand.input`): a client's files that the
   * call or the session wrote (`psql -f f`, `mysql -e 'source f'`) and its commands on stdin (psql <<SQL, `mysql < f`,
   * a literal pipe); or a confirmation answered on stdin (yes | terraform apply), which counts as its flag.
   */
  private withStdin(command: SimpleCommand, stdin: Stdin, read: ReadFile[]): SimpleCommand {
    const declaration = compiledProgram(command.program)?.declaration;
    if (declaration === undefined) return command;
    const texts: string[] = [];
    const from: string[] = [];
    const named = declaration.input === undefined ? undefined : inputFiles(command, declaration.input);
    // A file on another host is not the one the session wrote here.
    if (named !== undefined && command.remote === undefined) {
      const as = (declaration.input as InputDeclaration).as;
      for (const written of named.paths) {
        const path = resolve(command.cwd, written);
        const text = this.readFile(path, as, read);
        if (text === undefined) continue;
        texts.push(text);
        from.push(path);
      }
    }
    // Its stdin is its language: a client's commands, or a file option given as `-` (`gh api --input -`).
    const credential = declaration.stdin?.credential;
    const commands =
      declaration.stdin?.commands === true ||
      named?.stdin === true ||
      credential?.some((s) => leading(command.positionals, s)) === true;
    if (commands && stdin.file !== undefined && command.remote === undefined) {
      // `mysql < f`, `cat f | psql`: the file the session wrote is what the client reads.
      const text = this.readFile(stdin.file, declaration.input?.as ?? 'sql', read);
      if (text !== undefined) {
        texts.push(text);
        from.push(stdin.file);
      }
    } else if (commands && stdin.text !== undefined) {
      texts.push(stdin.text);
      from.push('stdin');
    } else if (commands && stdin.files !== undefined && stdin.how === '|' && command.remote === undefined) {
      // `cat header.txt data.csv | sendmail -t`: what it reads of the files the call or the session wrote, in order
      // (the others are not known: the text is not whole, and what is known of it is what a rule can see).
      for (const path of stdin.files) {
        const text = this.readFile(path, declaration.input?.as ?? 'sql', read);
        if (text === undefined) continue;
        texts.push(text);
        from.push(path);
      }
    }
    if (texts.length > 0) return { ...command, input: { text: texts.join('\n'), from: from.join(', ') } };
    const text = stdin.text;
    const confirm = declaration.stdin?.confirm;
    if (text === undefined || confirm === undefined || !isAffirmative(text)) return command;
    if (confirm.subcommands !== undefined && !confirm.subcommands.some((s) => leading(command.positionals, s)))
      return command;
    if (command.flags.some((f) => f.name === confirm.flag)) return command;
    const answer: Flag = { name: confirm.flag, value: undefined, token: confirm.flag };
    const input: CommandInput = { text, from: stdin.file ?? 'stdin' };
    return { ...command, flags: [...command.flags, answer], input };
  }

  /**
   * An interpreter's program read from stdin or from a file the call or the session wrote (`python3 - <<'PY'`, `node
   * < f.js`, `python3 tools/x.py`): its code is the command's input, so `run.text` reads it as it reads the code of
   * `python3 -c '…'` among the words. Shells are walked instead (their text is commands of their own).
   */
  private withProgramText(
    command: SimpleCommand,
    stdin: Stdin,
    env: (name: string) => string | undefined,
  ): SimpleCommand {
    if (command.input !== undefined || command.remote !== undefined) return command;
    const use = interpreterUse(command.program, command.argv);
    if (use === undefined || use.family === 'sh') return command;
    const language = codeLanguage(use.family);
    if (use.inline !== undefined) {
      // `URL=https://… node -e 'fetch(process.env.URL, …)'`: the code as it runs, each read of a variable its
      // environment knows put in as that literal, is its input — `run.text` reads it besides the words as written.
      if (use.code === undefined || language === undefined) return command;
      const ran = putInEnvironment(use.code, language, env);
      return ran === use.code ? command : { ...command, input: { text: ran, from: 'its code, with its environment' } };
    }
    // The script file is recorded as run where it is followed (follow.ts): here it is only read.
    const known = (path: string): string | undefined => {
      const file = this.files.file(path);
      return file === undefined ? undefined : runnableText(file);
    };
    let text: string | undefined;
    let from: string | undefined;
    // `go run ./cmd/share`: the package in that folder, its files the call or the session wrote, read as one program
    const folder = use.script === undefined ? this.folderRunFiles(command) : [];
    const texts = folder.map((f) => runnableText(f.match.file)).filter((t): t is string => t !== undefined);
    if (use.script !== undefined) {
      from = resolve(command.cwd, use.script);
      text = known(from);
    } else if (texts.length > 0) {
      from = folder[0]?.match.path;
      text = texts.join('\n');
    } else if (use.readsStdin && stdin.file !== undefined) {
      from = stdin.file;
      text = known(from);
    } else if (use.readsStdin) {
      from = 'stdin';
      text = stdin.text;
    }
    if (text === undefined || from === undefined) return command;
    // Names given one literal stand for it, as in the call scan (`URL = 'https://…'; requests.post(URL, …)` reads as
    // `requests.post('https://…', …)` for a rule's pattern).
    const live = language === 'python' ? withoutDeadBranches(text) : text;
    const folded = language === 'python' || language === 'js' ? foldPaths(live, language) : live;
    return {
      ...command,
      input: { text: language === undefined ? folded : putInEnvironment(folded, language, env), from },
    };
  }

  /** cd, export, read, unset: what a builtin changes in this shell. */
  private shellChange(
    change: ShellChange,
    command: SimpleCommand,
    words: readonly ShellWord[],
    stdin: Stdin,
    scope: Scope,
  ): void {
    const args = words.slice(1);
    switch (change) {
      case 'directory': {
        // cd/pushd move the shell (not across a pipe or out of a subshell: the scope object decides); `cd -` goes back
        // to $OLDPWD, which each move sets to where the shell was: under `$PWD` (the call's start, which the facts
        // stage reads as the project's directory) when that was relative, so "$OLDPWD"/x names it from anywhere.
        const target = command.positionals[0] ?? '~';
        const before = shellDirectory(scope.cwd);
        if (target === '-') {
          const old = scope.vars.get('OLDPWD');
          if (typeof old !== 'string') return;
          scope.cwd = old === '$PWD' ? undefined : old.startsWith('$PWD/') ? old.slice(5) : old;
        } else scope.cwd = resolve(scope.cwd, target);
        scope.vars.set('OLDPWD', before);
        return;
      }
      case 'assign': {
        const exported = command.program === 'export' || command.flags.some((f) => f.name === '-x');
        const arrays = command.flags.some((f) => f.name === '-a' || f.name === '-A');
        // `declare -n r=X` makes r a reference to X: r reads as X's value (as known now; unknown when X is not).
        const nameref = command.program !== 'export' && command.flags.some((f) => f.name === '-n');
        for (const w of args) {
          if (w.value.startsWith('-')) continue;
          const eq = w.value.indexOf('=');
          const name = eq === -1 ? w.value : w.value.slice(0, eq).replace(/\+$/, '');
          if (!NAME.test(name)) continue;
          if (eq === -1) {
            if (exported) scope.vars.markExported(name);
            continue;
          }
          const append = w.value[eq - 1] === '+';
          let value: Value = w.dynamic || arrays ? UNKNOWN : w.value.slice(eq + 1);
          if (nameref && typeof value === 'string') {
            // `declare -n r=X`: r is a reference to X — it reads X's value when it is used, set before or after.
            if (NAME.test(value) && value !== name) scope.vars.setRef(name, value);
            else scope.vars.set(name, UNKNOWN);
            continue;
          }
          if (append && typeof value === 'string') {
            const was = scope.vars.get(name);
            value = typeof was === 'string' ? was + value : UNKNOWN;
          }
          // `declare -l B=MAIN` holds main, `-u` upper case (round 13; the attribute on later assignments is not kept).
          const cased = command.flags.some((f) => f.name === '-l' || f.name === '-u');
          if (typeof value === 'string' && command.program !== 'export') {
            if (command.flags.some((f) => f.name === '-l')) value = value.toLowerCase();
            else if (command.flags.some((f) => f.name === '-u')) value = value.toUpperCase();
          }
          scope.vars.set(name, value, exported || undefined);
          // `export URL="${CI_SERVER_URL}/api/v4/…"`: a word partly known keeps its spelling, as a bare assignment's
          // does (walk.ts): a later word, in this call or the session's next ones, reads `$URL` as that word (the
          // form CI jobs and docs export their values in, round 22).
          if (w.dynamic && !arrays && !append && !cased) scope.vars.setSpelled(name, w.value.slice(eq + 1));
        }
        return;
      }
      case 'arithmetic':
        // `let k=2-1 i++`: each word an arithmetic expression, assignments among them (expand.ts).
        for (const w of args) arithmeticAssign(w.dynamic ? `${w.value}++` : w.value, scope.vars);
        return;
      case 'read': {
        // read -a NAME: the line's words are the array NAME.
        const array = command.flags.find((f) => f.name === '-a')?.value;
        if (array !== undefined && NAME.test(array)) {
          const odd = command.flags.some((f) => f.name === '-d' || f.name === '-n' || f.name === '-N');
          const line = odd ? undefined : stdin.text?.split('\n', 1)[0];
          const raw = command.flags.some((f) => f.name === '-r');
          const text = line === undefined ? undefined : raw ? line : line.replace(/\\(.)/g, '$1');
          const ifs = readIfs(command, scope);
          scope.vars.setArray(array, text === undefined || ifs === undefined ? UNKNOWN : splitIfs(text, ifs));
          return;
        }
        const names = command.positionals.filter((n) => NAME.test(n));
        // -d DELIM reads up to DELIM instead of a newline; `-d ''` reads the whole input (the idiom that puts a heredoc
        // into a variable: `read -r -d '' S <<'EOF'`), newlines being IFS blanks that are trimmed around it.
        const delimiter = command.flags.find((f) => f.name === '-d')?.value;
        // -N COUNT reads exactly COUNT characters (a newline among them is one of them); -n COUNT stops earlier at one.
        const count = command.flags.find((f) => f.name === '-N' || f.name === '-n');
        const odd =
          command.flags.some((f) => f.name === '-a') || (count !== undefined && !/^\d+$/.test(count.value ?? ''));
        const text =
          count === undefined || stdin.text === undefined
            ? stdin.text
            : count.name === '-N'
              ? stdin.text.slice(0, Number(count.value)).replace(/\n/g, ' ')
              : stdin.text.slice(0, Number(count.value));
        const line =
          odd || text === undefined || (delimiter !== undefined && delimiter.length > 1)
            ? undefined
            : delimiter === undefined
              ? text.split('\n', 1)[0]
              : delimiter === ''
                ? names.length === 1
                  ? text.replace(/^[ \t\n]+|[ \t\n]+$/g, '')
                  : undefined
                : text.split(delimiter, 1)[0];
        const raw = command.flags.some((f) => f.name === '-r');
        const ifs = readIfs(command, scope);
        const fieldsOf = (l: string): string[] | undefined =>
          ifs === undefined
            ? undefined
            : /^[ \t\n]*$/.test(ifs)
              ? readFields(l, names.length)
              : ifs.length === 1
                ? splitOnce(l, ifs, names.length)
                : undefined;
        const values = line === undefined ? undefined : fieldsOf(raw ? line : line.replace(/\\(.)/g, '$1'));
        names.forEach((n, i) => scope.vars.set(n, values?.[i] ?? UNKNOWN));
        return;
      }
      case 'unset':
        if (command.flags.some((f) => f.name === '-f')) return;
        for (const n of command.positionals) if (NAME.test(n)) scope.vars.set(n, UNSET);
        return;
      case 'mapfile': {
        // mapfile [-t] [NAME] < input: NAME (MAPFILE) holds its lines, without their newline under -t.
        const name = command.positionals[0] ?? 'MAPFILE';
        if (!NAME.test(name)) return;
        // -s N skips the first N lines, -n N keeps at most N (0: all); any other option is not followed.
        const number = (o: string): number | undefined => {
          const v = command.flags.find((f) => f.name === o)?.value;
          return v === undefined ? 0 : /^\d+$/.test(v) ? Number(v) : undefined;
        };
        const skip = number('-s');
        const most = number('-n');
        // -d DELIM ends each element at DELIM's first character instead of a newline (`-d ''`: at NUL).
        const given = command.flags.find((f) => f.name === '-d')?.value;
        const delimiter = given === undefined ? '\n' : given === '' ? '\0' : given[0];
        const odd = command.flags.some((f) => !['-t', '-s', '-n', '-d'].includes(f.name));
        const text = stdin.text;
        if (text === undefined || odd || skip === undefined || most === undefined || delimiter === undefined) {
          scope.vars.setArray(name, UNKNOWN);
          return;
        }
        // Every element but a last one the input does not end with keeps its delimiter (taken off under -t).
        const ended = text.endsWith(delimiter);
        const all = text === '' ? [] : (ended ? text.slice(0, -1) : text).split(delimiter);
        const lines = all.slice(skip, most === 0 ? undefined : skip + most);
        const trim = command.flags.some((f) => f.name === '-t');
        const last = all.length - 1;
        scope.vars.setArray(
          name,
          trim ? lines : lines.map((l, i) => (i + skip < last || ended ? `${l}${delimiter}` : l)),
        );
        return;
      }
      case 'printf': {
        // printf -v NAME FORMAT ARGS…: NAME holds what printf would print (printf.ts), or an unknown value.
        if (args[0]?.value !== '-v' || args[1] === undefined) return;
        const name = args[1].value;
        if (!NAME.test(name) || args[1].dynamic) return;
        const rest = args.slice(2);
        if (allStatic(rest)) {
          scope.vars.set(name, printfOutput(rest.map((w) => w.value)) ?? UNKNOWN);
          return;
        }
        // An argument not known (`printf -v URL 'https://x:%s@host/r' "$(gh auth token)"`): NAME is unknown, spelled as
        // printf would print the words as written (a known format only), as `URL="https://x:$(gh auth token)@…"` is
        // (blind round 23).
        const spelled = rest[0]?.dynamic === false ? printfOutput(rest.map((w) => w.value)) : undefined;
        if (spelled !== undefined) scope.vars.setSpelled(name, spelled);
        else scope.vars.set(name, UNKNOWN);
        return;
      }
      case 'positional': {
        // set [options] [--] WORDS: the words become the positional parameters; options alone change nothing here.
        let i = 0;
        while (i < args.length) {
          const w = (args[i] as ShellWord).value;
          if (w === '--') {
            i++;
            break;
          }
          if (!/^[-+]/.test(w) || w === '-' || w === '+') break;
          // set -a / -o allexport: every variable assigned from now on is exported (`set -a; . .env; set +a`).
          if (/^[-+][A-Za-z]*a/.test(w) && !/o$/.test(w)) scope.vars.setAllExport(w.startsWith('-'));
          if (/^[-+]o$/.test(w) && args[i + 1]?.value === 'allexport') scope.vars.setAllExport(w.startsWith('-'));
          // -o NAME / +o NAME take the option's name as the next word.
          i += /^[-+][A-Za-z]*o$/.test(w) ? 2 : 1;
        }
        const rest = args.slice(i);
        if (i >= args.length && args[args.length - 1]?.value !== '--') return;
        setParams(scope, rest);
        return;
      }
      case 'shift': {
        // shift [N]: the positional parameters lose their first N (1 by default); too many leaves them as they were.
        // (known elements or words given one by one, some unknown: setPartialArray keeps either kind)
        const items =
          scope.vars.getArray(POSITIONAL)?.map((value) => ({ value, unknown: false })) ??
          scope.vars.partialItems(POSITIONAL);
        const n =
          args[0] === undefined ? 1 : /^\d+$/.test(args[0].value) && !args[0].dynamic ? Number(args[0].value) : -1;
        if (items === undefined || n < 0) scope.vars.setArray(POSITIONAL, UNKNOWN);
        else if (n <= items.length) scope.vars.setPartialArray(POSITIONAL, items.slice(n));
        return;
      }
      case 'source':
        return;
    }
  }
}

/** A file a command read as a language: where, as what, and whether its whole text was known. */
interface ReadFile {
  readonly path: string;
  readonly as: string;
  readonly read: 'whole' | 'pieces';
}

/** Whether the positionals start with the words of `words` ('repo delete'). */
function leading(positionals: readonly string[], words: string): boolean {
  const parts = words.split(' ');
  for (let i = 0; i < parts.length; i++) if (positionals[i] !== parts[i]) return false;
  return true;
}

/** `read A B C` of a line: split on blanks, the last name takes the rest. */
/** The startup file a shell started with a string reads: bash's `--rcfile`/`--init-file` when interactive, else the
 * BASH_ENV it is given (its prefix, an env wrapper's words) or the shell exported; an interactive POSIX sh (dash, ksh:
 * `sh -i -c …`) reads ENV the same way. */
/** A `NAME=value` among the assignments as written: a literal, quoted or not; anything computed is left (its value is
 * not known here). */
function assignedValue(name: string, assignments: readonly string[]): string | undefined {
  let env: string | undefined;
  for (const a of assignments)
    if (a.startsWith(`${name}=`)) {
      const v = a.slice(name.length + 1).replace(/^(['"])(.*)\1$/, '$2');
      env = /[$`\\]/.test(v) ? undefined : v;
    }
  return env;
}

/** The home folder's startup files the shell reads (startup-files.ts) that the call or the session wrote. */
function homeStartupTexts(
  files: HomeFiles,
  shell: StartingShell,
  assignments: readonly string[],
  scope: Scope,
): { text: string; label: string }[] {
  const names = homeStartupNames(shell);
  if (names.length === 0) return [];
  const known = (name: string): string | undefined =>
    assignedValue(name, assignments) ??
    (typeof scope.vars.get(name) === 'string' ? (scope.vars.get(name) as string) : undefined);
  // zsh reads its startup files from ZDOTDIR when it is set (round 13: `ZDOTDIR=/tmp/z zsh -c …`), else from HOME
  const home = (/zsh/.test(shell.name) ? known('ZDOTDIR') : undefined) ?? known('HOME');
  const out: { text: string; label: string }[] = [];
  for (const name of names)
    for (const f of inHome(files, name, home)) {
      // a line the session appended to the human's own file runs as well (`echo '…' >> ~/.bashrc`): its pieces
      const text = runnableText(f.file);
      if (text !== undefined && out.length < 4) out.push({ text, label: `${shell.name} › ${f.path}` });
    }
  return out;
}

/** An exported function as bash passes it in the environment: `BASH_FUNC_NAME%%=() { BODY }`. */
const BASH_FUNCTION = /^BASH_FUNC_([A-Za-z_][\w.:-]*)%%=(\(\)\s*\{[\s\S]*\})$/;

function startupFile(
  shell: StartingShell,
  assignments: readonly string[],
  scope: Scope,
): { path: string; label: string } | undefined {
  if (shell.rcfile !== undefined) return { path: shell.rcfile, label: `${shell.name} --rcfile ${shell.rcfile}` };
  const name = /bash/.test(shell.name) ? 'BASH_ENV' : shell.interactive ? 'ENV' : undefined;
  if (name === undefined) return undefined;
  let env = assignedValue(name, assignments);
  if (env === undefined) {
    const v = scope.vars.get(name);
    if (typeof v === 'string') env = v;
  }
  return env === undefined || env === '' ? undefined : { path: env, label: `${name} ${env}` };
}

/**
 * What `declare -p NAME…` (typeset -p, local -p) prints when each value is known: `declare -- NAME="value"` lines a
 * shell sourcing them sets again (`declare -p C > f; . f`). Anything else it prints, or an unknown value: undefined.
 */
function declaredValues(command: SimpleCommand, scope: Scope): string | undefined {
  if (!command.flags.some((f) => f.name === '-p') || command.flags.length !== 1) return undefined;
  const names = command.positionals;
  if (names.length === 0) return undefined;
  let out = '';
  for (const name of names) {
    const value = NAME.test(name) ? scope.vars.get(name) : UNKNOWN;
    if (typeof value !== 'string') return undefined;
    out += `declare -- ${name}="${value.replace(/(["\\$`])/g, '\\$1')}"\n`;
  }
  return out;
}

/** A variable in a command's environment: its own `NAME=value` prefix, else what the shell exported; undefined when
 * not known, null when the command does not have it. */

/** The IFS `read` splits by: the command's own `IFS=…` prefix, else the shell's (unknown: undefined). */
function readIfs(command: SimpleCommand, scope: Scope): string | undefined {
  let own: string | undefined;
  // As written: `IFS=';'` and `IFS=","` are the character quoted; anything computed is not known here.
  for (const a of command.assignments)
    if (a.startsWith('IFS=')) {
      // `IFS=$'\t'`: ANSI-C quoting of tabs and newlines (the usual way to write a tab) is that character.
      const ansi = /^\$'((?:[^'\\]|\\[tn])*)'$/.exec(a.slice(4))?.[1];
      const v =
        ansi !== undefined
          ? ansi.replace(/\\t/g, '\t').replace(/\\n/g, '\n')
          : a.slice(4).replace(/^'([^']*)'$|^"([^"$`\\]*)"$/, '$1$2');
      own = /['"$`\\]/.test(v) ? undefined : v;
      if (own === undefined) return undefined;
    }
  const ifs = own ?? scope.vars.get('IFS');
  return typeof ifs === 'string' ? ifs : undefined;
}

/** A line split into words by IFS as read -a splits it: IFS blanks trimmed and collapsed, each other IFS character
 * ending a field. */
function splitIfs(text: string, ifs: string): string[] {
  const blank = [...ifs].filter((c) => c === ' ' || c === '\t' || c === '\n').join('');
  const other = [...ifs].filter((c) => c !== ' ' && c !== '\t' && c !== '\n').join('');
  const esc = (chars: string): string => chars.replace(/[\\\]^-]/g, '\\$&');
  const trimmed = blank === '' ? text : text.replace(new RegExp(`^[${esc(blank)}]+|[${esc(blank)}]+$`, 'g'), '');
  if (trimmed === '') return [];
  if (other === '') return trimmed.split(new RegExp(`[${esc(blank)}]+`));
  const b = blank === '' ? '' : `[${esc(blank)}]*`;
  const sep = new RegExp(`${b}[${esc(other)}]${b}${blank === '' ? '' : `|[${esc(blank)}]+`}`);
  const out = trimmed.split(sep);
  // A trailing delimiter ends the last field without starting an empty one (`a,b,` is two words).
  if (out.length > 1 && out[out.length - 1] === '') out.pop();
  return out;
}

/** `IFS=: read a b <<< x:y:z`: one delimiter character; the last name gets the rest of the line. */
function splitOnce(line: string, delimiter: string, count: number): string[] {
  const out: string[] = [];
  let rest = line;
  for (let i = 0; i < count - 1; i++) {
    const at = rest.indexOf(delimiter);
    if (at === -1) break;
    out.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  out.push(rest);
  return out;
}

function readFields(line: string, count: number): string[] {
  const out: string[] = [];
  let rest = line.replace(/^[ \t]+/, '');
  for (let i = 0; i < count; i++) {
    if (i === count - 1) {
      out.push(rest.replace(/[ \t]+$/, ''));
      break;
    }
    const m = /^([^ \t]*)[ \t]*/.exec(rest) as RegExpExecArray;
    out.push(m[1] as string);
    rest = rest.slice(m[0].length);
  }
  return out;
}
