// bubblewrap can only make a path read-only by mounting over it, so a protected path that does not exist yet
// (~/.bashrc in a fresh home, opencode.json in a project without one, srt's own list of shell and editor settings
// in the working directory) shows inside the sandbox as an empty character device while a command runs. git lists
// those as untracked files and `git add -A` / `git add .` then fails ("can only add regular files"), which would
// stop honest commits (srt issue anthropics/claude-code#78419). This module names those placeholders so the
// sandboxed git ignores them: an excludes file that keeps the user's own excludes and adds the placeholders.
import { childProcess, crypto } from '../core/builtins.js';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { isInside } from './policy.js';

/**
 * What @anthropic-ai/sandbox-runtime 0.0.83 always write-protects in the process's working directory
 * (DANGEROUS_FILES and getDangerousDirectories() in dist/sandbox/sandbox-utils.js; test/sandbox/placeholders.test.ts
 * compares this list with the installed library's, so an upgrade that changes it fails a test).
 */
export const RUNTIME_PROTECTED_NAMES: readonly string[] = [
  '.gitconfig',
  '.gitmodules',
  '.bashrc',
  '.bash_profile',
  '.zshrc',
  '.zprofile',
  '.profile',
  '.ripgreprc',
  '.mcp.json',
  '.vscode',
  '.idea',
  '.claude/commands',
  '.claude/agents',
];

/**
 * True when the runtime itself kept this path read-only in a call that started at `since` (ms) with `cwd` as the
 * process's working directory: its names directly in that folder, and the hooks and config of a repository that
 * existed before the call (a repository the call created, `git init` in a subfolder, is the call's own).
 */
export function runtimeProtected(
  path: string,
  cwd: string,
  since: number,
  createdAt: (path: string) => number | undefined,
): boolean {
  if (RUNTIME_PROTECTED_NAMES.some((n) => path === join(cwd, n) || path.startsWith(`${join(cwd, n)}/`))) return true;
  const git = /^(.*)\/\.git\/(?:hooks(?:\/|$)|config$)/.exec(path);
  if (!git?.[1]) return false;
  const born = createdAt(join(git[1], '.git', 'HEAD'));
  return born !== undefined && born < since;
}

/**
 * The git exclude patterns (relative to the repository's top, as core.excludesFile reads them) for every
 * placeholder a sandboxed command would see in the repository: protected paths that do not exist.
 */
export function placeholderPatterns(
  workTree: string | undefined,
  processCwd: string,
  readOnly: readonly string[],
  exists: (path: string) => boolean,
): string[] {
  if (workTree === undefined) return [];
  const candidates = [...RUNTIME_PROTECTED_NAMES.map((n) => join(processCwd, n)), ...readOnly];
  const out = new Set<string>();
  for (const path of candidates) {
    if (!isAbsolute(path) || !isInside(path, workTree) || path === workTree || exists(path)) continue;
    // The first missing folder on the way is where the placeholder sits (bubblewrap makes what is below it).
    let top = path;
    for (let dir = join(path, '..'); dir !== workTree && isInside(dir, workTree) && !exists(dir); dir = join(dir, '..'))
      top = dir;
    out.add(`/${relative(workTree, top)}`);
  }
  return [...out].sort();
}

/** The user's own excludes file as git would find it for this project (core.excludesFile, else the XDG default). */
export function userExcludesFile(
  directory: string,
  home: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  let configured = '';
  try {
    configured = childProcess()
      .execFileSync('git', ['config', '--path', '--get', 'core.excludesFile'], {
        cwd: directory,
        encoding: 'utf8',
        timeout: 5_000,
        stdio: ['ignore', 'pipe', 'ignore'],
      })
      .trim();
  } catch (error) {
    // Exit 1 is git's "not set"; no git, or no repository, leaves the default as well.
    if (!(error instanceof Error)) throw error;
  }
  if (configured !== '') return isAbsolute(configured) ? configured : join(directory, configured);
  const xdg = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(xdg, 'git', 'ignore');
}

/**
 * Writes (once per content) the excludes file for these patterns into `dir`, the user's own excludes first;
 * returns its path, or undefined when there is nothing to exclude.
 */
export function writeExcludesFile(dir: string, userFile: string, patterns: readonly string[]): string | undefined {
  if (patterns.length === 0) return undefined;
  const own = existsSync(userFile) ? readFileSync(userFile, 'utf8') : '';
  const text = `${own}${own === '' || own.endsWith('\n') ? '' : '\n'}# semantic-anchors: the sandbox's read-only placeholders\n${patterns.join('\n')}\n`;
  const file = join(dir, `excludes-${crypto().createHash('sha256').update(text).digest('hex').slice(0, 16)}`);
  if (!existsSync(file)) writeFileSync(file, text, { mode: 0o600 });
  return file;
}

/** The environment that points the sandboxed git at the excludes file, after any GIT_CONFIG_* already set. */
export function excludesEnv(file: string, env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const base = Number.parseInt(env.GIT_CONFIG_COUNT ?? '0', 10);
  const n = Number.isInteger(base) && base >= 0 ? base : 0;
  return {
    GIT_CONFIG_COUNT: String(n + 1),
    [`GIT_CONFIG_KEY_${n}`]: 'core.excludesFile',
    [`GIT_CONFIG_VALUE_${n}`]: file,
  };
}

/**
 * git reads ~/.gitconfig at every command, and a read-only placeholder refuses to be opened (EACCES, where a missing
 * file is simply ENOENT), which git treats as fatal. Only when the home folder lies inside a writable folder (a test
 * home under /tmp, a team that opened ~) is the missing ~/.gitconfig a placeholder: then git is pointed at the global
 * config that exists (the XDG one), or at none.
 */
export function gitGlobalEnv(
  home: string,
  readOnly: readonly string[],
  exists: (path: string) => boolean,
): Record<string, string> {
  const file = join(home, '.gitconfig');
  if (exists(file) || !readOnly.includes(file)) return {};
  const xdg = join(home, '.config', 'git', 'config');
  return { GIT_CONFIG_GLOBAL: exists(xdg) ? xdg : '/dev/null' };
}
