// The simulator: replays the user's events through the same engine the plugin runs (compile → startState → step)
// and renders each verdict with the contracts that matched, the trace and the messages.
import { startState, step, toolFacts, type CompiledPolicy, type Event, type Verdict } from '@semantic-anchors/engine';

export interface SimulationStep {
  readonly event: Event;
  readonly verdict: Verdict;
}

/** Exactly what `semantic-anchors explain` does: start from the configuration's role (or `role`), step each event. */
export function simulate(policy: CompiledPolicy, events: readonly Event[], role?: string): SimulationStep[] {
  let state = startState(policy);
  if (role) state = { ...state, role, roles: [role] };
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

/** What the engine read from a tool call — simple commands, file effects, opaque code — with the contracts each one triggered. */
function parsedView(event: Event, v: Verdict, root: string | undefined): HTMLElement | undefined {
  if (!('tool' in event) || v.error !== undefined) return undefined;
  const f = toolFacts(event.tool, event.args, root);
  if (!f.shell && f.effects.length === 0) return undefined;
  const hits = (kind: 'command' | 'effect', i: number) =>
    v.matches.filter((m) => m.subject === 'tool call' && m.unit.kind === kind && m.unit.index === i).map((m) => m.id);
  const tag = (ids: string[]) => (ids.length > 0 ? [' ', el('strong', { className: 'parsed-hit' }, `← ${ids.join(', ')}`)] : []);
  const items: HTMLElement[] = f.commands.map((c, i) => {
    const notes = [c.command.via.length > 0 ? `via ${c.command.via.join(' › ')}` : '', c.command.cwd ? `in ${c.command.cwd}` : '',
      c.command.globals.length > 0 ? `global ${c.command.globals.map((g) => (g.value !== undefined && g.token === g.name ? `${g.token} ${g.value}` : g.token)).join(' ')}` : ''].filter(Boolean).join('; ');
    return el('li', {}, el('code', {}, c.normalized), notes ? el('span', { className: 'muted' }, ` (${notes})`) : '', ...tag(hits('command', i)));
  });
  f.effects.forEach((e, i) => items.push(el('li', {}, `${e.kind} `, el('code', {}, e.path.relative), el('span', { className: 'muted' }, ` (${e.via})`), ...tag(hits('effect', i)))));
  for (const o of f.shell?.opaque ?? []) items.push(el('li', { className: 'notice' }, `opaque: ${o.reason}${o.detail ? ` — ${o.detail}` : ''}`));
  if (f.shell?.error) items.push(el('li', { className: 'error' }, `does not parse: ${f.shell.error.message}`));
  const summary = f.shell ? `What the engine read: ${f.commands.length} simple command(s), ${f.effects.length} file effect(s)` : `What the engine read: ${f.effects.length} file effect(s)`;
  const details = el('details', { className: 'parsed' }, el('summary', {}, summary), el('ul', {}, ...items));
  if (v.matches.length > 0) details.open = true;
  return details;
}

export function renderVerdicts(target: HTMLElement, steps: readonly SimulationStep[], root?: string): void {
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
      const parsed = parsedView(event, v, root);
      if (parsed) li.append(parsed);
      if (v.faults.length > 0) li.append(el('p', { className: 'error' }, `Contracts that failed and were skipped: ${v.faults.map((f) => `${f.id} (${f.error})`).join(', ')}`));
      if (v.agentMessage) li.append(el('details', {}, el('summary', {}, 'What the agent is told'), el('pre', {}, v.agentMessage)));
      if (v.notice) li.append(el('p', { className: 'notice' }, v.notice));
      if (v.error) li.append(el('p', { className: 'error' }, `Engine fault: ${v.error}`));
      return li;
    })),
  );
}
