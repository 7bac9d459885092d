// A pending bypass spent by something the host checks after a call rather than before it (the plugin's result check
// of code that runs later): a change only a look at the file after the call can see is let through when the human's
// waiting bypass named the contract that guards it. Takes the state and the contract id; gives the state with the
// bypass used, or undefined when no waiting bypass names it. Only a named bypass counts: an anchor-protect-* built-in
// is let through only by a bypass that names it (bypass-grant.ts).
import type { SessionState } from './state.js';

export function spendNamedBypass(state: SessionState, contract: string): SessionState | undefined {
  const b = state.bypass;
  if (!b.pending || b.named !== true || !(b.scope ?? []).includes(contract)) return undefined;
  return { ...state, bypass: { spent: b.spent, pending: false } };
}
