// The shell model's public shapes: a bash command → the simple commands it runs, its file effects, its opaque parts.
// INVARIANT: every shape is plain readonly data (JSON-serialisable), so models can be cached and compared.

/** One option of a command line. A combined `-fu` yields `-f` and `-u`, both with token `-fu`. */
export interface Flag {
  readonly name: string;
  readonly value: string | undefined;
  readonly token: string;
}

/** A word of a command whose value cannot be known from the call and the session (`"$BRANCH"`, `$(git branch)`). */
export interface UnknownWord {
  /** As written in the source: `"$BRANCH"`. */
  readonly text: string;
  /** As the command keeps it in argv (quotes removed, known parts put in): `$BRANCH`. */
  readonly value: string;
  /** Where it sits: the program, a positional (index into positionals), an option's value, or a global option. */
  readonly role: 'program' | 'positional' | 'option' | 'global';
  /** For a positional: its index in `positionals`; otherwise -1. */
  readonly index: number;
  /** Offsets in the top-level source (mapped like the command's own). */
  readonly start: number;
  readonly end: number;
}

export interface SimpleCommand {
  /** Basename as written: /usr/bin/git → 'git'; '' if none (pure assignment). */
  readonly program: string;
  /** As written after unquoting: '/usr/bin/git'. */
  readonly programText: string;
  /** Words after the program, quotes removed, global options removed. */
  readonly argv: readonly string[];
  /** Non-option words of argv in order (subcommand first). */
  readonly positionals: readonly string[];
  /** The command the first positional is a documented alias of (`npm r` → 'uninstall', `npm c` → 'config'): a rule
   * on the command's own name holds on its alias too; the alias stays as written, for the rules that name it. */
  readonly subcommandAlias?: string;
  /** Options of argv (after global options were taken out), in order. */
  readonly flags: readonly Flag[];
  /** Global options taken out before the subcommand (git -C dir → {name:'-C',value:'dir'}). */
  readonly globals: readonly Flag[];
  /** Leading VAR=value words (and env's), as 'VAR=value'. */
  readonly assignments: readonly string[];
  /** The known values in its environment that the call itself gives it, by name: its NAME=value prefix and env's
   * (expanded where known), and what the call assigned or exported before it. Absent when none (most commands). The
   * session's values are added by the facts stage (CommandFact.environment), unless `cleanEnvironment` is set. */
  readonly environment?: Readonly<Record<string, string>>;
  /** Set when a wrapper cleared its environment (sudo, env -i, ssh): the session's and the call's exported values do
   * not reach it, only the values given to it. */
  readonly cleanEnvironment?: true;
  /** Directory it runs in relative to the call's start dir, if changed (cd, pushd, git -C, -chdir=, --prefix, make -C). */
  readonly cwd: string | undefined;
  /** Wrappers it was found inside, outermost first: ['sudo', 'bash -c', 'xargs']. */
  readonly via: readonly string[];
  /** Its source text. */
  readonly text: string;
  /** Offsets in the original top-level command string (inside `bash -c '…'` mapped into the quoted string when
   * the string is a plain single-quoted literal, else the wrapper's span). */
  readonly start: number;
  readonly end: number;
  /** Program name not static ($X, $(…), `…`) → also reported as opaque. */
  readonly dynamic: boolean;
  /** Words whose value cannot be known (kept as written in argv); empty for most commands. */
  readonly unknown: readonly UnknownWord[];
  /** Where it runs when not on this machine: 'ssh web1', 'docker exec api', 'kubectl exec web-0', 'parallel -S h'. */
  readonly remote: string | undefined;
  /** What the program reads as its own language besides its words, when it is known: the SQL a client reads on stdin
   * (a heredoc, a literal pipe, `mysql < f`) or from a file the session wrote (`psql -f f`, `mysql -e 'source f'`), a
   * request body (`curl -d @f`), or the answer that stood for a confirmation flag (`yes | terraform apply`). Rules'
   * `run.text` and `command:` patterns see its text after the words (facts/shell.ts). */
  readonly input: CommandInput | undefined;
  /** Set when the command comes from a file the session wrote (a script it runs): that file's path, as the model
   * resolved it; `start`/`end` then index the file's text, not the command line. */
  readonly file?: string;
  /** Words the command means without spelling them, filled in from what is known (the branch a `git push` without a
   * refspec pushes). Their values stand in `argv`/`positionals` like the written ones. */
  readonly implied?: readonly ImpliedWord[];
}

export interface CommandInput {
  readonly text: string;
  /** Where it comes from: the files' paths as the model resolved them (`psql -f f`, `mysql < f`, `cat f | psql`), or
   * 'stdin' (a heredoc, a here-string, a literal pipe). */
  readonly from: string;
}

export interface ImpliedWord {
  /** Index in `argv`: a written word it stands for (`HEAD` → `main`), or, at or past the written words, one added. */
  readonly at: number;
  readonly value: string;
  /** The word as written, when it replaces one; undefined when it is added. */
  readonly written: string | undefined;
  /** Where the value comes from, in words: 'the branch checked out (host)', 'git checkout main (command 1)'. */
  readonly from: string;
}

export type EffectKind = 'write' | 'append' | 'delete' | 'read';

export interface FileEffect {
  readonly kind: EffectKind;
  /** Resolved against the command's cwd (joined, normalised; may stay relative; '~'/'$HOME' kept as written). */
  readonly path: string;
  /** Literal content written when known (heredoc body, echo/printf literal); undefined when unknown. */
  readonly content: string | undefined;
  /** What produced it: '>', '>>', '&>', 'tee', 'tee -a', 'sed -i', 'cp', 'mv', 'rm', 'curl -o', … */
  readonly via: string;
  /** Index into commands. */
  readonly command: number;
  /** True when the path holds a value that cannot be known (`rm -rf "$TARGET/build"`, `cd "$D" && rm -rf x`). */
  readonly unknown: boolean;
  /** Set when the command runs on another host or in a container (see SimpleCommand.remote). */
  readonly remote: string | undefined;
}

export type OpaqueReason =
  | 'eval'
  | 'dynamic-command'
  | 'pipe-to-interpreter'
  | 'inline-script'
  | 'script'
  | 'source'
  | 'depth'
  | 'unparseable';

export interface Opaque {
  readonly reason: OpaqueReason;
  readonly command: number | undefined;
  readonly detail: string;
}

export interface ScriptRun {
  readonly path: string;
  readonly command: number;
  /** What it was read as, when the session wrote it and the model read it: 'sh', 'python', 'node', 'sql', 'patch'… */
  readonly as?: string;
  /** 'whole': its whole text was read (it is judged, not opaque); 'pieces': only what the session put into it. */
  readonly read?: 'whole' | 'pieces';
}

export interface ShellModel {
  readonly commands: readonly SimpleCommand[];
  readonly effects: readonly FileEffect[];
  readonly opaque: readonly Opaque[];
  /** Files the command runs or reads as a language (`./x.sh`, `bash x.sh`, `python x.py`, `source x`, `sh < x`,
   * `psql -f x.sql`, `git apply x.patch`), resolved like effect paths. One the session wrote is read (`as`, `read`):
   * judged as what it holds when its whole text is known, opaque when only pieces are. */
  readonly scripts: readonly ScriptRun[];
  /** Set when (part of) the text could not be parsed: what was parsed still counts. */
  readonly error: { readonly message: string; readonly offset: number } | undefined;
  /** What the call leaves behind in its shell, for the session's later calls (a persistent shell). */
  readonly persists: ShellPersistence;
}

/** What a call leaves in its shell when it ends. */
export interface ShellPersistence {
  /** Variables it set at the top level (exported or not), by name: the value, or null when it cannot be known (set
   * from a program's output, in a branch that may not run, or unset). Empty for most calls. */
  readonly env: Readonly<Record<string, string | null>>;
  /** Its directory when it ends, relative to the project root when the call started there (or as the session's cwd
   * was given); undefined: the start directory. A directory that cannot be known is kept as written (`$TARGET`). */
  readonly cwd: string | undefined;
  /** The kubectl context and namespace it switched to (kube-context.ts); absent: it switched none. */
  readonly kube?: KubeChange;
  /** The git aliases it defined (their bodies) or removed (null) with `git config` (git-aliases.ts); absent: none. */
  readonly gitAliases?: Readonly<Record<string, string | null>>;
  /** The git settings that change what a later plain git command does (`remote.origin.push`, `push.default`), as its
   * `git config` commands set (the value) or unset (null) them (git-aliases.ts SESSION_SETTINGS); absent: none. */
  readonly gitConfig?: Readonly<Record<string, string | null>>;
  /** The symbolic links it made (`ln -s TARGET LINK`), link → target, as the model's paths (links.ts); absent: none. */
  readonly links?: Readonly<Record<string, string>>;
  /** The branch its git commands left checked out where it started (`git switch main`): the name, null when not
   * known (a computed name, a detached HEAD); absent: it switched none (git-branch.ts). */
  readonly branch?: string | null;
  /** The branches its git commands left checked out in other work trees (`git worktree add ../hotfix main`, a switch
   * with `git -C ../hotfix`), by the folder as the model resolves it: the name, null when not known; absent: none. */
  readonly worktrees?: Readonly<Record<string, string | null>>;
}

/** The kubectl context and namespace a session's calls set (`kubectl config use-context`, `kubens`). */
export interface KubeState {
  readonly context?: string;
  readonly namespace?: string;
  /** The kubeconfig they were written into (the KUBECONFIG the setter saw); absent: the default one. */
  readonly kubeconfig?: string;
}

/** What one call switched: a name, or null when it switched to one not known. */
export interface KubeChange {
  readonly context?: string | null;
  readonly namespace?: string | null;
  /** The kubeconfig the switch was written into (null: the default one); absent when nothing was switched. */
  readonly kubeconfig?: string | null;
}

/** What the session knows of a file it wrote: the whole text, else the pieces it put into it. */
export interface ShellFile {
  readonly text: string | undefined;
  readonly pieces: readonly string[];
}

/** A file the session wrote that a glob names. */
export interface GlobMatch {
  readonly path: string;
  readonly file: ShellFile;
}

/**
 * What the session knows before the call; every field is optional and missing means unknown. The parse cache holds
 * context-free models: a call whose values or directory matter is parsed afresh, and one that only asks about the
 * session's files or the branch is walked again only when the context answers what it asked (model.ts).
 */
export interface ShellContext {
  /** Values known before this call (the session's exports and top-level assignments). */
  readonly env?: Readonly<Record<string, string>>;
  /** The session's directory relative to the root (a `cd` an earlier call persisted). */
  readonly cwd?: string;
  /** What the session knows of a file it wrote (the ledger), by the path the model resolved (relative to where the
   * call starts, or absolute); undefined when it did not write it — an unknown file is unknown, not empty. */
  readonly file?: (path: string) => ShellFile | undefined;
  /** The files the session wrote whose path a glob matches (`scripts/*.sh`, `s?ip.sh`: `*`, `?` and `[…]` within
   * one path segment, as bash expands them), in bash's order, with their paths as the ledger keeps them. */
  readonly glob?: (pattern: string) => readonly GlobMatch[];
  /** The branch checked out where the call starts: a name, null when HEAD is detached; absent: unknown. */
  readonly branch?: string | null;
  /** Where `branch` was learnt, as the explanations say it; absent: the host read it from the work tree. */
  readonly branchFrom?: string;
  /** Its upstream, `remote/branch` (branch.<name>.remote and .merge); absent: none or unknown. */
  readonly upstream?: string;
  /** Each remote's default branch (refs/remotes/<remote>/HEAD), by remote name; a remote not listed: unknown. */
  readonly defaultBranches?: Readonly<Record<string, string>>;
  /** The kubectl context and namespace earlier calls of the session switched to; absent: unknown. */
  readonly kube?: KubeState;
  /** The git aliases earlier calls of the session defined (`git config alias.NAME BODY`), by name. */
  readonly gitAliases?: Readonly<Record<string, string>>;
  /** The git settings earlier calls of the session set that change a later plain git command (`git config
   * remote.origin.push +HEAD:main`), by key (lower case). */
  readonly gitConfig?: Readonly<Record<string, string>>;
  /** The symbolic links earlier calls of the session made, link → target, relative to the project root (or absolute). */
  readonly links?: Readonly<Record<string, string>>;
  /** The branch checked out in other work trees earlier calls of the session added or switched, by folder (relative to
   * the project root, or absolute); a folder not listed: unknown. */
  readonly worktrees?: Readonly<Record<string, string>>;
}

export interface ShellOptions {
  /** How many wrappers/re-parsed strings deep to look before reporting opaque 'depth' (default 8). */
  readonly maxDepth?: number;
  /** Longest input parsed (default 256 KiB); longer → error + opaque 'unparseable'. */
  readonly maxBytes?: number;
}
