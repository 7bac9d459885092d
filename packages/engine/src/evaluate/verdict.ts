// The verdict: what the host does with an event, every contract that matched, and the trace of why.
import type { Decision, Mode } from '../schema/index.js';
import type { AnchorLink } from '../compile/index.js';
import type { ContractOrigin } from '../load/index.js';
import type { Effect } from './decide.js';
import type { Unit } from '../compile/index.js';
import type { ObservedReport } from './observe.js';

export type EventKind = 'tool' | 'message' | 'confirm' | 'bypass' | 'role' | 'agent' | 'reload';

export interface ContractMatch {
  readonly id: string;
  readonly mode: Mode;
  readonly effect: Effect;
  readonly bypassable: boolean;
  readonly description: string;
  readonly message: string;
  readonly anchors: readonly AnchorLink[];
  readonly origin: ContractOrigin;
  /** What was checked: "tool call", "message", or "attachment <path>" (an attached file read). */
  readonly subject: string;
  /** The trigger that held ("when", "when[1]") and each of its conditions, in words. */
  readonly trigger: string;
  readonly held: readonly string[];
  /** What the trigger held on: the whole call, simple command N or file effect N (indices into the parsed call). */
  readonly unit: Unit;
}

export interface ExcusedMatch {
  readonly id: string;
  readonly subject: string;
  readonly trigger: string;
  readonly held: readonly string[];
  /** The exception that held ("unless", "unless[0]") and its conditions. */
  readonly exception: string;
  readonly exceptionHeld: readonly string[];
}

export interface BypassReport {
  /** For a bypass event: whether the grant was accepted. */
  readonly granted?: boolean;
  /** For a blocked event: whether a pending bypass let it through. */
  readonly used: boolean;
  /** Whether a bypass is still waiting after this event. */
  readonly pending: boolean;
  readonly left: number;
  readonly budget: number;
  /** The contract a pending bypass is scoped to. */
  readonly scope?: string;
  /** For a tool call: a pending unscoped bypass expired with it (settings.bypassExpiresAfter). */
  readonly expired?: boolean;
}

/** A contract that failed while it was being matched: it is left out of this verdict, the others still apply. */
export interface ContractFault {
  readonly id: string;
  readonly error: string;
}

export interface Verdict {
  readonly decision: Decision;
  readonly kind: EventKind;
  readonly seq: number;
  readonly role: string | null;
  /** Every contract that applied, in policy order, not just the first. */
  readonly matches: readonly ContractMatch[];
  /** Contracts whose trigger held but an exception excused the event. */
  readonly excused: readonly ExcusedMatch[];
  /** Text for the agent: the block message to throw, or the note to append. Undefined for ALLOW. */
  readonly agentMessage: string | undefined;
  /** Text for the human about a human event (bypass granted or refused, confirmation, role change, reload). */
  readonly notice: string | undefined;
  readonly bypass: BypassReport;
  /** An internal fault: the decision then follows settings.onError. */
  readonly error: string | undefined;
  /** Contracts that failed while matching this event (each decided by settings.onError); the others still applied. */
  readonly faults: readonly ContractFault[];
  /** Set when no contract was consulted because the host's own rules exempt the event (the status tool's name). */
  readonly exempt?: string;
  /**
   * Observe mode: contracts that would have blocked this event and let it through instead. `decision` above is what
   * happens (the host acts on it); this is what would have happened. Absent when no observed contract matched.
   */
  readonly observed?: ObservedReport;
}
