// The git files self-protection guards are found the way git finds them: in a plain repository, in a linked
// worktree (whose `.git` is a file naming `gitdir:`, whose hooks and config live in the common dir), and for a
// project folder below the repository's top. Real repositories made with git, no mocks.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepository, gitFilesFor } from '../src/core/git-files.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, stdio: 'ignore' });

function repository(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'sa-git-files-')));
  const main = join(root, 'main');
  mkdirSync(join(main, 'app'), { recursive: true });
  git(main, 'init', '-q', '.');
  git(main, 'commit', '-q', '--allow-empty', '-m', 'init');
  return main;
}

describe('the git files of a project', () => {
  it('a plain repository: its config and hooks, from a folder below the top too', () => {
    const main = repository();
    const files = gitFilesFor(findRepository(join(main, 'app')), '/home/dev', {});
    expect(files).toEqual(
      expect.arrayContaining([
        join(main, '.git/config'),
        join(main, '.git/hooks/**'),
        join(main, '.git/config.worktree'),
        '/home/dev/.gitconfig',
        '/home/dev/.config/git/**',
      ]),
    );
  });

  it("a linked worktree: the common dir's hooks and config, the worktree's own config, and the .git file itself", () => {
    const main = repository();
    const linked = join(main, '..', 'linked');
    git(main, 'worktree', 'add', '-q', linked);
    const repo = findRepository(linked);
    expect(repo).toMatchObject({ workTree: linked, dotGitFile: join(linked, '.git'), commonDir: join(main, '.git') });
    const files = gitFilesFor(repo, '/home/dev', { XDG_CONFIG_HOME: '/xdg', GIT_CONFIG_GLOBAL: '/etc/team.gitconfig' });
    expect(files).toEqual(
      expect.arrayContaining([
        join(main, '.git/hooks/**'),
        join(main, '.git/config'),
        join(main, '.git/worktrees/linked/config.worktree'),
        join(linked, '.git'),
        '/xdg/git/**',
        '/etc/team.gitconfig',
      ]),
    );
  });

  it('a hooks folder the human set (core.hooksPath) is guarded as the hooks git runs', () => {
    const main = repository();
    git(main, 'config', 'core.hooksPath', '.githooks');
    expect(gitFilesFor(findRepository(main), '/home/dev', {})).toContain(join(main, '.githooks/**'));
  });

  it("husky's layout (core.hooksPath .husky/_): the stubs, and the scripts they run (.husky/pre-commit)", () => {
    const main = repository();
    git(main, 'config', 'core.hooksPath', '.husky/_');
    const files = gitFilesFor(findRepository(main), '/home/dev', {});
    expect(files).toEqual(
      expect.arrayContaining([
        join(main, '.husky/_/**'),
        join(main, '.husky/pre-commit'),
        join(main, '.husky/pre-push'),
      ]),
    );
    // The rest of .husky (its README, a helper the scripts source) is project code like any other.
    expect(files).not.toContain(join(main, '.husky/**'));
  });

  it('no repository: only the global config', () => {
    const alone = mkdtempSync(join(tmpdir(), 'sa-no-git-'));
    expect(findRepository(alone)).toBeUndefined();
    expect(gitFilesFor(undefined, '/h', {})).toEqual(['/h/.gitconfig', '/h/.config/git/**']);
  });
});
