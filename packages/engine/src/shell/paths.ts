// Path arithmetic for effect paths and cwd: POSIX-style join and normalise, without node:path (the core bundles for
// browsers). Paths stay as written where the shell would expand them later ('~', '$HOME', globs).

/** True when a path does not depend on the current directory. */
function anchored(path: string): boolean {
  return path.startsWith('/') || path.startsWith('~') || path.startsWith('$');
}

/** Collapse '.', '..' and repeated slashes; keeps leading '..' of relative paths and a trailing '/' off. */
/** A path with nothing to collapse: no '.'/'..' segment, no '//', no trailing '/'. */
const CLEAN = /^(?!\.{1,2}(\/|$))(?!.*\/\.{1,2}(\/|$))(?!.*\/\/)(?!.*\/$)/;

export function normalise(path: string): string {
  if (path === '' || (path !== '/' && CLEAN.test(path))) return path;
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

export function basename(path: string): string {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  const slash = trimmed.lastIndexOf('/');
  return slash === -1 ? trimmed : trimmed.slice(slash + 1);
}
