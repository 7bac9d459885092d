// pnpm's content store for sandboxed calls: takes the host facts; returns where the store is, the variable that tells
// the sandboxed pnpm to use it, and the caches to make before the first call (pnpm's store, Go's module cache, cargo's
// registry, vitest's token folder, npm CLIs' configstore) when their program is installed, as the program itself
// would. Only the store is opened, never pnpm's home (PNPM_HOME): that folder holds the human's global commands (on
// PATH after `pnpm setup`) and the pnpm versions pnpm switches to (`.tools`), code the human runs later.
// Without the variable pnpm probes PNPM_HOME itself (temp files and hard links) to choose a store, and a closed
// PNPM_HOME sends it to the root of the project's disk: every install failed (measured by tests/corpus/sandbox-replay.ts).
import { existsSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import type { SandboxHost } from './policy.js';

// pnpm 11 and later read only pnpm_config_*; pnpm 10 and earlier npm_config_* (measured: pnpm 12 ignores the latter).
const STORE_VARIABLES = [
  'pnpm_config_store_dir',
  'PNPM_CONFIG_STORE_DIR',
  'npm_config_store_dir',
  'NPM_CONFIG_STORE_DIR',
] as const;

/** pnpm's default store: `<PNPM_HOME>/store`, PNPM_HOME being `$XDG_DATA_HOME/pnpm` or `~/.local/share/pnpm`. */
export function pnpmStore(host: SandboxHost): string {
  const home = host.env.PNPM_HOME;
  if (home && isAbsolute(home)) return join(home, 'store');
  const data = host.env.XDG_DATA_HOME;
  return join(data && isAbsolute(data) ? data : join(host.home, '.local/share'), 'pnpm', 'store');
}

/**
 * The store named to the sandboxed pnpm, unless the human's environment names one already (then that one is opened
 * through CACHE_ENV). A store named in an `.npmrc` is overridden: it is not open unless settings.sandbox.writable
 * lists it, and pnpm could not use it anyway.
 */
export function pnpmStoreEnv(host: SandboxHost): Record<string, string> {
  if (STORE_VARIABLES.some((name) => host.env[name])) return {};
  const store = pnpmStore(host);
  // No update check: pnpm would write its state (~/.local/state/pnpm), which is not opened, at every call.
  return { pnpm_config_store_dir: store, npm_config_store_dir: store, pnpm_config_update_notifier: 'false' };
}

/** Go's module cache when no variable moves it: `~/go/pkg/mod` (a GOMODCACHE or GOPATH is opened through CACHE_ENV). */
export function goModCache(host: SandboxHost): string | undefined {
  if (host.env.GOMODCACHE || host.env.GOPATH) return undefined;
  return join(host.home, 'go', 'pkg', 'mod');
}

/**
 * Cargo's download caches, `<CARGO_HOME>/registry` and `git` (CARGO_HOME defaults to ~/.cargo): only these, never
 * CARGO_HOME itself (bin/ is on the human's PATH, config.toml names the compiler wrapper cargo runs).
 */
export function cargoCaches(host: SandboxHost): string[] {
  const cargoHome = host.env.CARGO_HOME;
  const dir = cargoHome && isAbsolute(cargoHome) ? cargoHome : join(host.home, '.cargo');
  return [join(dir, 'registry'), join(dir, 'git')];
}

/** vitest 5's data folder (its API token), where env-paths puts it: `$XDG_DATA_HOME/vitest`, else ~/.local/share. */
export function vitestData(host: SandboxHost): string {
  const data = host.env.XDG_DATA_HOME;
  return join(data && isAbsolute(data) ? data : join(host.home, '.local/share'), 'vitest');
}

/** Whether the project (or its worktree, a monorepo's root) has vitest installed. */
function projectHasVitest(host: SandboxHost): boolean {
  return [host.directory, host.worktree]
    .filter((d): d is string => d !== undefined && d !== '/')
    .some((d) => existsSync(join(d, 'node_modules', '.bin', 'vitest')));
}

/**
 * Caches made before the first call when their program is installed and they are missing, as the program makes them
 * at its first run: a folder that does not exist cannot be opened to the sandbox, and the program's first use inside
 * it failed or went elsewhere (pnpm's store inside the project; go's `mkdir ~/go` refused at every call; cargo's
 * first download, `cargo install` and `cargo fetch` with a rustup just installed, refused `~/.cargo/registry`).
 */
export function firstUseCaches(host: SandboxHost): string[] {
  const go = goModCache(host);
  return [
    ...(onPath(host, 'pnpm') ? [pnpmStore(host)] : []),
    ...(go !== undefined && onPath(host, 'go') ? [go] : []),
    ...(onPath(host, 'cargo') ? cargoCaches(host) : []),
    ...(projectHasVitest(host) ? [vitestData(host)] : []),
    // npm CLIs' update notices (configstore, policy.ts CACHE_DIRS): the replay's npx lighthouse and npm-check-updates
    // were refused it in a home where no such CLI had run yet.
    ...(onPath(host, 'npm') ? [join(host.home, '.config', 'configstore')] : []),
  ];
}

/** Whether a program is on the PATH the host runs with (corepack's shims included). */
export function onPath(host: SandboxHost, program: string): boolean {
  return (host.env.PATH ?? '').split(delimiter).some((dir) => isAbsolute(dir) && existsSync(join(dir, program)));
}
