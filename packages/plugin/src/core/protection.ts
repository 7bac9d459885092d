// Self-protection, host side: what the engine's built-in contracts must guard in this host. The agent must never
// act as the human (reach opencode's server or CLI, read its password, write git hooks or aliases that run later in
// the human's git commands) nor rewrite the rules it is held to (the contract files, the opencode configuration that
// loads the plugin, the plugin's own files). The engine turns these
// facts into contracts no configuration can switch off (CompileOptions.protect); this module only finds the facts.
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configCandidates, type DiscoveryInput } from './config-source.js';
import { DECISION_LOG_GLOB } from './decision-log-path.js';

/** The shape of the engine's CompileOptions.protect (declared here so the plugin builds against either engine). */
export interface ProtectFacts {
  readonly contractFiles: readonly string[];
  readonly hostFiles: readonly string[];
  readonly servers: readonly string[];
  readonly secretEnv: readonly string[];
  /** Git hooks, aliases and hooks paths written by hand run later in the human's git commands: stop them. */
  readonly gitHooks: boolean;
}

/** Variables that let their holder act as the human on opencode's server. */
export const HOST_SECRET_ENV: readonly string[] = ['OPENCODE_SERVER_PASSWORD'];

export interface HostFacts extends DiscoveryInput {
  /** The git worktree opencode found (config files are read from every folder between it and the directory). */
  readonly worktree?: string | undefined;
  /** The host's server address, e.g. 'http://127.0.0.1:4096'. */
  readonly serverUrl?: string | undefined;
  /** The file the plugin runs from (import.meta.url of the bundle). */
  readonly pluginFile?: string | undefined;
  /** More secret variable names from the plugin options. */
  readonly extraSecretEnv?: readonly string[];
}

/** Every protected path and address for this host; `contractFilesRead` are the files the last load read. */
export function protectFacts(host: HostFacts, contractFilesRead: readonly string[]): ProtectFacts {
  const env = host.env ?? process.env;
  // Every place a configuration may come from, not only the one read: creating a file at a place tried earlier
  // would change the rules at the next reload just as well as editing the one in use.
  const contractFiles = unique([...configCandidates(host).map((c) => c.path), ...contractFilesRead.filter(isAbsolute)]);
  return {
    contractFiles,
    hostFiles: unique([
      ...opencodeConfigFiles(host),
      ...pluginFiles(host.pluginFile),
      join(host.directory, '.opencode', DECISION_LOG_GLOB),
    ]),
    servers: host.serverUrl ? serverAddresses(host.serverUrl) : [],
    secretEnv: unique([...HOST_SECRET_ENV, ...(host.extraSecretEnv ?? [])]).filter(
      (v) => env[v] !== undefined || HOST_SECRET_ENV.includes(v),
    ),
    gitHooks: true,
  };
}

/** opencode's configuration files and plugin folders, at project and user level (see v1-host.md, "Loading"). */
function opencodeConfigFiles(host: HostFacts): string[] {
  const env = host.env ?? process.env;
  const home = host.home ?? homedir();
  const xdgConfig =
    env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(home, '.config');
  const xdgCache = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(home, '.cache');
  const configDirs = [join(xdgConfig, 'opencode'), join(home, '.opencode')];
  if (env.OPENCODE_CONFIG_DIR && isAbsolute(env.OPENCODE_CONFIG_DIR)) configDirs.push(env.OPENCODE_CONFIG_DIR);
  const out: string[] = [];
  // opencode reads opencode.json[c] and .opencode/ in every folder from the directory up to the worktree.
  for (const dir of foldersUp(host.directory, host.worktree)) {
    out.push(join(dir, 'opencode.json'), join(dir, 'opencode.jsonc'));
    configDirs.push(join(dir, '.opencode'));
  }
  for (const dir of configDirs) {
    out.push(
      join(dir, 'opencode.json'),
      join(dir, 'opencode.jsonc'),
      join(dir, 'config.json'),
      join(dir, 'package.json'),
    );
    out.push(join(dir, 'plugin', '**'), join(dir, 'plugins', '**'), join(dir, 'node_modules', '**'));
  }
  if (env.OPENCODE_CONFIG && isAbsolute(env.OPENCODE_CONFIG)) out.push(env.OPENCODE_CONFIG);
  // npm plugins are installed here and reused without a network check: changed code there loads at the next start.
  out.push(join(xdgCache, 'opencode', 'packages', '**'));
  return out;
}

/** The plugin's own files: its folder (dist/), and the package around it when installed as a package. */
function pluginFiles(pluginFile: string | undefined): string[] {
  if (!pluginFile) return [];
  const file = pluginFile.startsWith('file:') ? fileURLToPath(pluginFile) : pluginFile;
  const dir = dirname(file);
  return basename(dir) === 'dist' ? [join(dirname(dir), '**')] : [join(dir, '**')];
}

/** The server's address in the spellings a caller would use for it. */
function serverAddresses(url: string): string[] {
  try {
    const u = new URL(url);
    const port = u.port || (u.protocol === 'https:' ? '443' : '80');
    return unique([`${u.protocol}//${u.hostname}:${port}`, `http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return [url]; // Not a URL: hand it over as given; the engine takes what port it can from it.
  }
}

function foldersUp(directory: string, worktree: string | undefined): string[] {
  const out = [resolve(directory)];
  const stop = worktree && worktree !== '/' ? resolve(worktree) : undefined;
  let dir = out[0]!;
  while (stop !== undefined && dir !== stop && dir.startsWith(`${stop}/`)) {
    dir = dirname(dir);
    out.push(dir);
  }
  return out;
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];
