// Project code the human asks to run by name (a Makefile's targets at `make`, a conftest.py at `pytest`) is the
// project's, which the agent writes as honest work; what it may not leave there is code that reaches *outside* the
// project when the human runs it, with the human's rights and outside the sandbox: a write, an append or a delete
// of a path in the human's home, anywhere outside the work tree and the temp folders, or of the files that hold the
// rules and the tools' own settings (.opencode/, .git/, opencode.json). Read with the shell model (recipe lines) and
// the one-liner reader (python), as a call of the agent's is; a line whose effect is not known is not guessed at.
// The model is reached through shell-model.ts, as every stage reaches it (a host may load it after its start: then
// this throws until it has loaded, and the host's result check fails open and says so).
import { normalizePath } from '../matchers/paths.js';
import type { RunLaterEntry } from './run-later.js';
import { shellModel } from './shell-model.js';

/** Paths a later run may write whatever the project: the temp folders and the null and standard devices. */
const SCRATCH = /^\/(?:tmp|var\/tmp|dev)(?:\/|$)/;
/** The human's home, however it is spelled in a recipe or a script. */
const HOME = /^(?:~|\$HOME|\$\{HOME\}|\$\(HOME\))(?:\/|$)/;
/** Inside the project, the files that are the rules or the tools' own settings, whoever runs the code. */
const GUARDED = /^(?:\.\/)?(?:\.opencode|\.git)(?:\/|$)|^(?:\.\/)?opencode\.jsonc?$/;

/**
 * Whether a path an effect names (as the shell model resolves it) is outside the project, for code that runs in
 * `folder` (the file's folder relative to the project root, '' at the root: `../shared` from `apps/web` is inside).
 */
export function reachesOutside(path: string, folder = ''): boolean {
  if (HOME.test(path)) return true;
  if (path.startsWith('/')) return !SCRATCH.test(path);
  const inProject = normalizePath(folder === '' ? path : `${folder}/${path}`);
  if (inProject === '..' || inProject.startsWith('../')) return true;
  return GUARDED.test(inProject);
}

/** Whether one shell line changes something outside the project (writes, appends, deletes; reads are not). */
export function shellReaches(line: string, folder = ''): boolean {
  return shellModel()
    .parseShell(line)
    .effects.some((e) => e.kind !== 'read' && e.remote === undefined && reachesOutside(e.path, folder));
}

/** A Makefile's recipe lines (any target) that change something outside the project. */
export function makefileReach(text: string, folder = ''): RunLaterEntry[] {
  const out: RunLaterEntry[] = [];
  for (const line of shellModel().allRecipes(text))
    if (shellReaches(line.source, folder)) out.push({ key: line.label, value: line.source });
  return out;
}

/** A conftest.py's calls that change something outside the project (its file writes, the commands it runs). */
export function pythonReach(text: string, folder = ''): RunLaterEntry[] {
  const out: RunLaterEntry[] = [];
  for (const f of shellModel().scanOneLiner('python', text)) {
    const outside =
      f.kind === 'shell' ? shellReaches(f.command, folder) : f.kind !== 'read' && reachesOutside(f.path, folder);
    if (outside) out.push({ key: f.call, value: f.kind === 'shell' ? f.command : `${f.kind} ${f.path}` });
  }
  return out;
}
