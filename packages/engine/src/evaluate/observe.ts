// Observe mode in the verdict: what the observed contracts would have done. The host acts on `decision` (the call
// goes through); `observed` tells the human, the decision log, `explain` and `replay` what would have happened.
import type { Decision } from '../schema/index.js';
import { decide, type Effect, type Outcome, type PendingBypass } from './decide.js';

export interface ObservedReport {
  /** The decision had observe mode been off (BLOCK, or WARN when a pending bypass would have been used). */
  readonly decision: Decision;
  /** The observed contracts that matched, without repeats, in policy order. */
  readonly contracts: readonly string[];
}

export function observedReport(
  outcomes: readonly Outcome[],
  effects: readonly Effect[],
  bypass: PendingBypass | undefined,
): ObservedReport | undefined {
  const ids = outcomes.filter((_, i) => effects[i] === 'observed').map((o) => o.id);
  if (ids.length === 0) return undefined;
  const enforced = outcomes.map((o) => ({ id: o.id, mode: o.mode, bypassable: o.bypassable }));
  return { decision: decide(enforced, bypass).decision, contracts: [...new Set(ids)] };
}
