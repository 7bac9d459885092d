// What a trigger holds on. A tool call is judged unit by unit: the call as a whole, each simple command of a shell
// call, each file effect. An exception is checked against the unit its trigger held on, so one harmless part of a
// `&&` chain never excuses another.
import { EMPTY_LEDGER, type Ledger } from '../ledger/index.js';

export type Unit =
  | { readonly kind: 'call' }
  | { readonly kind: 'command'; readonly index: number }
  | { readonly kind: 'effect'; readonly index: number };

export const CALL: Unit = { kind: 'call' };

/**
 * What a value the engine cannot know counts as while matching: the policy's default (settings.unknownValues, which a
 * match's own `unknown` overrides), or 'never' while an exception is checked — an unknown value excuses nothing.
 */
export type UnknownMode = 'match' | 'ignore' | 'never';

/** Session facts some conditions need besides the event: the files this session wrote (for files it runs). */
export interface MatchContext {
  readonly ledger: Ledger;
  /** Undefined: 'ignore'. */
  readonly unknown?: UnknownMode;
}

export const NO_CONTEXT: MatchContext = { ledger: EMPTY_LEDGER };

/** The mode a match uses: its own setting, unless an exception is being checked. */
export const unknownMode = <Own extends 'match' | 'names' | 'ignore'>(
  own: Own | undefined,
  ctx: UnknownMode | undefined,
): Own | 'match' | 'ignore' => (ctx === 'never' ? 'ignore' : (own ?? ctx ?? 'ignore'));
