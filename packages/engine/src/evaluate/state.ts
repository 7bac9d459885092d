// Session state: everything a verdict may depend on besides the policy and the event. Plain, immutable data of a
// size bounded by the policy and the bounds of the shell session and the ledger (never by the number of events), so a
// 10,000-event session stays as small as a 10-event one.
import { EMPTY_SHELL_SESSION, type ShellSession } from './shell-session.js';
import { EMPTY_LEDGER, type Ledger } from '../ledger/index.js';

export type { ShellSession } from './shell-session.js';

export interface BypassState {
  /** Bypasses granted this session; the budget left is the policy's budget minus this, never below zero. */
  readonly spent: number;
  /** A granted bypass waiting for the next blocked call. */
  readonly pending: boolean;
  /**
   * The contracts a pending bypass lets through: a blocked call goes through only when every contract blocking it is
   * one of these. INVARIANT: set (and not empty) whenever `pending` is true — no bypass is ever for "anything".
   */
  readonly scope?: readonly string[];
  /** The human named the scope (`/anchor bypass <contract-id> …`); false: it is the last block's contracts. */
  readonly named?: boolean;
  /** Tool calls a bypass that named no contract has left before it expires. */
  readonly callsLeft?: number;
}

export interface SessionState {
  /** The session's role, for display: the first of `roles`. */
  readonly role: string | null;
  /** Every role the session holds; a contract scoped to roles applies when it names one of them. */
  readonly roles: readonly string[];
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
  /** What this session wrote or edited, file by file, with the text when it is known (ledger/types.ts), so a file it
   * wrote and then runs is judged by what it contains. Shared between states while no file changes. */
  readonly ledger: Ledger;
  /** What the session's shell keeps between calls (values set, directory), bounded by SHELL_SESSION_LIMITS. */
  readonly shell: ShellSession;
  /**
   * The contracts that blocked the last blocked event (the block the human just saw): a bypass that names no
   * contract applies to these and nothing else.
   */
  readonly lastBlock: readonly string[];
}

export function initialState(
  role: string | null,
  roles: readonly string[] = role === null ? [] : [role],
): SessionState {
  return {
    role,
    roles,
    seq: 0,
    toolCalls: 0,
    lastConfirmation: null,
    bypass: { spent: 0, pending: false },
    seen: {},
    counts: {},
    ledger: EMPTY_LEDGER,
    shell: EMPTY_SHELL_SESSION,
    lastBlock: [],
  };
}

export const bypassesLeft = (state: SessionState, budget: number): number => Math.max(0, budget - state.bypass.spent);
