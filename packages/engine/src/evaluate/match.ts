// Runs the compiled contracts of the session's role against one set of facts and says, in words, what held.
import type { CompiledContract, CompiledPolicy, CompiledTrigger } from '../compile/index.js';
import type { Facts } from './facts.js';
import type { SessionState } from './state.js';

export interface Candidate {
  readonly contract: CompiledContract;
  readonly subject: string;
  readonly trigger: string;
  readonly held: readonly string[];
}

export interface Excuse extends Candidate {
  readonly exception: string;
  readonly exceptionHeld: readonly string[];
}

export const appliesToRole = (c: CompiledContract, role: string | null): boolean =>
  c.roles === undefined || (role !== null && c.roles.has(role));

export function matchFacts(policy: CompiledPolicy, state: SessionState, facts: Facts, subject: string): { matched: Candidate[]; excused: Excuse[] } {
  const matched: Candidate[] = [];
  const excused: Excuse[] = [];
  for (const contract of policy.index.contracts.candidates(facts)) {
    if (!appliesToRole(contract, state.role)) continue;
    let hit: { trigger: CompiledTrigger; held: string[] } | undefined;
    for (const trigger of contract.when) {
      const held = holds(trigger, facts, state);
      if (held) {
        hit = { trigger, held };
        break;
      }
    }
    if (!hit) continue;
    const candidate: Candidate = { contract, subject, trigger: hit.trigger.label, held: hit.held };
    let excuse: Excuse | undefined;
    for (const exception of contract.unless) {
      const held = holds(exception, facts, state);
      if (held) {
        excuse = { ...candidate, exception: exception.label, exceptionHeld: held };
        break;
      }
    }
    if (excuse) excused.push(excuse);
    else matched.push(candidate);
  }
  return { matched, excused };
}

/** The conditions of a trigger, in words, if every one holds; undefined otherwise. Cheap checks first. */
function holds(t: CompiledTrigger, facts: Facts, state: SessionState): string[] | undefined {
  if (t.event && !t.event.test(facts)) return undefined;
  const isCall = facts.kind === 'tool' && !facts.attachment;
  let callNo = 0;
  if (t.toolCalls !== undefined) {
    // The call being decided counts; for anything else, only the calls already made.
    callNo = state.toolCalls + (isCall ? 1 : 0);
    if (callNo < t.toolCalls) return undefined;
  }
  let count = 0;
  if (t.occurrence) {
    count = (state.counts[t.occurrence.key] ?? 0) + 1;
    if (t.occurrence.atLeast !== undefined && count < t.occurrence.atLeast) return undefined;
    if (t.occurrence.every !== undefined && count % t.occurrence.every !== 0) return undefined;
  }
  let after: string | undefined;
  if (t.after.length > 0) {
    const seen = t.after.find((m) => state.seen[m.key] !== undefined);
    if (!seen) return undefined;
    after = seen.summary;
  }
  if (t.notAfter.some((m) => state.seen[m.key] !== undefined)) return undefined;

  // Everything held: now, and only now, say it in words.
  const held: string[] = [t.event ? t.event.explain(facts) : 'any event'];
  if (t.toolCalls !== undefined) {
    held.push(`tool call ${callNo} since the last confirmation (limit ${t.toolCalls})`);
  }
  if (t.occurrence) {
    const rule = [t.occurrence.atLeast !== undefined ? `from the ${ordinal(t.occurrence.atLeast)} on` : '', t.occurrence.every !== undefined ? `every ${ordinal(t.occurrence.every)}` : '']
      .filter(Boolean).join(', ');
    held.push(`${ordinal(count)} matching event this session (${rule})`);
  }
  if (after !== undefined) held.push(`after an earlier event: ${after}`);
  if (t.notAfter.length > 0) held.push(`no earlier event: ${t.notAfter.map((m) => m.summary).join(' / ')}`);
  return held;
}

export function ordinal(n: number): string {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
}
