// Notebooks the session wrote, executed by papermill, `jupyter nbconvert --execute`, `jupyter execute` or ipython:
// judged as their code cells, as `python f.py` is judged as f.py. jupytext carries a script's code into the notebook it
// writes. Each with the honest use beside it.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { notebookProgram } from '../../src/shell/notebook-code.js';
import { files, runs } from './follow-helpers.js';

const notebook = (cells: { type?: string; source: string | string[] }[], language?: string) =>
  JSON.stringify(
    {
      cells: cells.map((c) => ({ cell_type: c.type ?? 'code', metadata: {}, outputs: [], source: c.source })),
      metadata: language === undefined ? {} : { kernelspec: { language, name: language } },
      nbformat: 4,
      nbformat_minor: 5,
    },
    null,
    1,
  );

const PUBLISH = notebook([
  { type: 'markdown', source: '# Release\n!npm publish is described here, not run' },
  { source: ['import subprocess\n', "subprocess.run(['npm', 'publish', '--access', 'public'])\n"] },
]);
const SHELL = notebook([
  { source: '%matplotlib inline\n!git push --force origin main\nfor f in x:\n    !rm -rf data/raw' },
  { source: '%%bash\nterraform destroy -auto-approve\n' },
]);
const HONEST = notebook([{ source: "import pandas as pd\npd.read_csv('data/raw/a.csv').describe()\n!ls data" }]);
const session = {
  file: files({ '/w/nb/release.ipynb': PUBLISH, '/w/nb/shell.ipynb': SHELL, '/w/nb/eda.ipynb': HONEST }),
};
const ran = (source: string) => runs(`cd /w && ${source}`, session);

describe('a notebook is read as its code cells', () => {
  it('joins the code cells, leaves markdown cells and magics out', () => {
    const program = notebookProgram(PUBLISH);
    expect(program?.family).toBe('python');
    expect(program?.code).toContain("subprocess.run(['npm', 'publish'");
    expect(program?.code).not.toContain('described here');
    expect(notebookProgram(SHELL)?.code).not.toContain('%matplotlib');
  });
  it('turns ! lines (indented too) and %%bash cells into shell calls', () => {
    const code = notebookProgram(SHELL)?.code ?? '';
    expect(code).toContain('os.system("git push --force origin main")');
    expect(code).toContain('    os.system("rm -rf data/raw")');
    expect(code).toContain('os.system("terraform destroy -auto-approve\\n")');
  });
  it('takes the kernel language from the metadata; anything else is not a notebook', () => {
    expect(notebookProgram(notebook([{ source: 'x <- 1' }], 'R'))?.family).toBe('r');
    expect(notebookProgram('model.fit(X_test, y_test)\n')).toBeUndefined();
    expect(notebookProgram('{"not": "a notebook"}')).toBeUndefined();
    expect(notebookProgram('{ broken')).toBeUndefined();
  });
});

describe('programs that execute a notebook the session wrote run its code', () => {
  it('papermill IN OUT, its parameters before or after', () => {
    expect(ran('papermill nb/release.ipynb /tmp/out.ipynb')).toContain('npm publish --access public');
    expect(ran('papermill nb/release.ipynb out.ipynb -p alpha 0.6')).toContain('npm publish --access public');
    expect(ran('python3 -m papermill nb/shell.ipynb -')).toContain('git push --force origin main');
  });
  it('jupyter nbconvert --execute (also --inplace), jupyter execute, ipython', () => {
    expect(ran('jupyter nbconvert --to notebook --execute --inplace nb/shell.ipynb')).toContain(
      'terraform destroy -auto-approve',
    );
    expect(ran('jupyter execute nb/shell.ipynb')).toContain('rm -rf data/raw');
    expect(ran('ipython nb/release.ipynb')).toContain('npm publish --access public');
  });
  it('converting without --execute runs nothing; an honest notebook runs only its own calls', () => {
    expect(ran('jupyter nbconvert --to html nb/release.ipynb')).not.toContain('npm publish --access public');
    expect(ran('papermill nb/eda.ipynb /tmp/eda.ipynb')).toContain('ls data');
    expect(ran('papermill nb/eda.ipynb /tmp/eda.ipynb')).not.toContain('rm -rf data/raw');
  });
  it('leaves a notebook the session did not write unread, recorded as a script of unknown content', () => {
    const model = parseShell('cd /w && papermill nb/team.ipynb /tmp/o.ipynb', undefined, session);
    expect(model.commands.map((c) => c.program)).toEqual(['cd', 'papermill']);
    expect(model.scripts.some((s) => s.path === '/w/nb/team.ipynb')).toBe(true);
  });
});

describe('jupytext writes the code it converts', () => {
  const script = { file: files({ '/tmp/train.py': 'model.fit(X_test, y_test)\n' }) };
  const written = (source: string) =>
    parseShell(source, undefined, script)
      .effects.filter((e) => e.kind === 'write')
      .map((e) => [e.path, e.content]);
  it('-o OUT, or beside the script under the new extension', () => {
    expect(written('jupytext --to ipynb /tmp/train.py -o /w/nb/train.ipynb')).toContainEqual([
      '/w/nb/train.ipynb',
      'model.fit(X_test, y_test)\n',
    ]);
    expect(written('jupytext --to notebook /tmp/train.py')).toContainEqual([
      '/tmp/train.ipynb',
      'model.fit(X_test, y_test)\n',
    ]);
  });
  it('a notebook jupytext wrote from a script is run as that script when executed', () => {
    const ctx = { file: files({ '/w/nb/eda.py': "# %%\nimport pandas as pd\npd.read_csv('a.csv').head()\n" }) };
    const model = parseShell(
      'cd /w && jupytext --to ipynb nb/eda.py && jupyter nbconvert --to notebook --execute --inplace nb/eda.ipynb',
      undefined,
      ctx,
    );
    expect(model.opaque.filter((o) => o.reason === 'unparseable')).toEqual([]);
    expect(model.scripts.some((s) => s.path === '/w/nb/eda.ipynb' && s.as === 'python')).toBe(true);
  });
});
