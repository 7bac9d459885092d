// Presets compose: `extends: [a, b]` for each of the 66 pairs loads without errors, keeps every contract of both,
// and changes nothing for either role: every example of a and of b gives, in the composed policy, the same verdict
// and the same matching contracts as in that preset alone, and its own contract still decides as the example says.
import { describe, expect, it } from 'vitest';
import {
  compile,
  formatDiagnostic,
  initialState,
  loadConfig,
  step,
  type CompiledPolicy,
  type Event,
  type LoadedContract,
  type Verdict,
} from '@semantic-anchors/engine';
import { ORIGINAL_ROLES, presetContracts } from './helpers.js';

const pairs: [string, string][] = [];
ORIGINAL_ROLES.forEach((a, i) => ORIGINAL_ROLES.slice(i + 1).forEach((b) => pairs.push([a, b])));

const policyOf = (text: string): { policy: CompiledPolicy; errors: string[]; contracts: readonly LoadedContract[] } => {
  const loaded = loadConfig(text, { file: 'opencode-semantic-anchors.yaml' });
  return {
    policy: compile(loaded.config),
    errors: loaded.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic),
    contracts: loaded.config.contracts,
  };
};

function replay(policy: CompiledPolicy, role: string, given: readonly Event[], event: Event): Verdict {
  let state = initialState(role);
  for (const g of given) state = step(policy, state, g).state;
  return step(policy, state, event).verdict;
}

const alone = new Map(ORIGINAL_ROLES.map((id) => [id, policyOf(`version: 1\nextends: [${id}]\n`).policy]));
const summary = (v: Verdict) => ({ decision: v.decision, contracts: v.matches.map((m) => m.id).sort() });

describe('composing two presets', () => {
  it('covers all 66 pairs of the twelve presets', () => {
    expect(pairs).toHaveLength(66);
  });

  describe.each(pairs)('extends: [%s, %s]', (a, b) => {
    const composed = policyOf(`version: 1\nextends: [${a}, ${b}]\n`);

    it('loads with no error diagnostics and keeps every contract of both', () => {
      expect(composed.errors).toEqual([]);
      const ids = composed.contracts.map((c) => c.contract.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.sort()).toEqual([...presetContracts(a), ...presetContracts(b)].map((c) => c.contract.id).sort());
    });

    it.each([a, b])('gives every example of %s the same verdict as the preset alone', (owner) => {
      const problems: string[] = [];
      for (const lc of presetContracts(owner)) {
        lc.contract.examples.forEach((ex, i) => {
          const role = ex.role ?? owner;
          const got = replay(composed.policy, role, ex.given ?? [], ex.event);
          const want = replay(alone.get(owner)!, role, ex.given ?? [], ex.event);
          const where = `${lc.contract.id} example ${i + 1}`;
          const own = got.matches.find((m) => m.id === lc.contract.id);
          if (ex.expect === 'ALLOW' && own)
            problems.push(`${where}: expected the contract not to apply, it gave ${own.mode}`);
          if (ex.expect !== 'ALLOW' && own?.mode !== ex.expect)
            problems.push(
              `${where}: expected ${ex.expect}, the contract ${own ? `gave ${own.mode}` : 'did not apply'}`,
            );
          if (JSON.stringify(summary(got)) !== JSON.stringify(summary(want))) {
            problems.push(
              `${where}: composed ${JSON.stringify(summary(got))} differs from ${owner} alone ${JSON.stringify(summary(want))}`,
            );
          }
        });
      }
      expect(problems).toEqual([]);
    });
  });
});
