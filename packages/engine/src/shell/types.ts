// The shell model's public shapes: a bash command → the simple commands it runs, its file effects, its opaque parts.
// INVARIANT: every shape is plain readonly data (JSON-serialisable), so models can be cached and compared.

/** One option of a command line. A combined `-fu` yields `-f` and `-u`, both with token `-fu`. */
export interface Flag {
  readonly name: string;
  readonly value: string | undefined;
  readonly token: string;
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
  /** Set when the command comes from a file the session wrote (a script it runs): that file's path, as the model
   * resolved it; `start`/`end` then index the file's text, not the command line. */
  readonly file?: string;
  /** What the program reads as its own language besides its words: the SQL of `psql -f f`, `mysql < f`, a heredoc
   * fed to a database client. Rules' `text` and `command` patterns see it after the words. */
  readonly input?: CommandInput;
  /** Words the command means without spelling them, filled in from what is known (the branch a `git push` without a
   * refspec pushes). Their values stand in `argv`/`positionals` like the written ones. */
  readonly implied?: readonly ImpliedWord[];
}

export interface CommandInput {
  readonly text: string;
  /** Where it comes from: the file's path, or 'stdin'. */
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
  /** Script files the command runs (`./x.sh`, `bash x.sh`, `python x.py`, `node x.js`, `source x`, `. x`), resolved
   * like effect paths: the evaluator flags them as opaque when the session wrote them earlier. */
  readonly scripts: readonly ScriptRun[];
  /** Set when (part of) the text could not be parsed: what was parsed still counts. */
  readonly error: { readonly message: string; readonly offset: number } | undefined;
}

/** What the session knows of a file it wrote: the whole text, else the pieces it put into it. */
export interface ShellFile {
  readonly text: string | undefined;
  readonly pieces: readonly string[];
}

/**
 * What a call's model may depend on besides its text: the session's files and the repository. Given to `parseShell`
 * as its third argument; the cached parse stays context-free (a call is walked again only when the context knows
 * something it asks about).
 */
export interface ShellContext {
  /** Values known before this call (session exports). */
  readonly env?: Readonly<Record<string, string>>;
  /** The session's directory, relative to the project root. */
  readonly cwd?: string;
  /** The text of a file the session wrote (the model's resolved path), when known. */
  readonly fileText?: (path: string) => string | undefined;
  /** What the session knows of a file it wrote (the model's resolved path); undefined: it did not write it. */
  readonly file?: (path: string) => ShellFile | undefined;
  /** The branch checked out where the call starts: a name, null when HEAD is detached; absent: unknown. */
  readonly branch?: string | null;
  /** Its upstream, `remote/branch` (branch.<name>.remote and .merge); absent: none or unknown. */
  readonly upstream?: string;
}

export interface ShellOptions {
  /** How many wrappers/re-parsed strings deep to look before reporting opaque 'depth' (default 8). */
  readonly maxDepth?: number;
  /** Longest input parsed (default 256 KiB); longer → error + opaque 'unparseable'. */
  readonly maxBytes?: number;
}
