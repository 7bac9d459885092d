// Runs the compiled contracts of the session's role against one set of facts and says, in words, what held.
// A contract applies when one of its triggers holds on a unit of the event (the call, a simple command, a file
// effect) and no exception holds on that same unit. A contract that throws is isolated: it is reported, not fatal.
import type { CompiledContract, CompiledPolicy, CompiledTrigger, MatchContext, Unit } from '../compile/index.js';
import type { Facts } from '../facts/index.js';
import type { SessionState } from './state.js';

export interface Candidate {
  readonly contract: CompiledContract;
  readonly subject: string;
  readonly trigger: string;
  readonly held: readonly string[];
  /** The unit the trigger held on: the whole call, simple command N or file effect N. */
  readonly unit: Unit;
}

export interface Excuse extends Candidate {
  readonly exception: string;
  readonly exceptionHeld: readonly string[];
}

export interface ContractFault {
  readonly contract: CompiledContract;
  readonly error: string;
}

/** Whether a contract applies to a session holding these roles (built-ins and unscoped contracts: always). */
export function appliesToRole(c: CompiledContract, roles: string | null | readonly string[]): boolean {
  if (c.builtin || c.roles === undefined) return true;
  if (roles === null) return false;
  if (typeof roles === 'string') return c.roles.has(roles);
  for (const r of roles) if (c.roles.has(r)) return true;
  return false;
}

const ANY: readonly Unit[] = [{ kind: 'call' }];

export function matchFacts(
  policy: CompiledPolicy,
  state: SessionState,
  facts: Facts,
  subject: string,
  /** The number, counted from the calls already made, this call is decided at: 1, a batch's inner call count, or an
   * inner call's place in its batch (see callNumber). */
  calls = 1,
): { matched: Candidate[]; excused: Excuse[]; faults: ContractFault[] } {
  const matched: Candidate[] = [];
  const excused: Excuse[] = [];
  const faults: ContractFault[] = [];
  const ctx: MatchContext = { ledger: state.ledger, unknown: policy.settings.unknownValues };
  const excusing = EXCUSING(ctx);
  for (const contract of policy.index.contracts.candidates(facts)) {
    if (!appliesToRole(contract, state.roles)) continue;
    try {
      const r = matchContract(contract, facts, state, ctx, excusing, subject, calls);
      if (r?.excuse) excused.push(r.excuse);
      else if (r?.candidate) matched.push(r.candidate);
    } catch (error) {
      // INVARIANT: one contract that fails while matching never turns the others off; it is listed in the verdict.
      faults.push({ contract, error: String((error as Error)?.message ?? error) });
    }
  }
  return { matched, excused, faults };
}

function matchContract(
  contract: CompiledContract,
  facts: Facts,
  state: SessionState,
  ctx: MatchContext,
  excusing: MatchContext,
  subject: string,
  calls: number,
): { candidate?: Candidate; excuse?: Excuse } | undefined {
  let firstExcuse: Excuse | undefined;
  // Hot: every candidate contract of every event passes here; plain loops, and nothing made until something holds.
  for (let t = 0; t < contract.when.length; t++) {
    const trigger = contract.when[t]!;
    if (!stateHolds(trigger, facts, state, calls)) continue;
    const units = trigger.event ? trigger.event.units(facts, ctx) : ANY;
    for (let u = 0; u < units.length; u++) {
      const unit = units[u]!;
      const exception = firstException(contract.unless, facts, state, excusing, unit, calls);
      // One unit that no exception excuses is enough: the contract applies.
      if (exception === undefined)
        return { candidate: candidateOf(contract, subject, trigger, facts, state, unit, ctx, calls) };
      firstExcuse ??= {
        ...candidateOf(contract, subject, trigger, facts, state, unit, ctx, calls),
        exception: exception.label,
        exceptionHeld: describe(exception, facts, state, unit, excusing, calls),
      };
    }
  }
  return firstExcuse ? { excuse: firstExcuse } : undefined;
}

function candidateOf(
  contract: CompiledContract,
  subject: string,
  trigger: CompiledTrigger,
  facts: Facts,
  state: SessionState,
  unit: Unit,
  ctx: MatchContext,
  calls: number,
): Candidate {
  return { contract, subject, trigger: trigger.label, held: describe(trigger, facts, state, unit, ctx, calls), unit };
}

/** The first exception that holds on this unit, if any. */
function firstException(
  unless: readonly CompiledTrigger[],
  facts: Facts,
  state: SessionState,
  excusing: MatchContext,
  unit: Unit,
  calls: number,
): CompiledTrigger | undefined {
  for (let i = 0; i < unless.length; i++)
    if (exceptionHolds(unless[i]!, facts, state, excusing, unit, calls)) return unless[i];
  return undefined;
}

/** While an exception is checked, a value the engine cannot know counts as nothing: it never excuses. */
const EXCUSING = (ctx: MatchContext): MatchContext => ({ ...ctx, unknown: 'never' });

/** `excusing` is the event's context made EXCUSING, once per event. */
function exceptionHolds(
  x: CompiledTrigger,
  facts: Facts,
  state: SessionState,
  excusing: MatchContext,
  unit: Unit,
  calls: number,
): boolean {
  if (x.event && !x.event.holdsOn(facts, unit, excusing)) return false;
  return stateHolds(x, facts, state, calls);
}

/** The session-state conditions of a trigger (the same for every unit). Cheap checks first. */
function stateHolds(t: CompiledTrigger, facts: Facts, state: SessionState, calls: number): boolean {
  if (t.toolCalls !== undefined && callNumber(facts, state, calls) < t.toolCalls) return false;
  if (t.occurrence) {
    const count = (state.counts[t.occurrence.key] ?? 0) + 1;
    if (t.occurrence.atLeast !== undefined && count < t.occurrence.atLeast) return false;
    if (t.occurrence.every !== undefined && count % t.occurrence.every !== 0) return false;
  }
  if (t.after.length > 0 && !seenAny(t.after, state)) return false;
  if (t.notAfter.length > 0 && seenAny(t.notAfter, state)) return false;
  return true;
}

/** Whether the session saw an event one of these history matchers keeps (a loop: stateHolds runs per contract). */
function seenAny(ms: readonly { readonly key: string }[], state: SessionState): boolean {
  for (let i = 0; i < ms.length; i++) if (state.seen[ms[i]!.key] !== undefined) return true;
  return false;
}

/**
 * The call being decided counts; for anything else, only the calls already made. A batch is one call of the host's
 * (it cannot run in part) that makes `calls` tool calls: it is decided at the number of its last inner call, so a
 * batch that would go past the limit is held whole ("after twelve calls" stops a batch holding the thirteenth; a
 * batch of more calls than the limit allows waits for the human, as the calls one by one would).
 */
const callNumber = (facts: Facts, state: SessionState, calls: number): number =>
  state.toolCalls + (facts.kind === 'tool' && !facts.attachment ? calls : 0);

/** The conditions that held, in words; only built for contracts that apply or are excused. */
function describe(
  t: CompiledTrigger,
  facts: Facts,
  state: SessionState,
  unit: Unit,
  ctx: MatchContext,
  calls: number,
): string[] {
  const held: string[] = [t.event ? t.event.explain(facts, unit, ctx) : 'any event'];
  if (t.toolCalls !== undefined)
    held.push(
      `tool call ${callNumber(facts, state, calls)} since the last confirmation (held from call ${t.toolCalls} on)`,
    );
  if (t.occurrence) {
    const count = (state.counts[t.occurrence.key] ?? 0) + 1;
    const rule = [
      t.occurrence.atLeast !== undefined ? `from the ${ordinal(t.occurrence.atLeast)} on` : '',
      t.occurrence.every !== undefined ? `every ${ordinal(t.occurrence.every)}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    held.push(`${ordinal(count)} matching event this session (${rule})`);
  }
  const after = t.after.find((m) => state.seen[m.key] !== undefined);
  if (after) held.push(`after an earlier event: ${after.summary}`);
  if (t.notAfter.length > 0) held.push(`no earlier event: ${t.notAfter.map((m) => m.summary).join(' / ')}`);
  return held;
}

export function ordinal(n: number): string {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
}
