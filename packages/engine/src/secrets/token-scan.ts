// Finds known-format tokens (TOKEN_RULES) in a text: a cheap `includes` pre-filter, then one linear regex pass per rule.
import { looksLikeFakeToken } from './allowances.js';
import { TOKEN_RULES, type TokenRule } from './token-rules.js';
import type { RawFinding } from './types.js';

import { MAX_FINDINGS } from './limits.js';

const MAX_TOKEN = 512;
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface CompiledTokenRule {
  readonly rule: TokenRule;
  readonly search: RegExp;
  readonly inCharset: RegExp;
}

// INVARIANT: `prefix` then `[charset]*` and nothing after: a greedy run with no continuation cannot backtrack.
const COMPILED: readonly CompiledTokenRule[] = TOKEN_RULES.map((rule) => ({
  rule,
  search: new RegExp(`(?:${rule.prefixes.map(escapeRegExp).join('|')})[${rule.charset}]*`, 'g'),
  inCharset: new RegExp(`^[${rule.charset}]$`),
}));

/** Every well-formed, random-looking token of a known format in `text`. */
export function scanTokens(text: string): RawFinding[] {
  const found: RawFinding[] = [];
  for (const { rule, search, inCharset } of COMPILED) {
    if (!rule.prefixes.some((p) => text.includes(p))) continue;
    search.lastIndex = 0;
    for (let m = search.exec(text); m !== null; m = search.exec(text)) {
      const start = m.index;
      const run = m[0];
      if (run.length > MAX_TOKEN) continue; // no format is this long: a run of garbage, not a token
      if (found.length >= MAX_FINDINGS) return found;
      // A prefix in the middle of a longer word (`MYAKIA…`, `task-…`) is not a token start.
      if (start > 0 && inCharset.test(text[start - 1]!)) continue;
      if (!rule.shape.test(run)) continue;
      const prefix = rule.prefixes.find((p) => run.startsWith(p)) ?? '';
      const random = rule.randomPart ? rule.randomPart(run, prefix) : run.slice(prefix.length);
      if (looksLikeFakeToken(run, random)) continue;
      found.push({ rule: rule.id, start, end: start + run.length });
    }
  }
  return found;
}
