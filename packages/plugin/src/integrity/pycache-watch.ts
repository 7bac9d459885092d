// Python's compiled modules in the project (`src/__pycache__/util.cpython-311.pyc`): python loads one instead of the
// module's source when its header names the source's mtime and size — which a hand-made one can copy — so code planted
// there runs at the human's next `python3 src/main.py` while the source and the diff stay clean (git ignores
// __pycache__; route 7.06). In the agent's shell python compiles into a folder of its own (PYTHONPYCACHEPREFIX, set
// by the plugin's shell.env for every shell, sandboxed or not, over any the human set), so a call that creates or
// changes a file in the project's __pycache__ wrote it by hand: the file is removed (python compiles the source again
// at the next import). Takes the `__pycache__` folders the sub-folder
// search found; reads their listings and the stat of each file (size, mtime, ctime, inode).
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lstatQuiet, readdirQuiet } from './fs-quiet.js';

/**
 * The agent's shells compile python elsewhere than the project (python reads and writes its compiled modules only
 * there while this is set): what appears in the project's __pycache__ during a call was not python's import.
 */
export const agentPythonCacheEnv = (): Record<string, string> => ({
  PYTHONPYCACHEPREFIX: join(tmpdir(), 'semantic-anchors-pycache'),
});

/** Bound on the files compared in one check (a stat each); files beyond it are not compared (said in the log). */
export const MAX_PYCACHE_FILES = 5_000;

export type PycacheStamps = ReadonlyMap<string, string>;

/** Each file of these folders with its stamp (at most MAX_PYCACHE_FILES). */
export function pycacheStamps(folders: readonly string[]): { stamps: PycacheStamps; bounded: boolean } {
  const stamps = new Map<string, string>();
  for (const folder of folders) {
    for (const name of readdirQuiet(folder)) {
      if (stamps.size >= MAX_PYCACHE_FILES) return { stamps, bounded: true };
      const path = join(folder, name);
      const st = lstatQuiet(path);
      if (st === 'absent' || 'code' in st) continue;
      stamps.set(path, `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.mode}`);
    }
  }
  return { stamps, bounded: false };
}

/** The files new or changed since `before`. */
export function changedPycache(before: PycacheStamps, now: PycacheStamps): string[] {
  return [...now].filter(([path, stamp]) => before.get(path) !== stamp).map(([path]) => path);
}

/** Removes a compiled file; the error text when it could not be removed. */
export function removePycache(path: string): string | undefined {
  try {
    rmSync(path, { recursive: true, force: true });
    return undefined;
  } catch (error) {
    return String(error);
  }
}
