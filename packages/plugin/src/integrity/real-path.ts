// Where a path really leads: every symbolic link on the way followed, the last one too, as the kernel does when a
// tool opens the path for writing (a dangling link is followed to where it points: the write creates that file).
// The engine does no I/O, so the plugin resolves here and hands the engine both paths (ToolEvent.realPaths).
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

/** Links followed before giving up, as the kernel's own limit (ELOOP). */
const MAX_HOPS = 40;

/**
 * The real absolute path `path` (relative to `base`) leads to; undefined when it is the same path, or when it
 * cannot be told (a loop of links, a component that is not a folder): the engine then judges the path as written.
 */
export function realTarget(path: string, base: string, onProblem?: (problem: string) => void): string | undefined {
  const given = resolve(base, path);
  try {
    const real = follow(given, 0);
    return real !== given ? real : undefined;
  } catch (error) {
    onProblem?.(`cannot tell where ${given} leads (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
}

function follow(path: string, hops: number): string {
  if (hops > MAX_HOPS) throw new Error(`more than ${MAX_HOPS} symbolic links`);
  try {
    return realpathSync(path);
  } catch (error) {
    // Only "does not exist" is looked at further; a loop or a file used as a folder is reported by the caller.
    if (!isErrno(error, 'ENOENT')) throw error;
  }
  // Something on the way does not exist: a dangling link at the end, or a file (or folders) still to be created.
  const link = lstatSync(path, { throwIfNoEntry: false });
  if (link?.isSymbolicLink()) {
    const target = readlinkSync(path);
    return follow(isAbsolute(target) ? target : join(dirname(path), target), hops + 1);
  }
  const parent = dirname(path);
  if (parent === path) return path;
  return join(follow(parent, hops), basename(path));
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
