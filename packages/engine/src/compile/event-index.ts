// Narrows what must be checked for an event: by its kind (tool call or message), its canonical tool name, and, for
// a call, what it has — the programs it runs, the kinds of file effect, the first segments and extensions of its
// paths. Evaluation then touches only the contracts (and history matchers) that can possibly match, which keeps the
// cost per event close to the number of relevant contracts rather than all of them.
import { callIndex, type CallIndex, type Facts, type FileEffectKind, type ToolFacts } from '../facts/index.js';
import type { PathKeys } from '../matchers/glob.js';
import type { CommandCheck } from './command-check.js';
import type { CompiledEventMatch } from './matchers.js';

export interface EventIndex<T> {
  /** The items that may match these facts, in their original order. */
  candidates(facts: Facts): readonly T[];
}

/** What a call must have for one event match to hold on it, besides its tool name. */
interface Need {
  readonly programs: ReadonlySet<string> | undefined;
  readonly effectKinds: ReadonlySet<FileEffectKind> | undefined;
  readonly pathKeys: PathKeys | undefined;
  /** Its event match: its shared checks (command-check.ts), one of which a command must meet, are read when a call
   * first reaches the need (not at start) and asked last, each once per call for all the items that have it. */
  readonly event: CompiledEventMatch;
  /** The event's checks once read (null: not yet); kept here, the hot loop reads them for every item it reaches. */
  checks: readonly CommandCheck[] | undefined | null;
}

interface Shape {
  readonly message: boolean;
  /** undefined: any tool; a set: only these canonical names; empty: no tool at all. */
  readonly tools: ReadonlySet<string> | undefined;
  /** undefined: any call of those tools may match; else the item may match only a call that meets one of these. */
  readonly needs: readonly Need[] | undefined;
}

/** One tool's candidates: those that apply to any call, and the others filed under a key their needs require. */
interface ToolList<T> {
  readonly items: readonly T[];
  readonly needs: readonly (readonly Need[] | undefined)[];
  readonly always: readonly number[];
  /** Positions in `items` by key ("p:git", "e:write", "h:src", "x:ts"); empty when every item is unconditional. */
  readonly byKey: ReadonlyMap<string, readonly number[]>;
}

/** Tool names seen are cached; a host has a few dozen tools, the bound only guards against a runaway caller. */
const MAX_CACHED_NAMES = 512;

/**
 * `eventsOf(item)` lists the event matches through which an item can apply; `undefined` in that list means the item
 * can apply to any event (a state-only trigger).
 */
export function indexByEvent<T>(
  items: readonly T[],
  eventsOf: (item: T) => readonly (CompiledEventMatch | undefined)[],
): EventIndex<T> {
  const shapes = items.map((item) => shapeOf(eventsOf(item)));
  const messageItems = items.filter((_, i) => shapes[i]!.message);
  const byTool = new Map<string, ToolList<T>>();
  const listFor = (name: string): ToolList<T> => {
    let list = byTool.get(name);
    if (!list) {
      const at = shapes.flatMap((s, i) => (applies(s, name) ? [i] : []));
      list = toolList(
        at.map((i) => items[i]!),
        at.map((i) => shapes[i]!),
      );
      if (byTool.size < MAX_CACHED_NAMES) byTool.set(name, list);
    }
    return list;
  };
  return {
    candidates(facts) {
      if (facts.kind === 'message') return messageItems;
      const list = listFor(facts.name);
      if (list.byKey.size === 0) return list.items;
      const call = callIndex(facts);
      const chosen = new Uint8Array(list.items.length);
      for (const i of list.always) chosen[i] = 1;
      const keys = call.keys;
      for (let k = 0; k < keys.length; k++) {
        const filed = list.byKey.get(keys[k]!);
        if (filed === undefined) continue;
        for (let j = 0; j < filed.length; j++) {
          const i = filed[j]!;
          if (chosen[i] === 0 && meetsOne(list.needs[i]!, call, facts)) chosen[i] = 1;
        }
      }
      const out: T[] = [];
      for (let i = 0; i < chosen.length; i++) if (chosen[i] === 1) out.push(list.items[i]!);
      return out;
    },
  };
}

const applies = (s: Shape, tool: string): boolean => s.tools === undefined || s.tools.has(tool);

function toolList<T>(items: readonly T[], shapes: readonly Shape[]): ToolList<T> {
  const always: number[] = [];
  const byKey = new Map<string, number[]>();
  shapes.forEach((s, i) => {
    if (s.needs === undefined) always.push(i);
    // INVARIANT: a need is filed under every key that can meet it, so a call that meets it finds it.
    else for (const n of s.needs) for (const key of keysOf(n)) byKey.set(key, [...(byKey.get(key) ?? []), i]);
  });
  return { items, needs: shapes.map((s) => s.needs), always, byKey };
}

/** The keys a need is filed under: its most selective condition (paths, then programs, then effect kinds). */
function keysOf(n: Need): string[] {
  if (n.pathKeys) return [...[...n.pathKeys.heads].map((h) => `h:${h}`), ...[...n.pathKeys.exts].map((x) => `x:${x}`)];
  if (n.programs) return [...n.programs].map((p) => `p:${p}`);
  return [...n.effectKinds!].map((k) => `e:${k}`);
}

function meetsOne(needs: readonly Need[], call: CallIndex, facts: ToolFacts): boolean {
  for (let i = 0; i < needs.length; i++) if (meets(needs[i]!, call, facts)) return true;
  return false;
}

function meets(need: Need, call: CallIndex, facts: ToolFacts): boolean {
  if (need.programs !== undefined && !someIn(need.programs, call.commandsByProgram)) return false;
  if (need.effectKinds !== undefined && !someIn(need.effectKinds, call.effectKinds)) return false;
  const p = need.pathKeys;
  if (p !== undefined && !someIn(p.heads, call.pathHeads) && !someIn(p.exts, call.pathExts)) return false;
  if (need.checks === null) need.checks = need.event.commandChecks;
  const checks = need.checks;
  if (checks !== undefined && !anyCheckHolds(checks, facts)) return false;
  return true;
}

function anyCheckHolds(checks: readonly CommandCheck[], facts: ToolFacts): boolean {
  for (let i = 0; i < checks.length; i++) if (checks[i]!.holdsIn(facts)) return true;
  return false;
}

function someIn<K>(wanted: ReadonlySet<K>, have: { has(key: K): boolean }): boolean {
  for (const k of wanted) if (have.has(k)) return true;
  return false;
}

function shapeOf(events: readonly (CompiledEventMatch | undefined)[]): Shape {
  let message = false;
  let tools: Set<string> | undefined = new Set();
  let needs: Need[] | undefined = [];
  for (const e of events) {
    if (e === undefined) return { message: true, tools: undefined, needs: undefined };
    if (e.kind === 'message') message = true;
    else if (e.toolNames === undefined) tools = undefined;
    else if (tools) for (const n of e.toolNames) tools.add(n);
    // INVARIANT: an item is conditional only when every tool match it has carries a condition; a message match
    // never holds on a call, so it adds none.
    if (e.kind === 'tool') {
      if (e.programs === undefined && e.effectKinds === undefined && e.pathKeys === undefined) needs = undefined;
      else
        needs?.push({
          programs: e.programs,
          effectKinds: e.effectKinds,
          pathKeys: e.pathKeys,
          event: e,
          checks: null,
        });
    }
  }
  return { message, tools, needs: needs !== undefined && needs.length > 0 ? needs : undefined };
}
