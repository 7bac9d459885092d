// Summarises decision-log records: counts by verdict, contract and tool, and who let things through (a rule's
// WARN or the human's bypass), with the humans' reasons. Lines that are not records are counted, never fatal.
import type { DecisionKind, DecisionRecord } from '../core/decision-record.js';

export interface LogSummary {
  readonly records: number;
  readonly unreadable: number;
  readonly first: string | undefined;
  readonly last: string | undefined;
  readonly byKind: Readonly<Partial<Record<DecisionKind, number>>>;
  readonly byContract: readonly (readonly [string, number])[];
  readonly byTool: readonly (readonly [string, number])[];
  /** Observe mode: per contract, the calls it would have blocked (they went ahead), and in how many sessions. */
  readonly observed: readonly { readonly id: string; readonly calls: number; readonly sessions: number }[];
  /** Calls that ran although a contract matched: by a rule (WARN) or by the human's bypass. */
  readonly letThrough: { readonly rule: number; readonly humanBypass: number };
  readonly bypassReasons: readonly {
    readonly time: string;
    readonly sessionID: string | undefined;
    readonly reason: string;
  }[];
  readonly problems: readonly string[];
  readonly dropped: number;
}

export function summarise(lines: readonly string[]): LogSummary {
  const byKind: Partial<Record<DecisionKind, number>> = {};
  const contracts = new Map<string, number>();
  const tools = new Map<string, number>();
  const observed = new Map<string, { calls: number; sessions: Set<string> }>();
  const reasons: { time: string; sessionID: string | undefined; reason: string }[] = [];
  const problems: string[] = [];
  let records = 0;
  let unreadable = 0;
  let dropped = 0;
  let first: string | undefined;
  let last: string | undefined;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const r = parse(line);
    if (!r) {
      unreadable++;
      continue;
    }
    records++;
    first ??= r.time;
    last = r.time;
    byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
    for (const id of r.observed ?? (r.kind === 'observed' ? (r.contracts ?? []) : [])) {
      const o = observed.get(id) ?? { calls: 0, sessions: new Set<string>() };
      o.calls++;
      if (r.sessionID) o.sessions.add(r.sessionID);
      observed.set(id, o);
    }
    if (
      r.kind === 'block' ||
      r.kind === 'warn' ||
      r.kind === 'bypass-used' ||
      (r.kind === 'observed' && r.verdict === 'WARN')
    ) {
      // An observed record's own WARN contracts count here; its observed ones are counted above.
      for (const id of r.contracts ?? [])
        if (!r.observed?.includes(id)) contracts.set(id, (contracts.get(id) ?? 0) + 1);
      if (r.tool) tools.set(r.tool, (tools.get(r.tool) ?? 0) + 1);
    }
    if (r.kind === 'bypass-granted') reasons.push({ time: r.time, sessionID: r.sessionID, reason: r.reason ?? '' });
    if (r.kind === 'config-problem' && r.message) problems.push(r.message);
    if (r.kind === 'log-dropped') dropped += r.dropped ?? 0;
  }
  return {
    records,
    unreadable,
    first,
    last,
    byKind,
    byContract: sorted(contracts),
    byTool: sorted(tools),
    observed: [...observed]
      .map(([id, o]) => ({ id, calls: o.calls, sessions: o.sessions.size }))
      .sort((a, b) => b.calls - a.calls || (a.id < b.id ? -1 : 1)),
    letThrough: { rule: byKind.warn ?? 0, humanBypass: byKind['bypass-used'] ?? 0 },
    bypassReasons: reasons,
    problems: [...new Set(problems)],
    dropped,
  };
}

export function renderSummary(s: LogSummary, files: readonly string[]): string {
  if (s.records === 0)
    return `No decisions recorded in ${files.join(', ')}${s.unreadable ? ` (${s.unreadable} unreadable lines)` : ''}.`;
  const k = s.byKind;
  const out = [
    `${s.records} decisions from ${s.first} to ${s.last} (${files.join(', ')})`,
    '',
    `Verdicts: ${k.block ?? 0} BLOCK, ${k.warn ?? 0} WARN, ${k['bypass-used'] ?? 0} let through by a bypass, ${k.observed ?? 0} observed (would have blocked)`,
    `Who let things through: a rule (WARN, the call ran with a note) ${s.letThrough.rule}, the human's bypass ${s.letThrough.humanBypass}`,
    `Bypasses: ${k['bypass-granted'] ?? 0} granted, ${k['bypass-refused'] ?? 0} refused (budget spent)`,
  ];
  if (s.observed.length > 0)
    out.push(
      '',
      `Observe mode — calls a contract would have blocked (they went ahead): ${k.observed ?? 0}`,
      '    calls  sessions  contract',
      ...s.observed.map((o) => `  ${String(o.calls).padStart(7)}  ${String(o.sessions).padStart(8)}  ${o.id}`),
      'Read them with the team: a contract whose observations were all real problems can be turned on (take it out',
      'of settings.observe, or drop its observe: true); one that stopped honest work needs an exception first.',
      'semantic-anchors replay .opencode/semantic-anchors-decisions.jsonl lists each call.',
    );
  if (s.byContract.length > 0)
    out.push(
      '',
      'By contract (blocked, warned, bypassed):',
      ...s.byContract.map(([id, n]) => `  ${String(n).padStart(5)}  ${id}`),
    );
  if (s.byTool.length > 0) out.push('', 'By tool:', ...s.byTool.map(([t, n]) => `  ${String(n).padStart(5)}  ${t}`));
  if (s.bypassReasons.length > 0)
    out.push(
      '',
      'Bypasses granted by the human:',
      ...s.bypassReasons.map((b) => `  ${b.time}  ${b.sessionID ?? ''}  "${b.reason}"`),
    );
  if (s.problems.length > 0) out.push('', 'Configuration problems:', ...s.problems.map((p) => `  ${p}`));
  if (s.dropped > 0) out.push('', `${s.dropped} records were dropped because the disk could not keep up.`);
  if (s.unreadable > 0) out.push('', `${s.unreadable} lines were not decision records and were skipped.`);
  return out.join('\n');
}

function parse(line: string): DecisionRecord | undefined {
  try {
    const r: unknown = JSON.parse(line);
    return typeof r === 'object' &&
      r !== null &&
      (r as DecisionRecord).v === 1 &&
      typeof (r as DecisionRecord).kind === 'string' &&
      typeof (r as DecisionRecord).time === 'string'
      ? (r as DecisionRecord)
      : undefined;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined; // A torn or foreign line: counted as unreadable.
    throw error;
  }
}

const sorted = (m: Map<string, number>): [string, number][] =>
  [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
