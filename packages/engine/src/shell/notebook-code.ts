// A Jupyter notebook, read as the program it runs when papermill, `jupyter nbconvert --execute`, `jupyter execute` or
// ipython executes it: its code cells in order. A line starting with `!` (or `%sx`/`%system`) runs in a shell, as does
// the body of a `%%bash`/`%%sh`/`%%script bash` cell: each becomes `os.system("…")`, which the python reader follows
// like any other. Other magics (`%matplotlib inline`, `%%time`) do nothing the rules read and are left out (a `%%time`
// cell's body still runs).
import type { InterpreterFamily } from './programs/declaration.js';

export interface NotebookProgram {
  readonly family: InterpreterFamily;
  readonly code: string;
}

/** Whether a path names a notebook (`.ipynb`). */
export const isNotebookPath = (path: string): boolean => /\.ipynb$/i.test(path);

/** Kernel languages the one-liner table reads; any other kernel's code is read as python (the stricter reading). */
const FAMILIES: Readonly<Record<string, InterpreterFamily>> = { python: 'python', r: 'r', julia: 'julia' };
const SHELL_CELL = /^%%(?:bash|sh|script\s+(?:ba)?sh)\b[^\n]*\n?/;
const SHELL_LINE = /^(\s*)(?:!|%sx\s|%system\s)(.*)$/;

/** The program of a notebook's JSON text; undefined when the text is not a notebook (jupytext's percent scripts are
 * plain python, read as they are). */
export function notebookProgram(text: string): NotebookProgram | undefined {
  if (!/^\s*\{/.test(text)) return undefined;
  let nb: unknown;
  try {
    nb = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof nb !== 'object' || nb === null || !Array.isArray((nb as { cells?: unknown }).cells)) return undefined;
  const { cells, metadata } = nb as { cells: unknown[]; metadata?: Record<string, unknown> };
  const lines: string[] = [];
  for (const cell of cells) {
    if (typeof cell !== 'object' || cell === null) continue;
    const { cell_type: type, source } = cell as { cell_type?: unknown; source?: unknown };
    if (type !== 'code') continue;
    const body = Array.isArray(source) ? source.filter((s) => typeof s === 'string').join('') : source;
    if (typeof body !== 'string') continue;
    const shell = SHELL_CELL.exec(body);
    if (shell !== null) {
      lines.push(`os.system(${JSON.stringify(body.slice(shell[0].length))})`);
      continue;
    }
    for (const line of body.split('\n')) {
      const bang = SHELL_LINE.exec(line);
      if (bang !== null) lines.push(`${bang[1]}os.system(${JSON.stringify(bang[2])})`);
      else if (!/^\s*%/.test(line)) lines.push(line);
    }
  }
  return { family: kernelFamily(metadata), code: lines.join('\n') };
}

function kernelFamily(metadata: Record<string, unknown> | undefined): InterpreterFamily {
  const kernel = metadata?.kernelspec as { language?: unknown } | undefined;
  const info = metadata?.language_info as { name?: unknown } | undefined;
  const language = typeof kernel?.language === 'string' ? kernel.language : info?.name;
  return (typeof language === 'string' ? FAMILIES[language.toLowerCase()] : undefined) ?? 'python';
}
