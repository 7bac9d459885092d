// The simulator: replays the user's events through the same engine the plugin runs (compile → startState → step).
// verdict-view.ts renders what it returns.
import {
  startState,
  step,
  type CompiledPolicy,
  type Event,
  type SessionState,
  type Verdict,
} from '@semantic-anchors/engine';

export interface SimulationStep {
  readonly event: Event;
  readonly verdict: Verdict;
  /** Every role the session held when the event arrived (contracts scoped to other roles were skipped). */
  readonly roles: readonly string[];
  /** The session the event was judged in: the views re-read the call with its shell's values and directory. */
  readonly before: SessionState;
}

/** Exactly what `semantic-anchors explain` does: start from the configuration's role (or `role`), step each event. */
export function simulate(policy: CompiledPolicy, events: readonly Event[], role?: string): SimulationStep[] {
  let state = startState(policy);
  if (role) state = { ...state, role, roles: [role] };
  return events.map((event) => {
    const roles = state.roles;
    const before = state;
    const r = step(policy, state, event);
    state = r.state;
    return { event, verdict: r.verdict, roles, before };
  });
}

export function describeEvent(e: Event): string {
  if ('tool' in e) return `${e.tool} ${e.args ? JSON.stringify(e.args) : ''}`.trim();
  if ('message' in e) return `message “${e.message}”${e.attachments?.length ? ` + ${e.attachments.join(', ')}` : ''}`;
  if ('confirm' in e) return `confirm${typeof e.confirm === 'string' ? ` “${e.confirm}”` : ''}`;
  if ('bypass' in e)
    return e.typed
      ? `/anchor bypass ${e.bypass}`
      : `bypass “${e.bypass}”${e.contract !== undefined ? ` for ${[e.contract].flat().join(', ')}` : ''}`;
  if ('role' in e) return `role → ${e.role}`;
  if ('agent' in e) return `agent → ${e.agent}`;
  return 'reload';
}
