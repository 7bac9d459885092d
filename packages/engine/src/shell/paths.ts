// Path arithmetic for effect paths and cwd: POSIX-style join and normalise, without node:path (the core bundles for
// browsers). Paths stay as written where the shell would expand them later ('~', '$HOME', globs).

/** True when a path does not depend on the current directory. */
function anchored(path: string): boolean {
  return path.startsWith('/') || path.startsWith('~') || path.startsWith('$');
}

const isLineBreak = (c: number): boolean => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/**
 * True when a path has nothing to collapse: no '.'/'..' segment, no '//', no trailing '/'. One scan, no regex: it
 * runs for every path and cwd the model resolves.
 * INVARIANT: only the first line is looked at (a '/./' after a line break does not count), as the pattern this
 * replaces did (`.` stops at line breaks); the paths it returns must not change.
 */
function isClean(path: string): boolean {
  const n = path.length;
  let line = 0;
  while (line < n && !isLineBreak(path.charCodeAt(line))) line++;
  let segmentStart = 0;
  for (let i = 0; i <= line; i++) {
    const atEnd = i === n;
    if (!atEnd && (i === line || path.charCodeAt(i) !== 47) /* / */) continue;
    const length = i - segmentStart;
    // An empty segment after a '/' is '//' or a trailing '/'; '.' and '..' segments collapse.
    if (length === 0 && i > 0) return false;
    if (length === 1 && path.charCodeAt(segmentStart) === 46 /* . */) return false;
    if (length === 2 && path.charCodeAt(segmentStart) === 46 && path.charCodeAt(segmentStart + 1) === 46) return false;
    segmentStart = i + 1;
  }
  return true;
}

/** Collapse '.', '..' and repeated slashes; keeps leading '..' of relative paths and a trailing '/' off. */
export function normalise(path: string): string {
  if (path === '' || (path !== '/' && isClean(path))) return path;
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      const last = out[out.length - 1];
      if (last !== undefined && last !== '..' && !(out.length === 1 && anchored(last))) out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(segment);
  }
  const joined = out.join('/');
  if (absolute) return `/${joined}`;
  return joined === '' ? '.' : joined;
}

/** `path` as seen from the call's start directory when the command runs in `cwd` (undefined: the start dir). */
export function resolve(cwd: string | undefined, path: string): string {
  if (cwd === undefined || cwd === '.' || anchored(path)) return normalise(path);
  return normalise(`${cwd}/${path}`);
}

/** The last index of a character code at or before `from` (as String#lastIndexOf of one character, without the
 * runtime call each lastIndexOf costs: these run for every simple command). */
function lastIndexOfCode(text: string, code: number, from: number): number {
  for (let i = Math.max(0, Math.min(from, text.length - 1)); i >= 0; i--) if (text.charCodeAt(i) === code) return i;
  return -1;
}

/** The files under a folder, their names unknown (`data/raw/` → `data/raw/**`): what an unpacked archive, a synced or
 * copied-in folder writes. */
export const treeOf = (dir: string): string => `${dir.replace(/\/+$/, '') || '.'}/**`;

export function basename(path: string): string {
  // Runs twice per simple command: a name without any '/' (nearly all) is returned as it is.
  const last = path.length - 1;
  const slash = lastIndexOfCode(path, 47, path.charCodeAt(last) === 47 ? last - 1 : last);
  if (slash === -1) return path.charCodeAt(last) === 47 ? path.slice(0, -1) : path;
  return path.charCodeAt(last) === 47 ? path.slice(slash + 1, -1) : path.slice(slash + 1);
}

/**
 * The program a command word names: its basename, also after a Windows separator (`C:\Git\bin\git.exe`), without a
 * Windows executable extension (`git.exe`, `npm.cmd`, `GIT.EXE` → git, npm, GIT; matching ignores case).
 */
export function programName(word: string): string {
  let name = basename(word);
  const back = lastIndexOfCode(name, 92 /* \ */, name.length - 1);
  if (back !== -1) name = name.slice(back + 1);
  // Runs for every simple command: only a name with a dot four from its end can carry such an extension.
  const n = name.length;
  if (n > 4 && name.charCodeAt(n - 4) === 46 /* . */ && WINDOWS_EXTENSION.test(name)) return name.slice(0, n - 4);
  return name;
}

const WINDOWS_EXTENSION = /\.(exe|cmd|bat|com)$/i;
