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

export interface ShellOptions {
  /** How many wrappers/re-parsed strings deep to look before reporting opaque 'depth' (default 8). */
  readonly maxDepth?: number;
  /** Longest input parsed (default 256 KiB); longer → error + opaque 'unparseable'. */
  readonly maxBytes?: number;
}
