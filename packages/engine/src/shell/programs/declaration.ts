// The shape of what the model knows about one program, declared once per program (programs/*.ts): its options, the
// directory it moves to, what it does to files, the command it runs, the language it interprets, what it reads on
// stdin and what it prints. Code reads the declaration; adding a program is one declaration (see registry.ts).
import type { TaskRunner } from '../project-tasks.js';
import type { Flag, UnknownWord } from '../types.js';
import type { EffectKind } from '../types.js';

/** The normalised command effects are computed from (a SimpleCommand is one). */
export interface EffectInput {
  readonly program: string;
  readonly positionals: readonly string[];
  readonly flags: readonly Flag[];
  readonly cwd: string | undefined;
  /** The words after the program, in order (find's start paths precede its expression; git checkout -- paths). */
  readonly argv: readonly string[];
  /** Its global options, before its subcommand (`npm -w packages/ui pkg set …`); absent where none are known. */
  readonly globals?: readonly Flag[];
  /** Its words the shell expanded with a value not known (`"$(op read …)"` inside yq's expression); absent where
   * none are known. */
  readonly unknown?: readonly UnknownWord[];
}

/** The options a program's environment gives it, each with where it comes from, in words (environment-args.ts). */
export type EnvironmentArgs = (
  /** A variable of its environment, when known: its prefix, the shell's exports, the session's. */
  get: (name: string) => string | undefined,
  positionals: readonly string[],
) => readonly {
  readonly flag: Flag;
  readonly from: string;
  /** One of its global options (`git -c`): kept with the globals, before the subcommand. */
  readonly global?: boolean;
  /** The options that, written on the command line, win over this one (it is then not added). */
  readonly yieldsTo?: readonly string[];
}[];

/** Records one file effect of the command (paths as written: the caller resolves them against the cwd). */
export type AddEffect = (kind: EffectKind, path: string, via: string, content?: string) => void;

export interface EffectsDeclaration {
  /**
   * The value-taking options the reader looks at. INVARIANT (test/shell/programs.test.ts): each is declared in the
   * program's `options` (or `globals.value`), so its value is never read as a file name.
   */
  readonly reads: readonly string[];
  /** Adds the effects of one command; `stdin` is the literal text on its stdin, when known; `files` reads the files
   * the call or the session wrote (cp carries a known text, git apply and patch apply a patch file). */
  readonly effects: (input: EffectInput, add: AddEffect, stdin: string | undefined, files: FileAccess) => void;
}

/** The files a command can read the text of (written earlier in the call, or by the session), by path as written
 * (the caller resolves it against the command's cwd). */
export interface FileAccess {
  /** The whole text, when known (`cp a b` writes a's text to b). */
  readonly text: (path: string) => string | undefined;
  /** A file the program reads as a language of its own (a patch it applies): the whole text, else what the session put
   * into it; the model records the file as read, `as` saying what it was read as (ShellModel.scripts). */
  readonly read: (path: string, as: string) => string | undefined;
  /** A variable of its environment (`yq -i '.x = strenv(NAME)'`): its value, null when not set, undefined when not
   * known. Absent: nothing of the environment is known. */
  readonly env?: (name: string) => string | null | undefined;
}

/** A word as the shell read it (a ShellWord is one): its value, whether part of it is computed, its text as written. */
export interface WrittenWord {
  readonly value: string;
  readonly dynamic: boolean;
  readonly text: string;
}

/** How a program runs another command (sudo CMD, docker exec CTR CMD, su -c STRING). */
export interface RunsDeclaration {
  /** Only after these subcommand words does it run a command (`npm exec`, `docker compose exec`); absent: always. */
  readonly subcommands?: readonly string[];
  /**
   * Its first word runs as a command when it is none of these, its own commands (with their aliases): `pnpm netlify
   * deploy` runs the package binary netlify. Only with no `subcommands`; an option before the word runs nothing.
   */
  readonly ownCommands?: readonly string[];
  /** The word it runs may be a package.json script of that name as well as a binary (`pnpm test:unit`, `yarn run
   * vercel`): the runner is recorded as a command too, so a rule on `pnpm test*` still sees it. */
  readonly scriptOrBinary?: boolean;
  /** Its own options that take a value (attached or the next word), before the command. */
  readonly options: readonly string[];
  /** Its own options whose value is only ever attached. */
  readonly attached?: readonly string[];
  /** Positionals it takes before the command (timeout's DURATION, chroot's NEWROOT, docker exec's CONTAINER). */
  readonly skip?: number;
  /** `skip` applies only when none of these options is given (`runuser -u USER CMD` against `runuser USER`). */
  readonly skipUnless?: readonly string[];
  /** Options after which it runs nothing (`command -v`, `sudo -l`): it is then the command itself. */
  readonly notWhen?: readonly string[];
  /** Options whose value is the directory the command runs in (`sudo -D`, `env -C`). */
  readonly cwd?: readonly string[];
  /** Options whose value is a command line a shell runs (`su -c`, `script -c`, `flock -c`, `npx -c`). */
  readonly commandOption?: readonly string[];
  /** A computed command option is read as written rather than left opaque: the language it runs has `$` variables
   * of its own that bash expanded in double quotes (`pwsh -Command "… $env:KEY"`); they stay unknown expansions. */
  readonly readsAsWritten?: boolean;
  /** …only a value this pattern starts, which is taken off: vim's `-c '!CMD'` (also `:!`, `silent !`) runs CMD,
   * its other `-c` commands are its own. */
  readonly commandPrefix?: RegExp;
  /** False: the words after it are not a command (`su USER ARGS` hands them to the shell as arguments). */
  readonly rest?: false;
  /** The command's words are joined by spaces and run by a shell (`watch`, `ssh`). */
  readonly joined?: boolean;
  /** …each word quoted first, so several words keep their boundaries (watchexec on Unix: `-- sh -c "a && b"` runs
   * sh with its script); one word is still a command line the shell reads. */
  readonly quotesWords?: boolean;
  /** …unless one of these options is given (`watch -x` runs the words directly). */
  readonly directWhen?: readonly string[];
  /** It runs the command elsewhere: the label is the program (and subcommand) with its first skipped word. */
  readonly remote?: boolean;
  /** With no command, its stdin is a script a shell runs (`ssh HOST <<EOF`). */
  readonly stdinScript?: boolean;
  /** Its own options may come after its positionals, as GNU getopt permutes them (`su - USER -c STRING`). */
  readonly permute?: boolean;
  /** Its command follows `--`, and its own options may come after the positionals before it (`kubectl exec POD -c C -- CMD`). */
  readonly dashDash?: boolean;
  /** The command it runs does not inherit the exported variables (sudo resets them, ssh runs elsewhere)… */
  readonly clearsEnvironment?: boolean;
  /** …unless one of these options is given (`sudo -E`, `su -m`). */
  readonly keepsEnvironmentWith?: readonly string[];
  /**
   * Its command's first word names a package, not a program (`npx netlify-cli@17 deploy`, `pnpm dlx @changesets/cli`):
   * the version is dropped and the package's own command is looked up in this table (a scoped package without an entry
   * runs its name: `@vercel/ncc` → `ncc`). `-p`/`--package` name the package apart, so the word is then the command.
   */
  readonly packageBins?: Readonly<Record<string, string>>;
  /**
   * A first word that is a script file with one of these extensions is run by that interpreter: `uv run tools/x.py`
   * is `python tools/x.py` (uv's documented behaviour), so the script is judged as what it contains.
   */
  readonly scriptsBy?: Readonly<Record<string, string>>;
  /**
   * Options whose value names the program it runs, with its positionals as that program's words (`python -m twine
   * upload` runs twine's command line). Without one of them it runs nothing. The program itself is recorded too.
   */
  readonly programOption?: readonly string[];
  /** It runs one of its own commands (`yarn workspaces foreach … npm publish` runs `yarn npm publish` in each). */
  readonly self?: boolean;
  /**
   * It is another program under another name, with the same words: `kubecolor apply -f k8s/` is `kubectl apply -f
   * k8s/`, `k3s kubectl apply` runs kubectl. The words after it (and after its subcommand) are that program's.
   */
  readonly runsAs?: string;
  /**
   * Script files that are another program's entry point, by file name: `node /usr/lib/node_modules/npm/bin/npm-cli.js
   * publish` is `npm publish`. A first word not listed runs nothing here (the interpreter runs its script).
   */
  readonly entryPoints?: Readonly<Record<string, string>>;
  /** Its command's first word may name an environment first (`hatch run release:twine upload` runs twine there). */
  readonly environmentPrefix?: boolean;
  /** A file in the directory its first skipped word names that it loads in a shell before the command (`direnv exec
   * DIR CMD` sources DIR/.envrc): read when the call or the session wrote it. */
  readonly sourcesFirst?: string;
  /** Switches after which the rest of the words are the command (`nix develop -c CMD…`, `nix shell PKG -c CMD…`). */
  readonly commandAfter?: readonly string[];
  /** It is a command of its own besides the one it runs (`git rebase -x CMD` rebases too): both are recorded. */
  readonly itself?: boolean;
  /** Its first operand is a command line a shell runs, the others are not commands (`trap 'CMD' EXIT`); an empty
   * operand or `-` runs nothing. */
  readonly stringOperand?: boolean;
  /** Each of its operands, and each value of its `commandOption`s, is a command line a shell runs (`concurrently 'a'
   * 'b'`, `hyperfine --setup 'c' 'a'`). */
  readonly everyOperand?: boolean;
  /** With `everyOperand` and a `commandPrefix`: the operand's own escapes turned into a shell command line (git's
   * `ext::sh -c git% push` URL: `% ` is a space inside one argument); undefined: not read. */
  readonly operandCommand?: (operand: string) => string | undefined;
  /**
   * It is another command spelled differently (PowerShell's `Remove-Item ./dist -Recurse` is `rm -r ./dist`): the
   * equivalent shell line, from the words after its name, is walked as `sh -c LINE` would be (in this shell), so every
   * rule on that command and its effects applies; the program itself is recorded too, so a rule on its own name still
   * sees it. Undefined: it cannot be translated (an unknown or ambiguous option, a dry run), and stays as it is.
   * INVARIANT: a word whose value is not known is put into the line as written (`text`), never as a value.
   */
  readonly translates?: (args: readonly WrittenWord[]) => string | undefined;
  /** Shapes data cannot say, read by a function of wrappers.ts: env's NAME=value and -S, xargs' and parallel's input. */
  readonly special?: 'env' | 'xargs' | 'parallel' | 'eval' | 'shell' | 'bwrap';
  /** The command is run by its image's entrypoint: for an image whose entrypoint is a known tool (image-entrypoints.ts)
   * the words after the image are that tool's arguments (`docker run hashicorp/terraform:1.7 destroy`); `--entrypoint
   * X` names it. */
  readonly entrypoints?: boolean;
  /** `-v`/`--volume`/`--mount` bind this machine's folders into the container: what the command writes under a
   * mount's target is written here, under its source (container-mounts.ts). */
  readonly mounts?: boolean;
}

export type InterpreterFamily =
  | 'sh'
  | 'python'
  | 'node'
  | 'perl'
  | 'ruby'
  | 'php'
  | 'deno'
  | 'bun'
  | 'r'
  | 'lua'
  | 'julia'
  | 'elixir'
  | 'tcl'
  | 'elisp'
  | 'applescript'
  | 'groovy'
  | 'erlang'
  | 'clojure'
  | 'gnuplot'
  | 'octave'
  | 'go'
  | 'java'
  | 'rust'
  | 'cmake'
  | 'raku'
  | 'm4';

export interface InterpreterDeclaration {
  readonly family: InterpreterFamily;
  /** Options whose value is a program in its language (`python -c`, `node -e`); shells' -c is a runner's (shells.ts). */
  readonly inline: readonly string[];
  /** Options after which no script file follows (`python -m module`). */
  readonly noScript?: readonly string[];
  /** How its script file is found: the first positional (default), or a first word that looks like a JS/TS file. */
  readonly scriptWord?: 'positional' | 'js-file';
  /** With `js-file`: the file names it runs instead of JS/TS ones, the first such word (`go run x.go`, `java X.java`). */
  readonly scriptPattern?: RegExp;
  /** Options that make it read its program from stdin although a word follows (`bash -s ARGS`). */
  readonly stdinOptions?: readonly string[];
  /** Options whose value is its script file (`at -f FILE`). */
  readonly scriptOptions?: readonly string[];
  /** False: its operands are never its script (`at now + 1 minute` is a time): without a script option it reads its
   * program from stdin. */
  readonly operandScript?: false;
  /** Its program is lines of a format around shell commands (a crontab: five time fields, then the command), read
   * as those commands (scheduler.ts). */
  readonly lines?: 'crontab';
}

export interface StdinDeclaration {
  /** Its stdin is its commands (SQL, redis, mongo shell): the literal text read is kept as the command's input. */
  readonly commands?: boolean;
  /**
   * What it reads on stdin it sends to the command it runs elsewhere (`ssh HOST CMD`): data from this machine — a
   * file redirected in (`< dump.sql`), printed by cat, or read by the previous pipeline stage (`tar czf - src |`) —
   * leaves it. Each such file is recorded as read by this command (a local program's output whose files are not
   * known: `-`), so a rule on uploads sees it as it sees `scp src host:`. A literal (heredoc, echo) is not listed.
   */
  readonly sends?: boolean;
  /** Subcommands that read a credential on stdin and store it (`gh auth login --with-token`, `docker login
   * --password-stdin`): the literal text read (a pipe, a here-string, a file the session wrote) is kept as the
   * command's input, so a rule's `run.text` can tell a literal token from `echo "$TOKEN"`. */
  readonly credential?: readonly string[];
  /** It writes what it reads into its files (tee): from echo or printf with a value not known, that is the known text
   * with each value as a computed piece (`echo "https://u:$T@h" | tee -a f`), as the same echo redirected writes. */
  readonly copies?: boolean;
  /** It asks for a confirmation that a 'y'/'yes' answer on stdin gives: the answer counts as this flag. */
  readonly confirm?: {
    readonly flag: string;
    /** Only these subcommand words ask (terraform apply/destroy); absent: any. */
    readonly subcommands?: readonly string[];
  };
}

/**
 * Files a client reads as its own language besides its words: `psql -f f`, `mysql -e 'source f'`, `sqlite3 db '.read
 * f'`, `mongosh x.js`, `curl -d @body.json`. The text of one the call or the session wrote becomes the command's
 * input, with what it reads on stdin when `stdin.commands` says so (run.ts, file-runs.ts).
 */
export interface InputDeclaration {
  /** What the text is, for explain and ShellModel.scripts: 'sql', 'js', 'body'. */
  readonly as: string;
  /** Only after this subcommand (`gh api`). */
  readonly subcommand?: string;
  /** Options whose value is such a file (`psql -f`, `sqlcmd -i`, `gh api --input`). INVARIANT (programs.test.ts): every
   * option named here, in `atFiles` and in `statements` is declared as taking a value. */
  readonly files?: readonly string[];
  /** Options whose `@FILE` value is such a file (`curl -d @body.json`). */
  readonly atFiles?: readonly string[];
  /** Options whose `NAME=@FILE` value reads a field from such a file, `@-` from stdin (`gh api -F query=@-`). */
  readonly fieldFiles?: readonly string[];
  /** Options whose value is statements of its own that may include a file (`source f`, `\. f`, `\i f`, `.read f`). */
  readonly statements?: readonly string[];
  /** Its positionals are statements too (`sqlite3 db '.read f'`). */
  readonly positionalStatements?: boolean;
  /** Positionals that name a script file it runs (`mongosh x.js`). */
  readonly scripts?: RegExp;
}

/** What a program prints to stdout, when it can be known from its words (echo, printf, cat of a heredoc, yes). */
export type OutputReader = (
  args: readonly string[],
  allStatic: boolean,
  stdin: string | undefined,
  file: (path: string) => string | undefined,
  /** A variable of its environment: its value, null when it is not set, undefined when not known. */
  env?: (name: string) => string | null | undefined,
  /** The repository's facts in a directory (relative to where the command runs; undefined: there), when known. */
  repo?: RepositoryFacts,
) => string | undefined;

/** What the host (or the call) said of a repository: the branch checked out, its upstream (`origin/main`) and a
 * remote's default branch (`main` for origin: what refs/remotes/origin/HEAD names). */
export interface RepositoryFacts {
  branch(dir: string | undefined): string | undefined;
  upstream(dir: string | undefined): string | undefined;
  defaultBranch?(remote: string, dir: string | undefined): string | undefined;
  /** The top of the working tree, as a path from where the call starts: `.` there (a project is opened at its top),
   * else not known. */
  top?(dir: string | undefined): string | undefined;
  /** The value a `git config KEY VALUE` earlier in the same call set (git-aliases.ts), when one did. */
  config?(key: string): string | undefined;
}

/** Where a program's own code is (awk '…', gawk -e '…'): read for the calls the one-liner table knows. */
export interface ProgramTextDeclaration {
  /** The one-liner table's language (one-liners.ts). */
  readonly language: string;
  /** Options that carry the code (else it is the first operand). */
  readonly options: readonly string[];
  /** Options that name a file of code instead: read when the call or the session wrote it, or `-` for its stdin. */
  readonly fileOptions: readonly string[];
  /** Options that set a variable of the code (`awk -v NAME=VALUE`): a call given NAME alone reads VALUE. */
  readonly assign?: readonly string[];
}

/**
 * Files a program runs by itself when they exist (git's hooks): read, like any script, when the session wrote one —
 * `.git/hooks/pre-push` written, then `git push`. A hook the session did not write is the team's (not read).
 */
export interface HooksDeclaration {
  /** Subcommand → the hooks it runs, by file name. */
  readonly bySubcommand: Readonly<Record<string, readonly string[]>>;
  /** Where hooks are looked for, relative to the command's directory: the default folder and husky's (the usual
   * `core.hooksPath`), the stricter reading; another folder only with `-c core.hooksPath=DIR` on the command. */
  readonly folders: readonly string[];
  /** A hook the command's options skip (`git commit --no-verify`). */
  readonly skippedBy: Readonly<Record<string, readonly string[]>>;
  /** A global `-c KEY=DIR` that moves the folder (`git -c core.hooksPath=DIR commit`), lower-cased. */
  readonly folderKey?: string;
}

/**
 * Settings whose value is a command line the program later hands to a shell (git's `core.editor`, `GIT_EDITOR`): given
 * on the command (`git -c KEY=CMD`, `KEY=CMD git …`) or set by it (`git config KEY CMD`), the line is judged as run
 * there and then — the stricter reading, since which subcommand opens an editor or a pager is the program's business.
 */
export interface CommandSettingsDeclaration {
  /** Config keys (lower-case; `section.*` any key of the section) whose value a shell runs. */
  readonly keys: readonly string[];
  /** Keys whose value is a shell line only after a leading `!` (`credential.helper='!f() { …; }; f'`). */
  readonly bangKeys: readonly string[];
  /** Environment variables whose value a shell runs when this program reads them. */
  readonly env: readonly string[];
  /** The global option that sets a key for one command (`-c KEY=VALUE`). */
  readonly option: string;
  /** The subcommand that writes a key to a config file (`config KEY VALUE`, `config set KEY VALUE`). */
  readonly setter: string;
}

/** Shell builtins that change the shell itself rather than files. */
export type ShellChange =
  | 'directory'
  | 'assign'
  | 'arithmetic'
  | 'read'
  | 'unset'
  | 'source'
  | 'printf'
  | 'positional'
  | 'shift'
  | 'mapfile';

/** A folder a program runs the files of. */
export interface FolderRun {
  readonly dir: string;
  /** A glob of the file names run there (`*`, `*.go`). */
  readonly files: string;
  readonly family?: InterpreterFamily;
  /** The file is a config the program loads: the modules this reads from its text, paths relative to its folder
   * (jest's `globalSetup: './test/setup.js'`, mkdocs.yml's `hooks:`), run too, in the same family (test-runners.ts). */
  readonly modules?: (text: string) => readonly string[];
  /** The file is only read for its `modules`, not run itself (mkdocs.yml is YAML; jest.config.js is code, and runs). */
  readonly readOnly?: boolean;
}

export interface ProgramDeclaration {
  /** The names it is called by (a basename; `.exe`/`.cmd`/`.bat` are removed before lookup). */
  readonly names: readonly string[];
  /** What it is, in one line. */
  readonly about: string;
  /** Its names are matched whatever their case, as PowerShell matches its commands (`remove-item`, `IWR`); the
   * command is recorded under the declared spelling. */
  readonly caseInsensitive?: boolean;
  /** Global options taken out before the subcommand (`git -C dir`): value-taking ones and switches. */
  readonly globals?: {
    readonly value: readonly string[];
    readonly flag: readonly string[];
    /** A first word `+NAME` picks a toolchain (rustup's proxies: `cargo +nightly publish`): taken off as a global. */
    readonly toolchain?: boolean;
    /** Words before the subcommand that pick a variant of the whole CLI, not a command (gcloud's release tracks:
     * `gcloud beta run deploy` is `run deploy`): taken off as globals. */
    readonly words?: readonly string[];
  };
  /** Global options whose value moves the directory the command runs in. */
  readonly cwd?: readonly string[];
  /**
   * Options that take a value, per subcommand ('*': every one; a two-word subcommand such as 'pr merge' lists all of
   * its own, without the '*' ones). Required: `{}` states that none do, so a program is
   * never declared without anyone having thought about which words are option values.
   */
  readonly options: Readonly<Record<string, readonly string[]>>;
  /** Options whose value is only ever attached (`sed -i.bak`, `perl -i.orig`). */
  readonly attached?: readonly string[];
  /** Attached options whose value is digits only (`perl -0777`, `-l015`): the letters after the digits are options of
   * their own (`perl -0pi` is -0 -p -i, not -0 with the value "pi"). Listed in `attached` too. */
  readonly attachedDigits?: readonly string[];
  /** Its options are single-dash words (terraform's -auto-approve, find's -delete, go's -run): `-no-color` is one
   * option, never the letters -n -o -c…, so a rule's `-n` cannot be met by it. */
  readonly singleDashOptions?: boolean;
  readonly effects?: EffectsDeclaration;
  readonly runs?: readonly RunsDeclaration[];
  readonly interpreter?: InterpreterDeclaration;
  /** Its program is code of a language the one-liner table reads, given as its first operand or an option (awk). */
  readonly program?: ProgramTextDeclaration;
  readonly stdin?: StdinDeclaration;
  readonly input?: InputDeclaration;
  readonly output?: OutputReader;
  /**
   * What it prints when only part of it is known (`jq '.key = $v' f`: the key set, the rest of the document not): the
   * known lines among COMPUTED_PIECE (computed-piece.ts). Only a redirect's content takes it: what a pipe hands its
   * reader stays unknown.
   */
  readonly piecedOutput?: (
    args: readonly string[],
    env: (name: string) => string | null | undefined,
  ) => string | undefined;
  readonly shell?: ShellChange;
  /** The kustomization it renders to stdout, from its positionals (`kustomize build DIR`, `kubectl kustomize DIR`): a
   * kubectl that reads it on stdin applies that folder (run.ts renderedInput); undefined when it renders none. */
  readonly renders?: (positionals: readonly string[]) => string | undefined;
  /** It reads manifests on stdin with `-f -` (kubectl, oc): a kustomization rendered into the pipe is read as `-k DIR`. */
  readonly readsRendered?: boolean;
  /** It runs tasks a project file names (project-tasks.ts): package.json scripts, a Makefile's recipes — followed when
   * the session wrote that file. */
  readonly tasks?: TaskRunner;
  /** Its commands and their aliases, when it takes any unique prefix of one (npm's deref: `npm pub` is `npm publish`);
   * an alias's target is after `=`. The first positional is read as the command it stands for. */
  readonly abbreviates?: readonly string[];
  /** Its commands' documented aliases, taken only as written (no prefixes): `pulumi dn` is `pulumi destroy`. A rule on
   * the command's own name holds on the alias too (SimpleCommand.subcommandAlias). */
  readonly aliases?: Readonly<Record<string, string>>;
  /** Files it runs by itself (git's hooks). */
  readonly hooks?: HooksDeclaration;
  /** The notebooks it executes (`papermill IN OUT`, `jupyter nbconvert --execute NB`): one the session wrote is run as
   * its code cells (notebook-code.ts). */
  readonly notebooks?: (input: EffectInput) => readonly string[];
  /** Folders whose files it runs (`run-parts DIR`, `go run ./tool`): each file the call or the session wrote directly in
   * one, matching `files`, is run — by `family`, else as its shebang says. */
  readonly folderRuns?: (input: EffectInput) => readonly FolderRun[];
  /** Its external subcommands: `git X` runs `git-X` found on the PATH (kubectl-X, cargo-X), `docker X` a CLI plugin
   * `docker-X` in its plugin folders; one the call or the session wrote there is run with the words after X. */
  readonly plugins?: {
    readonly prefix: string;
    readonly folders?: readonly string[];
    /** Subcommands the program always runs itself, whatever is on the PATH (git's builtins): no plugin is looked up. */
    readonly builtins?: ReadonlySet<string>;
  };
  /** It runs what container files the session wrote say (container-files.ts): a compose file's services at `compose
   * up|run`, a Dockerfile's RUN lines at `build` and its ENTRYPOINT/CMD at `run` of the image built in the same call. */
  readonly containerFiles?: boolean;
  /** Settings whose value it runs through a shell (git's editors, pagers, ssh command). */
  readonly commandSettings?: CommandSettingsDeclaration;
  /** Options it reads from its environment as if written (environment-args.ts): TF_CLI_ARGS, GIT_CONFIG_COUNT. */
  readonly environmentArgs?: EnvironmentArgs;
  /** The names (or name prefixes, ending in `_`) of those variables: a session that exported one is walked again. */
  readonly environmentNames?: readonly string[];
}
