// Programs that execute Jupyter notebooks or turn scripts into them (jupyter's nbconvert and execute, papermill,
// ipython, jupytext), each declared here whole. A notebook the session wrote and then executed is
// judged as its code cells (notebook-code.ts), as `python f.py` is judged as f.py; one it did not write is a file of
// unknown content, matched by its path like any argument.
import { flagValue, has, NOT_FILES } from '../file-effects.js';
import type { AddEffect, EffectInput, FileAccess, FolderRun, ProgramDeclaration } from './declaration.js';
import { USUAL_HOMES } from '../startup-files.js';
import { isNotebookPath, notebookProgram } from '../notebook-code.js';
import { treeOf } from '../paths.js';

/** papermill's input and output notebooks: the first two operands ending in .ipynb (its `-p NAME VALUE` takes two
 * words, so a value may sit among the operands), else the first two operands. */
function papermillFiles(input: EffectInput): { in?: string; out?: string } {
  const files = input.positionals.filter((p) => !NOT_FILES.test(p));
  const nbs = files.filter(isNotebookPath);
  return { in: nbs[0] ?? files[0], out: nbs[1] ?? (nbs.length > 0 ? undefined : files[1]) };
}

/** The startup files an IPython kernel runs first (ipython.readthedocs.io, "Startup files"): the default profile's
 * `startup/*.py` and `*.ipy`, in the human's home folder (which one is not known here: the usual ones). */
export function ipythonStartupRuns(): FolderRun[] {
  return USUAL_HOMES.flatMap((home) =>
    ['*.py', '*.ipy'].map((files) => ({
      dir: `${home}/.ipython/profile_default/startup`,
      files,
      family: 'python' as const,
    })),
  );
}

export const PAPERMILL: ProgramDeclaration = {
  folderRuns: () => ipythonStartupRuns(),
  names: ['papermill'],
  about: 'papermill IN OUT: executes the notebook IN (its code cells run), writes the executed copy to OUT',
  options: {
    '*': [
      ...['-p', '--parameters', '-r', '--parameters_raw', '-f', '--parameters_file', '-y', '--parameters_yaml'],
      ...['-b', '--parameters_base64', '-k', '--kernel', '-l', '--language', '--cwd', '--engine', '--log-level'],
      ...['--start-timeout', '--start_timeout', '--execution-timeout'],
    ],
  },
  effects: {
    reads: ['-f', '--parameters_file'],
    effects: (input, add) => {
      const { in: nb, out } = papermillFiles(input);
      if (nb !== undefined) add('read', nb, 'papermill');
      if (out !== undefined && out !== '-') add('write', out, 'papermill');
    },
  },
  notebooks: (input) => {
    const nb = papermillFiles(input).in;
    return nb === undefined ? [] : [nb];
  },
};

/** jupyter's subcommand and its operands, `jupyter-nbconvert` and `jupyter-execute` being `jupyter nbconvert|execute`. */
function jupyterWords(input: EffectInput): { sub: string | undefined; notebooks: string[] } {
  const own =
    input.program === 'jupyter-nbconvert' ? 'nbconvert' : input.program === 'jupyter-execute' ? 'execute' : undefined;
  const [sub, ...rest] = own === undefined ? input.positionals : [own, ...input.positionals];
  return { sub, notebooks: rest.filter((p) => !NOT_FILES.test(p)) };
}

/**
 * `jupyter nbconvert` and `jupyter execute`: --inplace rewrites the notebooks it is given (keeping a known notebook's
 * text: executing adds outputs, not code, so the run that follows — `--execute --inplace` — still reads it); --output
 * NAME is written (beside the notebook, or in --output-dir); --output-dir DIR gets files whose names the engine does
 * not know. --stdout writes nothing.
 */
function jupyterEffects(input: EffectInput, add: AddEffect, _stdin: string | undefined, files: FileAccess): void {
  const { sub, notebooks } = jupyterWords(input);
  if (sub !== 'nbconvert' && sub !== 'execute') return;
  for (const nb of notebooks) add('read', nb, `jupyter ${sub}`);
  if (has(input.flags, '--stdout')) return;
  if (has(input.flags, '--inplace'))
    for (const nb of notebooks) add('write', nb, `jupyter ${sub} --inplace`, files.text(nb));
  if (sub === 'execute') return;
  const dir = flagValue(input.flags, '--output-dir');
  const out = flagValue(input.flags, '--output');
  if (out !== undefined) {
    const first = notebooks[0];
    const beside = first?.includes('/') ? first.slice(0, first.lastIndexOf('/')) : undefined;
    const base = out.startsWith('/') ? undefined : (dir ?? beside);
    add('write', base === undefined ? out : `${base}/${out}`, 'jupyter nbconvert --output');
  } else if (dir !== undefined) add('write', treeOf(dir), 'jupyter nbconvert --output-dir');
}

export const JUPYTER: ProgramDeclaration = {
  names: ['jupyter', 'jupyter-nbconvert', 'jupyter-execute'],
  about:
    'jupyter nbconvert: --inplace rewrites its notebooks; --output/--output-dir are written; --stdout only prints; ' +
    'with --execute (and jupyter execute) the notebooks run',
  options: {
    '*': ['--to', '--output', '--output-dir', '--template', '--ExecutePreprocessor.timeout', '--config', '--log-level'],
  },
  effects: { reads: ['--output', '--output-dir'], effects: jupyterEffects },
  // `jupyter nbconvert --execute NB…` and `jupyter execute NB…` run their notebooks.
  notebooks: (input) => {
    const { sub, notebooks } = jupyterWords(input);
    return sub === 'execute' || (sub === 'nbconvert' && has(input.flags, '--execute')) ? notebooks : [];
  },
  // the kernel that executes them runs the IPython profile's startup files first (round 52)
  folderRuns: (input) => {
    const { sub } = jupyterWords(input);
    return sub === 'execute' || (sub === 'nbconvert' && has(input.flags, '--execute')) ? ipythonStartupRuns() : [];
  },
};

export const JUPYTER_BOOK: ProgramDeclaration = {
  names: ['jupyter-book', 'jb'],
  about: 'jupyter-book build DIR: executes the notebooks of the book (execute_notebooks: auto or force) as it builds',
  options: { '*': ['--path-output', '--config', '--toc', '--builder', '-W', '--keep-going'] },
  // every notebook under the book's folder the session wrote may be executed: the stricter reading (round 52)
  notebooks: (input) =>
    input.positionals[0] === 'build' && input.positionals[1] !== undefined
      ? [`${input.positionals[1].replace(/\/+$/, '')}/**/*.ipynb`]
      : [],
  folderRuns: (input) => (input.positionals[0] === 'build' ? ipythonStartupRuns() : []),
};

export const IPYTHON: ProgramDeclaration = {
  names: ['ipython', 'ipython3'],
  about: 'IPython: -c carries code, -m runs a module, else the first word is the script (a .py file or a notebook)',
  options: { '*': ['-c', '-m', '--profile', '--ipython-dir', '--config', '--log-level'] },
  interpreter: { family: 'python', inline: ['-c'], noScript: ['-m'] },
  // `ipython -m MODULE` runs the module's command line; `ipython -c '!git push'`: a line that starts with `!` is a shell
  // command IPython runs (other code is read as Python's, the interpreter's inline code)
  runs: [{ options: ['-c', '-m'], programOption: ['-m'], commandOption: ['-c'], commandPrefix: /^\s*!/, rest: false }],
  folderRuns: () => ipythonStartupRuns(),
};

/** jupytext: each operand is converted to the format --to names, written to -o/--output or beside it under the new
 * extension; --update and --sync rewrite paired files too. The text written is the operand's code (a notebook's
 * code cells, a script as it is), so a later run of the output is judged as what went in. */
function jupytextEffects(input: EffectInput, add: AddEffect, _stdin: string | undefined, files: FileAccess): void {
  const to = flagValue(input.flags, '--to');
  const out = flagValue(input.flags, '-o') ?? flagValue(input.flags, '--output');
  const ext =
    to === undefined
      ? undefined
      : /^(ipynb|notebook)$/.test(to)
        ? '.ipynb'
        : /^md|markdown/.test(to)
          ? '.md'
          : /^py/.test(to)
            ? '.py'
            : undefined;
  for (const f of input.positionals) {
    if (NOT_FILES.test(f)) continue;
    add('read', f, 'jupytext');
    const text = files.text(f);
    const code = text === undefined ? undefined : (notebookProgram(text)?.code ?? text);
    const target = out ?? (ext === undefined ? undefined : f.replace(/(\.[^./]*)?$/, ext));
    if (target !== undefined && target !== '-') add('write', target, 'jupytext', code);
    if (has(input.flags, '--sync', '--update', '--set-formats')) add('write', f, 'jupytext');
  }
}

export const JUPYTEXT: ProgramDeclaration = {
  names: ['jupytext'],
  about: 'jupytext: converts notebooks and scripts (--to FORMAT, -o OUT); --execute runs the result',
  options: {
    '*': [
      ...['--to', '--from', '-o', '--output', '--set-formats', '--format-options', '--opt', '--kernel', '-k'],
      ...['--pipe', '--check', '--update-metadata', '--set-kernel', '--diff-format', '--run-path'],
    ],
  },
  effects: { reads: ['-o', '--output'], effects: jupytextEffects },
  notebooks: (input) => (has(input.flags, '--execute') ? input.positionals.filter((p) => !NOT_FILES.test(p)) : []),
};
