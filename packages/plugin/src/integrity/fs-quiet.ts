// File system calls for paths the agent may have bent out of shape: a folder replaced by a file (ENOTDIR), a link
// loop (ELOOP), a folder made unreadable (EACCES). A watched path in such a state is a state to compare, never a
// crash of the check — a crash would switch the check off for as long as the agent keeps it so.
import { lstatSync, readdirSync, statSync, type Stats } from 'node:fs';

/** Error codes that mean "nothing usable is there". */
const ABSENT_CODES = new Set(['ENOENT', 'ENOTDIR']);

export const errnoOf = (error: unknown): string | undefined =>
  error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;

/** stat (following links): undefined when nothing is there; `code` for a path that cannot be looked at. */
export function statQuiet(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if (ABSENT_CODES.has(errnoOf(error) ?? '') || errnoOf(error) === 'ELOOP' || errnoOf(error) === 'EACCES')
      return undefined;
    throw error;
  }
}

/** lstat: the stats, 'absent', or the error code for a path that is there but cannot be looked at. */
export function lstatQuiet(path: string): Stats | 'absent' | { readonly code: string } {
  try {
    return lstatSync(path);
  } catch (error) {
    const code = errnoOf(error) ?? 'EUNKNOWN';
    return ABSENT_CODES.has(code) ? 'absent' : { code };
  }
}

/** The entries of a folder; none when it is gone or cannot be read (the files in it then read as changed). */
export function readdirQuiet(path: string): string[] {
  try {
    return readdirSync(path);
  } catch (error) {
    if (ABSENT_CODES.has(errnoOf(error) ?? '') || errnoOf(error) === 'EACCES') return [];
    throw error;
  }
}
