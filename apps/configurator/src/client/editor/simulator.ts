// The simulator: replays the user's events through the same engine the plugin runs (compile → startState → step)
// and renders each verdict with the contracts that matched, the trace and the messages.
import { startState, step, type CompiledPolicy, type Event, type Verdict } from '@semantic-anchors/engine';

export interface SimulationStep {
  readonly event: Event;
  readonly verdict: Verdict;
}

/** Exactly what `semantic-anchors explain` does: start from the configuration's role (or `role`), step each event. */
export function simulate(policy: CompiledPolicy, events: readonly Event[], role?: string): SimulationStep[] {
  let state = startState(policy);
  if (role) state = { ...state, role };
  return events.map((event) => {
    const r = step(policy, state, event);
    state = r.state;
    return { event, verdict: r.verdict };
  });
}

export function describeEvent(e: Event): string {
  if ('tool' in e) return `${e.tool} ${e.args ? JSON.stringify(e.args) : ''}`.trim();
  if ('message' in e) return `message “${e.message}”${e.attachments?.length ? ` + ${e.attachments.join(', ')}` : ''}`;
  if ('confirm' in e) return `confirm${typeof e.confirm === 'string' ? ` “${e.confirm}”` : ''}`;
  if ('bypass' in e) return `bypass “${e.bypass}”`;
  if ('role' in e) return `role → ${e.role}`;
  if ('agent' in e) return `agent → ${e.agent}`;
  return 'reload';
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

export function renderVerdicts(target: HTMLElement, steps: readonly SimulationStep[]): void {
  if (steps.length === 0) {
    target.replaceChildren(el('p', { className: 'muted' }, 'Add an event, or load a preset example, to see the verdicts.'));
    return;
  }
  target.replaceChildren(
    el('ol', { className: 'verdicts' }, ...steps.map(({ event, verdict: v }, i) => {
      const li = el('li', { className: `verdict verdict-${v.decision}` });
      li.dataset.decision = v.decision;
      li.dataset.matches = v.matches.map((m) => m.id).join(' ');
      li.append(
        el('div', { className: 'verdict-head' },
          el('span', { className: `mode mode-${v.decision}` }, v.decision),
          ' ',
          el('code', {}, describeEvent(event)),
          el('span', { className: 'muted' }, ` · #${i + 1} · role ${v.role ?? '(none)'}`)),
      );
      if (v.matches.length > 0) {
        li.append(el('ul', { className: 'matches' }, ...v.matches.map((m) =>
          el('li', {},
            el('strong', {}, m.id), ` ${m.mode}${m.effect === 'bypassed' ? ' → let through by the bypass' : ''} · ${m.subject} · ${m.trigger}: `,
            m.held.join('; ')))));
      }
      if (v.excused.length > 0) {
        li.append(el('ul', { className: 'excused' }, ...v.excused.map((x) =>
          el('li', {}, el('strong', {}, x.id), ` excused by ${x.exception}: ${x.exceptionHeld.join('; ')}`))));
      }
      if (v.agentMessage) li.append(el('details', {}, el('summary', {}, 'What the agent is told'), el('pre', {}, v.agentMessage)));
      if (v.notice) li.append(el('p', { className: 'notice' }, v.notice));
      if (v.error) li.append(el('p', { className: 'error' }, `Engine fault: ${v.error}`));
      return li;
    })),
  );
}
