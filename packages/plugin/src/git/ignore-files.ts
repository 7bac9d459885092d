// The .gitignore files of a work tree, found by a bounded walk from its top (git's own folder and ignored folders
// such as node_modules are not entered), with .git/info/exclude in front of the top folder's rules. The walk is
// repeated at most every `rewalkMs`; between walks, the known files are re-read only when they changed.
import { readdirSync, type Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { StatCache } from './stat-cache.js';

export const IGNORE_LIMITS = { files: 64, folders: 2000, depth: 12 } as const;

/** Folders never worth entering: they hold no ignore file a project's rules depend on, and can be huge. */
const SKIP = new Set(['.git', 'node_modules', '.hg', '.svn']);

/** Every folder (relative to `top`, '' for the top) that holds a .gitignore, within the bounds (synchronous: the
 * first call of a session waits for it once). */
export function findIgnoreFolders(top: string, files: StatCache): string[] {
  return walk(top, files, (dir) => readdirSync(dir, { withFileTypes: true }));
}

/** The same walk without blocking: later refreshes run between calls. */
export async function findIgnoreFoldersLater(top: string, files: StatCache): Promise<string[]> {
  const listed = new Map<string, Dirent[]>();
  // Read every folder's entries asynchronously first (level by level), then run the same walk over them.
  let level = [top];
  for (
    let depth = 0;
    depth <= IGNORE_LIMITS.depth && level.length > 0 && listed.size < IGNORE_LIMITS.folders;
    depth++
  ) {
    const next: string[] = [];
    for (const dir of level) {
      if (listed.size >= IGNORE_LIMITS.folders) break;
      const entries = await readdir(dir, { withFileTypes: true });
      listed.set(dir, entries);
      for (const e of entries) if (e.isDirectory() && !SKIP.has(e.name)) next.push(join(dir, e.name));
    }
    level = next;
  }
  return walk(top, files, (dir) => listed.get(dir) ?? []);
}

function walk(top: string, files: StatCache, list: (dir: string) => Dirent[]): string[] {
  const found: string[] = [];
  const queue: { rel: string; depth: number; rules: readonly { at: string; ig: Ignore }[] }[] = [
    { rel: '', depth: 0, rules: [] },
  ];
  let seen = 0;
  while (queue.length > 0 && found.length < IGNORE_LIMITS.files && seen < IGNORE_LIMITS.folders) {
    const { rel, depth, rules } = queue.shift()!;
    seen++;
    const abs = join(top, rel);
    const text = files.read(join(abs, '.gitignore'));
    const here = text === undefined ? rules : [...rules, { at: rel, ig: ignore().add(text) }];
    if (text !== undefined) found.push(rel);
    if (depth >= IGNORE_LIMITS.depth) continue;
    for (const entry of list(abs)) {
      if (!entry.isDirectory() || SKIP.has(entry.name)) continue;
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      // An ignored folder holds build output: its own ignore files do not change what the project tracks.
      if (here.some((r) => r.ig.ignores(`${relative(r.at === '' ? '.' : r.at, child).replace(/\\/g, '/')}/`))) continue;
      queue.push({ rel: child, depth: depth + 1, rules: here });
    }
  }
  return found;
}
