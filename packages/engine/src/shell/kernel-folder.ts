// Where a notebook's code runs when a command executes it (issue 17, round 30): takes the command and the notebook's
// path, returns the folder its kernel starts in, which the cells' relative paths (`../data/raw/x.parquet`) resolve from.
import { flagValue } from './file-effects.js';
import { resolve } from './paths.js';
import type { SimpleCommand } from './types.js';

/** The folder a path is in (`analysis/x.ipynb` → `analysis`, `x.ipynb` → `.`, the folder the command runs in). */
const folderOf = (path: string): string => resolve(path, '..');

/**
 * The folder the kernel runs in when `command` executes `notebook` (as resolved against the command's cwd):
 * - `jupyter nbconvert --execute` and `jupyter execute`: the notebook's own folder (nbconvert and nbclient pass it as
 *   the kernel's `resources.metadata.path`);
 * - `jupytext --execute`: its `--run-path`, else the notebook's folder (jupytext's documented default);
 * - `papermill`: its `--cwd`, else where papermill was started (it does not move the kernel by itself);
 * - anything else (`ipython nb.ipynb`): where it was started.
 */
export function kernelFolder(command: SimpleCommand, notebook: string): string | undefined {
  switch (command.program) {
    case 'jupyter':
    case 'jupyter-nbconvert':
    case 'jupyter-execute':
      return folderOf(notebook);
    case 'jupytext': {
      const runPath = flagValue(command.flags, '--run-path');
      return runPath === undefined ? folderOf(notebook) : resolve(command.cwd, runPath);
    }
    case 'papermill': {
      const cwd = flagValue(command.flags, '--cwd');
      return cwd === undefined ? command.cwd : resolve(command.cwd, cwd);
    }
    default:
      return command.cwd;
  }
}
