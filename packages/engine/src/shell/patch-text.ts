// A unified diff's target files and the lines it adds, for `patch` fed a diff the model can read (a heredoc, a
// literal pipe). One forward pass over the lines; `-pN` strips N leading path components as patch does.

export interface DiffTarget {
  readonly kind: 'write' | 'delete';
  readonly path: string;
  /** The lines the diff adds to this file, joined by newlines. */
  readonly added: string;
}

const OLD = /^--- (.+?)(?:\t.*)?$/;
const NEW = /^\+\+\+ (.+?)(?:\t.*)?$/;

/** Strip `n` leading components (patch -pN); undefined keeps only the basename, as patch does without -p. */
function strip(path: string, n: number | undefined): string {
  if (n === undefined) return path.slice(path.lastIndexOf('/') + 1);
  let rest = path;
  for (let i = 0; i < n; i++) {
    const slash = rest.indexOf('/');
    if (slash === -1) return rest;
    rest = rest.slice(slash + 1);
  }
  return rest;
}

/** The files a unified diff changes, in order. */
export function diffTargets(diff: string, stripCount: number | undefined): DiffTarget[] {
  const out: { kind: 'write' | 'delete'; path: string; added: string[] }[] = [];
  let current: { kind: 'write' | 'delete'; path: string; added: string[] } | undefined;
  const lines = diff.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\r$/, '');
    if (line.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ')) {
      const oldPath = OLD.exec(line)?.[1];
      const newPath = NEW.exec((lines[i + 1] as string).replace(/\r$/, ''))?.[1];
      i++;
      if (newPath === undefined) continue;
      current =
        newPath === '/dev/null'
          ? { kind: 'delete', path: strip(oldPath ?? '', stripCount), added: [] }
          : { kind: 'write', path: strip(newPath, stripCount), added: [] };
      out.push(current);
      continue;
    }
    if (current && line.startsWith('+')) current.added.push(line.slice(1));
  }
  return out
    .filter((t) => t.path !== '' && t.path !== '/dev/null')
    .map((t) => ({ kind: t.kind, path: t.path, added: t.added.join('\n') }));
}
