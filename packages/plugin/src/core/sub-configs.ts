// opencode's configuration in SUB-folders of the project: opencode reads `.opencode/` and `opencode.json[c]` in every
// folder from where it starts up to the worktree, so `packages/app/.opencode/plugins/x.js` runs as the human the day
// they start opencode in packages/app. The protect facts name the ones that exist at load (rules, a read-only bind in
// the sandbox, the result check of their files); the result check finds new ones after each shell call and each file
// tool call that names such a path, with this finder. Takes the project directory; reads folder listings, each read
// again only when its folder's stat changed (a folder's mtime changes whenever an entry is added, removed or renamed).
import { join } from 'node:path';
import { EDITOR_RC } from '@semantic-anchors/engine/enforce';
import { lstatQuiet, readdirQuiet } from '../integrity/fs-quiet.js';
import { isBareGitDir } from './git-files.js';

/** The names opencode loads from a folder it starts in (or passes on the way up to the worktree). */
export const CONFIG_NAMES: ReadonlySet<string> = new Set(['.opencode', 'opencode.json', 'opencode.jsonc']);

/**
 * Start files a tool of the human's runs from whatever folder it starts in, at any depth: vim's and neovim's with
 * `exrc` set (EDITOR_RC), gdb's `.gdbinit` (when the human's auto-load safe-path admits the folder: `set auto-load
 * safe-path /` is common advice) and lldb's `.lldbinit` (`target.load-cwd-lldbinit true`). Routes 13.34, 14.16, 14.17.
 */
export const START_FILE_NAMES: ReadonlySet<string> = new Set([...EDITOR_RC, '.gdbinit', '.lldbinit']);

/**
 * Folders not looked into: installed packages, git's own, build output and tool caches (nobody starts opencode in
 * them, and they are the large ones), and a `.opencode` folder itself (it is a place found, not a project folder).
 * A virtualenv (`.venv`) is looked into, as `venv` always was: its installed packages' `__pycache__` folders hold the
 * compiled code the human's python loads in place of the source (route 8.03).
 */
const NOT_LOOKED_INTO: ReadonlySet<string> = new Set([
  ...['node_modules', '.git', '.opencode', 'target', '__pycache__', '.tox', '.gradle', '.next'],
  ...['.mypy_cache', '.pytest_cache', '.ruff_cache', '.cache', '.turbo', '.nx'],
]);

/**
 * Bounds of one search: folder levels below the project, folders read (a search of 20,000 unchanged folders is
 * ~50 ms; the bound is said in the log and in /anchor status, since a project this large, or a call that makes this
 * many folders, leaves the deepest ones unsearched).
 */
export const MAX_DEPTH = 8;
export const MAX_FOLDERS = 20_000;

interface Listing {
  readonly stamp: string;
  readonly folders: readonly string[];
  readonly places: readonly string[];
  /** A `.git` entry (folder, file or link) in this folder: a repository the human's git uses when run there. */
  readonly repo: string | undefined;
  /** This folder's `__pycache__`: python loads a module's compiled code from there instead of its source. */
  readonly pycache: string | undefined;
  /** This folder is a bare repository (HEAD, objects/, refs/): a repository itself, not looked into. */
  readonly bare: boolean;
  /** Entries named like a start file (START_FILE_NAMES). */
  readonly startFiles: readonly string[];
}

export interface SubConfigs {
  /** `.opencode` folders and `opencode.json[c]` files below the project (never the project's own). */
  readonly places: string[];
  /**
   * `.git` entries below the project (never the project's own): git run in that folder uses the repository it is or
   * names, with that repository's config and hooks; and bare repositories' own folders (`deploy.git/`: a push into
   * one runs its hooks).
   */
  readonly repos: string[];
  /** `__pycache__` folders in the project and its sub-folders (the project's own too). */
  readonly pycaches: string[];
  /** Start files (START_FILE_NAMES) in the project and its sub-folders, at any depth the search reaches. */
  readonly startFiles: string[];
  /** Folders looked at, and whether the bound stopped the search (then a deeper place is not found). */
  readonly folders: number;
  readonly bounded: boolean;
}

/** Finds the configuration places in the project's sub-folders; keeps listings between searches. */
export class SubConfigFinder {
  private readonly listings = new Map<string, Listing>();

  constructor(private readonly directory: string) {}

  find(): SubConfigs {
    const places: string[] = [];
    const repos: string[] = [];
    const pycaches: string[] = [];
    const startFiles: string[] = [];
    let folders = 0;
    let bounded = false;
    const seen = new Set<string>();
    const queue: { dir: string; depth: number }[] = [{ dir: this.directory, depth: 0 }];
    // Breadth first: the bound drops the deepest folders, where a human is least likely to start opencode.
    for (let i = 0; i < queue.length; i++) {
      const { dir, depth } = queue[i]!;
      if (folders >= MAX_FOLDERS) {
        bounded = true;
        break;
      }
      folders++;
      const listing = this.listing(dir);
      if (listing === undefined) continue;
      if (depth > 0) places.push(...listing.places);
      if (depth > 0 && listing.bare) {
        repos.push(dir);
        continue;
      }
      if (depth > 0 && listing.repo !== undefined) repos.push(listing.repo);
      if (listing.pycache !== undefined) pycaches.push(listing.pycache);
      startFiles.push(...listing.startFiles);
      if (depth >= MAX_DEPTH) {
        if (listing.folders.length > 0) bounded = true;
        continue;
      }
      for (const sub of listing.folders) {
        if (seen.has(sub)) continue;
        seen.add(sub);
        queue.push({ dir: sub, depth: depth + 1 });
      }
    }
    if (this.listings.size > 4 * MAX_FOLDERS) this.listings.clear();
    return { places, repos, pycaches, startFiles, folders, bounded };
  }

  /** A folder's sub-folders (links not followed: opencode starts in a real folder) and its config places. */
  private listing(dir: string): Listing | undefined {
    const st = lstatQuiet(dir);
    if (st === 'absent' || 'code' in st || !st.isDirectory()) {
      this.listings.delete(dir);
      return undefined;
    }
    const stamp = `${st.ino}:${st.mtimeMs}`;
    const known = this.listings.get(dir);
    if (known?.stamp === stamp) return known;
    const folders: string[] = [];
    const places: string[] = [];
    let repo: string | undefined;
    let pycache: string | undefined;
    const startFiles: string[] = [];
    const gitParts = new Set<string>();
    for (const name of readdirQuiet(dir)) {
      const path = join(dir, name);
      if (CONFIG_NAMES.has(name)) places.push(path);
      if (name === '.git') repo = path;
      if (name === '__pycache__') pycache = path;
      if (START_FILE_NAMES.has(name)) startFiles.push(path);
      if (name === 'HEAD' || name === 'objects' || name === 'refs') gitParts.add(name);
      if (NOT_LOOKED_INTO.has(name)) continue;
      const e = lstatQuiet(path);
      if (e !== 'absent' && !('code' in e) && e.isDirectory()) folders.push(path);
    }
    const bare = gitParts.size === 3 && isBareGitDir(dir);
    const listing = { stamp, folders, places, repo, pycache, bare, startFiles };
    this.listings.set(dir, listing);
    return listing;
  }
}

/**
 * True when a path names a configuration place or a repository below the project, or a `__pycache__` (a file tool's
 * target: worth a search).
 */
export function namesSubConfig(path: string, directory: string): boolean {
  if (!path.startsWith(`${directory}/`)) return false;
  const parts = path.slice(directory.length + 1).split('/');
  // The project's own `.opencode`, `opencode.json` and `.git` are protected by name already.
  return parts.slice(1).some((p) => CONFIG_NAMES.has(p) || p === '.git') || parts.includes('__pycache__');
}
