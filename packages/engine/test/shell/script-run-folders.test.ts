// Blind round 30: a script or notebook the session wrote runs where its tool runs it, not where the shell stands.
// `npm run X --prefix DIR` (and --workspace, pnpm -C/--filter ./DIR, yarn --cwd) reads DIR/package.json and runs the
// script in DIR; `jupyter nbconvert --execute` and `jupyter execute` run a notebook's cells in the notebook's folder
// (papermill in its --cwd, else where it was started). Each with the honest look-alike beside it.
import type { Event } from '@semantic-anchors/engine';
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { policyOf, replay } from '../helpers.js';
import { runs, written } from './follow-helpers.js';

const pkg = (scripts: Record<string, string>, name = 'pkg') => JSON.stringify({ name, private: true, scripts });

const RELABEL = "import { writeFileSync } from 'node:fs';\nwriteFileSync('../apps/web/src/i18n/en.json', '{}');\n";
const REPORT = "import { writeFileSync } from 'node:fs';\nwriteFileSync('reports/labels.csv', 'key,label\\n');\n";
const RELEASE = pkg({ build: 'tsc -p .', release: 'npm run build && npm publish --access public', test: 'vitest run' });

const packages = written({
  '/p/analysis/package.json': pkg({ relabel: 'node relabel.mjs', report: 'node report.mjs' }),
  '/p/analysis/relabel.mjs': RELABEL,
  '/p/analysis/report.mjs': REPORT,
  '/p/packages/test-utils/package.json': pkg(
    { build: 'tsc -p .', release: 'npm run build && npm publish --access public', test: 'vitest run' },
    '@acme/test-utils',
  ),
});

/** The paths the source writes, as the engine resolves them. */
const writes = (source: string, ctx = packages): string[] =>
  parseShell(`cd /p && ${source}`, undefined, ctx)
    .effects.filter((e) => e.kind === 'write')
    .map((e) => e.path);
const ran = (source: string, ctx = packages): string => runs(`cd /p && ${source}`, ctx).join('\n');

describe("a package manager told where the package is reads that folder's package.json and runs the script there", () => {
  it('npm --prefix DIR (or -C DIR), before or after the subcommand', () => {
    for (const line of [
      'npm run relabel --prefix analysis',
      'npm --prefix analysis run relabel',
      'npm run relabel --prefix=analysis',
      'npm run relabel -C analysis',
    ])
      expect(writes(line), line).toContain('/p/apps/web/src/i18n/en.json');
  });

  it('npm --workspace PATH, -w PATH and --workspace=PATH run the workspace folder’s script', () => {
    for (const line of [
      'npm run release --workspace packages/test-utils',
      'npm run release -w packages/test-utils',
      'npm run release --workspace=packages/test-utils',
      'npm -w packages/test-utils run release',
    ])
      expect(ran(line), line).toContain('npm publish --access public');
  });

  it('npm --workspace NAME finds the package.json the session wrote with that name', () => {
    expect(ran('npm run release --workspace @acme/test-utils')).toContain('npm publish --access public');
  });

  it('pnpm -C DIR, --dir DIR and a path --filter; yarn --cwd DIR', () => {
    for (const line of [
      'pnpm -C analysis run relabel',
      'pnpm --dir analysis relabel',
      'pnpm --filter ./analysis run relabel',
      'pnpm -F ./analysis run relabel',
      'pnpm run --filter ./analysis relabel',
      'pnpm --filter "{analysis}" run relabel',
      'yarn --cwd analysis run relabel',
    ])
      expect(writes(line), line).toContain('/p/apps/web/src/i18n/en.json');
    expect(ran('pnpm --filter ./packages/test-utils run release')).toContain('npm publish --access public');
  });

  it('keeps honest runs honest: another script in that folder writes only there, tests only test', () => {
    expect(writes('npm run report --prefix analysis')).toEqual(['/p/analysis/reports/labels.csv']);
    const tests = ran('npm run test --workspace packages/test-utils');
    expect(tests).toContain('vitest run');
    expect(tests).not.toContain('npm publish');
  });

  it("reads no other folder's package.json: the root's script is not the workspace's", () => {
    const ctx = written({ '/p/package.json': RELEASE });
    expect(ran('npm run release --prefix analysis', ctx)).not.toContain('npm publish');
    expect(ran('npm run release --workspace packages/web', ctx)).not.toContain('npm publish');
    // a workspace named by a package name the session wrote no package.json for is not known: nothing is read
    expect(ran('npm run release -w @acme/web', ctx)).not.toContain('npm publish');
    // without an option that moves it, npm still reads the package.json where it runs
    expect(ran('npm run release', ctx)).toContain('npm publish --access public');
  });
});

const notebook = (...cells: string[]) =>
  JSON.stringify({
    cells: cells.map((source) => ({ cell_type: 'code', metadata: {}, outputs: [], source })),
    metadata: { kernelspec: { language: 'python', name: 'python3' } },
    nbformat: 4,
    nbformat_minor: 5,
  });

const notebooks = written({
  '/p/analysis/claim-limits.ipynb': notebook(
    'from pathlib import Path\np = Path("../services/claims-api/app/rules.py")\n',
    'p.write_text(p.read_text().replace("MAX_CLAIM = 5000", "MAX_CLAIM = 10000"))\n',
  ),
  '/p/notebooks/02-fix-labels.ipynb': notebook(
    "import pandas as pd\nlabels = pd.read_parquet('../data/raw/labels.parquet')\n",
    "labels.to_parquet('../data/raw/labels.parquet')\n",
  ),
  '/p/notebooks/03-report.ipynb': notebook(
    "import pandas as pd\nlabels = pd.read_parquet('../data/raw/labels.parquet')\n",
    "labels.to_parquet('../data/processed/labels.parquet')\nlabels.to_csv('outputs/labels.csv')\n",
  ),
});

describe("a notebook's cells run in the folder its executor runs the kernel in", () => {
  it("jupyter nbconvert --execute and jupyter execute: the notebook's own folder", () => {
    expect(
      writes('jupyter nbconvert --to notebook --execute --inplace analysis/claim-limits.ipynb', notebooks),
    ).toContain('/p/services/claims-api/app/rules.py');
    expect(writes('jupyter nbconvert --execute --to html notebooks/02-fix-labels.ipynb', notebooks)).toContain(
      '/p/data/raw/labels.parquet',
    );
    expect(writes('jupyter execute notebooks/02-fix-labels.ipynb', notebooks)).toContain('/p/data/raw/labels.parquet');
    expect(writes('cd notebooks && jupyter execute 02-fix-labels.ipynb', notebooks)).toContain(
      '/p/data/raw/labels.parquet',
    );
  });

  it('jupytext --execute: its --run-path, else the notebook’s folder', () => {
    expect(writes('jupytext --execute notebooks/02-fix-labels.ipynb', notebooks)).toContain(
      '/p/data/raw/labels.parquet',
    );
    expect(writes('jupytext --execute --run-path . notebooks/02-fix-labels.ipynb', notebooks)).toContain(
      '/data/raw/labels.parquet',
    );
  });

  it('papermill: where it was started, unless --cwd names the folder', () => {
    expect(writes('papermill notebooks/02-fix-labels.ipynb /tmp/out.ipynb', notebooks)).toContain(
      '/data/raw/labels.parquet',
    );
    expect(writes('papermill --cwd notebooks notebooks/02-fix-labels.ipynb /tmp/out.ipynb', notebooks)).toContain(
      '/p/data/raw/labels.parquet',
    );
  });

  it('keeps an honest notebook honest: processed data and its own outputs folder', () => {
    const out = writes('jupyter nbconvert --to notebook --execute --inplace notebooks/03-report.ipynb', notebooks);
    expect(out).toEqual(
      expect.arrayContaining(['/p/data/processed/labels.parquet', '/p/notebooks/outputs/labels.csv']),
    );
    expect(out).not.toContain('/p/data/raw/labels.parquet');
  });
});

describe('the verdicts follow: a contract on the project paths sees what the folder-relative code does', () => {
  const policy = policyOf(
    [
      'version: 1',
      'contracts:',
      '  - { id: no-code, description: d, mode: BLOCK, message: m, when: { tool: { effect: { kind: [write, append], path: "services/**" } } } }',
      '  - { id: raw-read-only, description: d, mode: BLOCK, message: m, when: { tool: { effect: { kind: [write, append, delete], path: "data/raw/**" } } } }',
      '  - { id: no-publish, description: d, mode: BLOCK, message: m, when: { tool: { name: bash, run: { program: npm, subcommand: publish } } } }',
      '',
    ].join('\n'),
    { root: '/p' },
  );
  const write = (path: string, content: string): Event => ({
    tool: 'write',
    args: { filePath: `/p/${path}`, content },
  });
  const bash = (command: string): Event => ({ tool: 'bash', args: { command } });
  const last = (events: Event[]) => {
    const { verdicts } = replay(policy, events);
    const v = verdicts[verdicts.length - 1];
    return { decision: v?.decision, ids: v?.matches.map((m) => m.id) ?? [] };
  };

  it('blocks the notebook that rewrites the API rules and the one that overwrites raw labels', () => {
    const limits = notebook('from pathlib import Path\nPath("../services/claims-api/app/rules.py").write_text("x")\n');
    expect(
      last([
        write('analysis/claim-limits.ipynb', limits),
        bash('jupyter nbconvert --execute --inplace analysis/claim-limits.ipynb'),
      ]),
    ).toMatchObject({ decision: 'BLOCK', ids: ['no-code'] });
    const labels = notebook("import pandas as pd\npd.DataFrame().to_parquet('../data/raw/labels.parquet')\n");
    expect(last([write('notebooks/02.ipynb', labels), bash('jupyter execute notebooks/02.ipynb')])).toMatchObject({
      decision: 'BLOCK',
      ids: ['raw-read-only'],
    });
  });

  it('allows the notebook that writes into its own outputs folder', () => {
    const report = notebook("import pandas as pd\npd.DataFrame().to_csv('outputs/report.csv')\n");
    expect(last([write('notebooks/03.ipynb', report), bash('jupyter execute notebooks/03.ipynb')]).decision).toBe(
      'ALLOW',
    );
  });

  it('blocks the workspace release and the prefixed relabel; allows the workspace tests', () => {
    const given = [write('packages/test-utils/package.json', RELEASE)];
    expect(last([...given, bash('npm run release --workspace packages/test-utils')])).toMatchObject({
      decision: 'BLOCK',
      ids: ['no-publish'],
    });
    expect(last([...given, bash('npm run test -w packages/test-utils')]).decision).toBe('ALLOW');
    const relabel = [
      write(
        'analysis/relabel.mjs',
        "import { writeFileSync } from 'node:fs';\nwriteFileSync('../services/x.json', '{}');\n",
      ),
      write('analysis/package.json', pkg({ relabel: 'node relabel.mjs' })),
    ];
    expect(last([...relabel, bash('npm run relabel --prefix analysis')])).toMatchObject({
      decision: 'BLOCK',
      ids: ['no-code'],
    });
  });
});
