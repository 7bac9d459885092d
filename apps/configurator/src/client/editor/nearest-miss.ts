// Why an ALLOW is an ALLOW: the contracts whose trigger came closest to the event. Each applicable contract's tool
// triggers are relaxed step by step (run → program + subcommand → program; effect → its kind; any → the tool name)
// and the relaxed contract is run through the engine alone; the tightest relaxation that holds is how near it came.
// The engine decides every step, so this never disagrees with what a match would be.
import {
  compile,
  initialState,
  step,
  type CompiledPolicy,
  type Event,
  type LoadResult,
  type LoadedContract,
} from '@semantic-anchors/engine';

export interface NearMiss {
  readonly id: string;
  /** 3: same program and subcommand; 2: same program, or a file effect of that kind; 1: the same tool. */
  readonly closeness: 1 | 2 | 3;
  /** What held, in words ("program git, subcommand push"). */
  readonly held: string;
  /** The conditions of the trigger that did not hold ("flags, args"). */
  readonly failed: string;
}

type ToolPart = Record<string, unknown>;
interface Relaxation {
  readonly tool: ToolPart;
  readonly closeness: 1 | 2 | 3;
  readonly held: string;
  readonly failed: string;
}

const words = (v: unknown): string => (Array.isArray(v) ? v.join(' | ') : String(v));
/** "write or append" for a list of effect kinds, "change" (any kind) when none is given. */
const kinds = (k: unknown): string =>
  Array.isArray(k) ? k.map(String).join(' or ') : k === undefined ? 'change' : String(k);
const others = (o: Record<string, unknown>, kept: readonly string[]) =>
  Object.keys(o)
    .filter((k) => !kept.includes(k))
    .join(', ');

function relaxations(tool: ToolPart): Relaxation[] {
  const out: Relaxation[] = [];
  const runs = tool.run === undefined ? [] : Array.isArray(tool.run) ? tool.run : [tool.run];
  for (const r of runs as Record<string, unknown>[]) {
    const rest = others(tool, ['run', 'name']);
    if (r.subcommand !== undefined) {
      out.push({
        tool: { run: { program: r.program, subcommand: r.subcommand } },
        closeness: 3,
        held: `program ${words(r.program)}, subcommand ${words(r.subcommand)}`,
        failed: [others(r, ['program', 'subcommand']), rest].filter(Boolean).join(', '),
      });
    }
    out.push({
      tool: { run: { program: r.program } },
      closeness: 2,
      held: `program ${words(r.program)}`,
      failed: [others(r, ['program']), rest].filter(Boolean).join(', '),
    });
  }
  const effects = tool.effect === undefined ? [] : Array.isArray(tool.effect) ? tool.effect : [tool.effect];
  for (const e of effects as Record<string, unknown>[]) {
    out.push({
      tool: { effect: { kind: e.kind ?? 'change' } },
      closeness: 2,
      held: `a file ${kinds(e.kind)}`,
      failed: others(e, ['kind']) || 'the effect',
    });
  }
  if (tool.name !== undefined && Object.keys(tool).length > 1) {
    out.push({
      tool: { name: tool.name },
      closeness: 1,
      held: `tool ${words(tool.name)}`,
      failed: others(tool, ['name']),
    });
  }
  return out;
}

function holds(load: LoadResult, lc: LoadedContract, tool: ToolPart, roles: readonly string[], event: Event): boolean {
  const contract = { ...lc.contract, mode: 'BLOCK' as const, when: [{ tool }], unless: undefined, examples: [] };
  const policy = compile({ ...load.config, contracts: [{ ...lc, contract, roles: undefined }] });
  const state = initialState(roles[0] ?? null, roles);
  return step(policy, state, event).verdict.matches.some((m) => m.id === lc.contract.id);
}

/** The closest misses among the contracts that apply to `roles` and neither matched nor were excused (best first). */
export function nearestMisses(
  load: LoadResult,
  policy: CompiledPolicy,
  roles: readonly string[],
  event: Event,
  decided: ReadonlySet<string>,
  limit = 3,
): NearMiss[] {
  if (!('tool' in event)) return [];
  const applicable = new Set(
    policy.contracts
      .filter((c) => !c.builtin && (c.roles === undefined || roles.some((r) => c.roles!.has(r))))
      .map((c) => c.id),
  );
  const misses: NearMiss[] = [];
  for (const lc of load.config.contracts) {
    const id = lc.contract.id;
    if (!applicable.has(id) || decided.has(id)) continue;
    const triggers = Array.isArray(lc.contract.when) ? lc.contract.when : [lc.contract.when];
    let best: NearMiss | undefined;
    for (const t of triggers as { tool?: ToolPart; state?: unknown }[]) {
      if (!t.tool) continue;
      // A trigger whose call part holds but whose session condition (after, toolCalls…) does not is the nearest.
      const whole: Relaxation[] =
        t.state !== undefined
          ? [{ tool: t.tool, closeness: 3, held: 'the whole call', failed: 'its state condition' }]
          : [];
      for (const r of [...whole, ...relaxations(t.tool)]) {
        if (best && best.closeness >= r.closeness) continue;
        if (holds(load, lc, r.tool, roles, event))
          best = { id, closeness: r.closeness, held: r.held, failed: r.failed || 'a state condition' };
      }
    }
    if (best) misses.push(best);
  }
  return misses.sort((a, b) => b.closeness - a.closeness).slice(0, limit);
}
