// Narrows what must be checked for an event: by its kind (tool call or message) and its canonical tool name.
// Evaluation then touches only the contracts (and history matchers) that can possibly match, which keeps the cost
// per event close to the number of relevant contracts rather than all of them.
import type { Facts } from '../facts/index.js';
import type { CompiledEventMatch } from './matchers.js';

export interface EventIndex<T> {
  /** The items that may match these facts, in their original order. */
  candidates(facts: Facts): readonly T[];
}

interface Shape {
  readonly message: boolean;
  /** undefined: any tool; a set: only these canonical names; empty: no tool at all. */
  readonly tools: ReadonlySet<string> | undefined;
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
  const byTool = new Map<string, readonly T[]>();
  return {
    candidates(facts) {
      if (facts.kind === 'message') return messageItems;
      let list = byTool.get(facts.name);
      if (!list) {
        list = items.filter((_, i) => {
          const tools = shapes[i]!.tools;
          return tools === undefined || tools.has(facts.name);
        });
        if (byTool.size < MAX_CACHED_NAMES) byTool.set(facts.name, list);
      }
      return list;
    },
  };
}

function shapeOf(events: readonly (CompiledEventMatch | undefined)[]): Shape {
  let message = false;
  let tools: Set<string> | undefined = new Set();
  for (const e of events) {
    if (e === undefined) return { message: true, tools: undefined };
    if (e.kind === 'message') message = true;
    else if (e.toolNames === undefined) tools = undefined;
    else if (tools) for (const n of e.toolNames) tools.add(n);
  }
  return { message, tools };
}
