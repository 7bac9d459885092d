// Undoes one change to a protected file: the old bytes (and mode) back, a new file removed, a link put in place of
// the file replaced by the file again. What cannot be undone is said, never glossed over.
import { chmodSync, lstatSync, mkdirSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FileRecord } from './file-record.js';
import type { Change } from './watch-set.js';

export type Restored = { readonly ok: true; readonly did: string } | { readonly ok: false; readonly why: string };

export function restore(change: Change, was: FileRecord): Restored {
  const first = attempt(change, was);
  if (first.ok || !/EACCES|EPERM/.test(first.why)) return first;
  // The call took a permission away on the way (a folder made read-only or unreadable): give it back, try again.
  openUp(change.path);
  return attempt(change, was);
}

/** Gives the owner read, write and search permission on the folders above `path` that lack it (a few levels). */
function openUp(path: string): void {
  let dir = dirname(path);
  for (let level = 0; level < 4 && dir !== dirname(dir); level++, dir = dirname(dir)) {
    const st = lstatSync(dir, { throwIfNoEntry: false });
    if (st?.isDirectory() && (st.mode & 0o700) !== 0o700) chmodSync(dir, (st.mode & 0o7777) | 0o700);
  }
  const own = lstatSync(path, { throwIfNoEntry: false });
  if (own?.isFile() && (own.mode & 0o600) !== 0o600) chmodSync(path, (own.mode & 0o7777) | 0o600);
}

function attempt(change: Change, was: FileRecord): Restored {
  try {
    if (!was.exists) {
      removeWhatIsThere(change.path);
      return { ok: true, did: 'removed' };
    }
    if (was.folder) return { ok: false, why: 'it was a folder; its files are checked one by one' };
    if (was.link !== undefined && change.after.link !== was.link) {
      // The path was a link and now leads elsewhere (or is a file): put the link back.
      removeWhatIsThere(change.path);
      symlinkSync(was.link, change.path);
      return { ok: true, did: 'link put back' };
    }
    if (was.bytes === undefined) {
      return {
        ok: false,
        why: `its content was not kept (over the ${was.size > 0 ? 'byte budget' : 'bounds'} of the result check)`,
      };
    }
    // A file replaced by a link, a folder or anything else: that goes, the file comes back. A link kept as it was
    // (the user's own dotfile link) is written through, which restores what it leads to.
    if (change.after.exists && was.link === undefined && !isPlainFile(change.path)) removeWhatIsThere(change.path);
    const moved = clearWay(dirname(change.path));
    mkdirSync(dirname(change.path), { recursive: true });
    // A call that took the write permission away must not keep the file from being written back.
    if (isPlainFile(change.path)) chmodSync(change.path, (was.mode & 0o7777) | 0o200);
    writeFileSync(change.path, was.bytes, { mode: was.mode & 0o7777 });
    // writeFileSync applies the mode only to a file it creates; an existing one keeps whatever the call set.
    chmodSync(change.path, was.mode & 0o7777);
    const did = change.kind === 'deleted' ? 'recreated' : 'old bytes back';
    return { ok: true, did: moved ? `${did} (${moved})` : did };
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
}

function isPlainFile(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

/**
 * The folders above a protected file were folders when it was seen; a file or link put in the place of one (so the
 * folder cannot come back) is moved aside, not deleted — the agent's bytes stay for the human to look at.
 */
function clearWay(dir: string): string | undefined {
  const chain: string[] = [];
  for (let d = dir; d !== dirname(d); d = dirname(d)) chain.unshift(d);
  for (const d of chain) {
    const st = lstatSync(d, { throwIfNoEntry: false });
    if (st === undefined) return undefined;
    if (st.isDirectory()) continue;
    const aside = `${d}.moved-by-semantic-anchors-${Date.now()}`;
    renameSync(d, aside);
    return `${d} was not a folder any more: moved to ${aside}`;
  }
  return undefined;
}

/** Removes a file, a link (not what it points to) or a folder the call put at a protected path. */
function removeWhatIsThere(path: string): void {
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (st === undefined) return;
  if (st.isDirectory()) rmSync(path, { recursive: true, force: true });
  else unlinkSync(path);
}
