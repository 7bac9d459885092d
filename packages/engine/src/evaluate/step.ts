// The evaluator: (policy, state, event) → verdict and next state, as pure functions. Never throws: an internal
// fault becomes a verdict that carries the error, decided by settings.onError, so the host can fail open.
import type { Event, MessageEvent, ToolEvent } from '../schema/index.js';
import type { CompiledPolicy, Counter } from '../compile/index.js';
import { decide, faultMode, type Outcome } from './decide.js';
import { messageFacts, toolFacts, type Facts, type ToolFacts } from '../facts/index.js';
import { matchFacts, type Candidate, type ContractFault, type Excuse } from './match.js';
import { eventProblem } from './event-check.js';
import { renderAgentMessage } from './message.js';
import { bypassesLeft, initialState, type SessionState } from './state.js';
import { recordCalls, recordRefused } from '../ledger/index.js';
import { shellModel } from '../facts/shell-model.js';
import { STATUS_TOOL, isHousekeepingAgent, isStatusTool } from './host-rules.js';
import { observedReport } from './observe.js';
import {
  freshContext,
  nextShellSession,
  sessionContext,
  type ContextEvent,
  type ContextSource,
} from './shell-session.js';
import { grantBypass } from './bypass-grant.js';

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

/** Every role a session answered by `agent` holds: its mapping, else the default roles. */
export const rolesForAgent = (policy: CompiledPolicy, agent: string | undefined): readonly string[] =>
  agent !== undefined && Object.hasOwn(policy.roles.agents, agent)
    ? [policy.roles.agents[agent]!]
    : policy.roles.defaults;

/** The role a session answered by `agent` shows: the first it holds (roles.defaults starts with roles.default). */
export const roleForAgent = (policy: CompiledPolicy, agent: string | undefined): string | null =>
  rolesForAgent(policy, agent)[0] ?? null;

export const startState = (policy: CompiledPolicy, agent?: string): SessionState =>
  initialState(roleForAgent(policy, agent), rolesForAgent(policy, agent));

export function step(policy: CompiledPolicy, state: SessionState, event: Event): Step {
  try {
    // INVARIANT: only well-formed events are interpreted; anything else is a fault decided by settings.onError.
    const problem = eventProblem(event);
    if (problem !== undefined)
      return { verdict: faultVerdict(policy, state, event, problem), state: { ...state, seq: state.seq + 1 } };
    return unsafeStep(policy, state, event);
  } catch (error) {
    const message = String((error as Error)?.message ?? error);
    return { verdict: faultVerdict(policy, state, event, message), state: { ...state, seq: state.seq + 1 } };
  }
}

export const evaluate = (policy: CompiledPolicy, state: SessionState, event: Event): Verdict =>
  step(policy, state, event).verdict;
export const next = (policy: CompiledPolicy, state: SessionState, event: Event): SessionState =>
  step(policy, state, event).state;

function unsafeStep(policy: CompiledPolicy, state: SessionState, event: Event): Step {
  const seq = state.seq + 1;
  const budget = policy.settings.bypassBudget;
  const base = {
    seq,
    role: state.role,
    matches: [],
    excused: [],
    agentMessage: undefined,
    error: undefined,
    faults: [],
  };
  const report = (s: SessionState, extra: { granted?: boolean; used?: boolean } = {}) => ({
    ...extra,
    used: extra.used ?? false,
    pending: s.bypass.pending,
    left: bypassesLeft(s, budget),
    budget,
    ...(s.bypass.pending && s.bypass.scope !== undefined ? { scope: s.bypass.scope } : {}),
  });
  const plain = (kind: EventKind, s: SessionState, notice: string, extra: { granted?: boolean } = {}): Step => ({
    verdict: { ...base, role: s.role, kind, decision: 'ALLOW', notice, bypass: report(s, extra) },
    state: s,
  });

  // The plugin's own read-only status tool: allowed, not counted, no contract consulted (host-rules.ts).
  if ('tool' in event && isStatusTool(event.tool))
    return {
      verdict: {
        ...base,
        kind: 'tool',
        decision: 'ALLOW',
        notice: undefined,
        bypass: report(state),
        exempt: STATUS_TOOL,
      },
      state: { ...state, seq },
    };
  if ('tool' in event || 'message' in event) return decideEvent(policy, state, event as ToolEvent | MessageEvent, seq);
  if ('confirm' in event) {
    const s = { ...state, seq, toolCalls: 0, lastConfirmation: seq };
    return plain('confirm', s, confirmed(state.toolCalls));
  }
  if ('bypass' in event) {
    const outcome = grantBypass(policy, state, event);
    return plain('bypass', { ...state, seq, bypass: outcome.bypass }, outcome.notice, { granted: outcome.granted });
  }
  if ('agent' in event && isHousekeepingAgent(event.agent))
    return plain('agent', { ...state, seq }, `Agent ${event.agent} does housekeeping; the role stays as it is.`);
  if ('role' in event || 'agent' in event) {
    const kind = 'role' in event ? 'role' : 'agent';
    const roles = 'role' in event ? [event.role] : rolesForAgent(policy, event.agent);
    const role = roles[0] ?? null;
    const said = (rs: readonly string[]) => (rs.length === 0 ? '(none)' : rs.join(' + '));
    if (role === state.role && said(roles) === said(state.roles))
      return plain(kind, { ...state, seq }, `Role stays ${said(roles)}.`);
    // A role change applies that role's contracts and resets the tool-call count.
    const s = { ...state, seq, role, roles, toolCalls: 0 };
    return plain(kind, s, `Role is now ${said(roles)} (was ${said(state.roles)}); the step count is reset.`);
  }
  // Reload: counters reset, role, history and the bypass budget spent so far are kept.
  const s = { ...state, seq, toolCalls: 0, counts: {} };
  return plain(
    'reload',
    s,
    `Configuration reloaded: ${policy.contracts.length} contracts active; counters reset; role ${state.role ?? '(none)'} kept.`,
  );
}

/** One reading of a call (or a message, an attachment) to match contracts against. */
interface Check {
  readonly facts: Facts;
  readonly subject: string;
  /** A second reading of the same call (a fresh shell), whose matches add only contracts not matched yet. */
  readonly reading?: true;
  /** Which tool call of the event it reads: 0 the event's own, i the batch's i-th inner call. */
  readonly call: number;
}

/**
 * The readings of one tool call: as the agent believes it runs (the session's values and directory, its files, the
 * host's facts) and, when the host starts a fresh shell per call and that changes what runs, as a new shell runs it.
 */
function readings(
  policy: CompiledPolicy,
  state: ContextSource,
  event: ContextEvent & { readonly tool: string },
  realPaths: Readonly<Record<string, string>> | undefined,
  subject: string,
  call: number,
): Check[] {
  const root = policy.options.root;
  const facts = toolFacts(event.tool, event.args, root, false, sessionContext(policy, state, event), realPaths);
  const out: Check[] = [{ facts, subject, call }];
  // A host that starts a fresh shell per call runs it without what earlier calls set: judge that reading too — unless
  // the model cannot differ (a context-free model the fresh context changes nothing in: the same commands and effects).
  const fresh = facts.shell ? freshContext(policy, state, event) : undefined;
  if (fresh !== undefined && !shellModel().sameModel(facts.command ?? '', facts.shell!, fresh.shell)) {
    const real = toolFacts(event.tool, event.args, root, false, fresh, realPaths);
    if (readsDiffer(facts, real))
      out.push({
        facts: real,
        subject: `${subject} as a new shell runs it (earlier values unset, project root)`,
        reading: true,
        call,
      });
  }
  return out;
}

const toolFactsOf = (checks: readonly Check[]): ToolFacts[] =>
  checks.flatMap((c) => (c.facts.kind === 'tool' ? [c.facts] : []));

function decideEvent(policy: CompiledPolicy, state: SessionState, event: ToolEvent | MessageEvent, seq: number): Step {
  const root = policy.options.root;
  const checks: Check[] = [];
  // Tool calls this event makes: one, or one per inner call of a batch (each counts for Step Confirmation).
  let calls = 0;
  if ('tool' in event) {
    checks.push(...readings(policy, state, event, event.realPaths, 'tool call', 0));
    const facts = checks[0]!.facts as ToolFacts;
    // A batch runs other tools: each inner call is checked as if it were made on its own, after the ones before it
    // (a file an earlier inner call wrote is known to a later one that runs it).
    const inner = batchCalls(facts);
    let ledger = state.ledger;
    for (const [i, call] of inner.entries()) {
      const own = readings(
        policy,
        { shell: state.shell, ledger },
        { args: call.args, host: event.host, tool: call.tool },
        undefined,
        `batch call ${i + 1} (${call.tool})`,
        i + 1,
      );
      checks.push(...own);
      ledger = recordCalls(ledger, toolFactsOf(own), seq);
    }
    calls = Math.max(1, inner.length);
  } else {
    checks.push({
      facts: messageFacts(event.message, event.attachments, root, policy.settings.confirmations, event.from),
      subject: 'message',
      call: 0,
    });
    // Attached files are read by the host without a tool call: check them as reads.
    for (const path of event.attachments ?? []) {
      checks.push({ facts: toolFacts('read', { filePath: path }, root, true), subject: `attachment ${path}`, call: 0 });
    }
  }
  const problems = checks.flatMap((c) => (c.facts.kind === 'tool' ? c.facts.problems : []));
  if (problems.length > 0)
    return { verdict: faultVerdict(policy, state, event, problems.join('; ')), state: { ...state, seq } };

  const matched: Candidate[] = [];
  const excused: Excuse[] = [];
  const faults: ContractFault[] = [];
  for (const c of checks) {
    // The batch is decided at its last inner call's number, each inner call at its own.
    const r = matchFacts(policy, state, c.facts, c.subject, c.call === 0 ? calls : c.call);
    const seen = (id: string) => matched.some((m) => m.contract.id === id);
    matched.push(...(c.reading ? r.matched.filter((m) => !seen(m.contract.id)) : r.matched));
    if (!c.reading) excused.push(...r.excused);
    faults.push(...r.faults.filter((f) => !c.reading || !faults.some((g) => g.contract.id === f.contract.id)));
  }
  // A contract that failed is decided by settings.onError, whatever its own mode (decide.ts, faultMode).
  const failMode = faultMode(policy.settings.onError);
  const failedClosed = failMode === undefined ? [] : faults.map((f) => f.contract);
  const outcomes: Outcome[] = [
    ...matched.map((m) => m.contract),
    ...failedClosed.map((c) => ({
      id: c.id,
      mode: failMode!,
      bypassable: c.bypassable,
      builtin: c.builtin,
      failed: true,
    })),
  ];
  const pending =
    state.bypass.pending && state.bypass.scope !== undefined
      ? { scope: state.bypass.scope, named: state.bypass.named === true }
      : undefined;
  const { decision, effects, bypassUsed } = decide(outcomes, pending);
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
    unit: m.unit,
  }));
  failedClosed.forEach((contract, j) => {
    const fault = faults[j]!;
    matches.push({
      id: contract.id,
      mode: failMode!,
      effect: effects[matched.length + j]!,
      bypassable: contract.bypassable,
      description: contract.description,
      message: contract.message,
      anchors: contract.anchors,
      origin: contract.origin,
      subject: 'tool call',
      trigger: 'error',
      held: [`the contract failed while matching (${fault.error}) and settings.onError is block`],
      unit: { kind: 'call' },
    });
  });

  const observed = observedReport(outcomes, effects, pending);
  const blocked = decision === 'BLOCK';
  const primary = checks[0]!.facts;
  const isConfirmation = primary.kind === 'message' && primary.confirmation;
  const ran = primary.kind === 'tool' && !blocked;
  const bypass = nextBypass(state, bypassUsed, ran ? calls : 0);
  const nextState: SessionState = {
    ...state,
    seq,
    // Only calls that ran count toward Step Confirmation; a confirmation message resets the count.
    toolCalls: isConfirmation ? 0 : ran ? state.toolCalls + calls : state.toolCalls,
    lastConfirmation: isConfirmation ? seq : state.lastConfirmation,
    bypass: bypass.state,
    // What was blocked did not happen, so it is not history; a message always happened.
    seen: remember(
      policy,
      state,
      checks.filter((c) => !blocked || c.facts.kind === 'message').map((c) => c.facts),
      seq,
    ),
    counts: countOccurrences(policy, state, checks),
    // What ran wrote files: the ledger keeps them. Both readings of a call are kept (as the agent believes it ran, and
    // as a new shell ran it), so each later reading finds what it would read. What was blocked did not happen, but the
    // agent meant it: a file it was refused is kept as refused, and running it later is judged as what it meant.
    ledger: ran
      ? recordCalls(state.ledger, toolFactsOf(checks), seq)
      : primary.kind === 'tool'
        ? recordRefused(state.ledger, toolFactsOf(checks), seq)
        : state.ledger,
    // What the call's shell kept (values, directory) reaches the next call; a blocked call did not run.
    shell: ran ? nextShellSession(state.shell, primary, root) : state.shell,
    // The block the human sees now: a later bypass that names no contract is for these contracts only.
    lastBlock: blocked ? blockingIds(matches) : state.lastBlock,
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
      // The agent is not told about observed contracts (observe mode): only the human and the log are.
      agentMessage: renderAgentMessage(decision, observed ? matches.filter((m) => m.effect !== 'observed') : matches, {
        bypassHint: policy.options.bypassHint,
        left,
        budget: policy.settings.bypassBudget,
        pending: nextState.bypass.pending,
      }),
      notice: isConfirmation
        ? confirmed(state.toolCalls)
        : bypass.expired
          ? 'The bypass granted earlier expired unused: a new one is needed for a later block.'
          : undefined,
      bypass: {
        used: bypassUsed,
        pending: nextState.bypass.pending,
        left,
        budget: policy.settings.bypassBudget,
        ...(nextState.bypass.pending && nextState.bypass.scope !== undefined ? { scope: nextState.bypass.scope } : {}),
        ...(bypass.expired ? { expired: true } : {}),
      },
      error: undefined,
      faults: faults.map((f) => ({ id: f.contract.id, error: f.error })),
      ...(observed ? { observed } : {}),
    },
    state: nextState,
  };
}

/** The contracts that stopped a blocked event, each once, in policy order. */
function blockingIds(matches: readonly ContractMatch[]): readonly string[] {
  const ids: string[] = [];
  for (const m of matches) if (m.effect === 'block' && !ids.includes(m.id)) ids.push(m.id);
  return ids;
}

/** The bypass after an event: used up, counted down by the calls that ran (unscoped grants expire), or unchanged. */
function nextBypass(
  state: SessionState,
  used: boolean,
  ran: number,
): { state: SessionState['bypass']; expired: boolean } {
  const b = state.bypass;
  if (used) return { state: { spent: b.spent, pending: false }, expired: false };
  // INVARIANT: only a bypass that named no contract counts down (callsLeft is set only for those).
  if (!b.pending || ran === 0 || b.callsLeft === undefined) return { state: b, expired: false };
  const callsLeft = b.callsLeft - ran;
  return callsLeft <= 0
    ? { state: { spent: b.spent, pending: false }, expired: true }
    : { state: { ...b, callsLeft }, expired: false };
}

const BATCH_KEYS = ['tool_calls', 'toolCalls', 'calls', 'invocations'] as const;

/** The inner calls of a batch tool call, in the shapes hosts use ({tool, parameters} or {name, args|input}); a batch
 * inside the batch gives its own inner calls in its place (each is a call that runs), at most 100 in all. */
function batchCalls(f: ToolFacts): { tool: string; args: Record<string, unknown> | undefined }[] {
  if (f.name !== 'batch') return [];
  const out: { tool: string; args: Record<string, unknown> | undefined }[] = [];
  innerCalls(f.args, out, 0);
  return out;
}

function innerCalls(
  batchArgs: Record<string, unknown>,
  out: { tool: string; args: Record<string, unknown> | undefined }[],
  depth: number,
): void {
  const list = BATCH_KEYS.map((k) => batchArgs[k]).find(Array.isArray) as unknown[] | undefined;
  for (const item of list ?? []) {
    if (out.length >= 100) return;
    if (!item || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    const tool = typeof r.tool === 'string' ? r.tool : typeof r.name === 'string' ? r.name : undefined;
    const args = [r.parameters, r.args, r.input, r.arguments].find(
      (a) => a && typeof a === 'object' && !Array.isArray(a),
    ) as Record<string, unknown> | undefined;
    if (tool === 'batch' && args !== undefined && depth < 4) innerCalls(args, out, depth + 1);
    else if (tool) out.push({ tool, args });
  }
}

function remember(
  policy: CompiledPolicy,
  state: SessionState,
  facts: readonly Facts[],
  seq: number,
): SessionState['seen'] {
  const seen = state.seen;
  const ctx = { ledger: state.ledger, unknown: policy.settings.unknownValues };
  let out: Record<string, number> | undefined;
  for (const f of facts) {
    for (const m of policy.index.history.candidates(f)) {
      if (!m.test(f, ctx)) continue;
      out ??= { ...seen };
      out[m.key] = seq;
    }
  }
  return out ?? seen;
}

function countOccurrences(
  policy: CompiledPolicy,
  state: SessionState,
  checks: readonly Check[],
): SessionState['counts'] {
  const counts = state.counts;
  const ctx = { ledger: state.ledger, unknown: policy.settings.unknownValues };
  // A message counts once, even when its attachments match too; a call read twice (a fresh shell) counts once. A
  // tool event counts once per tool call it makes: each inner call of a batch that matches is one occurrence; the
  // batch call itself counts only when none does.
  const hit = new Map<Counter, Set<number>>();
  let batch = false;
  for (const check of checks) {
    if (check.call > 0) batch = true;
    for (const c of policy.index.counters.candidates(check.facts)) {
      if (c.event !== undefined && !c.event.test(check.facts, ctx)) continue;
      let calls = hit.get(c);
      if (calls === undefined) hit.set(c, (calls = new Set()));
      calls.add(check.call);
    }
  }
  if (hit.size === 0) return counts;
  const out: Record<string, number> = { ...counts };
  for (const [c, calls] of hit) {
    let n = 0;
    if (batch) for (const call of calls) if (call > 0) n++;
    out[c.key] = (out[c.key] ?? 0) + (n > 0 ? n : 1);
  }
  return out;
}

const toExcused = (e: Excuse): ExcusedMatch => ({
  id: e.contract.id,
  subject: e.subject,
  trigger: e.trigger,
  held: e.held,
  exception: e.exception,
  exceptionHeld: e.exceptionHeld,
});

function faultVerdict(policy: CompiledPolicy | undefined, state: SessionState, event: unknown, error: string): Verdict {
  const onError = policy?.settings?.onError ?? 'allow';
  const closed = faultMode(onError) === 'BLOCK';
  const budget = policy?.settings?.bypassBudget ?? 0;
  let kind: EventKind = 'tool';
  try {
    kind = eventKind(event as Event);
  } catch {
    // The event is not even an object: report it as a tool event, the kind hosts act on.
  }
  return {
    decision: closed ? 'BLOCK' : 'ALLOW',
    kind,
    seq: (state?.seq ?? 0) + 1,
    role: state?.role ?? null,
    matches: [],
    excused: [],
    agentMessage: closed
      ? `BLOCKED by semantic-anchors: the plugin failed while checking this call (${error}) and this project is configured to fail closed (settings.onError: block). Ask the human to check the plugin log.`
      : undefined,
    notice: `semantic-anchors failed while checking this event (${error}); ${closed ? 'it was blocked (onError: block)' : 'it was allowed (fail open)'}.`,
    bypass: {
      used: false,
      pending: state?.bypass?.pending ?? false,
      left: state?.bypass ? bypassesLeft(state, budget) : 0,
      budget,
    },
    error,
    faults: [],
  };
}

/** Whether two readings of one bash call run different commands or touch different files. */
function readsDiffer(a: Facts, b: Facts): boolean {
  if (a.kind !== 'tool' || b.kind !== 'tool') return false;
  const key = (f: ToolFacts) =>
    JSON.stringify([f.commands.map((c) => c.normalized), f.effects.map((e) => [e.kind, e.path.relative, e.content])]);
  return key(a) !== key(b);
}
