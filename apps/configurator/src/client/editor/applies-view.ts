// "Which contracts apply to whom" under the editor: for the default session and each mapped agent, the roles held
// and the contracts enforced (the engine's `applicability`, the same lines `semantic-anchors validate` prints), and
// a warning for every extended preset none of whose contracts any session can reach.
import { applicability, type CompiledPolicy, type LoadResult } from '@semantic-anchors/engine';
import { el } from './dom.ts';

export interface PresetWarning {
  readonly preset: string;
  readonly contracts: number;
}

/** Extended presets with contracts of which none can apply (their role is held by no session). */
export function presetsThatNeverApply(load: LoadResult, policy: CompiledPolicy): PresetWarning[] {
  const { unreachable } = applicability(policy);
  const dead = new Set(unreachable);
  const byPreset = new Map<string, string[]>();
  for (const c of policy.contracts) {
    const preset = c.origin.preset;
    if (c.builtin || preset === undefined || c.origin.file === load.config.files[0]) continue;
    byPreset.set(preset, [...(byPreset.get(preset) ?? []), c.id]);
  }
  return [...byPreset]
    .filter(([, ids]) => ids.every((id) => dead.has(id)))
    .map(([preset, ids]) => ({ preset, contracts: ids.length }));
}

export interface ApplicabilityActions {
  /** Adds an agent per role under roles.agents (compose.ts). */
  readonly mapAgents?: () => void;
}

export function renderApplicability(
  target: HTMLElement,
  load: LoadResult,
  policy: CompiledPolicy,
  actions: ApplicabilityActions = {},
): void {
  const a = applicability(policy);
  const groups = a.groups.map((g) => {
    const li = el('li', { className: 'applies-group' });
    li.dataset.agent = g.agent ?? '';
    li.dataset.roles = g.roles.join(' ');
    li.dataset.contracts = g.contracts.join(' ');
    const head = `${g.who[0]!.toUpperCase()}${g.who.slice(1)}: role ${g.roles.join(' + ') || '(none)'} → ${g.contracts.length} contract(s)`;
    li.append(
      g.contracts.length === 0
        ? el('span', {}, head)
        : el(
            'details',
            {},
            el('summary', {}, head),
            el(
              'p',
              { className: 'applies-ids' },
              ...g.contracts.flatMap((id, i) => [i ? ', ' : '', el('code', {}, id)]),
            ),
          ),
    );
    return li;
  });
  const notes: HTMLElement[] = [];
  for (const w of presetsThatNeverApply(load, policy)) {
    const p = el(
      'p',
      { className: 'warning applies-dead' },
      `⚠ Preset ${w.preset} is extended but never applies: no session holds its role, so its ${w.contracts} contract(s) are never enforced. `,
      'Remove roles.default, or map an agent to it under roles.agents.',
    );
    p.dataset.preset = w.preset;
    notes.push(p);
  }
  if (a.unreachable.length > 0) {
    const own = a.unreachable.filter(
      (id) => !notes.some((n) => policy.contracts.some((c) => c.id === id && c.origin.preset === n.dataset.preset)),
    );
    if (own.length > 0)
      notes.push(
        el(
          'p',
          { className: 'warning applies-unreachable' },
          `⚠ Never applies (no session holds its role): ${own.join(', ')}`,
        ),
      );
  }
  // A session that holds several roles gets every contract of each: the way to give each agent its own role.
  const shared = a.groups.find((g) => g.agent === undefined && g.roles.length > 1);
  if (shared && Object.keys(load.config.roles.agents).length === 0) {
    const p = el(
      'p',
      { className: 'notice applies-several' },
      `Every session holds ${shared.roles.join(' + ')}: each agent gets the contracts of all of them. To give each agent its own role, map the agents under `,
      el('code', {}, 'roles.agents'),
      '. ',
    );
    if (actions.mapAgents) {
      const button = el('button', { type: 'button', className: 'small' }, 'Add roles.agents');
      button.addEventListener('click', actions.mapAgents);
      p.append(button);
    }
    notes.push(p);
  }
  if (a.builtins.length > 0)
    notes.push(el('p', { className: 'muted' }, `Always, in every role: ${a.builtins.join(', ')}`));
  target.replaceChildren(el('ul', { className: 'applies' }, ...groups), ...notes);
}
