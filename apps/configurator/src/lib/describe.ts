// Plain-language summaries of triggers and exceptions, for the role pages: "a bash call whose command matches …".
// Input is the engine's parsed contract; output is one sentence per trigger.
import { asList, type Contract, type EventMatch, type MessageMatch, type StateMatch, type ToolMatch } from '@semantic-anchors/engine';

type Part = Contract['when'] extends infer T ? (T extends readonly (infer U)[] ? U : T) : never;

const list = (items: readonly string[], joiner = 'or'): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
const code = (items: readonly string[]): string[] => items.map((i) => `\`${i}\``);

function tool(t: ToolMatch): string {
  const names = asList(t.name);
  let s = names.length ? `a ${list(code(names))} call` : 'any tool call';
  const paths = asList(t.path);
  const include = paths.filter((p) => !p.startsWith('!'));
  const exclude = paths.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const clauses: string[] = [];
  if (include.length) clauses.push(`touching ${list(code(include))}`);
  if (exclude.length) clauses.push(`but not ${list(code(exclude))}`);
  if (t.command !== undefined) clauses.push(`whose command matches ${list(code(asList(t.command)))}`);
  if (t.content !== undefined) clauses.push(`writing text that matches ${list(code(asList(t.content)))}`);
  if (t.url !== undefined) clauses.push(`fetching a URL that matches ${list(code(asList(t.url)))}`);
  if (clauses.length) s += ` ${clauses.join(', ')}`;
  return s;
}

function message(m: MessageMatch): string {
  let s = m.confirmation === true ? 'a confirmation from the human' : m.confirmation === false ? 'a human message that is not a confirmation' : 'a human message';
  const clauses: string[] = [];
  if (m.text !== undefined) clauses.push(`saying something that matches ${list(code(asList(m.text)))}`);
  if (m.attachment !== undefined) clauses.push(`with an attached file matching ${list(code(asList(m.attachment)))}`);
  if (clauses.length) s += ` ${clauses.join(', ')}`;
  return s;
}

const eventMatch = (e: EventMatch): string => (e.tool ? tool(e.tool) : e.message ? message(e.message) : 'an event');

function state(st: StateMatch): string[] {
  const out: string[] = [];
  if (st.toolCalls !== undefined) out.push(`from the ${ordinal(st.toolCalls)} tool call since the human last confirmed`);
  if (st.occurrence?.atLeast !== undefined) out.push(`from its ${ordinal(st.occurrence.atLeast)} occurrence in the session`);
  if (st.occurrence?.every !== undefined) out.push(`on every ${ordinal(st.occurrence.every)} occurrence`);
  if (st.after !== undefined) out.push(`only after ${list(asList(st.after).map(eventMatch))}`);
  if (st.notAfter !== undefined) out.push(`unless ${list(asList(st.notAfter).map(eventMatch))} came first`);
  return out;
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${s}`;
}

/** One sentence for a trigger or an exception. */
export function describePart(p: Part): string {
  const head = p.tool ? tool(p.tool) : p.message ? message(p.message) : 'any event';
  const tail = p.state ? state(p.state) : [];
  return [head, ...tail].join(', ');
}

export const describeWhen = (c: Contract): string[] => asList(c.when).map(describePart);
export const describeUnless = (c: Contract): string[] => asList(c.unless).map(describePart);
