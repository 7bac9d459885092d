// opencode configuration in sub-folders of the project: existing ones are protect facts (found at load), a new one is
// removed after the call unless the human's bypass keeps it, node_modules, .git and build output are not searched,
// and a file tool's path tells whether a search is worth it. Real folders, no mocks.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { protectFacts } from '../core/protection.js';
import { namesSubConfig, SubConfigFinder } from '../core/sub-configs.js';
import { SubConfigWatch } from './sub-config-watch.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, stdio: 'ignore' });

function put(path: string, text = ''): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sa-sub-'));
  put(join(dir, '.opencode/opencode-semantic-anchors.yaml'), 'version: 1\n');
  put(join(dir, 'opencode.json'), '{}');
  put(join(dir, 'packages/app/src/index.ts'), 'export {};\n');
  put(join(dir, 'packages/api/.opencode/command/deploy.md'), 'Deploy\n');
  put(join(dir, 'packages/api/opencode.json'), '{}');
  put(join(dir, 'node_modules/pkg/.opencode/plugins/x.js'), '');
  put(join(dir, 'target/debug/build/.opencode/plugins/x.js'), '');
  return dir;
}

describe("opencode configuration in the project's sub-folders", () => {
  it("finds the sub-folders' .opencode and opencode.json, never the project's own, never inside node_modules or build output", () => {
    const dir = project();
    expect(new SubConfigFinder(dir).find().places.sort()).toEqual([
      join(dir, 'packages/api/.opencode'),
      join(dir, 'packages/api/opencode.json'),
    ]);
  });

  it('the ones that exist at load are protected like the project’s own (config folder, host file)', () => {
    const dir = project();
    const facts = protectFacts({ directory: dir, worktree: dir, home: join(dir, 'home'), env: {} }, []);
    expect(facts.configDirs).toContain(join(dir, 'packages/api/.opencode'));
    expect(facts.hostFiles).toContain(join(dir, 'packages/api/opencode.json'));
    expect(facts.hostFiles).toContain(join(dir, 'packages/api/.opencode/plugins/**'));
  });

  it('a new .opencode folder or opencode.json in a sub-folder is removed; the human’s bypass keeps it', () => {
    const dir = project();
    const watch = new SubConfigWatch(dir);
    watch.accept();
    put(join(dir, 'packages/app/.opencode/plugins/x.js'), 'export const X = async () => ({});\n');
    put(join(dir, 'packages/app/deep/er/opencode.jsonc'), '{ "plugin": ["./x.js"] }');
    put(join(dir, 'packages/app/src/more.ts'), 'export {};\n');
    const found = watch.check(() => false);
    expect(found.map((f) => [f.path, f.result]).sort()).toEqual([
      [join(dir, 'packages/app/.opencode'), 'restored'],
      [join(dir, 'packages/app/deep/er/opencode.jsonc'), 'restored'],
    ]);
    expect(existsSync(join(dir, 'packages/app/.opencode'))).toBe(false);
    expect(existsSync(join(dir, 'packages/app/src/more.ts'))).toBe(true);
    expect(existsSync(join(dir, 'packages/api/.opencode/command/deploy.md'))).toBe(true);
    put(join(dir, 'packages/web/opencode.json'), '{ "model": "x" }');
    expect(watch.check(() => true)).toEqual([expect.objectContaining({ result: 'approved' })]);
    expect(watch.check(() => false)).toEqual([]);
  });

  it("a checkout of the project's own configuration in a sub-folder (a linked worktree) stays while it is a copy, and goes once it differs", () => {
    const dir = project();
    const watch = new SubConfigWatch(dir);
    watch.accept();
    put(join(dir, 'wt/.opencode/opencode-semantic-anchors.yaml'), 'version: 1\n');
    put(join(dir, 'wt/opencode.json'), '{}');
    expect(watch.check(() => false)).toEqual([]);
    expect(existsSync(join(dir, 'wt/.opencode/opencode-semantic-anchors.yaml'))).toBe(true);
    put(join(dir, 'wt/.opencode/plugins/x.js'), 'export const X = async () => ({});\n');
    expect(watch.check(() => false).map((f) => [f.path, f.result])).toEqual([[join(dir, 'wt/.opencode'), 'restored']]);
    expect(existsSync(join(dir, 'wt/.opencode'))).toBe(false);
    // A copy of a configuration that names a file by a relative path would load the sub-folder's own file: not a copy.
    put(join(dir, 'opencode.json'), '{ "plugin": ["./tools/team.js"] }');
    put(join(dir, 'wt2/opencode.json'), '{ "plugin": ["./tools/team.js"] }');
    // (wt/opencode.json, a copy of the old `{}`, differs now too.)
    expect(
      watch
        .check(() => false)
        .map((f) => f.path)
        .sort(),
    ).toEqual([join(dir, 'wt/opencode.json'), join(dir, 'wt2/opencode.json')]);
  });

  it("a file tool's path names a sub-folder's configuration, or does not", () => {
    expect(namesSubConfig('/p/packages/app/.opencode/plugins/x.js', '/p')).toBe(true);
    expect(namesSubConfig('/p/packages/app/opencode.json', '/p')).toBe(true);
    expect(namesSubConfig('/p/packages/app/src/index.ts', '/p')).toBe(false);
    expect(namesSubConfig('/p/.opencode/x.md', '/p')).toBe(false);
    expect(namesSubConfig('/elsewhere/a/.opencode/x', '/p')).toBe(false);
  });

  it('a repository new in a sub-folder that runs code is removed; a fresh one stays; the human’s from load is never removed; a bypass keeps one', () => {
    const dir = project();
    git(dir, 'init', '-q', '.');
    git(dir, 'init', '-q', 'vendor/human');
    writeFileSync(join(dir, 'vendor/human/.git/hooks/pre-commit'), '#!/bin/sh\n', { mode: 0o755 });
    const watch = new SubConfigWatch(dir);
    watch.accept();
    git(dir, 'init', '-q', 'tools/gen');
    git(dir, 'init', '-q', 'vendor/lib');
    expect(watch.check(() => false)).toEqual([]);
    put(join(dir, 'vendor/lib/.git/config'), '[core]\n\tfsmonitor = "touch /tmp/m #"\n');
    put(join(dir, 'src/.git'), `gitdir: ${join(dir, 'vendor/lib/.git')}\n`);
    writeFileSync(join(dir, 'vendor/human/.git/hooks/post-commit'), '#!/bin/sh\n', { mode: 0o755 });
    const found = watch.check(() => false);
    expect(found.map((f) => [f.path, f.contract, f.result]).sort()).toEqual([
      [join(dir, 'src/.git'), 'anchor-protect-git-hooks', 'restored'],
      [join(dir, 'vendor/lib/.git'), 'anchor-protect-git-hooks', 'restored'],
    ]);
    expect(existsSync(join(dir, 'src/.git'))).toBe(false);
    expect(existsSync(join(dir, 'tools/gen/.git'))).toBe(true);
    expect(existsSync(join(dir, 'vendor/human/.git/hooks/post-commit'))).toBe(true);
    git(dir, 'init', '-q', 'kept');
    put(join(dir, 'kept/.git/hooks/pre-push'), '#!/bin/sh\n');
    expect(watch.check((c) => c === 'anchor-protect-git-hooks')).toEqual([
      expect.objectContaining({ path: join(dir, 'kept/.git'), result: 'approved' }),
    ]);
    expect(watch.check(() => false)).toEqual([]);
  });

  it("a bare repository in a sub-folder is a repository: the human's from load is protected, not looked into; a new one given a hook is removed, a fresh one stays", () => {
    const dir = project();
    git(dir, 'init', '-q', '.');
    git(dir, 'init', '-q', '--bare', 'deploy.git');
    const found = new SubConfigFinder(dir).find();
    expect(found.repos).toEqual([join(dir, 'deploy.git')]);
    // Its objects and refs are the repository's, not project folders.
    expect(found.folders).toBeLessThan(20);
    const facts = protectFacts({ directory: dir, worktree: dir }, []);
    expect(facts.gitFiles).toEqual(
      expect.arrayContaining([join(dir, 'deploy.git/config'), join(dir, 'deploy.git/hooks/**')]),
    );
    const watch = new SubConfigWatch(dir);
    watch.accept();
    git(dir, 'init', '-q', '--bare', 'tools/mirror.git');
    git(dir, 'init', '-q', '--bare', 'tools/evil.git');
    put(join(dir, 'tools/evil.git/hooks/post-receive'), '#!/bin/sh\ntouch /tmp/m\n');
    expect(watch.check(() => false)).toEqual([
      expect.objectContaining({ path: join(dir, 'tools/evil.git'), contract: 'anchor-protect-git-hooks' }),
    ]);
    expect(existsSync(join(dir, 'tools/evil.git'))).toBe(false);
    expect(existsSync(join(dir, 'tools/mirror.git/HEAD'))).toBe(true);
  });

  it("a worktree the agent adds inside a project whose repository has the human's hooks stays (they are the human's)", () => {
    const dir = project();
    git(dir, 'init', '-q', '.');
    git(dir, 'commit', '-q', '--allow-empty', '-m', 'init');
    writeFileSync(join(dir, '.git/hooks/pre-commit'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(dir, '.git/config'), '[alias]\n\tst = status\n', { flag: 'a' });
    const watch = new SubConfigWatch(dir);
    watch.accept();
    git(dir, 'worktree', 'add', '-q', '.worktrees/feature');
    expect(watch.check(() => false)).toEqual([]);
    expect(existsSync(join(dir, '.worktrees/feature/.git'))).toBe(true);
  });

  it('a compiled module written into a __pycache__ is removed (python compiles it again); one there before stays; a bypass keeps one', () => {
    const dir = project();
    put(join(dir, 'src/__pycache__/util.cpython-311.pyc'), 'human');
    const watch = new SubConfigWatch(dir);
    watch.accept();
    put(join(dir, 'src/__pycache__/main.cpython-311.pyc'), 'planted');
    put(join(dir, '__pycache__/top.cpython-311.pyc'), 'planted');
    const found = watch.check(() => false);
    expect(found.map((f) => [f.path, f.contract, f.result]).sort()).toEqual([
      [join(dir, '__pycache__/top.cpython-311.pyc'), 'anchor-protect-run-later', 'restored'],
      [join(dir, 'src/__pycache__/main.cpython-311.pyc'), 'anchor-protect-run-later', 'restored'],
    ]);
    expect(existsSync(join(dir, 'src/__pycache__/util.cpython-311.pyc'))).toBe(true);
    writeFileSync(join(dir, 'src/__pycache__/util.cpython-311.pyc'), 'rewritten');
    expect(watch.check((c) => c === 'anchor-protect-run-later')).toEqual([
      expect.objectContaining({ result: 'approved' }),
    ]);
    expect(watch.check(() => false)).toEqual([]);
    expect(namesSubConfig(join(dir, 'src/__pycache__/x.pyc'), dir)).toBe(true);
    // A host whose shells compile into the project (no shell.env: opencode 2) leaves __pycache__ alone.
    const loose = new SubConfigWatch(dir, false);
    loose.accept();
    put(join(dir, 'src/__pycache__/honest.cpython-311.pyc'), 'compiled by the agent');
    expect(loose.check(() => false)).toEqual([]);
    expect(namesSubConfig(join(dir, 'src/.git/config'), dir)).toBe(true);
  });

  it("a compiled module written into a package of the project's .venv is removed (the human's python loads it from there)", () => {
    const dir = project();
    const site = join(dir, '.venv/lib/python3.11/site-packages');
    put(join(dir, '.venv/pyvenv.cfg'), 'home = /usr/bin\n');
    put(join(site, 'mylib/__pycache__/util.cpython-311.pyc'), 'human');
    const watch = new SubConfigWatch(dir);
    watch.accept();
    put(join(site, 'mylib/__pycache__/__init__.cpython-311.pyc'), 'planted');
    expect(watch.check(() => false)).toEqual([
      expect.objectContaining({ path: join(site, 'mylib/__pycache__/__init__.cpython-311.pyc'), result: 'restored' }),
    ]);
    expect(existsSync(join(site, 'mylib/__pycache__/util.cpython-311.pyc'))).toBe(true);
  });

  it("a compiled module written into tox's or poetry's environment is removed (their python loads it from there)", () => {
    const dir = project();
    const poetry = mkdtempSync(join(tmpdir(), 'sa-poetry-'));
    const holders = [join(dir, '.tox'), poetry];
    const tox = join(dir, '.tox/py311/lib/python3.11/site-packages');
    const env = join(poetry, 'app-Xq3vT9aB-py3.11/lib/python3.11/site-packages');
    put(join(dir, '.tox/py311/pyvenv.cfg'), 'home = /usr/bin\n');
    put(join(poetry, 'app-Xq3vT9aB-py3.11/pyvenv.cfg'), 'home = /usr/bin\n');
    put(join(tox, 'mylib/__pycache__/util.cpython-311.pyc'), 'human');
    put(join(env, 'mylib/__init__.py'), 'print("hello")\n');
    const watch = new SubConfigWatch(dir, true, holders);
    watch.accept();
    put(join(tox, 'mylib/__pycache__/__init__.cpython-311.pyc'), 'planted');
    put(join(env, 'mylib/__pycache__/__init__.cpython-311.pyc'), 'planted');
    const found = watch.check(() => false).map((f) => [f.path, f.result]);
    expect(found.sort((x, y) => String(x[0]).localeCompare(String(y[0])))).toEqual([
      [join(env, 'mylib/__pycache__/__init__.cpython-311.pyc'), 'restored'],
      [join(tox, 'mylib/__pycache__/__init__.cpython-311.pyc'), 'restored'],
    ]);
    expect(existsSync(join(tox, 'mylib/__pycache__/util.cpython-311.pyc'))).toBe(true);
    // Without the holders (an older caller), the environments are not looked into.
    const plain = new SubConfigWatch(dir);
    plain.accept();
    put(join(tox, 'mylib/__pycache__/__init__.cpython-311.pyc'), 'planted');
    expect(plain.check(() => false)).toEqual([]);
  });
});
