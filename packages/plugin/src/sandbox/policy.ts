// The sandbox policy of one project: takes the protect facts (the same list the engine's self-protection built-ins
// get), the effective settings.sandbox and where the host lives; returns what a shell call may write, what stays
// read-only inside that, and which hosts and local ports it may reach. Pure apart from the `paths` it is handed, so
// the derivation is tested from real facts without a sandbox (sandboxHost reads the repository and the temp folders).
import { homedir, tmpdir } from 'node:os';
import { basename, isAbsolute, join, resolve } from 'node:path';
import type { EffectiveSandbox } from '@semantic-anchors/engine/enforce';
import { findRepository } from '../core/git-files.js';
import { opencodeDataDir, unreadableInSandbox } from '../core/opencode-credentials.js';
import type { ProtectFacts } from '../core/protection.js';
import { pnpmStore } from './pnpm-store.js';

export interface SandboxHost {
  /** The project directory opencode runs in. */
  readonly directory: string;
  /** The git worktree opencode found ('/' when there is none). */
  readonly worktree: string | undefined;
  readonly home: string;
  /** The temp folders: /tmp, the OS's, $TMPDIR. */
  readonly tempDirs: readonly string[];
  /** Git dirs outside the project a commit must write (a linked worktree's gitdir and common dir). */
  readonly gitDirs: readonly string[];
  /** The environment opencode runs with (a cache moved by a variable is opened where it is). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The file system as far as the policy needs it: where a path really is, if anywhere. */
export interface PathLookup {
  /** The real path of an existing path (symbolic links followed), undefined when it does not exist. */
  real(path: string): string | undefined;
}

export interface SandboxPolicy {
  /** Folders the shell may write (real paths, none inside another). */
  readonly writable: readonly string[];
  /** What settings.sandbox.writable opened beyond the defaults (expanded, as written otherwise). */
  readonly opened: readonly string[];
  /** Protected paths that lie inside a writable folder: read-only in the sandbox (they may not exist yet). */
  readonly readOnly: readonly string[];
  /** Whether any public host is reachable (settings.sandbox.network holds `public`, or is not given). */
  readonly publicHosts: boolean;
  /** Hosts named in settings.sandbox.network (srt's allowedDomains grammar): reachable, whatever they resolve to. */
  readonly hosts: readonly string[];
  /** Ports of this machine the shell may reach (opencode's own server's never among them). */
  readonly localPorts: readonly number[];
  /** opencode's server ports: denied whatever else is allowed. */
  readonly serverPorts: readonly number[];
  /** localPorts the settings listed that are opencode's server: ignored, said in the log. */
  readonly refusedLocalPorts: readonly number[];
}

/**
 * Caches package managers and build tools write during honest work (install, build, test), relative to the home
 * folder. Chosen by replaying the role corpora's shell calls under the sandbox (tests/corpus/sandbox-replay.ts); a
 * folder that does not exist is simply not opened. opencode's own cache (~/.cache/opencode) stays read-only: it is
 * host state. Left closed on purpose: ~/.config (opencode, git, fish, systemd live there), ~/.local/bin and tool homes
 * (~/.rustup, ~/.cargo/bin, pnpm's home: code the human runs later), browser profiles (~/.config/chromium:
 * the human's sessions). pnpm's store is opened where pnpm keeps it (pnpm-store.ts).
 */
export const CACHE_DIRS: readonly string[] = [
  '.npm',
  '.cache',
  '.yarn',
  '.pnpm-store',
  '.bun/install/cache',
  '.cargo/registry',
  '.cargo/git',
  'go/pkg/mod',
  '.m2/repository',
  '.gradle/caches',
  '.gradle/wrapper',
  '.nuget/packages',
  '.deno',
  // npm CLIs' own state (update notices, first-run flags): read back as data, never run. The replay's lighthouse and
  // storybook calls wrote here.
  '.config/configstore',
  // vitest 5's API token (.vitest-secret-token), made at every run until it exists: a secret the agent can read
  // anyway, nothing that runs. Closed, vitest falls back to node_modules/.vitest but the refusal note came with
  // every test run (the replay's consultant probe; pnpm-store.ts makes the folder at first use).
  '.local/share/vitest',
];

/**
 * Caches moved by a variable (npm's `cache` setting, GOMODCACHE, …): opened where the variable points. A variable
 * that names a tool's whole home (CARGO_HOME, GOPATH) opens only its cache folders, never its bin/ (on PATH). GOCACHE
 * is not opened: the human's Go build cache is host state, and the agent's shells build with one of their own
 * (protection.ts, goBuildCache).
 */
export const CACHE_ENV: readonly (readonly [string, string])[] = [
  ['npm_config_cache', ''],
  ['NPM_CONFIG_CACHE', ''],
  ['npm_config_store_dir', ''],
  ['pnpm_config_store_dir', ''],
  ['PNPM_CONFIG_STORE_DIR', ''],
  ['YARN_CACHE_FOLDER', ''],
  ['BUN_INSTALL_CACHE_DIR', ''],
  ['PIP_CACHE_DIR', ''],
  ['UV_CACHE_DIR', ''],
  ['POETRY_CACHE_DIR', ''],
  ['GOMODCACHE', ''],
  ['GOPATH', 'pkg/mod'],
  ['CARGO_HOME', 'registry'],
  ['CARGO_HOME', 'git'],
  ['GRADLE_USER_HOME', 'caches'],
  ['GRADLE_USER_HOME', 'wrapper'],
  ['NUGET_PACKAGES', ''],
  ['DENO_DIR', ''],
  ['XDG_CACHE_HOME', ''],
  ['XDG_DATA_HOME', 'vitest'],
  ['CCACHE_DIR', ''],
  ['TF_PLUGIN_CACHE_DIR', ''],
  ['SCCACHE_DIR', ''],
];

/** The host facts the sandbox needs, found the same way wherever they are needed (the sandbox, the protect facts). */
export function sandboxHost(options: {
  readonly directory: string;
  readonly worktree?: string | undefined;
  readonly home?: string | undefined;
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
}): SandboxHost {
  const env = options.env ?? process.env;
  const repo = findRepository(options.directory);
  return {
    directory: resolve(options.directory),
    worktree: options.worktree,
    home: options.home ?? homedir(),
    tempDirs: [...new Set(['/tmp', '/var/tmp', tmpdir(), ...(env.TMPDIR ? [env.TMPDIR] : [])])],
    gitDirs: repo && repo.dotGitFile !== undefined ? [repo.gitDir, repo.commonDir] : [],
    env,
  };
}

/**
 * What the shell may write before any setting opens more: the project, its worktree, a linked worktree's git dirs,
 * the temp folders and the package managers' caches (as named; the policy takes their real paths). The file tools
 * are held to the same folders by the engine (protect.writable, anchor-protect-write-boundary).
 */
export function defaultWritable(host: SandboxHost): string[] {
  const worktree = host.worktree && host.worktree !== '/' ? host.worktree : undefined;
  return [
    host.directory,
    ...(worktree !== undefined && isInside(host.directory, worktree) ? [worktree] : []),
    ...host.gitDirs,
    ...host.tempDirs,
    ...CACHE_DIRS.map((d) => join(host.home, d)),
    pnpmStore(host),
    ...CACHE_ENV.flatMap(([name, sub]) => {
      const value = host.env[name];
      return value && isAbsolute(value) && value !== '/' ? [join(value, sub)] : [];
    }),
  ];
}

/**
 * Protected names whose mere presence changes what a tool does: the empty read-only stand-in bubblewrap mounts for a
 * missing path would break it (git stops at an empty `<gitdir>/commondir`: "failed to read"; in a repository with
 * `extensions.worktreeConfig`, which sparse checkouts turn on, every git command stops at a stand-in
 * `config.worktree`: "unable to access … Permission denied", route 12 H.64; an empty `info/sparse-checkout` would
 * leave every file out at the next checkout). A missing one is not bound; the result check watches it and removes one
 * a call creates.
 */
export const NO_PLACEHOLDER: ReadonlySet<string> = new Set(['commondir', 'config.worktree', 'sparse-checkout']);

export function sandboxPolicy(
  facts: ProtectFacts,
  settings: Extract<EffectiveSandbox, { mode: 'on' }>,
  host: SandboxHost,
  paths: PathLookup,
): SandboxPolicy {
  const expand = (p: string): string =>
    p === '~' ? host.home : p.startsWith('~/') ? join(host.home, p.slice(2)) : resolve(host.directory, p);
  const wanted = [...defaultWritable(host), ...settings.writable.map(expand)];
  const writable = outermost(
    wanted.flatMap((p) => {
      const real = paths.real(p);
      return real === undefined ? [] : [real];
    }),
  );
  const readOnly = outermost(
    protectedPaths(facts).flatMap((p) => {
      // A protected path that exists is denied where it really is (a symbolic link leads the write there) and where
      // it is named; one that does not exist yet is denied by name, so it cannot be created.
      const real = paths.real(p);
      if (real === undefined && NO_PLACEHOLDER.has(basename(p))) return [];
      return unique([p, ...(real !== undefined && real !== p ? [real] : [])]);
    }),
    // Inside a writable folder it must be denied; above one (a folder a team opened inside .opencode/) too, or the
    // opening would reach into it. Elsewhere it is read-only already.
  ).filter((p) => writable.some((w) => isInside(p, w) || isInside(w, p)));
  const serverPorts = unique(facts.servers.map(portOf).filter((p): p is number => p !== undefined));
  return {
    writable,
    opened: settings.writable.map(expand),
    readOnly,
    publicHosts: settings.network === undefined || settings.network.includes('public'),
    hosts: (settings.network ?? []).filter((h) => h !== 'public'),
    localPorts: settings.localPorts.filter((p) => !serverPorts.includes(p)),
    serverPorts,
    refusedLocalPorts: settings.localPorts.filter((p) => serverPorts.includes(p)),
  };
}

/**
 * The files the shell cannot read: opencode's credentials and database (opencode-credentials.ts), hidden where they
 * really are and where they are named (a link in the data folder leads elsewhere). Found again at every call, not
 * with the policy: opencode writes mcp-auth.json when the human first logs in to an MCP server, mid-session. A
 * missing one is left out: bubblewrap masks what exists.
 */
export function unreadableFiles(host: Pick<SandboxHost, 'env' | 'home'>, paths: PathLookup): string[] {
  return unique(
    unreadableInSandbox(opencodeDataDir(host.env, host.home)).flatMap((p) => {
      const real = paths.real(p);
      return real === undefined ? [] : [p, real];
    }),
  );
}

/**
 * Every path the protect facts name, as a path: a folder glob (`dir/**`) is its folder, an entry with a glob in its
 * last part (the decision log and its rotations) stands for its folder's files and is covered by that folder's own
 * entry (.opencode), so it is left out rather than widened.
 */
export function protectedPaths(facts: ProtectFacts): string[] {
  const lists = [
    facts.contractFiles,
    facts.hostFiles,
    facts.hostState,
    facts.configDirs,
    facts.gitFiles,
    facts.startupFiles,
  ];
  return unique(
    lists
      .flat()
      .map((p) => (p.endsWith('/**') ? p.slice(0, -3) : p))
      .filter((p) => isAbsolute(p) && !/[*?[\]{}]/.test(p) && p !== '/'),
  );
}

/** True when `path` is `dir` or lies below it (both absolute and normalised, as every path here is). */
export function isInside(path: string, dir: string): boolean {
  if (dir === '/') return path.startsWith('/');
  return path === dir || (path.startsWith(dir) && path.charCodeAt(dir.length) === 47) /* / */;
}

/** The paths with every one that lies inside another left out. */
function outermost(paths: readonly string[]): string[] {
  const sorted = unique(paths).sort((a, b) => a.length - b.length);
  const out: string[] = [];
  for (const p of sorted) if (!out.some((o) => isInside(p, o))) out.push(p);
  return out;
}

function portOf(server: string): number | undefined {
  try {
    const u = new URL(server);
    const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const m = /:(\d{1,5})$/.exec(server);
    return m ? Number(m[1]) : undefined;
  }
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];
