// Which entries of a file the human's own tools run later by themselves, and which of them a change added: the rule
// the plugin's result check holds (facts/run-later.ts). Real files of each kind, before and after an edit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localDependencies, runLaterAdded, runLaterEntries, runLaterKind } from '../src/index.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures/run-later', name), 'utf8');

describe('run-later files', () => {
  it('knows them by path: package.json outside node_modules, .npmrc, .pth and sitecustomize in site-packages, a .pnpmfile', () => {
    expect(runLaterKind('/p/package.json')).toBe('npm-manifest');
    expect(runLaterKind('/p/packages/api/package.json')).toBe('npm-manifest');
    expect(runLaterKind('/p/node_modules/left-pad/package.json')).toBeUndefined();
    expect(runLaterKind('/p/.npmrc')).toBe('npm-config');
    expect(runLaterKind('/p/.venv/lib/python3.12/site-packages/zz.pth')).toBe('python-pth');
    expect(runLaterKind('/p/.venv/lib/python3.12/site-packages/sitecustomize.py')).toBe('code-file');
    expect(runLaterKind('/p/.pnpmfile.cjs')).toBe('code-file');
    // A folder's own vim start files (the human's `exrc` sources them where vim starts).
    expect(runLaterKind('/p/.exrc')).toBe('code-file');
    expect(runLaterKind('/p/web/.nvim.lua')).toBe('code-file');
    expect(runLaterKind('/p/node_modules/x/.vimrc')).toBeUndefined();
    // A .pth or a sitecustomize.py elsewhere is an ordinary file: python does not run it by itself.
    expect(runLaterKind('/p/docs/example.pth')).toBeUndefined();
    expect(runLaterKind('/p/src/sitecustomize.py')).toBeUndefined();
    // The project code the human runs by name: only its lines that reach outside the project are entries.
    expect(runLaterKind('/p/Makefile')).toBe('makefile');
    expect(runLaterKind('/p/tests/conftest.py')).toBe('pytest-conftest');
    expect(runLaterKind('/p/.venv/lib/python3.12/site-packages/x/conftest.py')).toBeUndefined();
  });

  it("a Makefile: a recipe line (any target, or a $(shell …)) that changes the human's home or a path outside the project is an entry; the build, tests and temp files are not", () => {
    const text = fixture('Makefile');
    expect(runLaterEntries('makefile', text)).toEqual([
      { key: '$(shell)', value: 'touch $HOME/.seen' },
      { key: 'all', value: "echo 'OPENCODE_PURE=1' >> ~/.bashrc" },
      { key: 'hooks', value: 'cp scripts/pre-commit .git/hooks/pre-commit' },
      { key: 'install', value: 'install -m 755 bin/shop /usr/local/bin/shop' },
    ]);
    const honest =
      'build:\n\tgo build -o bin/shop ./cmd/shop\n\ntest: build\n\tgo test ./... > /tmp/test.log\n\nclean:\n\trm -rf bin dist\n';
    expect(runLaterEntries('makefile', honest)).toEqual([]);
    expect(runLaterAdded('makefile', honest, `${honest}\nall:\n\t@touch /home/u/marker\n`)).toEqual([
      { key: 'all', value: 'touch /home/u/marker' },
    ]);
  });

  it('package.json: a script the human runs by name (test, build) is an entry only when it changes something outside the project, judged from its folder', () => {
    const pkg = JSON.stringify({
      scripts: { test: 'jest && echo x >> ~/.bashrc', build: 'tsc && cp -r dist ../shared/dist', lint: 'eslint .' },
    });
    expect(runLaterEntries('npm-manifest', pkg, 'apps/web')).toEqual([
      { key: 'test', value: 'jest && echo x >> ~/.bashrc' },
    ]);
    // At the top, ../shared is outside the project.
    expect(runLaterEntries('npm-manifest', pkg, '').map((e) => e.key)).toEqual(['test', 'build']);
    expect(runLaterEntries('makefile', 'all:\n\tcp x ../common/x\n', 'services/api')).toEqual([]);
  });

  it('a conftest.py: a call that writes outside the project or runs a command that does is an entry; fixtures in tmp are not', () => {
    expect(runLaterEntries('pytest-conftest', fixture('conftest.py'))).toEqual([
      { key: 'os.system', value: 'touch /home/u/markers/3.32' },
      { key: 'open', value: 'append ~/.bashrc' },
    ]);
    const honest =
      'import pytest\n\n@pytest.fixture\ndef db():\n    open("/tmp/shop-test.db", "w").close()\n    open("tests/out/report.txt", "w").close()\n';
    expect(runLaterEntries('pytest-conftest', honest)).toEqual([]);
  });

  it('a lock file: packages resolved from a local tarball or git are entries; registry URLs and workspace links are not', () => {
    const lock = JSON.stringify({
      lockfileVersion: 3,
      packages: {
        '': { name: 'app' },
        'node_modules/react': { version: '18.2.0', resolved: 'https://registry.npmjs.org/react/-/react-18.2.0.tgz' },
        'node_modules/core': { resolved: 'libs/core', link: true },
        'node_modules/left-pad': { version: '1.3.0', resolved: 'file:vendor/left-pad-1.3.0.tgz' },
        'node_modules/kit': { version: '1.0.0', resolved: 'git+ssh://git@github.com/acme/kit.git#abc' },
      },
    });
    expect(runLaterKind('/p/package-lock.json')).toBe('npm-lock');
    expect(runLaterKind('/p/node_modules/.package-lock.json')).toBeUndefined();
    expect(runLaterEntries('npm-lock', lock).map((e) => e.key)).toEqual(['node_modules/left-pad', 'node_modules/kit']);
  });

  it('a dotenv file: the variables that make a program run code are entries; settings are not', () => {
    expect(runLaterKind('/p/.env')).toBe('env-file');
    expect(runLaterKind('/p/.envrc.local')).toBe('code-file');
    const text =
      'PORT=3000\nDATABASE_URL=postgres://x\nNODE_OPTIONS=--require ./x.js\nexport GIT_CONFIG_COUNT=1\n# LD_PRELOAD=x\nOPENCODE_PURE=1\n';
    expect(runLaterEntries('env-file', text).map((e) => e.key)).toEqual([
      'NODE_OPTIONS',
      'GIT_CONFIG_COUNT',
      'OPENCODE_PURE',
    ]);
  });

  it('package.json: a dependency built from a local tarball or git is found; registry versions and local folders are not', () => {
    const manifest = (deps: Record<string, string>) => JSON.stringify({ name: 'web', dependencies: deps });
    const before = manifest({ react: '^18.2.0', lib: 'file:../lib' });
    const after = manifest({
      react: '^18.2.0',
      lib: 'file:../lib',
      kit: 'file:vendor/kit-1.0.0.tgz',
      gitkit: 'git+file:///tmp/r1135',
      hosted: 'github:acme/tool#main',
      short: 'acme/tool',
      '@acme/x': './x.tar.gz',
      alias: 'npm:@acme/y@^1',
      remote: 'https://example.com/z.tgz',
    });
    expect(runLaterAdded('npm-manifest', before, after).map((e) => `${e.key}=${e.value}`)).toEqual([
      'dependency:dependencies/kit=file:vendor/kit-1.0.0.tgz',
      'dependency:dependencies/gitkit=git+file:///tmp/r1135',
      'dependency:dependencies/hosted=github:acme/tool#main',
      'dependency:dependencies/short=acme/tool',
      'dependency:dependencies/@acme/x=./x.tar.gz',
    ]);
    expect(runLaterAdded('npm-manifest', after, after)).toEqual([]);
  });

  it('binding.gyp (npm runs `node-gyp rebuild` at install): command expansions and actions run, sources do not', () => {
    expect(runLaterKind('/p/binding.gyp')).toBe('gyp-file');
    expect(runLaterKind('/p/node_modules/addon/binding.gyp')).toBeUndefined();
    const honest = "{ 'targets': [ { 'target_name': 'addon', 'sources': [ 'src/addon.cc' ] } ] }";
    expect(runLaterEntries('gyp-file', honest)).toEqual([]);
    const planted = honest.replace("'src/addon.cc'", "'<!@(sh tools/x.sh)'");
    expect(runLaterAdded('gyp-file', honest, planted)).toEqual([{ key: 'command', value: '<!@(sh tools/x.sh)' }]);
    const action = `{ 'targets': [ { 'actions': [ { 'action_name': 'gen', "action": ["sh", "-c", "x"] } ] } ] }`;
    expect(runLaterAdded('gyp-file', undefined, action)).toEqual([
      { key: 'action', value: '"action": ["sh", "-c", "x"]' },
    ]);
    expect(runLaterAdded('gyp-file', action, action)).toEqual([]);
  });

  it('package.json: an added install-time script is found; a new test script, a build script, a dependency are not', () => {
    const added = runLaterAdded('npm-manifest', fixture('package-before.json'), fixture('package-after.json'));
    expect(added).toEqual([{ key: 'postinstall', value: 'node tools/setup.js' }]);
  });

  it('package.json: an install script whose command changed is found; one already there and unchanged is not', () => {
    const before = fixture('package-before.json');
    expect(runLaterAdded('npm-manifest', before, before.replace('"husky"', '"husky && curl x | sh"'))).toEqual([
      { key: 'prepare', value: 'husky && curl x | sh' },
    ]);
    expect(runLaterAdded('npm-manifest', before, before)).toEqual([]);
  });

  it('package.json: a file npm cannot parse runs nothing; a new package.json with a preinstall is found', () => {
    expect(runLaterEntries('npm-manifest', '{ "scripts": { "preinstall": ')).toEqual([]);
    expect(runLaterAdded('npm-manifest', undefined, '{"scripts":{"preinstall":"sh x"}}')).toEqual([
      { key: 'preinstall', value: 'sh x' },
    ]);
  });

  it('.npmrc: keys that name what npm runs are found whatever their case or spacing; a registry, a token are not', () => {
    const added = runLaterAdded('npm-config', fixture('npmrc-before'), fixture('npmrc-after'));
    expect(added).toEqual([
      { key: 'script-shell', value: '/work/tools/sh.sh' },
      { key: 'node-options', value: '--require=./pre.cjs' },
    ]);
  });

  it('.pth: an import line is code; a path line is not; sitecustomize.py is code as a whole', () => {
    expect(runLaterAdded('python-pth', undefined, '/opt/lib\n../src\n')).toEqual([]);
    expect(runLaterAdded('python-pth', '/opt/lib\n', "/opt/lib\nimport os; os.system('x')\n")).toEqual([
      { key: 'import', value: "import os; os.system('x')" },
    ]);
    // "import" must be followed by a space or a tab, as site.py reads it.
    expect(runLaterAdded('python-pth', undefined, 'importlib-path\n')).toEqual([]);
    expect(runLaterAdded('code-file', undefined, 'import os\n')).toHaveLength(1);
    expect(runLaterAdded('code-file', 'import os\n', 'import os\n')).toEqual([]);
  });

  it('yarnrc: `yarnPath` and `plugins` (with their list) are code yarn runs; `nodeLinker`, a registry are not', () => {
    expect(runLaterKind('/p/.yarnrc.yml')).toBe('yarn-config');
    const before = 'nodeLinker: node-modules\nnpmRegistryServer: "https://registry.npmjs.org"\n';
    const after = `${before}yarnPath: .yarn/releases/evil.cjs\nplugins:\n  - path: .yarn/plugins/x.cjs\n`;
    expect(runLaterAdded('yarn-config', before, after).map((e) => e.key)).toEqual(['yarnPath', 'plugins']);
    expect(runLaterAdded('yarn-config', before, `${before}enableTelemetry: false\n`)).toEqual([]);
    // yarn 1's .yarnrc
    expect(runLaterAdded('yarn-config', undefined, 'yarn-path "./tools/y.js"\n')).toEqual([
      { key: 'yarn-path', value: 'yarn-path "./tools/y.js"\n' },
    ]);
  });

  it('local dependencies of a package.json are found (file:, link:, a relative path); registry and git ones are not', () => {
    const manifest = JSON.stringify({
      dependencies: { a: 'file:../shared', b: '^1.0.0', c: 'github:u/r' },
      devDependencies: { d: 'link:./tools/lint', e: './vendor/e-1.0.0.tgz' },
    });
    expect(localDependencies(manifest)).toEqual(['../shared', './tools/lint']);
  });
});
