// RE2 has no back-references: groups named same1, same2, … stand in for one (a value compared with itself).
import { describe, expect, it } from 'vitest';
import { compilePattern } from '../src/matchers/regex.js';
import { patternRanges } from '../src/explain/text-ranges.js';

const ASSERT_SELF = '(?m)^\\s*assert\\s+(?P<same1>[\\w.]+)\\s*==\\s*(?P<same2>[\\w.]+)\\s*$';

const test = (pattern: string, text: string): boolean => {
  const r = compilePattern(pattern);
  if (!r.ok) throw new Error(r.error);
  return r.value.test(text);
};

describe('same groups', () => {
  it('hold where every same group captured the same text', () => {
    expect(test(ASSERT_SELF, 'def test_total():\n    assert order.total == order.total\n')).toBe(true);
  });

  it('do not hold where the groups captured different texts', () => {
    expect(test(ASSERT_SELF, 'def test_total():\n    assert order.total == expected.total\n')).toBe(false);
  });

  it('are looked for past a first place where they differ', () => {
    expect(test(ASSERT_SELF, 'assert a == b\nassert c.d == c.d\n')).toBe(true);
  });

  it('need two of them: a single group named same is an ordinary group', () => {
    expect(test('assert (?P<same>\\w+) == \\w+', 'assert a == b')).toBe(true);
  });

  it('mark only the places where they hold in an explanation', () => {
    const text = 'assert a == b\nassert c.d == c.d\n';
    expect(patternRanges(ASSERT_SELF, text).map(([s, e]) => text.slice(s, e).trim())).toEqual(['assert c.d == c.d']);
  });
});

describe('same groups in alternatives', () => {
  const EITHER = '(assert (?P<same1>\\w+) == (?P<same2>\\w+)|expect\\((?P<same3>\\w+)\\)\\.toBe\\((?P<same4>\\w+)\\))';
  it('hold where the pair of the alternative that matched is equal', () => {
    expect(test(EITHER, 'expect(total).toBe(total)')).toBe(true);
    expect(test(EITHER, 'assert total == total')).toBe(true);
  });
  it('do not hold where that pair differs', () => {
    expect(test(EITHER, 'expect(total).toBe(expected)')).toBe(false);
  });
});
