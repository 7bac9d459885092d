// Finds known-format tokens (TOKEN_RULES) in a text: one pass over the text finds the rules one of whose prefixes it
// holds, then one linear regex pass per such rule.
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

/** Every prefix of every rule, with the rule's place in COMPILED. */
const PREFIXES: readonly { readonly prefix: string; readonly rule: number }[] = COMPILED.flatMap(({ rule }, i) =>
  rule.prefixes.map((prefix) => ({ prefix, rule: i })),
);
/** Any prefix, longest first; V8 runs an alternation of literals as one scan of the text. */
const ANY_PREFIX = new RegExp(
  PREFIXES.map((p) => escapeRegExp(p.prefix))
    .sort((a, b) => b.length - a.length)
    .join('|'),
  'g',
);

/**
 * Which rules have a prefix somewhere in the text: one regex scan (a 1 KB command with none: ~1 µs), instead of an
 * `includes` per prefix (some 45 scans, ~9 µs) for every text a secret condition asks about. At each place a prefix
 * starts, every prefix is tried there (the alternation reports one), and the scan goes on from the next character.
 */
export function rulesPresent(text: string): Uint8Array | undefined {
  ANY_PREFIX.lastIndex = 0;
  let m = ANY_PREFIX.exec(text);
  if (m === null) return undefined;
  const present = new Uint8Array(COMPILED.length);
  for (; m !== null; m = ANY_PREFIX.exec(text)) {
    const at = m.index;
    for (let k = 0; k < PREFIXES.length; k++) {
      const p = PREFIXES[k]!;
      if (present[p.rule] === 0 && text.startsWith(p.prefix, at)) present[p.rule] = 1;
    }
    ANY_PREFIX.lastIndex = at + 1;
  }
  return present;
}

/** Every well-formed, random-looking token of a known format in `text`. */
export function scanTokens(text: string): RawFinding[] {
  const found: RawFinding[] = [];
  const present = rulesPresent(text);
  if (present === undefined) return found;
  for (let r = 0; r < COMPILED.length; r++) {
    if (present[r] === 0) continue;
    const { rule, search, inCharset } = COMPILED[r]!;
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
