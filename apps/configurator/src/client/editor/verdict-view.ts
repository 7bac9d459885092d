// Renders the simulator's verdicts: the decision, the contracts that matched (and the characters of the command, of a
// written file or of the message each one matched, marked regex101-style), those excused, what the engine read from
// the call, and for an ALLOW why: the nearest misses and the contracts skipped because the session does not hold
// their role.
import type { CompiledPolicy, LoadResult } from '@semantic-anchors/engine';
import { describeEvent, type SimulationStep } from './simulator.ts';
import { nearestMisses } from './nearest-miss.ts';
import { matchedView } from './match-marks.ts';
import { parsedView } from './parsed-view.ts';
import { el } from './dom.ts';

export interface VerdictContext {
  readonly load: LoadResult;
  readonly policy: CompiledPolicy;
  readonly root?: string;
  /** For a contract written in the editor's file: what shows it there (moves the cursor to its first line). */
  readonly showContract?: (id: string) => (() => void) | undefined;
  /** The fix for a session that holds several roles: an agent per role under roles.agents. */
  readonly mapAgents?: () => void;
}

/** A matched contract's id: a button to its lines when the editor's file defines it, else the id in bold. */
function contractName(id: string, ctx: VerdictContext): HTMLElement {
  const show = ctx.showContract?.(id);
  if (!show) return el('strong', {}, id);
  const button = el('button', { type: 'button', className: 'link contract-link', title: `Show ${id} in the file` }, id);
  button.addEventListener('click', show);
  return el('strong', {}, button);
}

/**
 * A session that holds several roles (a file extending several presets, without roles.agents) gets every contract
 * of each of them: say so where it shows, and offer the fix.
 */
function severalRoles(steps: readonly SimulationStep[], ctx: VerdictContext): HTMLElement[] {
  const roles = steps.find((s) => s.roles.length > 1)?.roles;
  if (!roles) return [];
  const note = el(
    'div',
    { className: 'notice several-roles' },
    el(
      'p',
      {},
      `This session holds ${roles.length} roles at once (${roles.join(' + ')}): every contract of each applies to every call, so a rule of one role judges the work of the other. To give each agent its own role, map the agents under `,
      el('code', {}, 'roles.agents'),
      '.',
    ),
  );
  if (ctx.mapAgents && ctx.load.config.roles.agents && Object.keys(ctx.load.config.roles.agents).length === 0) {
    const button = el(
      'button',
      { type: 'button', className: 'small', id: 'map-agents' },
      'Add roles.agents to the file',
    );
    button.addEventListener('click', ctx.mapAgents);
    note.append(button);
  }
  return [note];
}

/** Conditions this long are glob or pattern lists: shown folded, their start in view and the whole a click away. */
const LONG_CONDITION = 160;

/** What held, condition by condition, the long ones folded. */
function heldView(held: readonly string[]): (Node | string)[] {
  return held.flatMap((h, i) => {
    const sep = i > 0 ? ['; '] : [];
    if (h.length <= LONG_CONDITION) return [...sep, h];
    const details = el('details', { className: 'held-long' }, el('summary', {}, `${h.slice(0, 100)}…`), h);
    return [...sep, details];
  });
}

/** "role software-developer", or every role the session held: "roles software-developer + qa-engineer". */
const heldRoles = (s: SimulationStep): string =>
  s.roles.length > 1 ? `roles ${s.roles.join(' + ')}` : `role ${s.verdict.role ?? '(none)'}`;

/** Why nothing fired: the nearest misses, and the contracts the session's role leaves out. */
function allowReasons(step: SimulationStep, ctx: VerdictContext): HTMLElement[] {
  const { event, verdict: v, roles } = step;
  if (v.decision !== 'ALLOW' || !('tool' in event) || v.error !== undefined) return [];
  const decided = new Set([...v.matches.map((m) => m.id), ...v.excused.map((x) => x.id)]);
  const out: HTMLElement[] = [];
  const misses = nearestMisses(ctx.load, ctx.policy, roles, event, decided);
  const why = el('div', { className: 'allow-why' });
  why.append(
    el(
      'p',
      {},
      misses.length > 0
        ? 'Nearest misses:'
        : 'No contract for this role came close (none reacts to this tool, program or file change).',
    ),
  );
  if (misses.length > 0) {
    why.append(
      el(
        'ul',
        { className: 'near-misses' },
        ...misses.map((m) => {
          const li = el('li', {}, el('strong', {}, m.id), ` — ${m.held} matched; ${m.failed} did not hold`);
          li.dataset.contract = m.id;
          return li;
        }),
      ),
    );
  }
  out.push(why);
  const skipped = ctx.policy.contracts.filter(
    (c) => !c.builtin && c.roles !== undefined && !roles.some((r) => c.roles!.has(r)),
  );
  if (skipped.length > 0) {
    const d = el(
      'details',
      { className: 'skipped-by-role' },
      el('summary', {}, `${skipped.length} contract(s) skipped: not for role ${roles.join(' + ') || '(none)'}`),
      el(
        'p',
        {},
        ...skipped.flatMap((c, i) => [
          i ? ', ' : '',
          el('code', {}, c.id),
          el('span', { className: 'muted' }, ` (${[...c.roles!].join(', ')})`),
        ]),
      ),
    );
    out.push(d);
  }
  return out;
}

export function renderVerdicts(target: HTMLElement, steps: readonly SimulationStep[], ctx: VerdictContext): void {
  if (steps.length === 0) {
    target.replaceChildren(
      el('p', { className: 'muted' }, 'Add an event, or load a preset example, to see the verdicts.'),
    );
    return;
  }
  target.replaceChildren(
    ...severalRoles(steps, ctx),
    el(
      'ol',
      { className: 'verdicts' },
      ...steps.map((s, i) => {
        const { event, verdict: v } = s;
        const li = el('li', { className: `verdict verdict-${v.decision}` });
        li.dataset.decision = v.decision;
        li.dataset.matches = v.matches.map((m) => m.id).join(' ');
        li.append(
          el(
            'div',
            { className: 'verdict-head' },
            el('span', { className: `mode mode-${v.decision}` }, v.decision),
            ' ',
            el('code', {}, describeEvent(event)),
            el('span', { className: 'muted' }, ` · #${i + 1} · ${heldRoles(s)}`),
          ),
        );
        if (v.matches.length > 0) {
          li.append(
            el(
              'ul',
              { className: 'matches' },
              ...v.matches.map((m) =>
                el(
                  'li',
                  {},
                  contractName(m.id, ctx),
                  ` ${m.mode}${m.effect === 'bypassed' ? ' → let through by the bypass' : ''} · ${m.subject} · ${m.trigger}: `,
                  ...heldView(m.held),
                ),
              ),
            ),
          );
        }
        if (v.excused.length > 0) {
          li.append(
            el(
              'ul',
              { className: 'excused' },
              ...v.excused.map((x) =>
                el('li', {}, el('strong', {}, x.id), ` excused by ${x.exception}: ${x.exceptionHeld.join('; ')}`),
              ),
            ),
          );
        }
        li.append(
          ...matchedView(ctx.policy, event, v, s.before),
          ...parsedView(event, v, ctx.policy, s.before),
          ...allowReasons(s, ctx),
        );
        if (v.faults.length > 0)
          li.append(
            el(
              'p',
              { className: 'error' },
              `Contracts that failed and were skipped: ${v.faults.map((f) => `${f.id} (${f.error})`).join(', ')}`,
            ),
          );
        if (v.agentMessage)
          li.append(
            el(
              'details',
              {},
              el('summary', {}, 'What the agent is told'),
              el('pre', { className: 'agent-message' }, v.agentMessage),
            ),
          );
        if (v.notice) li.append(el('p', { className: 'notice' }, v.notice));
        if (v.error) li.append(el('p', { className: 'error' }, `Engine fault: ${v.error}`));
        return li;
      }),
    ),
  );
}
