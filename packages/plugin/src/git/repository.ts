// Where a directory's git repository keeps its state, found without starting git: the `.git` folder above it, or a
// `.git` file (`gitdir: …`) of a linked worktree or submodule, and the common folder (`commondir`) that holds the
// config, info/exclude and the refs shared by every worktree.
import { statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { StatCache } from './stat-cache.js';

export interface GitPlaces {
  /** The work tree's top folder (where `.git` is). */
  readonly top: string;
  /** The folder with this work tree's HEAD. */
  readonly gitDir: string;
  /** The folder with config and info/exclude (the main repository's .git for a linked worktree). */
  readonly commonDir: string;
}

/** The git places of `dir`, or undefined when no repository holds it (looking up at most `maxUp` folders). */
export function gitPlaces(dir: string, files: StatCache, maxUp = 64): GitPlaces | undefined {
  let here = resolve(dir);
  for (let i = 0; i < maxUp; i++) {
    const dotGit = join(here, '.git');
    const stat = statSync(dotGit, { throwIfNoEntry: false });
    if (stat?.isDirectory()) return { top: here, gitDir: dotGit, commonDir: commonOf(dotGit, files) };
    if (stat?.isFile()) {
      const text = files.read(dotGit);
      const m = text === undefined ? null : /^gitdir:\s*(.+?)\s*$/m.exec(text);
      if (m) {
        const gitDir = isAbsolute(m[1]!) ? m[1]! : resolve(here, m[1]!);
        return { top: here, gitDir, commonDir: commonOf(gitDir, files) };
      }
    }
    const up = dirname(here);
    if (up === here) return undefined;
    here = up;
  }
  return undefined;
}

function commonOf(gitDir: string, files: StatCache): string {
  const text = files.read(join(gitDir, 'commondir'))?.trim();
  if (text === undefined || text === '') return gitDir;
  return isAbsolute(text) ? text : resolve(gitDir, text);
}

/** The branch HEAD names: a name, null when detached (HEAD holds a commit), undefined when HEAD cannot be read. */
export function headBranch(gitDir: string, files: StatCache): string | null | undefined {
  const head = files.read(join(gitDir, 'HEAD'))?.trim();
  if (head === undefined || head === '') return undefined;
  const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
  if (ref) return ref[1]!;
  return /^[0-9a-f]{7,64}$/i.test(head) ? null : undefined;
}

/** The upstream of `branch` from git config text (`[branch "x"] remote = origin, merge = refs/heads/main`). */
export function upstreamOf(config: string | undefined, branch: string): string | undefined {
  if (config === undefined) return undefined;
  let inBranch = false;
  let remote: string | undefined;
  let merge: string | undefined;
  for (const raw of config.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)[#;].*$/, '').trim();
    if (line === '') continue;
    const section = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]$/.exec(line);
    if (section) {
      inBranch = section[1]!.toLowerCase() === 'branch' && section[2]?.replace(/\\(.)/g, '$1') === branch;
      continue;
    }
    if (!inBranch) continue;
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (!kv) continue;
    const key = kv[1]!.toLowerCase();
    const value = kv[2]!.replace(/^"(.*)"$/, '$1');
    if (key === 'remote') remote = value;
    else if (key === 'merge') merge = value;
  }
  if (remote === undefined || merge === undefined) return undefined;
  // A local upstream (remote = .) names a local branch; a remote one is remote/branch.
  const name = merge.replace(/^refs\/heads\//, '');
  return remote === '.' ? name : `${remote}/${name}`;
}

/** The most remotes whose default branch is read (a clone has one or two). */
const MAX_REMOTES = 16;

/** The remotes git config text declares (`[remote "origin"]`), in order, at most MAX_REMOTES. */
export function remotesOf(config: string | undefined): string[] {
  const out: string[] = [];
  for (const m of (config ?? '').matchAll(/^\s*\[\s*remote\s+"((?:[^"\\\n]|\\.)*)"\s*\]/gim)) {
    const name = m[1]!.replace(/\\(.)/g, '$1');
    if (name !== '' && !out.includes(name)) out.push(name);
    if (out.length === MAX_REMOTES) break;
  }
  return out;
}

/**
 * Each remote's default branch: what `refs/remotes/<remote>/HEAD` in the common folder names (`ref:
 * refs/remotes/origin/main` → origin: main). git clone writes it; git remote set-head changes it. packed-refs never
 * holds a symbolic ref (git pack-refs leaves them loose), so the loose file is the whole truth of the files backend;
 * a reftable repository has no such file and its default branches stay unknown. One stat per remote the config
 * declares; undefined when none is known.
 */
export function remoteDefaultBranches(
  commonDir: string,
  config: string | undefined,
  files: StatCache,
): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (const remote of remotesOf(config)) {
    // A name that would leave refs/remotes is no remote of ours to read.
    if (remote.split('/').some((part) => part === '..' || part === '.' || part === '')) continue;
    const text = files.read(join(commonDir, 'refs', 'remotes', remote, 'HEAD'))?.trim();
    const m = text === undefined ? null : /^ref:\s*refs\/remotes\/(.+)$/.exec(text);
    // INVARIANT: only a symbolic ref into the same remote's branches names its default branch.
    if (m === null || !m[1]!.startsWith(`${remote}/`)) continue;
    const branch = m[1]!.slice(remote.length + 1);
    if (branch === '' || branch === 'HEAD' || branch.length > 255) continue;
    (out ??= {})[remote] = branch;
  }
  return out;
}
