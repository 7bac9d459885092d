// Session state: everything a verdict may depend on besides the policy and the event. Plain, immutable data of a
// size bounded by the policy (never by the number of events), so a 10,000-event session stays as small as a 10-event one.

export interface BypassState {
  /** Bypasses granted this session; the budget left is the policy's budget minus this, never below zero. */
  readonly spent: number;
  /** A granted bypass waiting for the next blocked call. */
  readonly pending: boolean;
}

export interface SessionState {
  readonly role: string | null;
  /** Events seen, of every kind. */
  readonly seq: number;
  /** Tool calls that ran since the human last confirmed (or since the session, role or configuration started). */
  readonly toolCalls: number;
  /** The `seq` of the last human confirmation, or null. */
  readonly lastConfirmation: number | null;
  readonly bypass: BypassState;
  /** History for `after` / `notAfter`: matcher key → seq of the last event that matched it. */
  readonly seen: Readonly<Record<string, number>>;
  /** Occurrence counters: trigger key → events of the session that matched that trigger's event part. */
  readonly counts: Readonly<Record<string, number>>;
}

export function initialState(role: string | null): SessionState {
  return {
    role,
    seq: 0,
    toolCalls: 0,
    lastConfirmation: null,
    bypass: { spent: 0, pending: false },
    seen: {},
    counts: {},
  };
}

export const bypassesLeft = (state: SessionState, budget: number): number => Math.max(0, budget - state.bypass.spent);
