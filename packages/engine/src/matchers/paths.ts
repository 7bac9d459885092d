// POSIX path helpers without node:path, so the engine core stays runtime-neutral.

/** Forward slashes, no duplicate or trailing slashes, "." and ".." segments resolved where possible. */
export function normalizePath(path: string): string {
  const slashed = path.replace(/\\/g, '/');
  const absolute = slashed.startsWith('/');
  const out: string[] = [];
  for (const part of slashed.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (part === '..' && absolute) continue;
    else out.push(part);
  }
  const joined = out.join('/');
  return absolute ? `/${joined}` : joined || '.';
}

export const isAbsolutePath = (path: string): boolean => path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path);

export function dirname(path: string): string {
  const n = normalizePath(path);
  const i = n.lastIndexOf('/');
  return i < 0 ? '.' : i === 0 ? '/' : n.slice(0, i);
}

export function joinPath(base: string, rel: string): string {
  return isAbsolutePath(rel) ? normalizePath(rel) : normalizePath(`${base}/${rel}`);
}

/** `target` relative to `root`; both absolute. Paths outside the root come out as ../… */
export function relativePath(root: string, target: string): string {
  const from = normalizePath(root).split('/').filter(Boolean);
  const to = normalizePath(target).split('/').filter(Boolean);
  let i = 0;
  while (i < from.length && i < to.length && from[i] === to[i]) i++;
  const up = from.slice(i).map(() => '..');
  return [...up, ...to.slice(i)].join('/') || '.';
}

/** The path as (relative-to-root, absolute) for matching. Without a root, absolute paths stay absolute. */
export function pathForms(path: string, root: string | undefined): { relative: string; absolute: string | undefined } {
  const windowsDrive = /^[A-Za-z]:[\\/]/.test(path);
  const p = normalizePath(windowsDrive ? path.slice(2) : path);
  if (p.startsWith('/')) return { relative: root ? relativePath(root, p) : p, absolute: p };
  if (!root) return { relative: p, absolute: undefined };
  // Resolved through the root, so "src/../../shop/.env" in /home/dev/shop is ".env", not "../shop/.env".
  const absolute = normalizePath(`${root}/${p}`);
  return { relative: relativePath(root, absolute), absolute };
}
