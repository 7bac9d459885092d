// What a trigger holds on. A tool call is judged unit by unit: the call as a whole, each simple command of a shell
// call, each file effect. An exception is checked against the unit its trigger held on, so one harmless part of a
// `&&` chain never excuses another.
export type Unit =
  | { readonly kind: 'call' }
  | { readonly kind: 'command'; readonly index: number }
  | { readonly kind: 'effect'; readonly index: number };

export const CALL: Unit = { kind: 'call' };

import { EMPTY_LEDGER, type Ledger } from '../ledger/index.js';

/** Session facts some conditions need besides the event: the files this session wrote (for files it runs). */
export interface MatchContext {
  readonly ledger: Ledger;
}

export const NO_CONTEXT: MatchContext = { ledger: EMPTY_LEDGER };
