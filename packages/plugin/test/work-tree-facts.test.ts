// The work tree's facts on real repositories made by git itself: the branch checked out (a normal repository, a
// linked worktree, a submodule-style `gitdir:` file, a detached HEAD), its upstream, each remote's default branch (a
// git clone of a local bare repository sets origin/HEAD), and the ignore files that matter (nested ones,
// info/exclude; ignored folders not walked). Then the plugin end to end: the same push is blocked on main and let
// through on a feature branch, read from .git/HEAD (and refs/remotes/origin/HEAD) at call time.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HostFactsReader } from '../src/git/host-facts.js';
import { bash, before, startV1 } from './support/v1-host.js';

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_SYSTEM: '/dev/null' },
  });

function repository(branch = 'main'): string {
  const dir = mkdtempSync(join(tmpdir(), 'sa-git-'));
  git(dir, 'init', '-q', '-b', branch);
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'init');
  return dir;
}

const fresh = (project: string) => new HostFactsReader(project, { reuseMs: 0, rewalkMs: 0 });

describe('the branch checked out, read without git', () => {
  it('a normal repository: the branch of HEAD, and of a sub-folder the call runs in', () => {
    const dir = repository('main');
    mkdirSync(join(dir, 'packages/web'), { recursive: true });
    expect(fresh(dir).read(undefined)?.branch).toBe('main');
    expect(fresh(dir).read('packages/web')?.branch).toBe('main');
    git(dir, 'checkout', '-q', '-b', 'feat/pagination');
    expect(fresh(dir).read(undefined)?.branch).toBe('feat/pagination');
  });

  it('the upstream from .git/config (branch.<name>.remote and .merge)', () => {
    const dir = repository('main');
    git(dir, 'config', 'branch.main.remote', 'origin');
    git(dir, 'config', 'branch.main.merge', 'refs/heads/main');
    expect(fresh(dir).read(undefined)).toMatchObject({ branch: 'main', upstream: 'origin/main' });
  });

  it('a detached HEAD is null, not a branch', () => {
    const dir = repository('main');
    git(dir, 'checkout', '-q', '--detach');
    expect(fresh(dir).read(undefined)?.branch).toBeNull();
  });

  it('a linked worktree: its own HEAD, the main repository config through commondir', () => {
    const dir = repository('main');
    const linked = join(mkdtempSync(join(tmpdir(), 'sa-wt-')), 'linked');
    git(dir, 'worktree', 'add', '-q', '-b', 'hotfix/x', linked);
    git(dir, 'config', 'branch.hotfix/x.remote', 'origin');
    git(dir, 'config', 'branch.hotfix/x.merge', 'refs/heads/main');
    expect(fresh(linked).read(undefined)).toMatchObject({ branch: 'hotfix/x', upstream: 'origin/main' });
    expect(fresh(dir).read(undefined)?.branch).toBe('main');
  });

  it('a .git file with a gitdir: line (submodules, --separate-git-dir)', () => {
    const store = mkdtempSync(join(tmpdir(), 'sa-sep-'));
    const work = mkdtempSync(join(tmpdir(), 'sa-work-'));
    git(work, 'init', '-q', '-b', 'trunk', `--separate-git-dir=${join(store, 'repo.git')}`);
    expect(fresh(work).read(undefined)?.branch).toBe('trunk');
  });

  it('outside any repository nothing is known', () => {
    expect(fresh(mkdtempSync(join(tmpdir(), 'sa-none-'))).read(undefined)).toBeUndefined();
  });

  it('reads HEAD again when it changed, and reuses a fresh read within the reuse window', () => {
    const dir = repository('main');
    let now = 0;
    const reader = new HostFactsReader(dir, { reuseMs: 1000, now: () => now });
    expect(reader.read(undefined)?.branch).toBe('main');
    git(dir, 'checkout', '-q', '-b', 'feat/y');
    now = 500;
    expect(reader.read(undefined)?.branch).toBe('main');
    now = 1500;
    expect(reader.read(undefined)?.branch).toBe('feat/y');
  });
});

/** A bare repository whose HEAD is `branch`, with one commit on it and one on feat/x, and a clone of it. */
function cloned(branch = 'main'): { bare: string; clone: string } {
  const seed = repository(branch);
  git(seed, 'branch', 'feat/x');
  const bare = join(mkdtempSync(join(tmpdir(), 'sa-bare-')), 'shop.git');
  git(seed, 'clone', '-q', '--bare', seed, bare);
  const clone = join(mkdtempSync(join(tmpdir(), 'sa-clone-')), 'shop');
  git(seed, 'clone', '-q', bare, clone);
  return { bare, clone };
}

describe("each remote's default branch, read without git", () => {
  it('git clone sets origin/HEAD: origin: main, whatever branch is checked out', () => {
    const { clone } = cloned('main');
    expect(fresh(clone).read(undefined)?.defaultBranches).toEqual({ origin: 'main' });
    git(clone, 'checkout', '-q', 'feat/x');
    expect(fresh(clone).read(undefined)).toMatchObject({ branch: 'feat/x', defaultBranches: { origin: 'main' } });
  });

  it("the remote's own name for it (trunk), per remote, and git remote set-head changes it", () => {
    const { bare, clone } = cloned('trunk');
    git(clone, 'remote', 'add', 'upstream', bare);
    git(clone, 'fetch', '-q', 'upstream');
    git(clone, 'remote', 'set-head', 'upstream', 'feat/x');
    expect(fresh(clone).read(undefined)?.defaultBranches).toEqual({ origin: 'trunk', upstream: 'feat/x' });
  });

  it('unknown when the remote has no HEAD (git remote set-head -d, a remote added without clone) or no remote', () => {
    const { clone } = cloned('main');
    git(clone, 'remote', 'set-head', 'origin', '-d');
    expect(fresh(clone).read(undefined)?.defaultBranches).toBeUndefined();
    expect(fresh(repository('main')).read(undefined)?.defaultBranches).toBeUndefined();
  });

  it('still read after git pack-refs --all (symbolic refs are never packed)', () => {
    const { clone } = cloned('main');
    git(clone, 'pack-refs', '--all');
    expect(fresh(clone).read(undefined)?.defaultBranches).toEqual({ origin: 'main' });
  });

  it('shared by a linked worktree: read from the common folder', () => {
    const { clone } = cloned('main');
    const linked = join(mkdtempSync(join(tmpdir(), 'sa-wt-')), 'linked');
    git(clone, 'worktree', 'add', '-q', linked, 'feat/x');
    expect(fresh(linked).read(undefined)).toMatchObject({ branch: 'feat/x', defaultBranches: { origin: 'main' } });
  });
});

describe('the ignore files that matter', () => {
  it('root and nested .gitignore files, info/exclude before the root rules, keyed by folder from the project', () => {
    const dir = repository('main');
    writeFileSync(join(dir, '.gitignore'), 'node_modules/\ndist/\n');
    mkdirSync(join(dir, 'packages/web/src'), { recursive: true });
    writeFileSync(join(dir, 'packages/web/.gitignore'), 'lib/\n');
    writeFileSync(join(dir, '.git/info/exclude'), '*.local\n');
    // An ignored folder is not walked: its ignore files do not count.
    mkdirSync(join(dir, 'dist/sub'), { recursive: true });
    writeFileSync(join(dir, 'dist/sub/.gitignore'), 'x\n');
    mkdirSync(join(dir, 'node_modules/pkg'), { recursive: true });
    writeFileSync(join(dir, 'node_modules/pkg/.gitignore'), 'y\n');
    const facts = fresh(dir).read(undefined);
    expect(facts?.gitignore).toEqual({ '.': '*.local\n\nnode_modules/\ndist/\n', 'packages/web': 'lib/\n' });
  });

  it('a project inside the repository names the top folder ".."', () => {
    const dir = repository('main');
    writeFileSync(join(dir, '.gitignore'), 'build/\n');
    mkdirSync(join(dir, 'app'), { recursive: true });
    writeFileSync(join(dir, 'app/.gitignore'), 'tmp/\n');
    expect(fresh(join(dir, 'app')).read(undefined)?.gitignore).toEqual({ '..': 'build/\n', '.': 'tmp/\n' });
  });

  it('passes the same object while no ignore file changed (the engine caches its matcher by it)', () => {
    const dir = repository('main');
    writeFileSync(join(dir, '.gitignore'), 'dist/\n');
    const reader = fresh(dir);
    const a = reader.read(undefined)?.gitignore;
    expect(reader.read(undefined)?.gitignore).toBe(a);
    writeFileSync(join(dir, '.gitignore'), 'dist/\nlib/\n');
    expect(reader.read(undefined)?.gitignore).toEqual({ '.': 'dist/\nlib/\n' });
  });
});

describe('ignore files found later', () => {
  it('a nested .gitignore added later is found by a refresh that runs between calls, not in one', async () => {
    const dir = repository('main');
    writeFileSync(join(dir, '.gitignore'), 'dist/\n');
    let now = 0;
    const reader = new HostFactsReader(dir, { reuseMs: 0, rewalkMs: 1000, now: () => now });
    expect(Object.keys(reader.read(undefined)?.gitignore ?? {})).toEqual(['.']);
    mkdirSync(join(dir, 'packages/api'), { recursive: true });
    writeFileSync(join(dir, 'packages/api/.gitignore'), 'build/\n');
    now = 2000;
    // This call starts the refresh and answers with what it knew.
    expect(Object.keys(reader.read(undefined)?.gitignore ?? {})).toEqual(['.']);
    await new Promise((r) => setTimeout(r, 200));
    now = 2100;
    expect(reader.read(undefined)?.gitignore).toEqual({ '.': 'dist/\n', 'packages/api': 'build/\n' });
  });
});

// Each test starts the plugin in a host of its own (~17 s on a quiet machine): more than the default under load.
describe('the plugin passes them on every call', { timeout: 60_000 }, () => {
  it('git checkout main && git push --force-with-lease is blocked; the same push on a feature branch is not', async () => {
    const host = await startV1({ config: undefined });
    git(host.project, 'init', '-q', '-b', 'feat/pagination');
    const onFeature = await before(host, bash(host, 'git push --force-with-lease'));
    expect(onFeature).toBeUndefined();
    const viaCheckout = await before(host, bash(host, 'git checkout main && git push --force-with-lease'));
    expect(viaCheckout).toMatch(/dev-no-force-push-main/);
    git(host.project, 'checkout', '-q', '-b', 'main');
    // The reader reuses a read for a second at most: wait it out, then the push from main is blocked.
    await new Promise((r) => setTimeout(r, 1100));
    expect(await before(host, bash(host, 'git push --force-with-lease'))).toMatch(/dev-no-force-push-main/);
  });

  it("a forced push to the remote's default branch, asked of git, is blocked; to a feature branch it is not", async () => {
    const { bare } = cloned('main');
    const host = await startV1({ config: undefined });
    git(host.project, 'init', '-q', '-b', 'feat/pagination');
    git(host.project, 'remote', 'add', 'origin', bare);
    git(host.project, 'fetch', '-q', 'origin');
    const push = `git push --force origin "$(git symbolic-ref --short refs/remotes/origin/HEAD | sed 's#^origin/##')"`;
    // No origin/HEAD yet (a remote added, not cloned): unknown, judged as the preset judges an unknown target.
    expect(await before(host, bash(host, push))).toBeUndefined();
    git(host.project, 'remote', 'set-head', 'origin', 'main');
    await new Promise((r) => setTimeout(r, 1100));
    expect(await before(host, bash(host, push))).toMatch(/dev-no-force-push-main/);
    expect(await before(host, bash(host, 'git push --force origin feat/pagination'))).toBeUndefined();
  });

  it('rm -rf lib is honest where lib/ is ignored build output', async () => {
    const host = await startV1({ files: { '.gitignore': '/lib/\n', 'lib/index.js': 'x' } });
    git(host.project, 'init', '-q', '-b', 'main');
    expect(await before(host, bash(host, 'rm -rf lib'))).toBeUndefined();
    expect(await before(host, bash(host, 'rm -rf src'))).toMatch(/dev-no-destructive-shell/);
  });
});
