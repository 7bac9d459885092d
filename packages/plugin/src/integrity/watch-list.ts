// What the result check watches: every absolute path and glob in the snapshot's protect facts — read generically,
// list by list, so a path list added to the facts later is watched without a change here — plus what a boolean
// fact stands for (gitHooks: the project's git hooks and config, the user's git config). Ordered by how much a
// change there matters, so the bound on watched files drops the least important first.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { DECISION_LOG_GLOB } from '../core/decision-log-path.js';
import { OPEN_FACTS, SELF_CHANGING_FACTS, type ProtectFacts } from '../core/protection.js';

export interface WatchPattern {
  /** An absolute path, or an absolute glob (picomatch) whose files are watched. */
  readonly pattern: string;
  /** The protect fact it came from (contractFiles, hostFiles, gitHooks, …), for the log. */
  readonly from: string;
  /** Lower first: the bound on watched files keeps these. */
  readonly rank: number;
}

export interface WatchContext {
  /** The project directory (relative globs and the git repository are found from here). */
  readonly directory: string;
  readonly worktree?: string | undefined;
  readonly home?: string | undefined;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * The host's shells compile python into a folder of their own (v1's shell.env sets PYTHONPYCACHEPREFIX): a file a
   * call writes into the project's `__pycache__` is then hand-made, and the result check removes it.
   */
  readonly agentPythonCacheElsewhere?: boolean | undefined;
}

/** Folders of installed code: many files, rarely what a change to the rules goes through; watched last. */
const BULK = /\/(node_modules|\.cache\/opencode\/packages)(\/|$)/;

export const isBulk = (pattern: string): boolean => BULK.test(pattern);

/** Every path and glob to watch, most important first. */
export function watchPatterns(protect: object, ctx: WatchContext): WatchPattern[] {
  const out: WatchPattern[] = [];
  let field = 0;
  for (const [from, value] of Object.entries(protect)) {
    field++;
    // opencode's own data, state and caches change with every call: watching them would undo the host's work.
    if (SELF_CHANGING_FACTS.has(from as keyof ProtectFacts)) continue;
    // The folders the agent may write are the opposite of protected ones.
    if (OPEN_FACTS.has(from as keyof ProtectFacts)) continue;
    if (Array.isArray(value)) {
      for (const item of value) {
        // Only absolute paths and globs are places on this disk; servers, variable names and addresses are not.
        if (typeof item !== 'string' || !item.startsWith('/')) continue;
        out.push({ pattern: item, from, rank: rankOf(item, from, field) });
      }
    } else if (from === 'gitHooks' && value === true) {
      for (const pattern of gitPlaces(ctx)) out.push({ pattern, from, rank: rankOf(pattern, from, field) });
    }
  }
  const seen = new Set<string>();
  return out
    .filter((w) => !isDecisionLog(w.pattern) && !seen.has(w.pattern) && seen.add(w.pattern))
    .sort((a, b) => a.rank - b.rank);
}

function rankOf(pattern: string, from: string, field: number): number {
  // The contract files decide the rules: always first. Then single files before folders, bulk folders last.
  const base = from === 'contractFiles' ? 0 : 100 + field;
  return base + (isGlob(pattern) ? 1000 : 0) + (BULK.test(pattern) ? 10_000 : 0);
}

export const isGlob = (pattern: string): boolean => /[*?[\]{}]/.test(pattern);

/** The plugin writes its decision log itself (rotation included): that is not a change by a tool call. */
export function isDecisionLog(path: string): boolean {
  return basename(path).startsWith(DECISION_LOG_GLOB.split('*')[0]!) && /\.jsonl(\.\d+)?$|\*\.jsonl$/.test(path);
}

/**
 * Where git keeps what runs in a later git command for this project and this user: hooks and config of the
 * repository (a linked worktree's `.git` file is followed to its git folder and the common folder), and the user's
 * global config files.
 */
export function gitPlaces(ctx: WatchContext): string[] {
  const env = ctx.env ?? process.env;
  const home = ctx.home ?? homedir();
  const out: string[] = [];
  const gitDir = findGitDir(ctx.worktree ?? ctx.directory) ?? findGitDir(ctx.directory);
  if (gitDir !== undefined) {
    const common = commonDir(gitDir);
    out.push(join(common, 'config'), join(gitDir, 'config.worktree'), join(common, 'hooks', '**'));
  }
  const xdg = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(home, '.config');
  out.push(join(home, '.gitconfig'), join(xdg, 'git', 'config'));
  return out;
}

/** The git folder of the repository holding `dir`: `.git` itself, or where a `.git` file points. */
function findGitDir(dir: string): string | undefined {
  let current = resolve(dir);
  for (let depth = 0; depth < 64; depth++) {
    const dotGit = join(current, '.git');
    const st = statSync(dotGit, { throwIfNoEntry: false });
    if (st?.isDirectory()) return dotGit;
    if (st?.isFile()) {
      const m = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'));
      if (m) return resolve(current, m[1]!.trim());
    }
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
  return undefined;
}

/** A linked worktree's git folder names the repository's common folder in `commondir`. */
function commonDir(gitDir: string): string {
  const file = join(gitDir, 'commondir');
  if (!existsSync(file)) return gitDir;
  return resolve(gitDir, readFileSync(file, 'utf8').trim());
}

/** Files git reads as configuration: their changes are judged by what they make git run (gitConfigRunsLater). */
export function isGitConfig(path: string): boolean {
  return /\/\.git\/config$|\/config\.worktree$|\/\.gitconfig$|\/git\/config$|\/\.git\/worktrees\/[^/]+\/config$/.test(
    path,
  );
}
