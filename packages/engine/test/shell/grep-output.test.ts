// grep's output as the model computes it, checked against GNU grep itself on the same words and input: where the
// model says it knows the output, it must be what grep prints; where it cannot know it exactly, it says unknown.
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grepOutput } from '../../src/shell/grep-output.js';
import { runs } from './follow-helpers.js';

const noFile = (): undefined => undefined;
const realGrep = (args: readonly string[], input: string): string =>
  spawnSync('grep', [...args], { input, encoding: 'utf8', env: { LC_ALL: 'C' } }).stdout;

const INPUT = 'into main\n* release\n  feature/x\nMain line\nmain\n\nrelease-2 and main again\n';

describe('grep of a known text, as GNU grep prints it', () => {
  const cases: readonly (readonly string[])[] = [
    ['main'],
    ['-v', 'main'],
    ['^\\*'],
    ['-o', 're[a-z]*'],
    ['-oE', 'ma(in)?'],
    ['-Eo', '[a-z]+/[a-z]+'],
    ['-i', 'main'],
    ['-ic', 'main'],
    ['-c', 'release'],
    ['-x', 'main'],
    ['-Fx', '* release'],
    ['-F', '*'],
    ['-m', '1', 'main'],
    ['-m1', '-o', 'ma'],
    ['-e', 'feature', '-e', '^main$'],
    ['--regexp=release', '--only-matching'],
    ['main\nfeature'],
    ['-q', 'main'],
    ['-v', '-c', '^$'],
    ['\\(ma\\)\\{1\\}in'],
    ['ma\\|re'],
    ['-o', '[[:digit:]]'],
    ['--', '-x'],
    ['-o', ''],
    ['-vo', 'main'],
  ];
  for (const args of cases)
    it(`grep ${args.map((a) => JSON.stringify(a)).join(' ')}`, () => {
      expect(grepOutput(args, true, INPUT, noFile)).toBe(realGrep(args, INPUT));
    });

  it('reads the file the session wrote when one is named, and not several', () => {
    const file = (p: string) => (p === 'notes.txt' ? 'a\nmain\n' : undefined);
    expect(grepOutput(['main', 'notes.txt'], true, undefined, file)).toBe('main\n');
    expect(grepOutput(['main', 'notes.txt', 'other.txt'], true, undefined, file)).toBeUndefined();
  });

  it('says unknown where it would have to guess: -w, -P, -n, context lines, a back-reference', () => {
    for (const args of [['-w', 'main'], ['-P', 'ma\\w+'], ['-n', 'main'], ['-A', '1', 'main'], ['\\(a\\)\\1']])
      expect(grepOutput(args, true, INPUT, noFile)).toBeUndefined();
  });

  it('agrees with GNU grep on generated patterns whenever it claims to know the output', () => {
    const atom = fc.constantFrom('a', 'b', 'm', '.', '[ab]', '[^a]', '\\.', ' ', 'n');
    const suffix = fc.constantFrom('', '*', '+', '?');
    const pattern = fc
      .array(fc.tuple(atom, suffix), { minLength: 1, maxLength: 4 })
      .map((parts) => parts.map(([a, s]) => a + s).join(''));
    const flags = fc.subarray(['-o', '-v', '-i', '-c', '-x', '-E']);
    const text = fc.array(fc.stringMatching(/^[abmn. ]{0,8}$/), { maxLength: 5 }).map((l) => l.join('\n'));
    fc.assert(
      fc.property(pattern, flags, text, (p, f, t) => {
        const args = [...f, '-e', p];
        const ours = grepOutput(args, true, t, noFile);
        if (ours !== undefined) expect(ours).toBe(realGrep(args, t));
      }),
      { numRuns: 300 },
    );
  });
});

describe('grep between a value and a rule', () => {
  it('a name taken out of a here-string with grep -o is the branch pushed', () => {
    expect(runs(`b=$(grep -o 'ma[a-z]*' <<< 'into main'); git push --force origin "$b"`)).toContain(
      'git push --force origin main',
    );
  });
  it('the starred line of git branch, through grep and cut, is the branch checked out', () => {
    const ctx = { branch: 'main' };
    expect(runs(`git push origin "$(git branch | grep '^\\*' | cut -c3-)"`, ctx)).toContain('git push origin main');
  });
});
