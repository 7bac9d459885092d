// The literal prefilter must never change a result: for any pattern and text, our matcher agrees with plain RE2.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { compilePattern } from '../src/matchers/regex.js';
import { requiredLiterals } from '../src/matchers/literal.js';

const token = fc.constantFrom(
  'a',
  'b',
  's',
  'k',
  'S',
  'K',
  '-',
  ' ',
  'ab',
  'push',
  'git',
  '\\.',
  '\\-',
  '\\s',
  '\\b',
  '\\d',
  '\\w',
  '.',
  '[ab]',
  '[^a]',
  '[[:alpha:]]',
  '(ab|s)',
  '(push|git)',
  '(?:k)',
  '(?:ab|)',
  '(?P<n>git)',
  '(',
  ')',
  '^',
  '$',
  '*',
  '+',
  '?',
  '{2}',
  '{0,2}',
  '{00}',
  '{00,1}',
  '{1,}',
  '*?',
  '|',
  '\\Q.*\\E',
);
const patternArb = fc
  .tuple(fc.boolean(), fc.array(token, { minLength: 1, maxLength: 8 }))
  .map(([i, ts]) => `${i ? '(?i)' : ''}${ts.join('')}`);
const textArb = fc
  .array(fc.constantFrom('a', 'b', 's', 'k', 'S', 'K', '-', '.', ' ', '1', 'ſ', 'K', 'push', 'git', 'ab'), {
    maxLength: 12,
  })
  .map((p) => p.join(''));

describe('the RE2 literal prefilter', () => {
  it('agrees with RE2 on every pattern and text', () => {
    fc.assert(
      fc.property(patternArb, fc.array(textArb, { minLength: 1, maxLength: 8 }), (pattern, texts) => {
        let re: RE2JS;
        try {
          re = RE2JS.compile(pattern);
        } catch {
          return; // not a pattern RE2 accepts; the validator reports those
        }
        const ours = compilePattern(pattern);
        expect(ours.ok).toBe(true);
        if (!ours.ok) return;
        for (const t of texts) expect(ours.value.test(t)).toBe(re.test(t));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds the required literals of common command patterns', () => {
    expect(requiredLiterals('\\bgit\\s+push\\b.*--force')).toEqual({
      all: [['--force'], ['push'], ['git']],
      ignoreCase: false,
    });
    expect(requiredLiterals('(?i)rm\\s+-rf')).toEqual({ all: [['-rf'], ['rm']], ignoreCase: true });
    expect(requiredLiterals('AKIA[0-9A-Z]{16}')).toEqual({ all: [['AKIA']], ignoreCase: false });
    expect(requiredLiterals('colou?r')).toEqual({ all: [['colo']], ignoreCase: false });
    expect(requiredLiterals('push|pull')).toEqual({ all: [['push', 'pull']], ignoreCase: false });
    expect(requiredLiterals('push|x')).toBeUndefined();
  });

  it('requires one literal of each branch of an alternation, at the top or in a required group', () => {
    const trigger =
      '(?i)/dispatches\\b|/actions/runs/\\S+/rerun|/api/v4/projects/\\S+/(pipeline|trigger/pipeline)\\b|/_apis/build/builds\\b';
    expect(requiredLiterals(trigger)?.all).toEqual([
      ['/dispatches', '/actions/runs/', '/api/v4/projects/', '/_apis/build/builds'],
    ]);
    const posted = '(?i)\\s(-X|--request)\\s*POST\\b.*(/dispatches\\b|/actions/runs/\\S+/rerun)';
    expect(requiredLiterals(posted)?.all).toEqual([['post'], ['/dispatches', '/actions/runs/'], ['-x', '--request']]);
    // An optional group requires nothing; a named or non-capturing group is read like a plain one.
    expect(requiredLiterals('git(\\s+--force)?\\s+push')?.all).toEqual([['push'], ['git']]);
    expect(requiredLiterals('(?:deploy|release)-(?P<env>prod|live)')?.all).toEqual([
      ['deploy', 'release'],
      ['prod', 'live'],
    ]);
    // A count of none, however written, makes what it repeats optional.
    expect(requiredLiterals('git(push){00}x')?.all).toEqual([['git']]);
    // Inline flags inside the pattern and quoted spans are not followed: no prefilter at all.
    expect(requiredLiterals('git(?i)push')).toBeUndefined();
    expect(requiredLiterals('\\Q(a|b)\\E')).toBeUndefined();
  });

  it('answers a repeated text from its last result and a new text afresh', () => {
    const r = compilePattern('(?i)/dispatches\\b|/_apis/build/builds\\b');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const hit = 'curl -X POST https://api.github.com/repos/a/b/actions/workflows/x.yml/dispatches';
    expect(r.value.test(hit)).toBe(true);
    expect(r.value.test(hit)).toBe(true);
    expect(r.value.test(`${hit}x`)).toBe(false);
    expect(r.value.test('curl https://dev.azure.com/o/p/_APIS/build/builds -d {}')).toBe(true);
  });
});
