// The texts the human reads: the status of a session and the trace of its last verdict. Every answer starts with
// ANSWER_PREFIX so the transcript shows where it came from.
import {
  appliesToRole,
  bypassesLeft,
  formatDiagnostic,
  type CompiledPolicy,
  type SessionState,
  type Verdict,
} from '@semantic-anchors/engine/enforce';
import { ANSWER_PREFIX } from '@semantic-anchors/engine/opencode/hooks';
import type { PolicySnapshot } from './policy-loader.js';

// The prefix `replay` reads command answers back by: one constant, the engine's opencode mapping's.
export { ANSWER_PREFIX };
export const COMMAND_HELP =
  'Commands: /anchor status | /anchor bypass <contract-id> <reason> (without an id: the contracts of the last block) | /anchor reload [confirm] | /anchor role <id> | /anchor explain';

/** The contracts that apply to a session holding these roles: those without roles, and those that name one. */
export function activeContracts(
  policy: CompiledPolicy,
  roles: string | null | readonly string[],
): CompiledPolicy['contracts'] {
  return policy.contracts.filter((c) => appliesToRole(c, roles));
}

export function statusText(
  snapshot: PolicySnapshot,
  state: SessionState,
  agent: string | undefined,
  extra: readonly string[] = [],
  sandboxLine?: string,
): string {
  const { policy } = snapshot;
  const budget = policy.settings.bypassBudget;
  const active = activeContracts(policy, state.roles);
  const lines = [
    `${ANSWER_PREFIX} status`,
    // First: what a human can still let through, and what is already open.
    `Bypasses: ${bypassesLeft(state, budget)} of ${budget} left this session`,
    `Open bypass: ${openBypass(state)}`,
    `Config: ${snapshot.place === 'default' ? snapshot.file : `${snapshot.file} (${snapshot.place})`}`,
    ...(sandboxLine !== undefined ? [sandboxLine] : []),
    `Role: ${state.roles.length > 0 ? state.roles.join(' + ') : '(none)'}${agent ? ` (agent ${agent})` : ''}`,
    `Contracts active for this role: ${active.length} of ${policy.contracts.length}${active.length ? `: ${active.map((c) => `${c.id} (${c.mode})`).join(', ')}` : ''}`,
    `Tool calls since the last confirmation: ${state.toolCalls}`,
    ...extra,
  ];
  const observed = observeLine(policy);
  if (observed) lines.push(observed);
  if (policy.skipped.length > 0) lines.push(`Skipped contracts: ${policy.skipped.map((s) => s.id).join(', ')}`);
  const problems = snapshot.diagnostics.filter((d) => d.severity !== 'info');
  if (problems.length > 0) {
    lines.push(`Problems in the configuration (${problems.length}):`);
    for (const d of problems.slice(0, 5)) lines.push(`  ${formatDiagnostic(d).replace(/\n/g, '\n  ')}`);
    if (problems.length > 5)
      lines.push(`  … and ${problems.length - 5} more (run: semantic-anchors validate ${snapshot.file})`);
  }
  for (const w of snapshot.warnings) lines.push(`Warning: ${w}`);
  lines.push(COMMAND_HELP);
  return lines.join('\n');
}

/** The bypass waiting for a blocked call, and exactly what it lets through. */
function openBypass(state: SessionState): string {
  const b = state.bypass;
  if (!b.pending || b.scope === undefined) {
    const last = state.lastBlock.length > 0 ? ` (the last block was by ${state.lastBlock.join(', ')})` : '';
    return `none${last}`;
  }
  const scope = b.scope.join(', ');
  return b.named
    ? `for ${scope} (named), until a call they block`
    : `for ${scope} (the contracts of the last block), for ${b.callsLeft ?? 0} more tool call(s)`;
}

/** The last verdict's trace: every contract that matched, the trigger that held and why, and what was excused. */
export function explainText(last: { verdict: Verdict; subject: string } | undefined): string {
  if (!last) return `${ANSWER_PREFIX} explain: no tool call or message has been checked in this session yet.`;
  const v = last.verdict;
  const lines = [
    `${ANSWER_PREFIX} explain: event #${v.seq} (${last.subject}), role ${v.role ?? '(none)'} → ${v.decision}`,
  ];
  if (v.error) lines.push(`Internal error while checking: ${v.error}`);
  if (v.matches.length === 0 && v.excused.length === 0) lines.push('No contract matched.');
  for (const m of v.matches) {
    lines.push(
      `- ${m.id} [${m.mode}, ${m.effect}]${m.origin.preset ? ` from preset ${m.origin.preset}` : ` from ${m.origin.file}`} on the ${m.subject}`,
    );
    lines.push(`  ${m.trigger} held: ${m.held.join('; ')}`);
    lines.push(`  Do instead: ${m.message}`);
  }
  for (const e of v.excused) {
    lines.push(
      `- ${e.id} excused on the ${e.subject}: ${e.trigger} held (${e.held.join('; ')}) but ${e.exception} held (${e.exceptionHeld.join('; ')})`,
    );
  }
  if (v.bypass.used) lines.push('A human bypass let this event through.');
  lines.push(`Bypasses left: ${v.bypass.left} of ${v.bypass.budget}${v.bypass.pending ? ' (one waiting)' : ''}`);
  return lines.join('\n');
}

/** Observe mode in the status: which BLOCK contracts only report what they would have blocked. */
export function observeLine(policy: CompiledPolicy): string | undefined {
  const observed = policy.contracts.filter((c) => c.observe).map((c) => c.id);
  if (observed.length === 0) return undefined;
  const all = policy.settings.observe === true;
  return `Observe mode: on${all ? ' for every BLOCK contract' : ''} (${observed.length}: ${observed.join(', ')}): they do not block; each call they would have blocked goes ahead and is noted in the log.`;
}
