// Narrows what must be checked for an event: by its kind (tool call or message), its canonical tool name, and, for
// a call, the programs it runs and the kinds of file effect it has. Evaluation then touches only the contracts (and
// history matchers) that can possibly match, which keeps the cost per event close to the number of relevant
// contracts rather than all of them.
import { callIndex, type CallIndex, type Facts, type FileEffectKind, type ToolFacts } from '../facts/index.js';
import type { CompiledEventMatch } from './matchers.js';

export interface EventIndex<T> {
  /** The items that may match these facts, in their original order. */
  candidates(facts: Facts): readonly T[];
}

/** What a call must have for one event match to hold on it, besides its tool name. */
interface Need {
  readonly programs: ReadonlySet<string> | undefined;
  readonly effectKinds: ReadonlySet<FileEffectKind> | undefined;
}

interface Shape {
  readonly message: boolean;
  /** undefined: any tool; a set: only these canonical names; empty: no tool at all. */
  readonly tools: ReadonlySet<string> | undefined;
  /** undefined: any call of those tools may match; else the item may match only a call that meets one of these. */
  readonly needs: readonly Need[] | undefined;
}

/** A tool's candidates: all of them, and whether any must still be checked against the call's programs and effects. */
interface ToolList<T> {
  readonly items: readonly T[];
  readonly shapes: readonly Shape[];
  readonly conditional: boolean;
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
      const at = shapes.flatMap((s, i) => (s.tools === undefined || s.tools.has(name) ? [i] : []));
      list = {
        items: at.map((i) => items[i]!),
        shapes: at.map((i) => shapes[i]!),
        conditional: at.some((i) => shapes[i]!.needs !== undefined),
      };
      if (byTool.size < MAX_CACHED_NAMES) byTool.set(name, list);
    }
    return list;
  };
  return {
    candidates(facts) {
      if (facts.kind === 'message') return messageItems;
      const list = listFor(facts.name);
      if (!list.conditional) return list.items;
      const call = callIndex(facts);
      const out: T[] = [];
      for (let i = 0; i < list.items.length; i++) {
        const needs = list.shapes[i]!.needs;
        if (needs === undefined || needs.some((n) => meets(n, call, facts))) out.push(list.items[i]!);
      }
      return out;
    },
  };
}

function meets(need: Need, call: CallIndex, facts: ToolFacts): boolean {
  if (need.programs !== undefined && !someIn(need.programs, call.commandsByProgram)) return false;
  if (need.effectKinds !== undefined && (facts.effects.length === 0 || !someIn(need.effectKinds, call.effectKinds)))
    return false;
  return true;
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
      if (e.programs === undefined && e.effectKinds === undefined) needs = undefined;
      else needs?.push({ programs: e.programs, effectKinds: e.effectKinds });
    }
  }
  return { message, tools, needs: needs !== undefined && needs.length > 0 ? needs : undefined };
}
