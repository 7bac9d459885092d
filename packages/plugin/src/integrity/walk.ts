// Walking a protected folder: every file a glob matches, every folder below (links followed, each folder once,
// bounded in depth). The watched set calls it when it is built and when a folder's entries changed.
import type { Stats } from 'node:fs';
import { readdirQuiet, statQuiet } from './fs-quiet.js';
import { join } from 'node:path';
import { isDecisionLog, isGlob } from './watch-list.js';

/** Folder levels walked below a glob's base. */
export const MAX_DEPTH = 12;

export interface Tree {
  readonly pattern: string;
  readonly base: string;
  readonly matches: (path: string) => boolean;
  /** An installed package tree (node_modules, opencode's package cache): looked at in turns. */
  readonly bulk: boolean;
}

/** The folder a glob's files live under: its segments up to the first one with a glob character. */
export function globBase(pattern: string): string {
  const parts = pattern.split('/');
  const at = parts.findIndex((p) => isGlob(p));
  return at < 0 ? pattern : parts.slice(0, at).join('/') || '/';
}

/**
 * Every file under `dir` that the tree's glob matches, to `found`; every folder to `onFolder`. Linked folders are
 * followed (what they hold is loaded through them), each folder once (a link back up ends there), MAX_DEPTH deep.
 */
export function walkFiles(
  dir: string,
  tree: Tree,
  found: (path: string) => void,
  onFolder?: (folder: string, st: Stats, names: readonly string[]) => void,
  depth = 0,
  seen = new Set<string>(),
): void {
  const st = statQuiet(dir);
  if (!st?.isDirectory() || depth > MAX_DEPTH) return;
  const id = `${st.dev}:${st.ino}`;
  if (seen.has(id)) return;
  seen.add(id);
  const names = readdirQuiet(dir);
  onFolder?.(dir, st, names);
  for (const name of names) {
    const path = join(dir, name);
    if (statQuiet(path)?.isDirectory()) walkFiles(path, tree, found, onFolder, depth + 1, seen);
    else if (tree.matches(path) && !isDecisionLog(path)) found(path);
  }
}
