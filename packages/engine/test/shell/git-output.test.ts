// What git prints about the branch checked out (git-output.ts) flows on like any program's output: through a pipe
// into sed, tr, head or cut, into $(…) with stderr sent away, and into xargs. The honest use beside each: the same
// spelling on a feature branch, and an unknown branch that stays unknown.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';

const commands = (source: string, branch?: string | null): string[] =>
  parseShell(source, undefined, branch === undefined ? {} : { branch }).commands.map((c) =>
    [c.program, ...c.argv].join(' '),
  );
const pushesMain = (source: string, branch?: string | null): boolean =>
  commands(source, branch).some((c) => /^git push -f origin (?:refs\/heads\/)?main$/.test(c));

describe("git's output of the branch checked out", () => {
  it('passes through a pipe: sed of symbolic-ref, tr and head of --show-current, sed of describe --all', () => {
    for (const source of [
      'git push -f origin $(git symbolic-ref HEAD | sed "s|refs/heads/||")',
      'git push -f origin $(git branch --show-current | tr -d "\\n")',
      'git push -f origin $(git rev-parse --abbrev-ref HEAD | head -1)',
      'git push -f origin $(git describe --all | sed s,heads/,,)',
    ]) {
      expect(pushesMain(source, 'main'), source).toBe(true);
      expect(pushesMain(source, 'feat/x'), source).toBe(false);
    }
  });

  it('reads @ as HEAD and keeps stdout when stderr is sent away', () => {
    expect(pushesMain('git push -f origin $(git rev-parse --abbrev-ref @)', 'main')).toBe(true);
    expect(pushesMain('git push -f origin "$(git branch --show-current 2>/dev/null)"', 'main')).toBe(true);
    expect(pushesMain('git push -f origin "$(git branch --show-current 2>&1)"', 'main')).toBe(false);
  });

  it('feeds xargs, which then pushes the branch', () => {
    expect(pushesMain('git branch --show-current | xargs git push -f origin', 'main')).toBe(true);
    expect(pushesMain('git branch --show-current | xargs -I{} git push -f origin {}', 'main')).toBe(true);
    expect(pushesMain('git branch --show-current | xargs git push -f origin', 'feat/x')).toBe(false);
  });

  it('is unknown without the host fact, on a detached HEAD, in another repository and for other listings', () => {
    expect(commands('echo "$(git symbolic-ref --short HEAD | tr a-z A-Z)"')).not.toContain('echo MAIN');
    expect(commands('echo "$(git symbolic-ref --short HEAD | tr a-z A-Z)"', 'main')).toContain('echo MAIN');
    expect(pushesMain('git push -f origin $(git branch --show-current | cat)', null)).toBe(false);
    expect(pushesMain('git push -f origin $(git -C ../other branch --show-current)', 'main')).toBe(false);
    expect(pushesMain('git push -f origin $(git --git-dir=/x/.git branch --show-current)', 'main')).toBe(false);
    expect(pushesMain('git push -f origin $(git branch --list | head -1)', 'main')).toBe(false);
    expect(pushesMain('git push -f origin $(git rev-parse HEAD | head -1)', 'main')).toBe(false);
  });
});
