// Where git really keeps what runs later in the human's git commands, for one project: the repository's config and
// hooks found by following `.git` (a worktree's or a submodule's `gitdir:` file, then `commondir`), the worktree
// config, and the user's global config. Takes the project directory and home; returns absolute paths, a folder as
// `dir/**`. Reads only small files (.git, commondir); a repository it cannot read is reported by omission, never
// guessed.
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export interface GitRepository {
  /** The folder holding `.git` (the work tree). */
  readonly workTree: string;
  /** The `.git` file of a linked worktree or submodule (its `gitdir:` line decides which repository git uses). */
  readonly dotGitFile: string | undefined;
  /** This work tree's git dir (`.git`, or `<common>/worktrees/<name>`). */
  readonly gitDir: string;
  /** The repository's shared git dir (hooks, config, objects). */
  readonly commonDir: string;
}

/** The repository `directory` belongs to, found by walking up to the first `.git`; undefined when there is none. */
export function findRepository(directory: string): GitRepository | undefined {
  let dir = resolve(directory);
  for (let depth = 0; depth < 64; depth++) {
    const dotGit = join(dir, '.git');
    const kind = kindOf(dotGit);
    if (kind === 'dir') return { workTree: dir, dotGitFile: undefined, gitDir: dotGit, commonDir: commonDirOf(dotGit) };
    if (kind === 'file') {
      const gitDir = gitDirOf(dotGit);
      if (gitDir !== undefined) return { workTree: dir, dotGitFile: dotGit, gitDir, commonDir: commonDirOf(gitDir) };
      return undefined; // A `.git` file git itself could not follow: no repository to protect beyond the file.
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  return undefined;
}

/** The git files whose writing runs code later as the human (see ProtectOptions.gitFiles). */
export function gitFilesFor(
  repo: GitRepository | undefined,
  home: string,
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const xdgConfig =
    env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(home, '.config');
  const out = [join(home, '.gitconfig'), join(xdgConfig, 'git', '**')];
  if (env.GIT_CONFIG_GLOBAL && isAbsolute(env.GIT_CONFIG_GLOBAL)) out.push(env.GIT_CONFIG_GLOBAL);
  if (repo === undefined) return out;
  out.push(
    join(repo.commonDir, 'config'),
    join(repo.commonDir, 'config.worktree'),
    join(repo.commonDir, 'hooks', '**'),
    join(repo.gitDir, 'config.worktree'),
  );
  // Rewriting the gitdir: line points git at another repository, with other hooks.
  if (repo.dotGitFile !== undefined) out.push(repo.dotGitFile);
  // The hooks folder a human set (core.hooksPath: `.githooks`, husky's `.husky/_`) holds the hooks git runs instead.
  const configs = [
    join(home, '.gitconfig'),
    join(xdgConfig, 'git', 'config'),
    join(repo.commonDir, 'config'),
    join(repo.gitDir, 'config.worktree'),
  ];
  const hooksPath = lastHooksPath(configs.map(readSmall));
  if (hooksPath !== undefined) out.push(...hookFiles(hooksPath, repo.workTree, home));
  return [...new Set(out)];
}

/** The hooks git knows by name (githooks(5)); husky's stubs in `.husky/_` run the scripts of these names above. */
const HOOK_NAMES = [
  ...['applypatch-msg', 'pre-applypatch', 'post-applypatch', 'pre-commit', 'pre-merge-commit', 'prepare-commit-msg'],
  ...['commit-msg', 'post-commit', 'pre-rebase', 'post-checkout', 'post-merge', 'pre-push', 'pre-receive', 'update'],
  ...['proc-receive', 'post-receive', 'post-update', 'reference-transaction', 'push-to-checkout', 'pre-auto-gc'],
  ...['post-rewrite', 'sendemail-validate', 'fsmonitor-watchman', 'post-index-change'],
];

/** The files of a hooks folder, and for husky's layout (`<dir>/_`) the scripts its stubs run (`<dir>/pre-commit`). */
function hookFiles(hooksPath: string, workTree: string, home: string): string[] {
  const dir = hooksPath.startsWith('~/') ? join(home, hooksPath.slice(2)) : resolve(workTree, hooksPath);
  const out = [join(dir, '**')];
  if (dir.endsWith('/_')) out.push(...HOOK_NAMES.map((name) => join(dirname(dir), name)));
  return out;
}

/** core.hooksPath as git reads it: the last value set, the repository's config after the global one. */
function lastHooksPath(texts: readonly (string | undefined)[]): string | undefined {
  let found: string | undefined;
  for (const text of texts) {
    let section = '';
    for (const raw of (text ?? '').split(/\r?\n/)) {
      const line = raw.trim();
      const head = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]/.exec(line);
      if (head) {
        section = head[1]!.toLowerCase();
        continue;
      }
      const m = /^hookspath\s*=\s*(.*?)\s*(?:[#;].*)?$/i.exec(line);
      if (section === 'core' && m) found = m[1]!.replace(/^"(.*)"$/, '$1') || undefined;
    }
  }
  return found;
}

function kindOf(path: string): 'dir' | 'file' | undefined {
  try {
    const s = statSync(path);
    return s.isDirectory() ? 'dir' : s.isFile() ? 'file' : undefined;
  } catch (error) {
    if (isNotThere(error)) return undefined;
    throw error;
  }
}

/** The `gitdir:` a `.git` file names, resolved against the file's folder as git does. */
function gitDirOf(dotGitFile: string): string | undefined {
  const text = readSmall(dotGitFile);
  const m = text === undefined ? undefined : /^gitdir:\s*(.+?)\s*$/m.exec(text);
  return m?.[1] === undefined ? undefined : resolve(dirname(dotGitFile), m[1]);
}

/** A worktree's git dir names the shared one in `commondir`; a main repository is its own. */
function commonDirOf(gitDir: string): string {
  const text = readSmall(join(gitDir, 'commondir'))?.trim();
  return text ? resolve(gitDir, text) : gitDir;
}

function readSmall(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').slice(0, 4096);
  } catch (error) {
    if (isNotThere(error)) return undefined;
    throw error;
  }
}

const isNotThere = (error: unknown): boolean =>
  error instanceof Error &&
  'code' in error &&
  ['ENOENT', 'ENOTDIR', 'EACCES', 'ELOOP'].includes(String((error as NodeJS.ErrnoException).code));
