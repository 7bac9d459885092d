// What a session's shell keeps between calls: the values its calls set and the directory they moved to, as the
// shell model reports them (ShellModel.persists). Bounded, so a session's state stays small whatever the agent does.
// And the one place a call's context is made from the session and the host: those values and that directory, the
// files the session wrote (the ledger), the branch checked out and git's ignore rules (the event's host facts).
import type { GlobMatch, KubeChange, KubeState, ShellContext, ShellFile } from '../shell/index.js';
import { pathGlobMatch } from '../shell/glob-match.js';
import { callPaths, ignoreRules, type CallContext, type Facts } from '../facts/index.js';
import { rootRelativeLinks } from '../facts/shell.js';
import type { CompiledPolicy } from '../compile/index.js';
import type { HostFacts } from '../schema/index.js';
import { isAbsolutePath, joinPath, pathForms } from '../matchers/paths.js';
import { EMPTY_LEDGER, ledgerFile, type Ledger } from '../ledger/index.js';

/** The shell's state carried from one call to the next. */
export interface ShellSession {
  /** Values known to be set (name → value), oldest first; a value that cannot be known is simply absent. */
  readonly env: Readonly<Record<string, string>>;
  /** The directory relative to the project root (or absolute, or as written when it cannot be known); undefined:
   * the root. */
  readonly cwd: string | undefined;
  /** The kubectl context and namespace the session's calls switched to (each at most maxValueLength long). */
  readonly kube?: KubeState;
  /** The git aliases the session's calls defined, by name (at most maxVariables, oldest evicted first). */
  readonly gitAliases?: Readonly<Record<string, string>>;
  /** The git settings the session's calls set that change a later plain git command (`remote.origin.push`,
   * `push.default`), by key; at most maxVariables, oldest evicted first. */
  readonly gitConfig?: Readonly<Record<string, string>>;
  /** The symbolic links the session's calls made, link → target, relative to the project root (or absolute); at most
   * maxVariables, oldest evicted first. */
  readonly links?: Readonly<Record<string, string>>;
  /** The branch the session's calls last switched the project's repository to (`git switch main`), when its name is
   * known; the host's own reading of the work tree, when an event carries one, comes first. */
  readonly branch?: string;
  /** The branch checked out in other work trees the session's calls added or switched (`git worktree add ../hotfix
   * main`), by folder relative to the project root; at most maxVariables, oldest evicted first. */
  readonly worktrees?: Readonly<Record<string, string>>;
}

export const EMPTY_SHELL_SESSION: ShellSession = Object.freeze({ env: Object.freeze({}), cwd: undefined });

/**
 * The bound. A session's state is copied on every event and must stay small: 32 values of at most 1 KiB each (and
 * names of at most 64 characters) is at most ~35 KB in the worst case and a few hundred bytes in practice (a branch,
 * NODE_ENV, a directory); the oldest value set goes first when a 33rd is set. A longer value is not kept (it is then
 * unknown to later calls, which is what it would be without the session). The git aliases the session defined have
 * the same bound (another ~35 KB at worst, none in practice), and so do the symbolic links it made and the work trees
 * it added (their branches); the kubectl
 * context and namespace are two values, the branch a call switched to one.
 */
export const SHELL_SESSION_LIMITS = { maxVariables: 32, maxValueLength: 1024, maxNameLength: 64 } as const;

/** What a call's context is made from: the session before it (its shell, the files it wrote) and the event. */
export interface ContextSource {
  readonly shell: ShellSession;
  /** The files the session wrote; undefined: none (an explanation made without the session's ledger). */
  readonly ledger?: Ledger;
}

/** The parts of a tool event a call's context reads: its arguments (`workdir`) and what the host read of the work tree. */
export interface ContextEvent {
  readonly args?: Readonly<Record<string, unknown>> | undefined;
  readonly host?: HostFacts | undefined;
}

/**
 * What the facts of a tool call may know from the session and the host (CallContext): the values and directory earlier
 * calls left (no directory when the call names its own `workdir`), the files the session wrote, the branch checked
 * out and its upstream, each remote's default branch, git's ignore rules. step() judges with it, and the explanations (CLI explain, the site's
 * simulator) re-read a call with it, so they show what was judged.
 * INVARIANT: the one place a call's context is made from the session.
 */
export function sessionContext(
  policy: CompiledPolicy,
  state: ContextSource,
  event: ContextEvent,
): CallContext | undefined {
  return callContext(policy, state, event, shellValues(state.shell, event.args));
}

/**
 * The second reading of a call when the host starts a fresh shell for every call (CompileOptions.shellSession
 * 'fresh', opencode 1.18): the values earlier calls set are NOT set there and the call runs in the project root (or
 * its `workdir`), whatever the agent believes. `export D=build` then `rm -rf "$D"/*` really runs `rm -rf /*`. What is
 * on disk stays: the files the session wrote and the branch checked out are the same in a new shell.
 * Undefined when the session left nothing a call could lean on, or the host's shell persists.
 * Names the host's own environment sets (PATH, HOME, …) stay unknown rather than empty.
 */
export function freshContext(
  policy: CompiledPolicy,
  state: ContextSource,
  event: ContextEvent,
): CallContext | undefined {
  if (policy.options.persistentShell) return undefined;
  const names = Object.keys(state.shell.env).filter((n) => !HOST_ENVIRONMENT.has(n));
  const cwd = typeof event.args?.workdir === 'string' ? undefined : state.shell.cwd;
  if (names.length === 0 && cwd === undefined) return undefined;
  // The kubectl context is in the kubeconfig on disk, the git aliases in git's config, the links on disk: a new shell
  // has them too.
  return callContext(policy, state, event, {
    env: Object.fromEntries(names.map((n) => [n, ''])),
    ...configState(state.shell),
  });
}

/** How the explanations name a branch the session's own calls switched to. */
const SESSION_BRANCH_FROM = 'the branch an earlier call of the session switched to';

/** The context of a call from the session's values (as one reading has them), its files and the host's facts. */
function callContext(
  policy: CompiledPolicy,
  state: ContextSource,
  event: ContextEvent,
  values: ShellContext | undefined,
): CallContext | undefined {
  const root = policy.options.root;
  const ledger = state.ledger ?? EMPTY_LEDGER;
  const host = event.host;
  const workdir = typeof event.args?.workdir === 'string' ? event.args.workdir : undefined;
  const file = ledger.count === 0 ? undefined : ledgerFiles(ledger, workdir, root);
  const glob = ledger.count === 0 ? undefined : ledgerGlob(ledger, workdir, root);
  // The host reads the work tree at every call (the plugin does): its branch is the truth. Without it (the CLI's
  // explain, the simulator, a replay), a branch an earlier call switched to is what a later call finds checked out —
  // `git switch main` in one call, a bare `git push --force-with-lease` in the next pushes main.
  const sessionBranch =
    host?.branch === undefined && state.shell.branch !== undefined
      ? { branch: state.shell.branch, branchFrom: SESSION_BRANCH_FROM }
      : undefined;
  const branch =
    host?.branch === undefined && host?.defaultBranches === undefined && sessionBranch === undefined
      ? undefined
      : {
          ...(host?.branch !== undefined ? { branch: host.branch } : {}),
          ...(host?.branch !== undefined && host.upstream ? { upstream: host.upstream } : {}),
          ...(host?.defaultBranches !== undefined ? { defaultBranches: host.defaultBranches } : {}),
          ...sessionBranch,
        };
  const shell: ShellContext | undefined =
    values === undefined && file === undefined && branch === undefined
      ? undefined
      : { ...values, ...branch, ...(file !== undefined ? { file, glob } : {}) };
  const ignored = host?.gitignore === undefined ? undefined : ignoreRules(host.gitignore, ledger);
  if (shell === undefined && ignored === undefined) return undefined;
  return { ...(shell !== undefined ? { shell } : {}), ...(ignored !== undefined ? { ignored } : {}) };
}

/** The ledger's files looked up by the shell model's paths (relative to where the call starts, or absolute). */
function ledgerFiles(
  ledger: Ledger,
  workdir: string | undefined,
  root: string | undefined,
): (path: string) => ShellFile | undefined {
  const resolve = callPaths(workdir, root);
  const names = ledgerNames(ledger);
  // A ledger entry is a ShellFile (text, pieces) with more: handed over as it is, no copy per lookup.
  return (path) => {
    const name = lastName(path);
    if (name !== undefined && !names.has(name)) return undefined;
    return ledgerFile(ledger, pathForms(resolve(path), root).relative);
  };
}

/**
 * The last names of a ledger's paths, by ledger (never changed in place). Most paths a call asks about are not in the
 * ledger (a `git commit` asks for eight hook files), and resolving each against the root cost more than the rest of
 * the lookup: a path whose last name no ledger file has is not in it, however it is spelled.
 */
const namesSeen = new WeakMap<Ledger, ReadonlySet<string>>();

function ledgerNames(ledger: Ledger): ReadonlySet<string> {
  let names = namesSeen.get(ledger);
  if (names === undefined) {
    const set = new Set<string>();
    for (const path of ledger.order) set.add(path.slice(path.lastIndexOf('/') + 1));
    namesSeen.set(ledger, (names = set));
  }
  return names;
}

/**
 * The name a path ends in, as resolving it would keep it (trailing slashes dropped; a backslash separates as in
 * Windows paths); undefined when resolving could change it (`.`, `..`, `$PWD`, a command substitution).
 */
function lastName(path: string): string | undefined {
  let end = path.length;
  while (end > 0 && (path[end - 1] === '/' || path[end - 1] === '\\')) end--;
  const start = Math.max(path.lastIndexOf('/', end - 1), path.lastIndexOf('\\', end - 1)) + 1;
  const name = path.slice(start, end);
  if (name === '' || name === '.' || name === '..' || name.includes('$') || name.includes('`')) return undefined;
  return name;
}

/**
 * What each glob named in a ledger, by ledger: a ledger is never changed in place (a write makes a new one), so its
 * answers hold until then. The same patterns come back call after call (`eslint 'src/**\/*.ts'`), and each answer
 * was a scan of up to LEDGER_LIMITS.files paths. Bounded per ledger; a dropped ledger takes its answers with it.
 */
const globsSeen = new WeakMap<Ledger, Map<string, readonly GlobMatch[]>>();
// Each answer is kept under the resolved pattern and under its spelling (a key holding NUL characters, which no resolved path does).
const GLOBS_PER_LEDGER = 128;

/**
 * The ledger's files a glob names (`bash scripts/*.sh`): the pattern resolved as a path is, each listed file matched
 * segment by segment, in bash's order (by path). Asked only for a glob a call runs, sources or reads, so the scan of
 * the ledger's paths (at most LEDGER_LIMITS.files) is not paid by other calls.
 */
function ledgerGlob(
  ledger: Ledger,
  workdir: string | undefined,
  root: string | undefined,
): (pattern: string) => readonly GlobMatch[] {
  const resolve = callPaths(workdir, root);
  let byPattern = globsSeen.get(ledger);
  if (byPattern === undefined) globsSeen.set(ledger, (byPattern = new Map()));
  const known = byPattern;
  const prefixKey = `${workdir ?? ''}\u0000${root ?? ''}\u0000`;
  const names = ledgerNames(ledger);
  return (pattern) => {
    // A pattern whose last segment is a plain name (`**/pre-commit`: a git command asks for its hooks this way every
    // time) matches only a file of that name: none in the ledger, no answer to look up.
    const name = lastName(pattern);
    if (name !== undefined && !/[*?[\\]/.test(name) && !names.has(name)) return NO_MATCHES;
    // The same patterns come back as written (a git command asks for its hooks by glob every time): an answer is
    // found by the spelling first, so the pattern is resolved against the root only the first time.
    const spelled = known.get(prefixKey + pattern);
    if (spelled !== undefined) return spelled;
    const forms = pathForms(resolve(pattern), root);
    // A pattern outside the root (`/**/.config/systemd/user/x.service`) is matched against absolute paths: the
    // ledger keeps such a file relative to the root (`../../ines/.config/…`), where `**` would count the `..`s.
    const outside = forms.absolute !== undefined && forms.relative.startsWith('../');
    const wanted = outside ? (forms.absolute as string) : forms.relative;
    const seen = known.get(wanted);
    if (seen !== undefined) {
      if (known.size < GLOBS_PER_LEDGER) known.set(prefixKey + pattern, seen);
      return seen;
    }
    // The folders before the first segment with a wildcard are literal: only paths under them can match, and a
    // plain prefix test passes over the rest of a full ledger without matching segment by segment.
    const segments = wanted.split('/');
    const literal = segments.findIndex((seg) => /[*?[]/.test(seg));
    const prefix = literal > 0 ? `${segments.slice(0, literal).join('/')}/` : '';
    const out: GlobMatch[] = [];
    for (const path of ledger.order) {
      const named = outside ? (pathForms(path, root).absolute ?? path) : path;
      if (prefix !== '' && !named.startsWith(prefix)) continue;
      const file = pathGlobMatch(wanted, named) ? ledgerFile(ledger, path) : undefined;
      if (file !== undefined) out.push({ path, file });
    }
    const sorted = Object.freeze(out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)));
    if (known.size < GLOBS_PER_LEDGER) {
      known.set(wanted, sorted);
      known.set(prefixKey + pattern, sorted);
    }
    return sorted;
  };
}

const NO_MATCHES: readonly GlobMatch[] = Object.freeze([]);

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

/** The session's values and directory a call's shell starts with (none for a call with its own `workdir`). */
function shellValues(
  session: ShellSession,
  args: Readonly<Record<string, unknown>> | undefined,
): ShellContext | undefined {
  const hasEnv = Object.keys(session.env).length > 0;
  const cwd = typeof args?.workdir === 'string' ? undefined : session.cwd;
  if (
    !hasEnv &&
    cwd === undefined &&
    session.kube === undefined &&
    session.gitAliases === undefined &&
    session.gitConfig === undefined &&
    session.links === undefined &&
    session.worktrees === undefined
  )
    return undefined;
  return { ...(hasEnv ? { env: session.env } : {}), ...(cwd !== undefined ? { cwd } : {}), ...configState(session) };
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
  const kube = nextKube(session.kube, persists.kube);
  const aliases =
    persists.gitAliases === undefined ? session.gitAliases : bounded(session.gitAliases, persists.gitAliases);
  const gitAliases = aliases === undefined || Object.keys(aliases).length === 0 ? undefined : aliases;
  const settings =
    persists.gitConfig === undefined ? session.gitConfig : bounded(session.gitConfig, persists.gitConfig);
  const gitConfig = settings === undefined || Object.keys(settings).length === 0 ? undefined : settings;
  const links = persists.links === undefined ? session.links : nextLinks(session.links, persists.links, workdir, root);
  // (the folders of a call that names its own workdir are not the project root's: not kept)
  const trees =
    persists.worktrees === undefined || workdir !== undefined
      ? session.worktrees
      : bounded(session.worktrees, persists.worktrees);
  const worktrees = trees === undefined || Object.keys(trees).length === 0 ? undefined : trees;
  // A switch in a call that names its own workdir may be another repository's: the project's branch is then unknown.
  const branch =
    persists.branch === undefined
      ? session.branch
      : typeof persists.branch === 'string' &&
          workdir === undefined &&
          persists.branch.length <= SHELL_SESSION_LIMITS.maxValueLength
        ? persists.branch
        : undefined;
  if (
    names.length === 0 &&
    cwd === session.cwd &&
    kube === session.kube &&
    gitAliases === session.gitAliases &&
    gitConfig === session.gitConfig &&
    links === session.links &&
    worktrees === session.worktrees &&
    branch === session.branch
  )
    return session;
  return {
    env: bounded(session.env, persists.env),
    cwd,
    ...configState({ kube, gitAliases, gitConfig, links, worktrees }),
    ...(branch !== undefined ? { branch } : {}),
  };
}

/** The session's links after a call made some (its paths made relative to the project root), within the bound. */
function nextLinks(
  before: Readonly<Record<string, string>> | undefined,
  made: Readonly<Record<string, string>>,
  workdir: string | undefined,
  root: string | undefined,
): Readonly<Record<string, string>> {
  // A Map, then own properties: a link made again moves to the end, the oldest goes first past the bound; a path
  // longer than a value may be is not kept (unknown later, as without the session).
  const all = new Map(Object.entries(before ?? {}));
  for (const [from, to] of Object.entries(rootRelativeLinks(made, callPaths(workdir, root), root))) {
    all.delete(from);
    if (from.length <= SHELL_SESSION_LIMITS.maxValueLength && to.length <= SHELL_SESSION_LIMITS.maxValueLength)
      all.set(from, to);
  }
  for (const link of all.keys()) {
    if (all.size <= SHELL_SESSION_LIMITS.maxVariables) break;
    all.delete(link);
  }
  return Object.fromEntries(all);
}

/**
 * Named values after a call set (a string) or unset (null) some, within SHELL_SESSION_LIMITS: a re-set name moves to
 * the end, so the oldest goes first past the bound; a value or name too long is dropped (unknown later, as without
 * the session). The session's variables and its git aliases alike.
 */
function bounded(
  before: Readonly<Record<string, string>> | undefined,
  change: Readonly<Record<string, string | null>>,
): Readonly<Record<string, string>> {
  // A Map, then own properties: a variable called __proto__ stays a variable.
  const all = new Map(Object.entries(before ?? {}));
  for (const [name, value] of Object.entries(change)) {
    all.delete(name);
    if (
      value !== null &&
      value.length <= SHELL_SESSION_LIMITS.maxValueLength &&
      name.length <= SHELL_SESSION_LIMITS.maxNameLength
    )
      all.set(name, value);
  }
  for (const name of all.keys()) {
    if (all.size <= SHELL_SESSION_LIMITS.maxVariables) break;
    all.delete(name);
  }
  return Object.fromEntries(all);
}

/** What the session's calls wrote into config files — the kubeconfig's context, git's aliases — as its own properties
 * (a new shell has them too: they are on disk). */
function configState(
  session: Pick<ShellSession, 'kube' | 'gitAliases' | 'gitConfig' | 'links' | 'worktrees'>,
): Pick<ShellSession, 'kube' | 'gitAliases' | 'gitConfig' | 'links' | 'worktrees'> {
  const { kube, gitAliases, gitConfig, links, worktrees } = session;
  return {
    ...(kube !== undefined ? { kube } : {}),
    ...(gitAliases !== undefined ? { gitAliases } : {}),
    ...(gitConfig !== undefined ? { gitConfig } : {}),
    ...(links !== undefined ? { links } : {}),
    ...(worktrees !== undefined ? { worktrees } : {}),
  };
}

/** The kubectl context and namespace after a call switched some: a name not known (or too long) is forgotten. */
function nextKube(kube: KubeState | undefined, change: KubeChange | undefined): KubeState | undefined {
  if (change === undefined) return kube;
  const keep = (v: string | null | undefined, before: string | undefined) =>
    v === undefined ? before : v !== null && v.length <= SHELL_SESSION_LIMITS.maxValueLength ? v : undefined;
  const context = keep(change.context, kube?.context);
  const namespace = keep(change.namespace, kube?.namespace);
  if (context === undefined && namespace === undefined) return undefined;
  const kubeconfig = change.kubeconfig === undefined ? kube?.kubeconfig : (change.kubeconfig ?? undefined);
  // A kubeconfig too long to keep: the context is not known to be in the default one either.
  if (kubeconfig !== undefined && kubeconfig.length > SHELL_SESSION_LIMITS.maxValueLength) return undefined;
  return {
    ...(context !== undefined ? { context } : {}),
    ...(namespace !== undefined ? { namespace } : {}),
    ...(kubeconfig !== undefined ? { kubeconfig } : {}),
  };
}

/** A call run in `workdir` that ended in `cwd` (relative to workdir): where that is from the root. */
function rootRelative(workdir: string, cwd: string | undefined, root: string | undefined): string | undefined {
  if (cwd !== undefined && (cwd.startsWith('$') || cwd.startsWith('~'))) return cwd;
  const joined = cwd === undefined ? workdir : isAbsolutePath(cwd) ? cwd : joinPath(workdir, cwd);
  const relative = pathForms(joined, root).relative;
  return relative === '' || relative === '.' ? undefined : relative;
}
