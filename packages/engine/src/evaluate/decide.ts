// The verdict semantics, written once. Every matched contract is listed; the decision is the strongest effect.

import type { Decision, Mode } from '../schema/index.js';

/** What one matched contract does to this event. */
export type Effect =
  /** A BLOCK contract stops the event. */
  | 'block'
  /** A WARN contract lets it through with a note. */
  | 'warn'
  /** A BLOCK contract was let through by the human's pending bypass. */
  | 'bypassed'
  /** A BLOCK contract in observe mode: it would have stopped the event, which goes ahead; the agent is not told. */
  | 'observed';

export interface Outcome {
  readonly id: string;
  readonly mode: Mode;
  readonly bypassable: boolean;
  /** The contract failed while matching: it counts as decided by settings.onError (see faultMode), not by its mode. */
  readonly failed?: boolean;
  /** Observe mode (settings.observe, the contract's `observe`). */
  readonly observe?: boolean;
}

/** What the project does when something fails while checking an event: settings.onError. */
export type OnError = 'allow' | 'block';

/**
 * The fail-closed rule, written once: a fault (a contract that failed while matching, an event the engine could not
 * check, an error inside the host's plugin while checking a tool call) decides BLOCK when the project fails closed
 * (settings.onError: block), and nothing when it fails open (the default: allow, and the host tells the human).
 * The contract's own mode plays no part: a failed WARN contract blocks as surely as a failed BLOCK contract.
 */
export const faultMode = (onError: OnError): Mode | undefined => (onError === 'block' ? 'BLOCK' : undefined);

/** A bypass the human granted and that has not been used: for any contract, or scoped to one. */
export interface PendingBypass {
  readonly scope: string | undefined;
}

/**
 * Decides the effect of each matched contract and the verdict.
 * - No matched contract: ALLOW.
 * - Only WARN contracts: WARN.
 * - Any BLOCK contract and no pending bypass: BLOCK (BLOCK dominates WARN).
 * - BLOCK contracts, a pending bypass and every one of them bypassable: the bypass is used, each becomes
 *   'bypassed' and the verdict is WARN, so the agent and the log still see what was let through.
 * - BLOCK contracts, a pending bypass, but one of them not bypassable (or, for a bypass scoped to one contract,
 *   another contract): BLOCK; the bypass stays pending.
 * - A BLOCK contract in observe mode never blocks and never spends a bypass: its effect is 'observed', and the
 *   decision is what the other contracts give (ALLOW when it matched alone).
 */
export function decide(
  outcomes: readonly Outcome[],
  bypass: PendingBypass | undefined,
): { decision: Decision; effects: Effect[]; bypassUsed: boolean } {
  // INVARIANT: a failed outcome reaches here only when it decides something (the caller filters with faultMode),
  // and it is never observed: a fault under onError: block stops the call.
  const observed = (o: Outcome) => o.mode === 'BLOCK' && o.observe === true && o.failed !== true;
  const blocking = outcomes.filter((o) => o.mode === 'BLOCK' && !observed(o));
  if (blocking.length === 0) {
    const warns = outcomes.some((o) => o.mode === 'WARN');
    return {
      decision: warns ? 'WARN' : 'ALLOW',
      effects: outcomes.map((o) => (observed(o) ? 'observed' : 'warn')),
      bypassUsed: false,
    };
  }
  // - A scoped bypass is used only when every blocking contract is the one it names.
  const bypassUsed =
    bypass !== undefined &&
    blocking.every((o) => o.bypassable && (bypass.scope === undefined || o.id === bypass.scope));
  const effects: Effect[] = outcomes.map((o) =>
    o.mode === 'WARN' ? 'warn' : observed(o) ? 'observed' : bypassUsed ? 'bypassed' : 'block',
  );
  return { decision: bypassUsed ? 'WARN' : 'BLOCK', effects, bypassUsed };
}

const RANK: Readonly<Record<Decision, number>> = { ALLOW: 0, WARN: 1, BLOCK: 2 };

/** The stronger of two decisions: BLOCK > WARN > ALLOW. */
export const strongest = (a: Decision, b: Decision): Decision => (RANK[a] >= RANK[b] ? a : b);
