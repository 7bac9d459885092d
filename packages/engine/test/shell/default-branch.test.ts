// A remote's default branch (refs/remotes/<remote>/HEAD, a host fact) is what git prints when a call asks for it:
// `git symbolic-ref [--short] refs/remotes/origin/HEAD`, `git rev-parse --abbrev-ref origin/HEAD`, the HEAD branch
// line of `git remote show origin`, the symref line of `git ls-remote --symref origin HEAD`, and the file itself. The
// text flows on through the usual post-processing (sed, cut, awk, basename, `${x#origin/}`). Unknown stays unknown:
// without the fact, for another remote, another repository, or after the call's own `git remote set-head -a`.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import type { ShellContext } from '../../src/shell/index.js';

const ORIGIN_MAIN: ShellContext = { defaultBranches: { origin: 'main' } };

const commands = (source: string, context: ShellContext = {}): string[] =>
  parseShell(source, undefined, context).commands.map((c) => [c.program, ...c.argv].join(' '));
/** Whether the call pushes to main (`main` or `HEAD:main` as the refspec), forced or not. */
const pushesMain = (source: string, context?: ShellContext): boolean =>
  commands(source, context).some((c) => /^git push (?:--force |-f )?origin (?:HEAD:)?(?:refs\/heads\/)?main$/.test(c));

describe("a remote's default branch, asked of git", () => {
  it('symbolic-ref of refs/remotes/origin/HEAD, short or full, stripped by sed, cut, awk, basename or ${x#origin/}', () => {
    for (const source of [
      `git push --force origin "$(git symbolic-ref --short refs/remotes/origin/HEAD | sed 's#^origin/##')"`,
      `git push origin "HEAD:$(git symbolic-ref --short refs/remotes/origin/HEAD | sed 's#^origin/##')"`,
      'git push -f origin "$(git symbolic-ref refs/remotes/origin/HEAD | sed "s@^refs/remotes/origin/@@")"',
      'git push -f origin "$(git symbolic-ref --short -q refs/remotes/origin/HEAD | cut -d/ -f2-)"',
      `git push -f origin "$(git symbolic-ref refs/remotes/origin/HEAD | awk -F/ '{print $NF}')"`,
      'git push -f origin "$(basename "$(git symbolic-ref refs/remotes/origin/HEAD)")"',
      'd=$(git symbolic-ref --short refs/remotes/origin/HEAD); git push -f origin "${d#origin/}"',
      'git push -f origin "$(git rev-parse --abbrev-ref origin/HEAD | cut -d/ -f2)"',
      'git push -f origin "$(git rev-parse --symbolic-full-name refs/remotes/origin/HEAD | sed s,refs/remotes/origin/,,)"',
    ]) {
      expect(pushesMain(source, ORIGIN_MAIN), source).toBe(true);
      expect(pushesMain(source, { defaultBranches: { origin: 'trunk' } }), source).toBe(false);
      expect(pushesMain(source), source).toBe(false);
    }
  });

  it("the HEAD branch line of git remote show, and ls-remote's symref line", () => {
    for (const source of [
      `git push -f origin "$(git remote show origin | sed -n '/HEAD branch/s/.*: //p')"`,
      `git push -f origin "$(git remote show origin | grep 'HEAD branch' | awk '{print $NF}')"`,
      `git push -f origin "$(git remote show origin | grep 'HEAD branch' | cut -d' ' -f5)"`,
      `git push -f origin "$(git ls-remote --symref origin HEAD | awk '/^ref:/ {print $2}' | sed 's#refs/heads/##')"`,
      `git push -f origin "$(git ls-remote --symref origin HEAD | head -1 | cut -f1 | sed 's#ref: refs/heads/##')"`,
    ]) {
      expect(pushesMain(source, ORIGIN_MAIN), source).toBe(true);
      expect(pushesMain(source), source).toBe(false);
    }
    // -n does not ask the remote: git prints "(not queried)", no branch.
    expect(
      pushesMain(`git push -f origin "$(git remote show -n origin | sed -n '/HEAD branch/s/.*: //p')"`, ORIGIN_MAIN),
    ).toBe(false);
  });

  it('the file .git/refs/remotes/origin/HEAD, as git writes it', () => {
    const source = `git push -f origin "$(sed 's#ref: refs/remotes/origin/##' .git/refs/remotes/origin/HEAD)"`;
    expect(pushesMain(source, ORIGIN_MAIN)).toBe(true);
    expect(pushesMain(source)).toBe(false);
  });

  it('is per remote: upstream/HEAD is not origin/HEAD', () => {
    const source = 'git push -f origin "$(git symbolic-ref --short refs/remotes/upstream/HEAD | cut -d/ -f2)"';
    expect(pushesMain(source, ORIGIN_MAIN)).toBe(false);
    expect(pushesMain(source, { defaultBranches: { upstream: 'main' } })).toBe(true);
  });

  it('stays unknown without the fact: an unknown value, never a guessed main nor "not main"', () => {
    const model = parseShell(
      'git push -f origin "$(git symbolic-ref --short refs/remotes/origin/HEAD)"',
      undefined,
      {},
    );
    const push = model.commands.find((c) => c.positionals[0] === 'push');
    expect(push?.unknown?.length ?? 0).toBeGreaterThan(0);
  });

  it('is not init.defaultBranch, the name new repositories get', () => {
    expect(pushesMain('git push -f origin "$(git config init.defaultBranch)"', ORIGIN_MAIN)).toBe(false);
  });

  it('follows the call: git remote set-head sets it, -a (asks the network) and -d make it unknown', () => {
    const ask = 'git push -f origin "$(git symbolic-ref --short refs/remotes/origin/HEAD | cut -d/ -f2)"';
    expect(pushesMain(`git remote set-head origin main && ${ask}`)).toBe(true);
    expect(pushesMain(`git remote set-head origin trunk && ${ask}`, ORIGIN_MAIN)).toBe(false);
    expect(pushesMain(`git remote set-head origin -a && ${ask}`, ORIGIN_MAIN)).toBe(false);
    expect(pushesMain(`git remote set-head origin -d; ${ask}`, ORIGIN_MAIN)).toBe(false);
    expect(pushesMain(`git remote set-head "$R" -a; ${ask}`, ORIGIN_MAIN)).toBe(false);
  });

  it('belongs to the repository the call starts in, not another one', () => {
    const source =
      'git push -f origin "$(git -C ../other symbolic-ref --short refs/remotes/origin/HEAD | cut -d/ -f2)"';
    expect(pushesMain(source, ORIGIN_MAIN)).toBe(false);
    expect(pushesMain(`cd sub && ${source.replace('-C ../other ', '')}`, ORIGIN_MAIN)).toBe(true);
  });
});

describe('the post-processing learnt on the way', () => {
  /** What the last echo of the call prints, or undefined when it stays unknown. */
  const echoed = (source: string): string | undefined => {
    const echo = parseShell(source, undefined, {})
      .commands.filter((c) => c.program === 'echo')
      .at(-1);
    return echo === undefined || echo.unknown.length > 0 ? undefined : echo.argv.join(' ');
  };

  it('sed -n with one s///p prints only the lines it substituted, after an optional /re/ address', () => {
    const text = `printf '* remote origin\\n  Fetch URL: x:y\\n  HEAD branch: main\\n'`;
    expect(echoed(`echo "$(${text} | sed -n 's/.*HEAD branch: //p')"`)).toBe('main');
    expect(echoed(`echo "$(${text} | sed -n '/HEAD branch/s/.*: //p')"`)).toBe('main');
    expect(echoed(`echo "$(${text} | sed -n '/Fetch/s/.*: //p')"`)).toBe('x:y');
    // Without p, or with another command after it, the script is not read: unknown, not a guess.
    expect(echoed(`echo "$(${text} | sed -n 's/.*HEAD branch: //')"`)).toBeUndefined();
    expect(echoed(`echo "$(${text} | sed -n 's/.*HEAD branch: //p;q')"`)).toBeUndefined();
  });

  it('awk prints $NF, the last field, and only the lines a /re/ pattern before the action matches', () => {
    expect(echoed(`echo "$(echo origin/main | awk -F/ '{print $NF}')"`)).toBe('main');
    expect(echoed(`echo "$(printf 'a b\\n  HEAD branch: main\\n' | awk '/HEAD branch/ {print $NF}')"`)).toBe('main');
    expect(echoed(`echo "$(printf 'a b\\n' | awk '/HEAD/ {print $NF}')"`)).toBe('');
  });
});
