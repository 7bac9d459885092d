// The token scan first finds, in one pass, which rules have a prefix in the text; only those rules search it. That
// pass must never drop a rule a plain `includes` per prefix would keep: overlapping prefixes (`sk-` inside `sk-ant-`),
// a prefix that starts inside another one's match, several tokens in one text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeFakeToken } from '../../src/secrets/allowances.js';
import { rulesPresent, scanTokens } from '../../src/secrets/token-scan.js';
import { TOKEN_RULES } from '../../src/secrets/token-rules.js';

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The scan as it was before the one-pass prefilter: every rule whose prefix `includes` finds searches the text. */
function reference(text: string): { rule: string; start: number; end: number }[] {
  const found: { rule: string; start: number; end: number }[] = [];
  for (const rule of TOKEN_RULES) {
    if (!rule.prefixes.some((p) => text.includes(p))) continue;
    const search = new RegExp(`(?:${rule.prefixes.map(escapeRegExp).join('|')})[${rule.charset}]*`, 'g');
    const inCharset = new RegExp(`^[${rule.charset}]$`);
    for (let m = search.exec(text); m !== null; m = search.exec(text)) {
      const run = m[0];
      if (run.length > 512) continue;
      if (m.index > 0 && inCharset.test(text[m.index - 1]!)) continue;
      if (!rule.shape.test(run)) continue;
      const prefix = rule.prefixes.find((p) => run.startsWith(p)) ?? '';
      const random = rule.randomPart ? rule.randomPart(run, prefix) : run.slice(prefix.length);
      if (looksLikeFakeToken(run, random)) continue;
      found.push({ rule: rule.id, start: m.index, end: m.index + run.length });
    }
  }
  return found;
}

const prefixes = TOKEN_RULES.flatMap((r) => r.prefixes);
/** Random-looking token bodies: long enough for every format's shape, varied enough to pass the randomness check. */
const body = fc.stringMatching(/^[A-Za-z0-9_-]{20,60}$/);
const piece = fc.oneof(
  fc.tuple(fc.constantFrom(...prefixes), body).map(([p, b]) => p + b),
  fc.constantFrom(' ', '\n', '"', '=', ':', 'sk', 'gh', 'AK', 'x'),
  fc.string({ maxLength: 12 }),
);

describe('the token scan prefilter', () => {
  it('finds what an includes per prefix finds, on texts made of prefixes, token bodies and noise', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        const present = rulesPresent(text);
        const expected = TOKEN_RULES.map((r) => (r.prefixes.some((p) => text.includes(p)) ? 1 : 0));
        expect(present === undefined ? TOKEN_RULES.map(() => 0) : [...present]).toEqual(expected);
        expect(scanTokens(text)).toEqual(reference(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps both rules when one prefix holds another (sk- within sk-ant-)', () => {
    const text = `key=sk-ant-api03-${'Zq9vX2mB7kR4tY8wL1nP6sD3fG5hJ0cV'.repeat(3)} other=sk-proj-${'Qw3eR5tY7uI9oP1aS2dF4gH6jK8lZ0x'}`;
    expect(scanTokens(text)).toEqual(reference(text));
    expect(reference(text).length).toBeGreaterThan(0);
    const present = rulesPresent(text)!;
    for (const prefix of ['sk-ant-', 'sk-'])
      expect(present[TOKEN_RULES.findIndex((r) => r.prefixes.includes(prefix))], prefix).toBe(1);
  });
});
