// Built-in secret detection: takes text being written (and where it goes) and returns the secrets found in it, masked.
// Pure and synchronous, no I/O, linear in the text's length; the policy is written down in README.md beside this file.
import { isFixturePath } from './allowances.js';
import { scanAssignments } from './assignments.js';
import { scanCommandLine } from './command-line.js';
import { scanConnectionStrings } from './connection-strings.js';
import { scanJwts } from './jwt.js';
import { MAX_FINDINGS } from './limits.js';
import { maskSecret } from './mask.js';
import { scanPrivateKeys } from './private-key.js';
import { withoutSealedValues } from './sealed.js';
import { RULES_BY_ID } from './rules.js';
import { scanSplitLiterals } from './split-literals.js';
import { scanTokens } from './token-scan.js';
import { scanXmlKeyValues } from './xml.js';
import type { RawFinding, SecretContext, SecretFinding } from './types.js';

export type { SecretContext, SecretFinding, SecretRuleInfo, SecretStrength } from './types.js';
export { SECRET_RULES } from './rules.js';

/** Every secret in `text`, ordered by position; overlapping hits keep the known format over the heuristic. */
export function findSecrets(text: string, context: SecretContext = {}): readonly SecretFinding[] {
  if (text.length < 8) return [];
  const fixture = isFixturePath(context.path);
  const known: RawFinding[] = [
    ...scanTokens(text),
    ...scanPrivateKeys(text),
    ...scanJwts(text, fixture),
    ...scanSplitLiterals(text),
  ];
  const guessed = withoutSealedValues(text, [
    ...scanAssignments(text, { path: context.path, fixture }),
    ...scanXmlKeyValues(text, { path: context.path, fixture }),
    ...scanConnectionStrings(text, fixture),
    ...scanCommandLine(text, fixture),
  ]);
  const kept: RawFinding[] = [];
  const overlaps = (f: RawFinding): boolean => kept.some((k) => f.start < k.end && k.start < f.end);
  // INVARIANT: each scanner stops at MAX_FINDINGS, so this quadratic de-duplication is bounded by a constant.
  for (const f of [...known, ...guessed]) if (!overlaps(f) && kept.length < MAX_FINDINGS) kept.push(f);
  kept.sort((a, b) => a.start - b.start || a.end - b.end);
  return kept.map((f) => {
    const info = RULES_BY_ID.get(f.rule);
    // INVARIANT: every scanner reports ids listed in SECRET_RULES (a test checks this); the fallback keeps traces honest.
    return {
      rule: f.rule,
      description: info?.description ?? f.rule,
      start: f.start,
      end: f.end,
      masked: maskSecret(text.slice(f.start, f.end)),
      strength: info?.strength ?? 'heuristic',
    };
  });
}
