// The literal prefilter must never change a result: for any pattern and text, our matcher agrees with plain RE2.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { compilePattern } from '../src/matchers/regex.js';
import { requiredLiteral } from '../src/matchers/literal.js';

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
  '(?:k)',
  '^',
  '$',
  '*',
  '+',
  '?',
  '{2}',
  '{0,2}',
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

  it('finds the required literal of common command patterns', () => {
    expect(requiredLiteral('\\bgit\\s+push\\b.*--force')).toEqual({ text: '--force', ignoreCase: false });
    expect(requiredLiteral('(?i)rm\\s+-rf')).toEqual({ text: '-rf', ignoreCase: true });
    expect(requiredLiteral('AKIA[0-9A-Z]{16}')).toEqual({ text: 'AKIA', ignoreCase: false });
    expect(requiredLiteral('colou?r')).toEqual({ text: 'colo', ignoreCase: false });
    expect(requiredLiteral('push|pull')).toBeUndefined();
  });
});
