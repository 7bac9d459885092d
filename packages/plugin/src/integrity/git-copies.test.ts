// git's copies of protected files, on a real repository: a weakened index entry is seen and put back (so the
// human's `git restore` writes the human's bytes), a commit that records other bytes is seen, the honest `git add`
// and commit of the file as it is hold the file's own bytes, and nothing the agent configured runs in the plugin.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitCopies } from './git-copies.js';

const RULES = '.opencode/rules.yaml';
const ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CEILING_DIRECTORIES: tmpdir() };

type Git = (args: string[], extra?: Record<string, string>, input?: string) => string;

/** A repository with tracked rules; `before` shapes its history before the copies are first read. */
function repo(before?: (git: Git, top: string) => void) {
  const top = mkdtempSync(join(tmpdir(), 'sa-copies-'));
  const git = (args: string[], extra: Record<string, string> = {}, input?: string) =>
    execFileSync('git', ['-C', top, ...args], { encoding: 'utf8', env: { ...ENV, ...extra }, input }).trim();
  git(['init', '-q']);
  git(['config', 'user.email', 'h@example.com']);
  git(['config', 'user.name', 'Human']);
  mkdirSync(join(top, '.opencode'));
  writeFileSync(join(top, RULES), 'strict\n');
  writeFileSync(join(top, 'src.ts'), 'code\n');
  git(['add', '.']);
  git(['commit', '-qm', 'rules']);
  before?.(git, top);
  const copies = GitCopies.of(top, [{ pattern: join(top, '.opencode/**'), from: 'configDirs', rank: 0 }], ENV);
  if (!copies) throw new Error('no copies of a repository with tracked protected files');
  const weaker = git(['hash-object', '-w', '--stdin'], {}, 'weaker\n');
  return { top, git, copies, weaker };
}

describe("git's copies of protected files", () => {
  it('sees an index entry rewritten by plumbing and puts it back, so `git restore` writes the human bytes', () => {
    const { top, git, copies, weaker } = repo();
    git(['update-index', '--cacheinfo', `100644,${weaker},${RULES}`]);
    const found = copies.changes();
    expect(found.map((c) => [c.where, c.after?.oid])).toEqual([['index', weaker]]);
    for (const c of found) copies.putBack(c);
    copies.accept();
    git(['restore', RULES]);
    expect(readFileSync(join(top, RULES), 'utf8')).toBe('strict\n');
    expect(copies.changes()).toEqual([]);
  });

  it('sees a commit that records other bytes, made without touching the index (commit-tree, update-ref)', () => {
    const { top, git, copies, weaker } = repo();
    const other = { GIT_INDEX_FILE: join(top, '.git', 'other-index') };
    git(['read-tree', 'HEAD'], other);
    git(['update-index', '--cacheinfo', `100644,${weaker},${RULES}`], other);
    const commit = git(['commit-tree', git(['write-tree'], other), '-p', 'HEAD', '-m', 'tidy']);
    git(['update-ref', 'HEAD', commit]);
    expect(copies.changes().map((c) => [c.where, c.after?.oid, c.commit])).toEqual([['commit', weaker, commit]]);
    expect(copies.blobOf(join(top, RULES))).not.toBe(weaker);
  });

  it("moves the branch back when a commit made since records other bytes, so the human's `git stash` writes theirs", () => {
    const { top, git, copies, weaker } = repo();
    const start = git(['rev-parse', 'HEAD']);
    git(['update-index', '--cacheinfo', `100644,${weaker},${RULES}`]);
    writeFileSync(join(top, 'src.ts'), 'agent code\n');
    git(['commit', '-qam', 'tidy']);
    const found = copies.changes();
    for (const c of found.filter((x) => x.where === 'index')) copies.putBack(c);
    expect(copies.moveBack()).toBe(start);
    copies.accept();
    expect(git(['rev-parse', 'HEAD'])).toBe(start);
    // The agent's other change is still staged; the rules' entry holds the human's bytes.
    expect(git(['diff', '--cached', '--name-only'])).toBe('src.ts');
    writeFileSync(join(top, 'notes'), 'wip\n');
    git(['stash', '-q', '-u']);
    expect(readFileSync(join(top, RULES), 'utf8')).toBe('strict\n');
    expect(copies.moveBack()).toBeUndefined();
  });

  it('leaves a branch the human made before alone when the call only switches to it (its older rules are history, not a commit the call made)', () => {
    let feature = '';
    const { top, git, copies } = repo((git, top) => {
      const main = git(['rev-parse', '--abbrev-ref', 'HEAD']);
      // The human's older feature branch, from before the rules were tightened.
      git(['switch', '-qc', 'feature/old']);
      writeFileSync(join(top, RULES), 'loose\n');
      git(['commit', '-qam', 'older rules']);
      feature = git(['rev-parse', 'HEAD']);
      git(['switch', '-q', main]);
    });
    copies.accept();
    git(['switch', '-q', 'feature/old']);
    // The result check restores the file; git's copy in the branch's commit differs and is said, never moved.
    writeFileSync(join(top, RULES), 'strict\n');
    expect(copies.moveBack()).toBeUndefined();
    expect(git(['rev-parse', 'feature/old'])).toBe(feature);
    expect(copies.undoForgedRefs()).toEqual([]);
    // A new branch at an old commit (a release's) is history too.
    git(['branch', 'hotfix', feature]);
    expect(copies.undoForgedRefs()).toEqual([]);
    expect(git(['rev-parse', 'hotfix'])).toBe(feature);
  });

  it('a commit of other bytes made after switching to an existing branch takes that branch back to its own tip, not to the branch left', () => {
    let main = '';
    let tip = '';
    const { git, copies, weaker } = repo((git, top) => {
      main = git(['rev-parse', '--abbrev-ref', 'HEAD']);
      git(['switch', '-qc', 'feature/x']);
      writeFileSync(join(top, 'src.ts'), 'feature\n');
      git(['commit', '-qam', 'feature work']);
      tip = git(['rev-parse', 'HEAD']);
      git(['switch', '-q', main]);
    });
    copies.accept();
    git(['switch', '-q', 'feature/x']);
    git(['update-index', '--cacheinfo', `100644,${weaker},${RULES}`]);
    git(['commit', '-qm', 'tidy']);
    expect(copies.moveBack()).toBe(tip);
    expect(git(['rev-parse', 'feature/x'])).toBe(tip);
    expect(git(['rev-parse', main])).not.toBe(tip);
  });

  it("removes a branch or a stash made to record other bytes (the human's `git switch` or `git stash pop` would write them); an honest branch stays", () => {
    const { top, git, copies, weaker } = repo();
    const other = { GIT_INDEX_FILE: join(top, '.git', 'other-index') };
    git(['read-tree', 'HEAD'], other);
    git(['update-index', '--cacheinfo', `100644,${weaker},${RULES}`], other);
    const forged = git(['commit-tree', git(['write-tree'], other), '-p', 'HEAD', '-m', 'release']);
    git(['update-ref', 'refs/heads/release', forged]);
    git(['stash', 'store', '-m', 'wip', forged]);
    git(['branch', 'feature']);
    // A branch at a commit the repository already had (a release's, with the rules it had then) is history: it stays.
    git(['tag', 'v1', forged]);
    copies.accept();
    git(['update-ref', '-d', 'refs/heads/release']);
    git(['stash', 'clear']);
    git(['branch', 'hotfix', 'v1']);
    expect(copies.undoForgedRefs()).toEqual([]);
    git(['tag', '-d', 'v1']);
    git(['branch', '-D', 'hotfix']);
    copies.accept();
    const again = git(['commit-tree', git(['write-tree'], other), '-p', 'HEAD', '-m', 'release again']);
    git(['update-ref', 'refs/heads/release', again]);
    git(['stash', 'store', '-m', 'wip', again]);
    expect(copies.moved()).toBe(true);
    const undone = copies.undoForgedRefs();
    expect(undone.map((u) => [u.ref, u.removed]).sort()).toEqual([
      ['refs/heads/release', true],
      ['refs/stash', true],
    ]);
    expect(git(['branch', '--list', 'release'])).toBe('');
    expect(git(['branch', '--list', 'feature'])).toContain('feature');
    copies.accept();
    expect(copies.undoForgedRefs()).toEqual([]);
    // A remote-tracking ref pointed at a forged commit in the same call does not make a branch made there history.
    const third = git(['commit-tree', git(['write-tree'], other), '-p', 'HEAD', '-m', 'third']);
    git(['update-ref', 'refs/remotes/origin/release', third]);
    git(['branch', 'release', 'origin/release']);
    expect(copies.undoForgedRefs().map((u) => u.ref)).toEqual(['refs/heads/release', 'refs/remotes/origin/release']);
  });

  it("moves back a tag and a remote-tracking branch moved to record other bytes (the human's checkout of the tag, merge of the upstream); a new tag of the file's bytes stays", () => {
    const { top, git, copies, weaker } = repo();
    const start = git(['rev-parse', 'HEAD']);
    git(['tag', '-a', '-m', 'release', 'v1.0']);
    const tagObject = git(['rev-parse', 'refs/tags/v1.0']);
    git(['update-ref', 'refs/remotes/origin/main', start]);
    copies.accept();
    const other = { GIT_INDEX_FILE: join(top, '.git', 'other-index') };
    git(['read-tree', 'HEAD'], other);
    git(['update-index', '--cacheinfo', `100644,${weaker},${RULES}`], other);
    const forged = git(['commit-tree', git(['write-tree'], other), '-p', 'HEAD', '-m', 'tidy']);
    git(['tag', '-f', 'v1.0', forged]);
    git(['update-ref', 'refs/remotes/origin/main', forged]);
    writeFileSync(join(top, 'src.ts'), 'agent code\n');
    git(['commit', '-qam', 'feature']);
    git(['tag', 'v1.1']);
    const undone = copies.undoForgedRefs();
    expect(undone.map((u) => [u.ref, u.removed]).sort()).toEqual([
      ['refs/remotes/origin/main', false],
      ['refs/tags/v1.0', false],
    ]);
    // The annotated tag is its own object again, not a lightweight tag of its commit.
    expect(git(['rev-parse', 'refs/tags/v1.0'])).toBe(tagObject);
    expect(git(['rev-parse', 'refs/remotes/origin/main'])).toBe(start);
    expect(git(['tag', '-l', 'v1.1'])).toBe('v1.1');
  });

  it("removes a replace ref made since the last check (the human's `git stash` would write the replaced HEAD's bytes) and reads past it", () => {
    const { top, git, copies, weaker } = repo();
    const other = { GIT_INDEX_FILE: join(top, '.git', 'other-index') };
    git(['read-tree', 'HEAD'], other);
    git(['update-index', '--cacheinfo', `100644,${weaker},${RULES}`], other);
    const forged = git(['commit-tree', git(['write-tree'], other), '-p', 'HEAD', '-m', 'tidy']);
    git(['replace', 'HEAD', forged]);
    expect(copies.moved()).toBe(true);
    // Read without the replacement: HEAD records the human's bytes, nothing to report as a commit.
    expect(copies.changes()).toEqual([]);
    const head = git(['rev-parse', 'HEAD']);
    expect(copies.undoReplaceRefs()).toEqual([head]);
    expect(git(['replace', '-l'])).toBe('');
    copies.accept();
    expect(copies.undoReplaceRefs()).toEqual([]);
    writeFileSync(join(top, 'notes'), 'wip\n');
    git(['add', 'notes']);
    git(['stash', '-q']);
    expect(readFileSync(join(top, RULES), 'utf8')).toBe('strict\n');
  });

  it('finds the honest add and commit of the file as it is holding its own bytes', () => {
    const { top, git, copies } = repo();
    writeFileSync(join(top, RULES), 'the human tightened it\n');
    git(['add', RULES]);
    git(['commit', '-qm', 'human']);
    const found = copies.changes();
    expect(found.map((c) => c.where).sort()).toEqual(['commit', 'index']);
    for (const c of found) expect(c.after?.oid).toBe(copies.blobOf(join(top, RULES)));
  });

  it('finds nothing in a commit of other files', () => {
    const { top, git, copies } = repo();
    writeFileSync(join(top, 'src.ts'), 'more code\n');
    git(['commit', '-qam', 'work']);
    expect(copies.changes()).toEqual([]);
  });

  it("never runs the repository's fsmonitor while it reads git", () => {
    const { top, git, copies } = repo();
    const marker = join(top, 'ran');
    writeFileSync(join(top, 'mon.sh'), `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
    git(['config', 'core.fsmonitor', join(top, 'mon.sh')]);
    writeFileSync(join(top, RULES), 'strict\n');
    git(['update-index', '--chmod=+x', 'src.ts']); // the index moves: the copies are read again
    rmSync(marker, { force: true }); // the test's own git ran it
    expect(copies.changes()).toEqual([]);
    copies.accept();
    expect(existsSync(marker)).toBe(false);
  });

  it('is not made outside a repository', () => {
    const d = mkdtempSync(join(tmpdir(), 'sa-copies-none-'));
    expect(GitCopies.of(d, [{ pattern: join(d, '.opencode/**'), from: 'configDirs', rank: 0 }], ENV)).toBe(undefined);
  });
});
