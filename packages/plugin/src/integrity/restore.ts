// Undoes one change to a protected file: the old bytes (and mode) back, a new file removed, a link put in place of
// the file replaced by the file again. What cannot be undone is said, never glossed over.
import { chmodSync, lstatSync, mkdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FileRecord } from './file-record.js';
import type { Change } from './watch-set.js';

export type Restored = { readonly ok: true; readonly did: string } | { readonly ok: false; readonly why: string };

export function restore(change: Change, was: FileRecord): Restored {
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
    mkdirSync(dirname(change.path), { recursive: true });
    // A call that took the write permission away must not keep the file from being written back.
    if (isPlainFile(change.path)) chmodSync(change.path, (was.mode & 0o7777) | 0o200);
    writeFileSync(change.path, was.bytes, { mode: was.mode & 0o7777 });
    // writeFileSync applies the mode only to a file it creates; an existing one keeps whatever the call set.
    chmodSync(change.path, was.mode & 0o7777);
    return { ok: true, did: change.kind === 'deleted' ? 'recreated' : 'old bytes back' };
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
}

function isPlainFile(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

/** Removes a file, a link (not what it points to) or a folder the call put at a protected path. */
function removeWhatIsThere(path: string): void {
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (st === undefined) return;
  if (st.isDirectory()) rmSync(path, { recursive: true, force: true });
  else unlinkSync(path);
}
