// The work tree's facts in a real opencode: the plugin reads the branch checked out (.git/HEAD) at call time and the
// engine follows a checkout in the same command line, so `git checkout main && git push --force-with-lease` is a
// forced push of main (blocked before it runs: no remote is needed), while the same push on a feature branch is
// not stopped by the rule. A forced push to the remote's default branch, named by what `git symbolic-ref
// refs/remotes/origin/HEAD` prints, is blocked too (the plugin reads refs/remotes/origin/HEAD). Ignored build output
// may be deleted.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorsPlugin, startHarness, type Harness } from './support/harness.js';
import { bash, expectBlocked, projectFileExists, turn } from './support/turns.js';

const git = (cwd: string, ...args: string[]): void => {
  execFileSync('git', ['-c', 'user.name=e2e', '-c', 'user.email=e2e@example.com', ...args], {
    cwd,
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_SYSTEM: '/dev/null' },
    stdio: 'ignore',
  });
};

describe('the work tree in a real opencode (software-developer preset)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      plugins: [anchorsPlugin()],
      projectText: {
        '.opencode/opencode-semantic-anchors.yaml': 'version: 1\nextends: [software-developer]\n',
        '.gitignore': '/lib/\n',
        'lib/index.js': 'module.exports = 1;\n',
        'src/index.ts': 'export const one = 1;\n',
      },
    });
    // The sandbox may already be a repository: make sure the feature branch is the one checked out.
    git(h.dirs.project, 'init', '-q');
    git(h.dirs.project, 'checkout', '-q', '-b', 'feat/pagination');
    git(h.dirs.project, 'add', 'src/index.ts', '.gitignore');
    git(h.dirs.project, 'commit', '-q', '-m', 'init');
  });
  afterAll(async () => h?.stop());

  it('git checkout main && git push --force-with-lease is blocked before anything runs', async () => {
    const session = await h.client.createSession();
    const [part] = await turn(h, session, [
      bash('touch checkout.marker && git checkout main && git push --force-with-lease'),
    ]);
    expectBlocked(part, 'dev-no-force-push-main');
    expect(projectFileExists(h, 'checkout.marker')).toBe(false);
  });

  it('the same push from the feature branch checked out is not stopped by the rule', async () => {
    const session = await h.client.createSession();
    const [part] = await turn(h, session, [bash('touch feature.marker && git push --force-with-lease')]);
    expect(part, 'expected a tool part').toBeDefined();
    // No remote is configured, so git itself fails; what matters is that the plugin let it run.
    expect(part?.error ?? '').not.toMatch(/BLOCKED by semantic-anchors/);
    expect(projectFileExists(h, 'feature.marker')).toBe(true);
  });

  it("a forced push to the remote's default branch, as git symbolic-ref names it, is blocked; printing it runs", async () => {
    // A remote whose default branch is main, known to the clone as refs/remotes/origin/HEAD.
    const bare = join(mkdtempSync(join(tmpdir(), 'sa-e2e-bare-')), 'shop.git');
    git(h.dirs.project, 'init', '-q', '--bare', bare);
    git(h.dirs.project, 'remote', 'add', 'origin', bare);
    git(h.dirs.project, 'push', '-q', 'origin', 'feat/pagination:main');
    git(h.dirs.project, 'fetch', '-q', 'origin');
    git(h.dirs.project, 'remote', 'set-head', 'origin', 'main');
    const session = await h.client.createSession();
    const push = `touch default.marker && git push --force origin "$(git symbolic-ref --short refs/remotes/origin/HEAD | sed 's#^origin/##')"`;
    const [blocked, printed] = await turn(h, session, [
      bash(push),
      bash('git symbolic-ref --short refs/remotes/origin/HEAD > default-branch.txt'),
    ]);
    expectBlocked(blocked, 'dev-no-force-push-main');
    expect(projectFileExists(h, 'default.marker')).toBe(false);
    expect(printed?.error ?? '').not.toMatch(/BLOCKED by semantic-anchors/);
    expect(readFileSync(join(h.dirs.project, 'default-branch.txt'), 'utf8')).toBe('origin/main\n');
  });

  it('rm -rf of ignored build output runs; of tracked source it is blocked', async () => {
    const session = await h.client.createSession();
    const [ignored, tracked] = await turn(h, session, [bash('rm -rf lib'), bash('rm -rf src')]);
    expect(ignored?.error ?? '').not.toMatch(/BLOCKED by semantic-anchors/);
    expect(projectFileExists(h, 'lib')).toBe(false);
    expectBlocked(tracked, 'dev-no-destructive-shell');
    expect(projectFileExists(h, 'src/index.ts')).toBe(true);
  });
});
