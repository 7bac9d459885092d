// What a shell file knows of its own path: in a script run as a program, `$0` and `${BASH_SOURCE[0]}` are its path; in
// a file sourced, `${BASH_SOURCE[0]}` is that file's path while `$0` stays the caller's. A script the session wrote
// finds its helpers by them (`source "$(dirname "$0")/lib.sh"`, `. "${BASH_SOURCE[0]%/*}/lib.sh"`), so the helper is
// read and what it sets flows on (blind round 30).
import { UNKNOWN, type Vars, ZERO } from './values.js';

/** bash's stack of the files being run: element 0 is the file the code is in. */
export const BASH_SOURCE = 'BASH_SOURCE';

/**
 * Names the file `path` for the code about to run in `vars`: a script's own shell (`sourced` false) gets `$0` and
 * `${BASH_SOURCE[0]}`; a sourced file, run in the caller's shell, gets `${BASH_SOURCE[0]}` only. Returns what puts the
 * caller's `BASH_SOURCE` back once the sourced file is done (nothing to undo for a script: its shell ends with it).
 */
export function enterFile(vars: Vars, path: string, sourced: boolean): () => void {
  if (!sourced) {
    vars.set(ZERO, path);
    vars.setArray(BASH_SOURCE, [path]);
    return () => {};
  }
  const caller = vars.getArray(BASH_SOURCE);
  vars.setArray(BASH_SOURCE, [path, ...(caller ?? [])]);
  // INVARIANT: a sourced file's path never outlives it (the caller's own file, or unknown when it had none known).
  return () => vars.setArray(BASH_SOURCE, caller ?? UNKNOWN);
}
