// pnpm's content store for sandboxed calls: takes the host facts; returns where the store is, the variable that tells
// the sandboxed pnpm to use it, and whether pnpm is installed (its store is then made before the first call, as pnpm
// itself would). Only the store is opened, never pnpm's home (PNPM_HOME): that folder holds the human's global
// commands (on PATH after `pnpm setup`) and the pnpm versions pnpm switches to (`.tools`), code the human runs later.
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

/** Whether pnpm is on the PATH the host runs with (corepack's shim included). */
export function hasPnpm(host: SandboxHost): boolean {
  return (host.env.PATH ?? '').split(delimiter).some((dir) => isAbsolute(dir) && existsSync(join(dir, 'pnpm')));
}
