// Does the user's opencode load the plugin? Takes the project dir and environment; returns every opencode config
// file found, the entries that load opencode-semantic-anchors (with their options), and the files that failed to
// parse. Looks where opencode 1.18 looks: the project (and its .opencode/), and $XDG_CONFIG_HOME/opencode.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseJsonc } from './jsonc.js';

export const PACKAGE_NAME = 'opencode-semantic-anchors';

export interface PluginLoad {
  /** The config file (or auto-loaded plugin file) that loads the plugin. */
  readonly file: string;
  /** The entry as written (`opencode-semantic-anchors@1.0.0`, `file:///…/dist/index.js`, a plugin file's path). */
  readonly spec: string;
  /** The options object of a `["spec", { … }]` entry. */
  readonly options: Record<string, unknown> | undefined;
  /** For a path entry: the file it names does not exist. */
  readonly missingFile?: string;
}

export interface OpencodeSettings {
  readonly files: readonly string[];
  readonly loads: readonly PluginLoad[];
  readonly errors: readonly string[];
}

export function userConfigDir(env: NodeJS.ProcessEnv, home: string = homedir()): string {
  const xdg = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(xdg, 'opencode');
}

export function readOpencodeSettings(projectDir: string, env: NodeJS.ProcessEnv = process.env): OpencodeSettings {
  const dirs = [userConfigDir(env), projectDir, join(projectDir, '.opencode')];
  const files: string[] = [];
  const loads: PluginLoad[] = [];
  const errors: string[] = [];
  for (const dir of dirs) {
    for (const name of ['opencode.json', 'opencode.jsonc', 'config.json']) {
      const file = join(dir, name);
      if (!existsSync(file)) continue;
      files.push(file);
      const parsed = parseJsonc(readFileSync(file, 'utf8'));
      if (!parsed.ok) {
        errors.push(/^\d+:\d+: /.test(parsed.error) ? `${file}:${parsed.error}` : `${file}: ${parsed.error}`);
        continue;
      }
      loads.push(...pluginEntries(file, parsed.value));
    }
    loads.push(...autoLoadedPluginFiles(dir));
  }
  return { files, loads, errors };
}

function pluginEntries(file: string, config: unknown): PluginLoad[] {
  if (config === null || typeof config !== 'object' || !('plugin' in config)) return [];
  const list = (config as { plugin: unknown }).plugin;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry): PluginLoad[] => {
    const [spec, options] = Array.isArray(entry) ? [entry[0], entry[1]] : [entry, undefined];
    if (typeof spec !== 'string' || !namesThePlugin(spec, file)) return [];
    const opts =
      options !== null && typeof options === 'object' && !Array.isArray(options)
        ? (options as Record<string, unknown>)
        : undefined;
    const path = localPath(spec, file);
    return [{ file, spec, options: opts, ...(path && !existsSync(path) ? { missingFile: path } : {}) }];
  });
}

/** An npm spec (`opencode-semantic-anchors`, `…@1.2.3`) or a path/URL into a copy of this package. */
function namesThePlugin(spec: string, file: string): boolean {
  if (spec === PACKAGE_NAME || spec.startsWith(`${PACKAGE_NAME}@`)) return true;
  const path = localPath(spec, file);
  if (path === undefined) return false;
  return path.includes(PACKAGE_NAME) || packageNameAbove(path) === PACKAGE_NAME;
}

function localPath(spec: string, file: string): string | undefined {
  if (spec.startsWith('file://')) return fileURLToPath(spec);
  if (spec.startsWith('./') || spec.startsWith('../') || isAbsolute(spec)) return resolve(dirname(file), spec);
  return undefined;
}

/** The name in the nearest package.json above a file, so a checkout under any folder name is recognised. */
function packageNameAbove(path: string): string | undefined {
  for (let dir = dirname(path); dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    try {
      const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name;
      return typeof name === 'string' ? name : undefined;
    } catch (error) {
      // A broken package.json is not ours to judge here; it only means the name is unknown.
      void error;
      return undefined;
    }
  }
  return undefined;
}

/** opencode auto-loads {plugin,plugins}/*.{js,ts} from each config dir; one that imports us counts as a load. */
function autoLoadedPluginFiles(dir: string): PluginLoad[] {
  return ['plugin', 'plugins'].flatMap((sub) => {
    const folder = join(dir, sub);
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((name) => /\.(js|ts|mjs)$/.test(name))
      .map((name) => join(folder, name))
      .filter((path) => readFileSync(path, 'utf8').includes(PACKAGE_NAME) || name(path).includes('semantic-anchors'))
      .map((path) => ({ file: path, spec: path, options: undefined }));
  });
}

const name = (path: string) => path.split(/[\\/]/).at(-1) ?? '';
