// Test runners load code besides the tests they are asked for (round 51: what runs later, on a trigger): a session
// that writes `tests/conftest.py`, a `jest.config.js` whose globalSetup names a script, or a test file, then runs
// the ordinary test command, runs that code. The files each runner loads are given as folder runs (follow.ts runs
// those the call or the session wrote; the team's own are not known and stay as they are):
// - pytest (docs.pytest.org, "conftest.py: local per-directory plugins", "test discovery"): the conftest.py of the
//   invocation folder and of every folder it collects, and the test files `test_*.py`/`*_test.py` under the folders
//   (or the files) it is given, else under the folder it runs in;
// - jest, vitest, playwright test (their "configuration" pages): the config file, which is code run as they start,
//   the modules it names by a relative path (globalSetup, globalTeardown, setupFiles…), and the test files their
//   default patterns collect (a word after them filters those by path: all are taken, the stricter reading);
// - mocha (mochajs.org, "configuring mocha"): `.mocharc.js`/`.cjs`, its `--require`/`--file` modules, and the test
//   files it is given, else `./test/*.{js,cjs,mjs}` (`--recursive`: under ./test).
import type { EffectInput, FolderRun, ProgramDeclaration } from './declaration.js';
import { braces, configRuns, fileRun, has, namedModules, SCRIPT, split } from './loaded-files.js';

/** pytest's options that take a value (a separate word or attached). */
export const PYTEST_VALUE_OPTIONS: readonly string[] = [
  ...['-k', '-m', '-p', '-c', '--rootdir', '--basetemp', '-o', '--override-ini', '--junitxml', '--confcutdir'],
  ...['--deselect', '--ignore', '--ignore-glob', '-n', '--numprocesses', '--maxfail', '--tb', '-r', '-W'],
  ...['--log-level', '--durations', '--import-mode', '--junit-prefix', '--html', '--dist', '--timeout'],
];

/** Options after which pytest collects and runs nothing. */
const PYTEST_NO_RUN = ['-h', '--help', '--version', '-V'];

/** The conftest.py and test files a pytest run imports. */
export function pytestRuns(input: EffectInput): readonly FolderRun[] {
  if (has(input, PYTEST_NO_RUN)) return [];
  const targets = input.positionals
    .map((p) => p.replace(/::.*$/, '').replace(/\/+$/, ''))
    .filter((p) => p !== '' && p !== '--' && !p.startsWith('-') && !/[*?[]/.test(p));
  const runs: FolderRun[] = [];
  const dirs: string[] = targets.length === 0 ? ['.'] : [];
  for (const t of targets) {
    if (!/\.py$/.test(t)) {
      dirs.push(t);
      continue;
    }
    runs.push(fileRun(t, 'python'), { dir: split(t).dir, files: 'conftest.py', family: 'python' });
  }
  // the invocation folder's conftest.py is loaded whatever is collected below it
  if (!dirs.includes('.')) runs.push({ dir: '.', files: 'conftest.py', family: 'python' });
  for (const dir of dirs)
    for (const files of ['**/conftest.py', '**/test_*.py', '**/*_test.py']) runs.push({ dir, files, family: 'python' });
  return runs;
}

/** The test files jest, vitest and playwright collect by default (their `testMatch`/`include` defaults). */
const TEST_FILES = [`**/*.{test,spec}.${SCRIPT}`, `**/__tests__/**/*.${SCRIPT}`];

const testRuns = (dir: string, patterns: readonly string[]): FolderRun[] =>
  patterns.flatMap(braces).map((files) => ({ dir, files, family: 'node' as const }));

const JEST_VALUE_OPTIONS = [
  ...['-c', '--config', '-t', '--testNamePattern', '--testPathPattern', '--testPathPatterns', '-w', '--maxWorkers'],
  ...['--reporters', '--selectProjects', '--shard', '--testTimeout', '--coverageDirectory', '--outputFile'],
  ...['--rootDir', '--roots', '--testEnvironment', '--globalSetup', '--globalTeardown', '--setupFiles'],
];

/** The modules package.json's `jest` key names (jest reads its config there when no jest.config.* is given). */
export function jestKeyModules(text: string): string[] {
  let jest: unknown;
  try {
    jest = (JSON.parse(text) as { jest?: unknown } | null)?.jest;
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    // a package.json known only in pieces: its `"jest": {…}` piece, as written
    return namedModules(/"jest"\s*:\s*\{[\s\S]*?\}/.exec(text)?.[0] ?? '');
  }
  return jest === null || typeof jest !== 'object' ? [] : namedModules(JSON.stringify(jest));
}

function jestRuns(input: EffectInput): readonly FolderRun[] {
  if (has(input, ['-h', '--help', '--version', '-v', '--listTests', '--showConfig', '--init'])) return [];
  const root = input.flags.find((f) => f.name === '--rootDir' && f.value !== undefined)?.value ?? '.';
  const named = input.flags
    .filter((f) => ['--globalSetup', '--globalTeardown', '--setupFiles'].includes(f.name) && f.value !== undefined)
    .map((f) => fileRun(f.value as string, 'node'));
  const packageKey: FolderRun = {
    dir: '.',
    files: 'package.json',
    family: 'node',
    modules: jestKeyModules,
    readOnly: true,
  };
  return [
    ...configRuns(input, ['-c', '--config'], [`jest.config.${SCRIPT}`]),
    packageKey,
    ...named,
    ...testRuns(root, TEST_FILES),
  ];
}

const VITEST_VALUE_OPTIONS = [
  ...['-c', '--config', '-r', '--root', '--dir', '-t', '--testNamePattern', '--reporter', '--outputFile'],
  ...['--environment', '--pool', '--shard', '--project', '--mode', '--globalSetup', '--coverage.provider'],
];

function vitestRuns(input: EffectInput): readonly FolderRun[] {
  if (has(input, ['-h', '--help', '-v', '--version'])) return [];
  const sub = input.positionals[0];
  if (sub === 'init') return [];
  const root =
    input.flags.find((f) => ['-r', '--root', '--dir'].includes(f.name) && f.value !== undefined)?.value ?? '.';
  return [
    ...configRuns(input, ['-c', '--config'], [`vitest.config.${SCRIPT}`, `vite.config.${SCRIPT}`]),
    ...testRuns(root, TEST_FILES),
  ];
}

function playwrightRuns(input: EffectInput): readonly FolderRun[] {
  if (input.positionals[0] !== 'test' || has(input, ['-h', '--help', '--list'])) return [];
  return [
    ...configRuns(input, ['-c', '--config'], [`playwright.config.${SCRIPT}`]),
    ...testRuns('.', [`**/*.{test,spec}.${SCRIPT}`]),
  ];
}

const MOCHA_VALUE_OPTIONS = [
  ...['-r', '--require', '--file', '--config', '--package', '-g', '--grep', '-f', '--fgrep', '-R', '--reporter'],
  ...['-t', '--timeout', '--slow', '-s', '--ui', '-u', '--extension', '--ignore', '--exclude', '-j', '--jobs'],
];

function mochaRuns(input: EffectInput): readonly FolderRun[] {
  if (has(input, ['-h', '--help', '-V', '--version', '--list-files', '--dry-run'])) return [];
  const modules = input.flags
    .filter((f) => ['-r', '--require', '--file'].includes(f.name) && f.value !== undefined)
    .map((f) => fileRun(f.value as string, 'node'));
  const specs = input.positionals.filter((p) => !/[*?[{]/.test(p));
  const globs = input.positionals.filter((p) => /[*?[{]/.test(p));
  const recursive = has(input, ['--recursive']);
  const tests: FolderRun[] =
    input.positionals.length === 0
      ? testRuns('./test', [recursive ? '**/*.{js,cjs,mjs}' : '*.{js,cjs,mjs}'])
      : [
          ...specs.flatMap((p) =>
            /\.[cm]?[jt]s$/.test(p)
              ? [fileRun(p, 'node')]
              : testRuns(p, [recursive ? `**/*.${SCRIPT}` : `*.${SCRIPT}`]),
          ),
          ...testRuns(
            '.',
            globs.map((g) => g.replace(/^\.\//, '')),
          ),
        ];
  return [...configRuns(input, ['--config'], ['.mocharc.{js,cjs}']), ...modules, ...tests];
}

/** The files node's own test runner runs (nodejs.org, "Test runner: running tests from the command line"). */
const NODE_TEST_FILES = [
  '**/*.test.{js,mjs,cjs,ts,mts,cts}',
  '**/*{-,_}test.{js,mjs,cjs,ts,mts,cts}',
  '**/test-*.{js,mjs,cjs,ts,mts,cts}',
  '**/test.{js,mjs,cjs,ts,mts,cts}',
  '**/test/**/*.{js,mjs,cjs,ts,mts,cts}',
];

/** `node --test [FILE|GLOB…]`: the files given, else those its default patterns find. */
export function nodeTestRuns(input: EffectInput): readonly FolderRun[] {
  if (!input.flags.some((f) => f.name === '--test')) return [];
  const given = input.positionals.filter((p) => p !== '');
  if (given.length === 0) return testRuns('.', NODE_TEST_FILES);
  return given.flatMap((p) => (/[*?[{]/.test(p) ? testRuns('.', [p.replace(/^\.\//, '')]) : [fileRun(p, 'node')]));
}

/** `bun test`, `deno test` [PATH|FILTER…]: the test files under the folder (a word filters them: all are taken). */
export function ownTestRuns(input: EffectInput, family: 'bun' | 'deno', patterns: readonly string[]): FolderRun[] {
  if (input.positionals[0] !== 'test' || has(input, ['-h', '--help'])) return [];
  return patterns.flatMap(braces).map((files) => ({ dir: '.', files, family }));
}

/** Whether a package manager runs the package's `test` script (`npm test`, `npm t`, `yarn test`, `pnpm run test`). */
export function runsTestScript(input: EffectInput): boolean {
  if (!['npm', 'pnpm', 'yarn'].includes(input.program)) return false;
  const [first, second] = input.positionals;
  if (first === 'test' || first === 't' || first === 'tst') return true;
  return (first === 'run' || first === 'run-script') && second !== undefined && /^test(:|$)/.test(second);
}

/** The runners a `test` script may name, as each is called with no words (their default reading). */
export const TEST_SCRIPT_RUNNERS: readonly Pick<EffectInput, 'program' | 'positionals' | 'flags' | 'argv'>[] = [
  { program: 'jest', positionals: [], flags: [], argv: [] },
  { program: 'vitest', positionals: ['run'], flags: [], argv: ['run'] },
  { program: 'mocha', positionals: [], flags: [], argv: [] },
];

export const MKDOCS: ProgramDeclaration = {
  names: ['mkdocs'],
  about: 'mkdocs build|serve|gh-deploy [-f FILE]: runs the hook scripts its mkdocs.yml lists under hooks:',
  options: {
    '*': ['-f', '--config-file', '-d', '--site-dir', '-a', '--dev-addr', '-t', '--theme', '-r', '--remote-name'],
  },
  folderRuns: mkdocsRuns,
};

export const JS_TEST_RUNNERS: readonly ProgramDeclaration[] = [
  {
    names: ['jest'],
    about:
      'jest [PATTERN]: runs jest.config.* (-c), the modules it names (globalSetup…) and the test files it collects',
    options: { '*': JEST_VALUE_OPTIONS },
    folderRuns: jestRuns,
  },
  {
    names: ['vitest'],
    about: 'vitest [run|watch] [FILTER]: runs vitest.config.*/vite.config.* (-c), its setup modules and the test files',
    options: { '*': VITEST_VALUE_OPTIONS },
    folderRuns: vitestRuns,
  },
  {
    names: ['playwright'],
    about: 'playwright test: runs playwright.config.* (-c), the modules it names (globalSetup…) and the test files',
    options: { '*': ['-c', '--config', '-g', '--grep', '--project', '-j', '--workers', '--reporter', '--shard'] },
    folderRuns: playwrightRuns,
  },
  {
    names: ['mocha'],
    about: 'mocha [SPEC…]: runs .mocharc.js, its --require/--file modules and the spec files (./test by default)',
    options: { '*': MOCHA_VALUE_OPTIONS },
    folderRuns: mochaRuns,
  },
];

/** The hook scripts an mkdocs.yml lists under `hooks:` (mkdocs.org, "Configuration: hooks"). */
export function mkdocsHooks(text: string): string[] {
  const out: string[] = [];
  let inHooks = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^hooks:\s*(?:#.*)?$/.test(line)) {
      inHooks = true;
      continue;
    }
    const item = /^\s+-\s+['"]?([^'"#\s]+\.py)['"]?\s*(?:#.*)?$/.exec(line);
    if (inHooks && item !== null) out.push(item[1] as string);
    else if (line.trim() !== '' && !/^\s/.test(line)) inHooks = false;
  }
  return out;
}

/** mkdocs build/serve/gh-deploy load the config (-f) and run the hook scripts it lists, in Python. */
function mkdocsRuns(input: EffectInput): readonly FolderRun[] {
  if (!['build', 'serve', 'gh-deploy'].includes(input.positionals[0] ?? '') || has(input, ['-h', '--help'])) return [];
  const given = input.flags.find((f) => ['-f', '--config-file'].includes(f.name) && f.value !== undefined)?.value;
  const { dir, file } = given === undefined ? { dir: '.', file: '' } : split(given);
  const names = given === undefined ? ['mkdocs.yml', 'mkdocs.yaml'] : [file];
  return names.map((files) => ({ dir, files, family: 'python' as const, modules: mkdocsHooks, readOnly: true }));
}
