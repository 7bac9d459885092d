// The evaluator: (policy, state, event) → verdict and next state, as pure functions. Never throws: an internal
// fault becomes a verdict that carries the error, decided by settings.onError, so the host can fail open.
import type { Event, MessageEvent, ToolEvent } from '../schema/index.js';
import type { CompiledPolicy, Counter } from '../compile/index.js';
import { decide } from './decide.js';
import { messageFacts, toolFacts, type Facts } from './facts.js';
import { matchFacts, type Candidate, type Excuse } from './match.js';
import { renderAgentMessage } from './message.js';
import { bypassesLeft, initialState, type SessionState } from './state.js';

const confirmed = (was: number): string => `Confirmed by the human: the step count is reset (was ${was}).`;
import type { ContractMatch, EventKind, ExcusedMatch, Verdict } from './verdict.js';

export interface Step {
  readonly verdict: Verdict;
  readonly state: SessionState;
}

export function eventKind(event: Event): EventKind {
  if ('tool' in event) return 'tool';
  if ('message' in event) return 'message';
  if ('confirm' in event) return 'confirm';
  if ('bypass' in event) return 'bypass';
  if ('role' in event) return 'role';
  if ('agent' in event) return 'agent';
  return 'reload';
}

/** The role a session answered by `agent` plays: its mapping, else the default role. */
export const roleForAgent = (policy: CompiledPolicy, agent: string): string | null =>
  Object.hasOwn(policy.roles.agents, agent) ? policy.roles.agents[agent]! : policy.roles.default;

export const startState = (policy: CompiledPolicy, agent?: string): SessionState =>
  initialState(agent === undefined ? policy.roles.default : roleForAgent(policy, agent));

export function step(policy: CompiledPolicy, state: SessionState, event: Event): Step {
  try {
    return unsafeStep(policy, state, event);
  } catch (error) {
    const message = String((error as Error)?.message ?? error);
    return { verdict: faultVerdict(policy, state, event, message), state: { ...state, seq: state.seq + 1 } };
  }
}

export const evaluate = (policy: CompiledPolicy, state: SessionState, event: Event): Verdict => step(policy, state, event).verdict;
export const next = (policy: CompiledPolicy, state: SessionState, event: Event): SessionState => step(policy, state, event).state;

function unsafeStep(policy: CompiledPolicy, state: SessionState, event: Event): Step {
  const seq = state.seq + 1;
  const budget = policy.settings.bypassBudget;
  const base = { seq, role: state.role, matches: [], excused: [], agentMessage: undefined, error: undefined };
  const report = (s: SessionState, extra: { granted?: boolean; used?: boolean } = {}) => ({
    ...extra, used: extra.used ?? false, pending: s.bypass.pending, left: bypassesLeft(s, budget), budget,
  });
  const plain = (kind: EventKind, s: SessionState, notice: string, extra: { granted?: boolean } = {}): Step => ({
    verdict: { ...base, role: s.role, kind, decision: 'ALLOW', notice, bypass: report(s, extra) },
    state: s,
  });

  if ('tool' in event || 'message' in event) return decideEvent(policy, state, event as ToolEvent | MessageEvent, seq);
  if ('confirm' in event) {
    const s = { ...state, seq, toolCalls: 0, lastConfirmation: seq };
    return plain('confirm', s, confirmed(state.toolCalls));
  }
  if ('bypass' in event) {
    if (state.bypass.pending) {
      return plain('bypass', { ...state, seq }, 'A bypass is already waiting for the next blocked call; nothing more was spent.', { granted: false });
    }
    if (bypassesLeft(state, budget) === 0) {
      return plain('bypass', { ...state, seq }, `Bypass refused: the budget of ${budget} for this session is spent.`, { granted: false });
    }
    const s = { ...state, seq, bypass: { spent: state.bypass.spent + 1, pending: true } };
    return plain('bypass', s, `Bypass granted: the next blocked call will go through (${bypassesLeft(s, budget)} of ${budget} left this session). Reason: ${event.bypass || '(none given)'}`, { granted: true });
  }
  if ('role' in event || 'agent' in event) {
    const kind = 'role' in event ? 'role' : 'agent';
    const role = 'role' in event ? event.role : roleForAgent(policy, event.agent);
    if (role === state.role) return plain(kind, { ...state, seq }, `Role stays ${role ?? '(none)'}.`);
    // A role change applies that role's contracts and resets the tool-call count.
    const s = { ...state, seq, role, toolCalls: 0 };
    return plain(kind, s, `Role is now ${role ?? '(none)'} (was ${state.role ?? '(none)'}); the step count is reset.`);
  }
  // Reload: counters reset, role, history and the bypass budget spent so far are kept.
  const s = { ...state, seq, toolCalls: 0, counts: {} };
  return plain('reload', s, `Configuration reloaded: ${policy.contracts.length} contracts active; counters reset; role ${state.role ?? '(none)'} kept.`);
}

function decideEvent(policy: CompiledPolicy, state: SessionState, event: ToolEvent | MessageEvent, seq: number): Step {
  const root = policy.options.root;
  const checks: { facts: Facts; subject: string }[] = [];
  if ('tool' in event) {
    checks.push({ facts: toolFacts(event.tool, event.args, root), subject: 'tool call' });
  } else {
    checks.push({ facts: messageFacts(event.message, event.attachments, root, policy.settings.confirmations), subject: 'message' });
    // Attached files are read by the host without a tool call: check them as reads.
    for (const path of event.attachments ?? []) {
      checks.push({ facts: toolFacts('read', { filePath: path }, root, true), subject: `attachment ${path}` });
    }
  }
  const matched: Candidate[] = [];
  const excused: Excuse[] = [];
  for (const c of checks) {
    const r = matchFacts(policy, state, c.facts, c.subject);
    matched.push(...r.matched);
    excused.push(...r.excused);
  }
  const { decision, effects, bypassUsed } = decide(matched.map((m) => m.contract), state.bypass.pending);
  const matches: ContractMatch[] = matched.map((m, i) => ({
    id: m.contract.id,
    mode: m.contract.mode,
    effect: effects[i]!,
    bypassable: m.contract.bypassable,
    description: m.contract.description,
    message: m.contract.message,
    anchors: m.contract.anchors,
    origin: m.contract.origin,
    subject: m.subject,
    trigger: m.trigger,
    held: m.held,
  }));

  const blocked = decision === 'BLOCK';
  const primary = checks[0]!.facts;
  const isConfirmation = primary.kind === 'message' && primary.confirmation;
  const nextState: SessionState = {
    ...state,
    seq,
    // Only calls that ran count toward Step Confirmation; a confirmation message resets the count.
    toolCalls: isConfirmation ? 0 : primary.kind === 'tool' && !blocked ? state.toolCalls + 1 : state.toolCalls,
    lastConfirmation: isConfirmation ? seq : state.lastConfirmation,
    bypass: bypassUsed ? { ...state.bypass, pending: false } : state.bypass,
    // What was blocked did not happen, so it is not history; a message always happened.
    seen: remember(policy, state.seen, checks.filter((c) => !blocked || c.facts.kind === 'message').map((c) => c.facts), seq),
    counts: countOccurrences(policy, state.counts, checks.map((c) => c.facts)),
  };
  const left = bypassesLeft(nextState, policy.settings.bypassBudget);
  return {
    verdict: {
      decision,
      kind: primary.kind,
      seq,
      role: state.role,
      matches,
      excused: excused.map(toExcused),
      agentMessage: renderAgentMessage(decision, matches, {
        bypassHint: policy.options.bypassHint, left, budget: policy.settings.bypassBudget, pending: nextState.bypass.pending,
      }),
      notice: isConfirmation ? confirmed(state.toolCalls) : undefined,
      bypass: { used: bypassUsed, pending: nextState.bypass.pending, left, budget: policy.settings.bypassBudget },
      error: undefined,
    },
    state: nextState,
  };
}

function remember(policy: CompiledPolicy, seen: SessionState['seen'], facts: readonly Facts[], seq: number): SessionState['seen'] {
  let out: Record<string, number> | undefined;
  for (const f of facts) {
    for (const m of policy.index.history.candidates(f)) {
      if (!m.test(f)) continue;
      out ??= { ...seen };
      out[m.key] = seq;
    }
  }
  return out ?? seen;
}

function countOccurrences(policy: CompiledPolicy, counts: SessionState['counts'], facts: readonly Facts[]): SessionState['counts'] {
  // Each counter counts an event once, even when several of its facts (a message and its attachments) match.
  const hit = new Set<Counter>();
  for (const f of facts) for (const c of policy.index.counters.candidates(f)) if (c.event === undefined || c.event.test(f)) hit.add(c);
  if (hit.size === 0) return counts;
  const out: Record<string, number> = { ...counts };
  for (const c of hit) out[c.key] = (out[c.key] ?? 0) + 1;
  return out;
}

const toExcused = (e: Excuse): ExcusedMatch => ({
  id: e.contract.id, subject: e.subject, trigger: e.trigger, held: e.held, exception: e.exception, exceptionHeld: e.exceptionHeld,
});

function faultVerdict(policy: CompiledPolicy | undefined, state: SessionState, event: unknown, error: string): Verdict {
  const onError = policy?.settings?.onError ?? 'allow';
  const budget = policy?.settings?.bypassBudget ?? 0;
  let kind: EventKind = 'tool';
  try {
    kind = eventKind(event as Event);
  } catch {
    // The event is not even an object: report it as a tool event, the kind hosts act on.
  }
  return {
    decision: onError === 'block' ? 'BLOCK' : 'ALLOW',
    kind,
    seq: (state?.seq ?? 0) + 1,
    role: state?.role ?? null,
    matches: [],
    excused: [],
    agentMessage: onError === 'block'
      ? `BLOCKED by semantic-anchors: the plugin failed while checking this call (${error}) and this project is configured to fail closed (settings.onError: block). Ask the human to check the plugin log.`
      : undefined,
    notice: `semantic-anchors failed while checking this event (${error}); ${onError === 'block' ? 'it was blocked (onError: block)' : 'it was allowed (fail open)'}.`,
    bypass: { used: false, pending: state?.bypass?.pending ?? false, left: state?.bypass ? bypassesLeft(state, budget) : 0, budget },
    error,
  };
}

