// What a session's shell keeps between calls: the values its calls set and the directory they moved to, as the
// shell model reports them (ShellModel.persists). Bounded, so a session's state stays small whatever the agent does.
import type { ShellContext } from '../shell/index.js';
import type { Facts } from '../facts/index.js';
import type { CompiledPolicy } from '../compile/index.js';
import { isAbsolutePath, joinPath, pathForms } from '../matchers/paths.js';

/** The shell's state carried from one call to the next. */
export interface ShellSession {
  /** Values known to be set (name → value), oldest first; a value that cannot be known is simply absent. */
  readonly env: Readonly<Record<string, string>>;
  /** The directory relative to the project root (or absolute, or as written when it cannot be known); undefined:
   * the root. */
  readonly cwd: string | undefined;
}

export const EMPTY_SHELL_SESSION: ShellSession = Object.freeze({ env: Object.freeze({}), cwd: undefined });

/**
 * The bound. A session's state is copied on every event and must stay small: 32 values of at most 1 KiB each (and
 * names of at most 64 characters) is at most ~35 KB in the worst case and a few hundred bytes in practice (a branch,
 * NODE_ENV, a directory); the oldest value set goes first when a 33rd is set. A longer value is not kept (it is then
 * unknown to later calls, which is what it would be without the session).
 */
export const SHELL_SESSION_LIMITS = { maxVariables: 32, maxValueLength: 1024, maxNameLength: 64 } as const;

/**
 * What the shell model of a tool call may know from the session (ShellContext): the values and directory earlier
 * calls left, unless the host's shell does not persist; no directory when the call names its own (`workdir`).
 * step() judges with it, and the explanations (CLI explain, the site's simulator) re-read a call with it, so they
 * show what was judged. INVARIANT: the one place a call's context is made from the session.
 */
export function sessionContext(
  _policy: CompiledPolicy,
  state: { readonly shell: ShellSession },
  args: Readonly<Record<string, unknown>> | undefined,
): ShellContext | undefined {
  return shellContext(state.shell, args);
}

/**
 * The second reading of a call when the host starts a fresh shell for every call (CompileOptions.shellSession
 * 'fresh', opencode 1.18): the values earlier calls set are NOT set there and the call runs in the project root (or
 * its `workdir`), whatever the agent believes. `export D=build` then `rm -rf "$D"/*` really runs `rm -rf /*`.
 * Undefined when the session left nothing a call could lean on, or the host's shell persists.
 * Names the host's own environment sets (PATH, HOME, …) stay unknown rather than empty.
 */
export function freshContext(
  policy: CompiledPolicy,
  state: { readonly shell: ShellSession },
  args: Readonly<Record<string, unknown>> | undefined,
): ShellContext | undefined {
  if (policy.options.persistentShell) return undefined;
  const names = Object.keys(state.shell.env).filter((n) => !HOST_ENVIRONMENT.has(n));
  const cwd = typeof args?.workdir === 'string' ? undefined : state.shell.cwd;
  if (names.length === 0 && cwd === undefined) return undefined;
  return { env: Object.fromEntries(names.map((n) => [n, ''])) };
}

/** Variables a new shell gets from its parent process: an earlier call's export of one of them says nothing new. */
const HOST_ENVIRONMENT: ReadonlySet<string> = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'PWD',
  'OLDPWD',
  'TMPDIR',
  'TMP',
  'TEMP',
  'LANG',
  'LC_ALL',
  'TERM',
  'HOSTNAME',
  'EDITOR',
  'VISUAL',
  'PAGER',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_CACHE_HOME',
  'XDG_STATE_HOME',
  'NODE_OPTIONS',
  'NVM_DIR',
  'GOPATH',
  'JAVA_HOME',
  'VIRTUAL_ENV',
  'CONDA_PREFIX',
]);

function shellContext(
  session: ShellSession,
  args: Readonly<Record<string, unknown>> | undefined,
): ShellContext | undefined {
  const hasEnv = Object.keys(session.env).length > 0;
  const cwd = typeof args?.workdir === 'string' ? undefined : session.cwd;
  if (!hasEnv && cwd === undefined) return undefined;
  return { ...(hasEnv ? { env: session.env } : {}), ...(cwd !== undefined ? { cwd } : {}) };
}

/** The session after a call that ran: what its shell left behind, within the bound. */
export function nextShellSession(session: ShellSession, facts: Facts, root: string | undefined): ShellSession {
  // Kept whether or not the host's shell persists: with a fresh shell per call, it is what the agent believes (the
  // first reading of a later call) and what a new shell will not have (the second, freshContext).
  if (facts.kind !== 'tool' || facts.shell === undefined) return session;
  const persists = facts.shell.persists;
  const names = Object.keys(persists.env);
  const workdir = typeof facts.args.workdir === 'string' ? facts.args.workdir : undefined;
  const cwd = workdir === undefined ? persists.cwd : rootRelative(workdir, persists.cwd, root);
  if (names.length === 0 && cwd === session.cwd) return session;
  // A Map, then own properties: a variable called __proto__ stays a variable.
  const env = new Map(Object.entries(session.env));
  for (const name of names) {
    const value = persists.env[name];
    // Re-set values move to the end, so the oldest is evicted first.
    env.delete(name);
    if (
      typeof value === 'string' &&
      value.length <= SHELL_SESSION_LIMITS.maxValueLength &&
      name.length <= SHELL_SESSION_LIMITS.maxNameLength
    )
      env.set(name, value);
  }
  for (const name of env.keys()) {
    if (env.size <= SHELL_SESSION_LIMITS.maxVariables) break;
    env.delete(name);
  }
  return { env: Object.fromEntries(env), cwd };
}

/** A call run in `workdir` that ended in `cwd` (relative to workdir): where that is from the root. */
function rootRelative(workdir: string, cwd: string | undefined, root: string | undefined): string | undefined {
  if (cwd !== undefined && (cwd.startsWith('$') || cwd.startsWith('~'))) return cwd;
  const joined = cwd === undefined ? workdir : isAbsolutePath(cwd) ? cwd : joinPath(workdir, cwd);
  const relative = pathForms(joined, root).relative;
  return relative === '' || relative === '.' ? undefined : relative;
}
