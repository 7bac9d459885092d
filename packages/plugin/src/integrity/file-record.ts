// One watched path on disk: what stat says about it (cheap, read at every check), the hash of its content (read
// only when stat says something moved), and, within a byte budget, the content itself so a change can be undone.
// Links are followed for the content (what opencode or git would read), and the link itself is recorded too: a
// file replaced by a link to elsewhere is a change even when the bytes it leads to are the same.
import { crypto } from '../core/builtins.js';
import { readFileSync, readlinkSync, type Stats } from 'node:fs';
import { lstatQuiet, statQuiet } from './fs-quiet.js';

export interface FileRecord {
  readonly path: string;
  readonly exists: boolean;
  /** The path itself is a symbolic link (lstat). */
  readonly link: string | undefined;
  /** What the path leads to is a folder (then only its presence is compared, not its content). */
  readonly folder: boolean;
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly mode: number;
  /** sha256 of the content; undefined when not read (over the hash budget, or not a regular file). */
  readonly sha256: string | undefined;
  /** The content, kept to restore it; undefined when over the byte budget. */
  readonly bytes: Buffer | undefined;
}

export const ABSENT = (path: string): FileRecord => ({
  path,
  exists: false,
  link: undefined,
  folder: false,
  dev: 0,
  ino: 0,
  size: 0,
  mtimeMs: 0,
  ctimeMs: 0,
  mode: 0,
  sha256: undefined,
  bytes: undefined,
});

/** What stat says, without reading the content: the check's first, cheap look. */
export interface Glance {
  readonly exists: boolean;
  readonly link: string | undefined;
  readonly stat: Stats | undefined;
}

export function glance(path: string): Glance {
  const l = lstatQuiet(path);
  if (l === 'absent') return { exists: false, link: undefined, stat: undefined };
  // There, but not to be looked at (a folder on the way made unreadable, a link loop): a state unlike any file's.
  if (!('isSymbolicLink' in l)) return { exists: true, link: `<${l.code}>`, stat: undefined };
  if (!l.isSymbolicLink()) return { exists: true, link: undefined, stat: l };
  // A link: its target is what a reader gets; a dangling link leads nowhere readable but is there.
  return { exists: true, link: readlinkSync(path), stat: statQuiet(path) };
}

/** Whether stat alone shows that nothing moved since `r` was taken. */
export function unmoved(r: FileRecord, g: Glance): boolean {
  if (r.exists !== g.exists || r.link !== g.link) return false;
  if (!g.exists) return true;
  const s = g.stat;
  if (s === undefined) return r.ino === 0 && r.size === 0;
  return (
    s.ino === r.ino &&
    s.dev === r.dev &&
    s.size === r.size &&
    s.mtimeMs === r.mtimeMs &&
    s.ctimeMs === r.ctimeMs &&
    s.mode === r.mode
  );
}

export interface Budget {
  /** Bytes that may still be read to hash. */
  hash: number;
  /** Bytes that may still be kept to restore. */
  keep: number;
  /** Largest single file kept. */
  readonly keepEach: number;
}

/** A full record of the path now: stat, and the content hashed (and kept) while the budget allows. */
export function record(path: string, g: Glance, budget: Budget): FileRecord {
  if (!g.exists) return ABSENT(path);
  const s = g.stat;
  const base = {
    path,
    exists: true,
    link: g.link,
    folder: s?.isDirectory() ?? false,
    dev: s?.dev ?? 0,
    ino: s?.ino ?? 0,
    size: s?.size ?? 0,
    mtimeMs: s?.mtimeMs ?? 0,
    ctimeMs: s?.ctimeMs ?? 0,
    mode: s?.mode ?? 0,
  };
  if (s === undefined || !s.isFile() || s.size > budget.hash) return { ...base, sha256: undefined, bytes: undefined };
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    // Unreadable content (its permission taken away): a state of its own, compared like a link target.
    return {
      ...base,
      link: `<${(error as NodeJS.ErrnoException).code ?? 'unreadable'}>`,
      sha256: undefined,
      bytes: undefined,
    };
  }
  budget.hash -= bytes.length;
  const keep = bytes.length <= budget.keepEach && bytes.length <= budget.keep;
  if (keep) budget.keep -= bytes.length;
  return { ...base, sha256: sha256(bytes), bytes: keep ? bytes : undefined };
}

export const sha256 = (bytes: Buffer): string => crypto().createHash('sha256').update(bytes).digest('hex');

/** Whether two records hold the same thing for a reader: presence, link, folder-ness, mode, content. */
export function sameContent(a: FileRecord, b: FileRecord): boolean {
  if (a.exists !== b.exists || a.link !== b.link || a.folder !== b.folder) return false;
  if (!a.exists || a.folder) return true;
  if ((a.mode & 0o7777) !== (b.mode & 0o7777)) return false;
  // Without a hash on either side the content cannot be compared: stat decides (it already said "moved").
  if (a.sha256 === undefined || b.sha256 === undefined) return a.size === b.size && a.mtimeMs === b.mtimeMs;
  return a.sha256 === b.sha256;
}
