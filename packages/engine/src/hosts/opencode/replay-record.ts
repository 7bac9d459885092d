// One replay record from a verdict: what happened, what matched and where, what the engine could not see.
import type { CompiledPolicy } from '../../compile/index.js';
import type { Event } from '../../schema/index.js';
import type { Verdict } from '../../evaluate/verdict.js';
import { KNOWN_TOOLS, callSubject, canonicalToolName, toolFacts } from '../../facts/index.js';
import { verdictSpans } from '../../explain/index.js';
import type { RecordedOutcome, ReplayCall } from './replay-types.js';

interface Base {
  readonly session: string;
  readonly root: string;
  readonly subagent: boolean;
  readonly file: string;
  readonly line: number | undefined;
  readonly role: string | null;
  readonly callID: string | undefined;
}

const SUBJECT_CHARS = 200;
const cut = (s: string | undefined) =>
  s !== undefined && s.length > SUBJECT_CHARS ? `${s.slice(0, SUBJECT_CHARS - 1)}…` : s;

export function callRecord(
  base: Base,
  policy: CompiledPolicy,
  event: Event,
  verdict: Verdict,
  recorded: RecordedOutcome | undefined,
): ReplayCall {
  const tool = 'tool' in event ? event : undefined;
  const facts = tool && verdict.exempt === undefined ? toolFacts(tool.tool, tool.args, policy.options.root) : undefined;
  const flagged = verdict.decision !== 'ALLOW' || verdict.observed !== undefined;
  const blocking = verdict.matches.filter((m) => m.effect === 'block');
  return {
    kind: tool ? 'tool' : 'message',
    ...base,
    seq: verdict.seq,
    tool: tool?.tool ?? null,
    subject: cut(tool ? callSubject(tool.args) : 'message' in event ? event.message : undefined),
    role: verdict.role,
    decision: verdict.decision,
    observed: verdict.observed,
    contracts: [...new Set(verdict.matches.map((m) => m.id))],
    matches: verdict.matches.map((m) => ({
      id: m.id,
      mode: m.mode,
      effect: m.effect,
      bypassable: m.bypassable,
      subject: m.subject,
      trigger: m.trigger,
      held: m.held,
    })),
    spans: flagged ? verdictSpans(policy, event, verdict) : undefined,
    bypassUsed: verdict.bypass.used,
    bypass: verdict.decision !== 'BLOCK' ? undefined : blocking.every((m) => m.bypassable) ? 'possible' : 'none',
    opaque: facts?.shell?.opaque.map((o) => (o.detail ? `${o.reason}: ${o.detail}` : o.reason)) ?? [],
    unparseable: facts?.shell?.error?.message,
    unknownTool: tool !== undefined && !KNOWN_TOOLS.has(canonicalToolName(tool.tool)) && verdict.exempt === undefined,
    recorded,
    next: undefined,
    error: verdict.error,
    skipped: undefined,
    fromLog: false,
  };
}

export function skippedRecord(base: Base & { readonly tool: string | null }, why: string): ReplayCall {
  return {
    kind: 'tool',
    ...base,
    seq: null,
    subject: undefined,
    decision: null,
    observed: undefined,
    contracts: [],
    matches: [],
    spans: undefined,
    bypassUsed: false,
    bypass: undefined,
    opaque: [],
    unparseable: undefined,
    unknownTool: false,
    recorded: undefined,
    next: undefined,
    error: undefined,
    skipped: why,
    fromLog: false,
  };
}
