// The plugin's decision log (.opencode/semantic-anchors-decisions.jsonl) read as replay records: the verdicts the
// plugin recorded for tool calls and messages, as they were (its arguments are hashed and masked, so they cannot
// be judged again). Lines that are not such records are counted by the caller, never fatal.
import type { Decision } from '../../schema/index.js';
import type { ReplayCall } from './replay-types.js';

const KINDS = new Set(['block', 'warn', 'bypass-used', 'observed']);
const DECISIONS = new Set(['ALLOW', 'WARN', 'BLOCK']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** One log line → a record; 'other' for records that are not verdicts (bypasses granted, problems); undefined for junk. */
export function decisionLogCall(line: string, file: string, lineNo: number): ReplayCall | 'other' | undefined {
  let r: unknown;
  try {
    r = JSON.parse(line);
  } catch (error) {
    if (error instanceof SyntaxError) return undefined; // A torn or foreign line.
    throw error;
  }
  if (!isRecord(r) || r.v !== 1 || typeof r.kind !== 'string') return undefined;
  if (!KINDS.has(r.kind)) return 'other';
  const contracts = Array.isArray(r.contracts) ? r.contracts.filter((c): c is string => typeof c === 'string') : [];
  const verdict = str(r.verdict);
  const observedContracts = Array.isArray(r.observed)
    ? r.observed.filter((c): c is string => typeof c === 'string')
    : [];
  const decision: Decision =
    verdict !== undefined && DECISIONS.has(verdict) ? (verdict as Decision) : r.kind === 'block' ? 'BLOCK' : 'WARN';
  const observed =
    r.kind === 'observed' || observedContracts.length > 0
      ? { decision: 'BLOCK' as const, contracts: observedContracts.length > 0 ? observedContracts : contracts }
      : undefined;
  const tool = str(r.tool) ?? null;
  const args = isRecord(r.args) ? str(r.args.excerpt) : undefined;
  return {
    kind: tool === null ? 'message' : 'tool',
    session: str(r.sessionID) ?? '(unknown session)',
    root: str(r.sessionID) ?? '(unknown session)',
    subagent: false,
    file,
    line: lineNo,
    seq: null,
    callID: undefined,
    tool,
    subject: args,
    role: str(r.role) ?? null,
    decision,
    observed,
    contracts,
    matches: [],
    spans: undefined,
    bypassUsed: r.kind === 'bypass-used',
    bypass: decision === 'BLOCK' ? 'possible' : undefined,
    opaque: [],
    unparseable: undefined,
    unknownTool: false,
    recorded: decision === 'BLOCK' ? 'blocked' : 'ran',
    next: undefined,
    error: undefined,
    skipped: undefined,
    fromLog: true,
  };
}
