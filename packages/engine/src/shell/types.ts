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
  /** Options of argv (after global options were taken out), in order. */
  readonly flags: readonly Flag[];
  /** Global options taken out before the subcommand (git -C dir → {name:'-C',value:'dir'}). */
  readonly globals: readonly Flag[];
  /** Leading VAR=value words (and env's), as 'VAR=value'. */
  readonly assignments: readonly string[];
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
  /** The literal text it reads on stdin as its commands (psql's SQL from a heredoc, a literal pipe, a file the session
   * wrote), or the answer that stood for a confirmation flag; undefined when none is known. */
  readonly input: string | undefined;
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
}

export interface ShellModel {
  readonly commands: readonly SimpleCommand[];
  readonly effects: readonly FileEffect[];
  readonly opaque: readonly Opaque[];
  /** Script files the command runs (`./x.sh`, `bash x.sh`, `python x.py`, `node x.js`, `source x`, `. x`), resolved
   * like effect paths: the evaluator flags them as opaque when the session wrote them earlier. */
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
}

/**
 * What the session knows before the call; every field is optional and missing means unknown. The parse cache is keyed
 * by the source alone, so a call with a context that matters is parsed afresh (model.ts).
 */
export interface ShellContext {
  /** Values known before this call (the session's exports and top-level assignments). */
  readonly env?: Readonly<Record<string, string>>;
  /** The session's directory relative to the root (a `cd` an earlier call persisted). */
  readonly cwd?: string;
  /** The content of a file the session wrote, by the path the model resolved (relative to where the call starts, or
   * absolute); undefined when the file is not known — an unknown file is unknown, not empty. */
  readonly fileText?: (path: string) => string | undefined;
  /** Repository facts (the branch checked out; null: detached or unknown) and its upstream. */
  readonly branch?: string | null;
  readonly upstream?: string;
}

export interface ShellOptions {
  /** How many wrappers/re-parsed strings deep to look before reporting opaque 'depth' (default 8). */
  readonly maxDepth?: number;
  /** Longest input parsed (default 256 KiB); longer → error + opaque 'unparseable'. */
  readonly maxBytes?: number;
}
