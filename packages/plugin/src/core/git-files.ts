// Where git really keeps what runs later in the human's git commands, for one project: the repository's config and
// hooks found by following `.git` (a worktree's or a submodule's `gitdir:` file, then `commondir`), the worktree
// config, and the user's global config. Takes the project directory and home; returns absolute paths, a folder as
// `dir/**`. Reads only small files (.git, commondir; a config whole when judging a repository the agent may have
// made); a repository it cannot read is reported by omission, never guessed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { gitConfigRunsLater } from '@semantic-anchors/engine/enforce';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

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

/**
 * The repository a sub-folder's entry is: a `.git` (folder, `gitdir:` file or link) that git uses in its work tree,
 * or a bare repository's own folder (`deploy.git/`: the human's `git push` into it runs its hooks, and git run
 * inside it reads its config). Undefined when git would not use it.
 */
export function repositoryAt(entry: string): GitRepository | undefined {
  if (basename(entry) !== '.git') {
    if (!isBareGitDir(entry)) return undefined;
    // A bare repository's hooks run inside it: it is its own work tree for the hook paths.
    return { workTree: entry, dotGitFile: undefined, gitDir: entry, commonDir: commonDirOf(entry) };
  }
  const repo = findRepository(dirname(entry));
  return repo !== undefined && join(repo.workTree, '.git') === entry ? repo : undefined;
}

/** True for a folder git takes as a repository when run in it or pushed to: a HEAD file, objects/ and refs/. */
export function isBareGitDir(dir: string): boolean {
  return (
    kindOf(join(dir, 'HEAD')) === 'file' &&
    kindOf(join(dir, 'objects')) === 'dir' &&
    kindOf(join(dir, 'refs')) === 'dir'
  );
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
  // git reads `<gitdir>/commondir` in every repository, a main one too: the folder it names gives the config, the
  // hooks and the refs, so a `commondir` written into `.git` makes the human's next `git status` run that folder's
  // `core.fsmonitor`. The same file in each of the human's linked worktrees (`worktrees/<name>/commondir`, inside
  // this repository's `.git`) decides the repository of that worktree. (A missing one is not given a placeholder by
  // the sandbox: an empty `commondir` stops every git command; the result check removes one a call creates.)
  out.push(join(repo.gitDir, 'commondir'));
  // A worktree's sparse-checkout patterns decide which tracked files the human's next checkout, switch or pull
  // leaves out of the work tree: a `!/.opencode/` there removes the rules (route 13.51). Not data of the agent's:
  // `git sparse-checkout` needs the config, which is protected too. (A missing one gets no placeholder: the result
  // check removes one a call creates.)
  out.push(join(repo.gitDir, 'info', 'sparse-checkout'));
  for (const worktree of linkedWorktreeGitDirs(repo.commonDir))
    out.push(join(worktree, 'commondir'), join(worktree, 'config.worktree'), join(worktree, 'info', 'sparse-checkout'));
  // A submodule is a repository of its own under `modules/`, with its own config and hooks: git runs them in the
  // submodule, and the human's `git status` at the top goes into every submodule.
  for (const module of submoduleGitDirs(repo.commonDir))
    out.push(join(module, 'config'), join(module, 'config.worktree'), join(module, 'hooks', '**'));
  // The hooks folder a human set (core.hooksPath: `.githooks`, husky's `.husky/_`) holds the hooks git runs instead.
  const configs = [
    join(home, '.gitconfig'),
    join(xdgConfig, 'git', 'config'),
    join(repo.commonDir, 'config'),
    join(repo.gitDir, 'config.worktree'),
  ];
  const hooksPath = lastHooksPath(configs.map(readSmall));
  const hooksDir = hooksPath === undefined ? join(repo.commonDir, 'hooks') : hooksDirOf(hooksPath, repo.workTree, home);
  if (hooksPath !== undefined) out.push(...hookFiles(hooksDir));
  out.push(...hookConfigs(hooksDir, repo.workTree));
  return [...new Set(out)];
}

/**
 * The git files of the repositories in the project's sub-folders (`.git` entries found at load: a vendored clone, a
 * sub-project, a worktree checked out inside the project): git run in that folder uses their config and hooks just as
 * it uses the top repository's. Their user-level files are the top's (left out here).
 */
export function nestedRepositoryFiles(
  dotGits: readonly string[],
  home: string,
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const user = new Set(gitFilesFor(undefined, home, env));
  const out: string[] = [];
  for (const dotGit of dotGits.slice(0, MAX_SUBMODULES)) {
    const repo = repositoryAt(dotGit);
    if (repo === undefined) continue;
    for (const file of gitFilesFor(repo, home, env)) if (!user.has(file)) out.push(file);
  }
  return unique(out);
}

/**
 * Hook managers whose installed hook reads its commands from a file in the work tree at every commit: that file is
 * a hook too. Recognised by the hook they installed (its own header), so a project that merely has the file but
 * no installed hook is left alone.
 */
const HOOK_MANAGERS: readonly { readonly mark: RegExp; readonly files: readonly string[] }[] = [
  { mark: /pre-commit\.com|generated by pre-commit/i, files: ['.pre-commit-config.yaml', '.pre-commit-config.yml'] },
  {
    mark: /lefthook/i,
    files: [
      'lefthook.yml',
      'lefthook.yaml',
      '.lefthook.yml',
      '.lefthook.yaml',
      'lefthook-local.yml',
      '.lefthook-local.yml',
    ],
  },
];

function hookConfigs(hooksDir: string, workTree: string): string[] {
  const out: string[] = [];
  for (const hook of ['pre-commit', 'commit-msg', 'pre-push', 'post-checkout']) {
    const text = readSmall(join(hooksDir, hook));
    if (text === undefined) continue;
    for (const m of HOOK_MANAGERS) if (m.mark.test(text)) out.push(...m.files.map((f) => join(workTree, f)));
  }
  return out;
}

/** The hooks git knows by name (githooks(5)); husky's stubs in `.husky/_` run the scripts of these names above. */
const HOOK_NAMES = [
  ...['applypatch-msg', 'pre-applypatch', 'post-applypatch', 'pre-commit', 'pre-merge-commit', 'prepare-commit-msg'],
  ...['commit-msg', 'post-commit', 'pre-rebase', 'post-checkout', 'post-merge', 'pre-push', 'pre-receive', 'update'],
  ...['proc-receive', 'post-receive', 'post-update', 'reference-transaction', 'push-to-checkout', 'pre-auto-gc'],
  ...['post-rewrite', 'sendemail-validate', 'fsmonitor-watchman', 'post-index-change'],
];

/** Where core.hooksPath points: `~/` is the home folder, a relative path is the work tree's (where hooks run). */
const hooksDirOf = (hooksPath: string, workTree: string, home: string): string =>
  hooksPath.startsWith('~/') ? join(home, hooksPath.slice(2)) : resolve(workTree, hooksPath);

/** The files of a hooks folder, and for husky's layout (`<dir>/_`) the scripts its stubs run (`<dir>/pre-commit`). */
function hookFiles(dir: string): string[] {
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

/**
 * What makes git run code in the repository a `.git` entry is or names (a sub-folder's folder, `gitdir:` file or
 * link, followed through `commondir`): the settings of its config files that run something (`core.fsmonitor`, an
 * alias, `include.path`, …) and the hooks in its hooks folder (samples aside). [] when nothing does, or when git
 * could not use it at all. Each config is read whole up to 1 MB (a setting may sit behind padding).
 */
export function repositoryRunsCode(dotGit: string, trustedCommonDirs: ReadonlySet<string> = new Set()): string[] {
  const repo = repositoryAt(dotGit);
  if (repo === undefined) return [];
  const out: string[] = [];
  // A worktree of a repository the human had at load shares its config and hooks, which are the human's (and
  // protected as such): only this worktree's own config counts then.
  const shared = trustedCommonDirs.has(repo.commonDir);
  const configs = unique([...(shared ? [] : [join(repo.commonDir, 'config')]), join(repo.gitDir, 'config.worktree')]);
  const texts = configs.map((file) => readUpTo(file, 1024 * 1024));
  texts.forEach((text, i) => {
    for (const key of gitConfigRunsLater(text ?? '')) out.push(`${configs[i]}: ${key}`);
  });
  if (shared) return out;
  const hooksPath = lastHooksPath(texts);
  const hooks =
    hooksPath === undefined ? join(repo.commonDir, 'hooks') : hooksDirOf(hooksPath, repo.workTree, homedir());
  for (const name of listEntries(hooks)) if (!name.endsWith('.sample')) out.push(join(hooks, name));
  return out;
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

function listEntries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if (isNotThere(error)) return [];
    throw error;
  }
}

function readUpTo(path: string, bytes: number): string | undefined {
  try {
    // Only a regular file: a FIFO planted as a config would hang the read.
    if (!statSync(path).isFile()) return undefined;
    return readFileSync(path, 'utf8').slice(0, bytes);
  } catch (error) {
    if (isNotThere(error) || (error instanceof Error && (error as NodeJS.ErrnoException).code === 'EISDIR'))
      return undefined;
    throw error;
  }
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

/** Bounds: a superproject with more submodules than this (nested ones counted) has the first ones protected. */
const MAX_SUBMODULES = 200;

/**
 * The git dirs of the submodules under a repository's `modules/` folder, nested ones included (`modules/a/modules/b`).
 * A submodule's name may hold slashes (`modules/vendor/lib`): a folder holding a `HEAD` file is a git dir, any other
 * is looked into.
 */
export function submoduleGitDirs(commonDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > 8 || out.length >= MAX_SUBMODULES) return;
    for (const name of listDirs(dir)) {
      const sub = join(dir, name);
      if (kindOf(join(sub, 'HEAD')) === 'file') {
        out.push(sub);
        walk(join(sub, 'modules'), depth + 1);
      } else walk(sub, depth + 1);
      if (out.length >= MAX_SUBMODULES) return;
    }
  };
  walk(join(commonDir, 'modules'), 0);
  return out;
}

/** Bounds: a repository with more linked worktrees than this has the first ones' files protected. */
const MAX_WORKTREES = 200;

/** The git dirs of a repository's linked worktrees as they are now (`<common>/worktrees/<name>`, with a commondir). */
export function linkedWorktreeGitDirs(commonDir: string): string[] {
  const root = join(commonDir, 'worktrees');
  return listDirs(root)
    .map((name) => join(root, name))
    .filter((dir) => kindOf(join(dir, 'commondir')) === 'file')
    .slice(0, MAX_WORKTREES);
}

function listDirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  } catch (error) {
    if (isNotThere(error)) return [];
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
    // Only a regular file: a FIFO the agent left as a `.git` file or a `commondir` would hang the read.
    if (!statSync(path).isFile()) return undefined;
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
