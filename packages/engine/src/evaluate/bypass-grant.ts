// A bypass event → the bypass state after it and the words the human reads. What a bypass allows is decided here,
// when it is granted; what it lets through is decided in decide.ts, when a blocked call meets it.
// The rules, one per case:
// - A bypass already waiting: refused, nothing spent (one at a time).
// - The budget spent: refused.
// - Contract ids named (`contract`, or typed words that start with ids): each must be a contract of the policy (else
//   refused with a did-you-mean) and bypassable (else refused); the bypass waits for a block by them.
// - No id named: the bypass is for the contracts that blocked the last blocked call (`state.lastBlock`) and expires
//   after settings.bypassExpiresAfter tool calls. No block yet: refused, with how to name one. The last block by a
//   contract nobody may bypass, or by an anchor-protect-* built-in (which only a bypass that names it lets through):
//   refused, with how to name it. Nothing is spent by any refusal.
import type { BypassEvent } from '../schema/index.js';
import { PROTECT_PREFIX, type CompiledPolicy } from '../compile/index.js';
import { readBypassWords, unknownId } from './bypass-words.js';
import { bypassesLeft, type BypassState, type SessionState } from './state.js';

export interface BypassOutcome {
  readonly bypass: BypassState;
  readonly granted: boolean;
  readonly notice: string;
}

export function grantBypass(policy: CompiledPolicy, state: SessionState, event: BypassEvent): BypassOutcome {
  const budget = policy.settings.bypassBudget;
  const refuse = (notice: string): BypassOutcome => ({ bypass: state.bypass, granted: false, notice });
  const known = policy.contracts.map((c) => c.id);

  let named: readonly string[];
  let reason: string;
  let note: string | undefined;
  if (event.typed) {
    const words = readBypassWords(known, event.bypass);
    if (!words.ok) return refuse(words.refusal);
    named = words.ids;
    reason = words.reason;
    note = words.note;
  } else {
    named = event.contract === undefined ? [] : typeof event.contract === 'string' ? [event.contract] : event.contract;
    reason = event.bypass;
  }

  if (state.bypass.pending) {
    return refuse(
      `A bypass is already waiting (for ${said(state.bypass.scope ?? [])}); nothing more was spent. It is used by the next call ${(state.bypass.scope ?? []).length === 1 ? 'that contract blocks' : 'those contracts block'}.`,
    );
  }
  if (bypassesLeft(state, budget) === 0)
    return refuse(`Bypass refused: the budget of ${budget} for this session is spent.`);

  const byId = new Map(policy.contracts.map((c) => [c.id, c]));
  let scope: readonly string[];
  if (named.length > 0) {
    const unknown = named.find((id) => !byId.has(id));
    if (unknown !== undefined) return refuse(unknownId(unknown, known));
    const fixed = named.find((id) => !byId.get(id)!.bypassable);
    if (fixed !== undefined) return refuse(`Bypass refused: "${fixed}" cannot be bypassed; nothing was spent.`);
    scope = named;
  } else {
    scope = state.lastBlock;
    if (scope.length === 0) {
      return refuse(
        'Bypass refused: no call has been blocked in this session, and this bypass names no contract; nothing was spent. ' +
          'A bypass without an id is for the contracts that blocked the last call; to grant one ahead, name the ' +
          'contract: /anchor bypass <contract-id> <reason> (/anchor status lists the ids).',
      );
    }
    const fixed = scope.filter((id) => byId.get(id)?.bypassable === false);
    if (fixed.length > 0) {
      return refuse(
        `Bypass refused: the last call was blocked by ${said(fixed)}, which cannot be bypassed; nothing was spent.`,
      );
    }
    const guarded = scope.filter((id) => id.startsWith(PROTECT_PREFIX));
    if (guarded.length > 0) {
      return refuse(
        `Bypass refused: the last call was blocked by ${said(guarded)}, which guards the rules themselves: only a bypass that names it lets it through; nothing was spent. If you mean it: /anchor bypass ${scope.join(' ')} <reason>.`,
      );
    }
  }

  const expiry = policy.settings.bypassExpiresAfter;
  const isNamed = named.length > 0;
  const bypass: BypassState = isNamed
    ? { spent: state.bypass.spent + 1, pending: true, scope, named: true }
    : { spent: state.bypass.spent + 1, pending: true, scope, named: false, callsLeft: expiry };
  const what = isNamed
    ? `the next call blocked by ${said(scope)} will go through (named)`
    : `the next call blocked by ${said(scope)} (the contract${scope.length === 1 ? '' : 's'} that blocked the last call) will go through within ${expiry} tool call${expiry === 1 ? '' : 's'}`;
  const left = bypassesLeft({ ...state, bypass }, budget);
  return {
    bypass,
    granted: true,
    notice: `Bypass granted: ${what}; a block by any other contract stays a block (${left} of ${budget} left this session). Reason: ${reason || '(none given)'}${note ? ` (${note})` : ''}`,
  };
}

const said = (ids: readonly string[]): string => ids.map((id) => `"${id}"`).join(' and ');
