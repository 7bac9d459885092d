// Project code the human asks to run by name (a Makefile's targets at `make`, a conftest.py at `pytest`) is the
// project's, which the agent writes as honest work; what it may not leave there is code that reaches *outside* the
// project when the human runs it, with the human's rights and outside the sandbox: a write, an append or a delete
// of a path in the human's home, anywhere outside the work tree and the temp folders, or of the files that hold the
// rules and the tools' own settings (.opencode/, .git/, opencode.json). Read with the shell model (recipe lines) and
// the one-liner reader (python), as a call of the agent's is; a line whose effect is not known is not guessed at.
import { parseShell } from '../shell/model.js';
import { allRecipes } from '../shell/project-tasks.js';
import { scanOneLiner } from '../shell/one-liners.js';
import type { RunLaterEntry } from './run-later.js';

/** Paths a later run may write whatever the project: the temp folders and the null and standard devices. */
const SCRATCH = /^\/(?:tmp|var\/tmp|dev)(?:\/|$)/;
/** The human's home, however it is spelled in a recipe or a script. */
const HOME = /^(?:~|\$HOME|\$\{HOME\}|\$\(HOME\))(?:\/|$)/;
/** Inside the project, the files that are the rules or the tools' own settings, whoever runs the code. */
const GUARDED = /^(?:\.\/)?(?:\.opencode|\.git)(?:\/|$)|^(?:\.\/)?opencode\.jsonc?$/;

/** Whether a path an effect names (as the shell model resolves it, from the project's folder) is outside. */
export function reachesOutside(path: string): boolean {
  if (HOME.test(path)) return true;
  if (path.startsWith('/')) return !SCRATCH.test(path);
  if (path === '..' || path.startsWith('../')) return true;
  return GUARDED.test(path);
}

/** The effect paths one shell line has that reach outside (writes, appends, deletes; reads are not). */
function shellReach(line: string): string[] {
  return parseShell(line)
    .effects.filter((e) => e.kind !== 'read' && e.remote === undefined && reachesOutside(e.path))
    .map((e) => e.path);
}

/** A Makefile's recipe lines (any target) that change something outside the project. */
export function makefileReach(text: string): RunLaterEntry[] {
  const out: RunLaterEntry[] = [];
  for (const line of allRecipes(text))
    if (shellReach(line.source).length > 0) out.push({ key: line.label, value: line.source });
  return out;
}

/** A conftest.py's calls that change something outside the project (its file writes, the commands it runs). */
export function pythonReach(text: string): RunLaterEntry[] {
  const out: RunLaterEntry[] = [];
  for (const f of scanOneLiner('python', text)) {
    const outside = f.kind === 'shell' ? shellReach(f.command).length > 0 : f.kind !== 'read' && reachesOutside(f.path);
    if (outside) out.push({ key: f.call, value: f.kind === 'shell' ? f.command : `${f.kind} ${f.path}` });
  }
  return out;
}
