// The verdict semantics, written once. Every matched contract is listed; the decision is the strongest effect.

import type { Decision, Mode } from '../schema/index.js';
import { PROTECT_PREFIX } from '../compile/index.js';

/** What one matched contract does to this event. */
export type Effect =
  /** A BLOCK contract stops the event. */
  | 'block'
  /** A WARN contract lets it through with a note. */
  | 'warn'
  /** A BLOCK contract was let through by the human's pending bypass. */
  | 'bypassed';

export interface Outcome {
  readonly id: string;
  readonly mode: Mode;
  readonly bypassable: boolean;
  /** A built-in contract (self-protection, shell defaults). */
  readonly builtin: boolean;
}

/** A bypass the human granted and that has not been used. */
export interface PendingBypass {
  /** The contracts it lets through (never empty: a bypass is never for "anything"). */
  readonly scope: readonly string[];
  /** The human named them; otherwise they are the contracts of the last block. */
  readonly named: boolean;
}

/** Whether a pending bypass lets this blocking contract through. */
export function bypassCovers(bypass: PendingBypass, o: Outcome): boolean {
  if (!o.bypassable || !bypass.scope.includes(o.id)) return false;
  // A self-protection built-in guards the rules themselves: only a bypass that names it lets it through.
  return !(o.builtin && o.id.startsWith(PROTECT_PREFIX)) || bypass.named;
}

/**
 * Decides the effect of each matched contract and the verdict.
 * - No matched contract: ALLOW.
 * - Only WARN contracts: WARN.
 * - Any BLOCK contract and no pending bypass: BLOCK (BLOCK dominates WARN).
 * - BLOCK contracts and a pending bypass that covers every one of them (each bypassable, each in the bypass's scope,
 *   each anchor-protect-* built-in named by the human): the bypass is used, each becomes 'bypassed' and the verdict
 *   is WARN, so the agent and the log still see what was let through.
 * - BLOCK contracts and a pending bypass that does not cover one of them: BLOCK; the bypass stays pending.
 */
export function decide(
  outcomes: readonly Outcome[],
  bypass: PendingBypass | undefined,
): { decision: Decision; effects: Effect[]; bypassUsed: boolean } {
  const blocking = outcomes.filter((o) => o.mode === 'BLOCK');
  if (blocking.length === 0) {
    return { decision: outcomes.length > 0 ? 'WARN' : 'ALLOW', effects: outcomes.map(() => 'warn'), bypassUsed: false };
  }
  const bypassUsed = bypass !== undefined && blocking.every((o) => bypassCovers(bypass, o));
  const effects: Effect[] = outcomes.map((o) => (o.mode === 'WARN' ? 'warn' : bypassUsed ? 'bypassed' : 'block'));
  return { decision: bypassUsed ? 'WARN' : 'BLOCK', effects, bypassUsed };
}

const RANK: Readonly<Record<Decision, number>> = { ALLOW: 0, WARN: 1, BLOCK: 2 };

/** The stronger of two decisions: BLOCK > WARN > ALLOW. */
export const strongest = (a: Decision, b: Decision): Decision => (RANK[a] >= RANK[b] ? a : b);
