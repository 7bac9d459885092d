// Plain-language summaries of triggers and exceptions, for the role pages: "a bash call whose command matches …".
// Input is the engine's parsed contract; output is one sentence per trigger.
import {
  asList,
  type CommandMatch,
  type Contract,
  type EffectMatch,
  type EventMatch,
  type MessageMatch,
  type StateMatch,
  type ToolMatch,
} from '@semantic-anchors/engine';

type Part = Contract['when'] extends infer T ? (T extends readonly (infer U)[] ? U : T) : never;

const list = (items: readonly string[], joiner = 'or'): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
const code = (items: readonly string[]): string[] => items.map((i) => `\`${i}\``);
/** Patterns longer than this in all are named, not printed: a long regular expression says little to a reader, and a
 * role page has a byte budget (the YAML below has every one). */
const PATTERN_CHARS = 100;
/** Regular expressions in words: short ones as written ("`^feat:`"), long ones counted ("one of 9 patterns"). */
const patterns = (items: readonly string[]): string =>
  items.reduce((n, i) => n + i.length, 0) <= PATTERN_CHARS
    ? list(code(items))
    : `${items.length === 1 ? 'a pattern' : `one of ${items.length} patterns`} (in the preset's YAML below)`;
/** Alternatives a role page lists before it points at the YAML for the rest: a page has a byte budget of 20 KB. */
const SHOWN = 10;
/** The first alternatives, and how many more there are: "a, b or c" / "a, b, … and 14 more (in the preset's YAML)". */
const brief = (items: readonly string[]): string =>
  items.length <= SHOWN + 2
    ? list(items)
    : `${items.slice(0, SHOWN).join(', ')} and ${items.length - SHOWN} more (all in the preset's YAML below)`;

/** A structured command match in words: "`git push` with `-f` or `--force`, not `--force-with-lease`, on `main`". */
function run(r: CommandMatch): string {
  const programs = asList(r.program);
  const subs = asList(r.subcommand);
  // Lists are cut short (the YAML below has them all): a role page is read by people, and it must stay light.
  let s = subs.length
    ? brief(subs.map((sub) => `\`${programs.length === 1 ? programs[0] : `{${programs.join('|')}}`} ${sub}\``))
    : brief(code(programs));
  const parts: string[] = [];
  if (r.flags !== undefined) parts.push(`with ${list(code(asList(r.flags)))}`);
  if (r.allFlags !== undefined) parts.push(`with all of ${list(code(asList(r.allFlags)), 'and')}`);
  if (r.notFlags !== undefined) parts.push(`without ${list(code(asList(r.notFlags)))}`);
  if (r.args !== undefined) parts.push(`on ${brief(code(asList(r.args)))}`);
  if (r.maxArgs !== undefined) parts.push(`with at most ${r.maxArgs} argument(s)`);
  if (r.option)
    parts.push(`whose ${list(code(asList(r.option.name)))} value matches ${list(code(asList(r.option.value)))}`);
  // A regular expression says little to a reader; the YAML below has it.
  if (r.text !== undefined) parts.push('whose text matches a pattern (in the YAML below)');
  if (parts.length) s += ` ${parts.join(', ')}`;
  return s;
}

/** A file effect in words: "writing or deleting `**\/.env`". */
function effect(e: EffectMatch): string {
  const kinds = asList(e.kind ?? 'change').map((k) =>
    k === 'change'
      ? 'changing'
      : k === 'write'
        ? 'writing'
        : k === 'append'
          ? 'appending to'
          : k === 'delete'
            ? 'deleting'
            : 'reading',
  );
  const paths = asList(e.path);
  let s = `${list(kinds)} ${paths.length ? brief(code(paths.filter((p) => !p.startsWith('!')))) : 'any file'}`;
  const exclude = paths.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  if (exclude.length) s += ` (but not ${list(code(exclude))})`;
  if (e.content !== undefined) s += ` with text matching ${patterns(asList(e.content))}`;
  if (e.secret === true) s += ' with a secret in it';
  return s;
}

function tool(t: ToolMatch): string {
  const names = asList(t.name);
  let s = names.length ? `a ${list(code(names))} call` : 'any tool call';
  if (t.run !== undefined)
    s = `${names.length ? s : 'a shell call'} running ${brief(asList(t.run).map(run))} (in any spelling: wrappers, global options, chains)`;
  if (t.effect !== undefined)
    s = `${names.length ? s : 'any tool'} ${list(asList(t.effect).map(effect))} (by any tool: write, edit, patch or the shell)`;
  const paths = asList(t.path);
  const include = paths.filter((p) => !p.startsWith('!'));
  const exclude = paths.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const clauses: string[] = [];
  if (include.length) clauses.push(`touching ${list(code(include))}`);
  if (exclude.length) clauses.push(`but not ${list(code(exclude))}`);
  if (t.command !== undefined) clauses.push(`whose command matches ${patterns(asList(t.command))}`);
  if (t.content !== undefined) clauses.push(`writing text that matches ${patterns(asList(t.content))}`);
  if (t.url !== undefined) clauses.push(`fetching a URL that matches ${patterns(asList(t.url))}`);
  if (t.secret === true) clauses.push('carrying a secret');
  if (t.opaque === true) clauses.push('running code that cannot be read (eval, a pipe to a shell, a one-liner)');
  if (t.unparseable === true) clauses.push('that cannot be parsed');
  if (t.args !== undefined)
    clauses.push(`with ${list(Object.entries(t.args).map(([k, v]) => `\`${k}\` matching ${patterns(asList(v))}`))}`);
  if (clauses.length) s += ` ${clauses.join(', ')}`;
  return s;
}

function message(m: MessageMatch): string {
  let s =
    m.confirmation === true
      ? 'a confirmation from the human'
      : m.confirmation === false
        ? 'a human message that is not a confirmation'
        : 'a human message';
  if (m.from === 'agent' || m.from === 'subagent' || m.from === 'any')
    s = s.replace('human message', m.from === 'any' ? 'message from anyone' : `message from the ${m.from}`);
  const clauses: string[] = [];
  if (m.text !== undefined) clauses.push(`saying something that matches ${patterns(asList(m.text))}`);
  if (m.attachment !== undefined) clauses.push(`with an attached file matching ${list(code(asList(m.attachment)))}`);
  if (clauses.length) s += ` ${clauses.join(', ')}`;
  return s;
}

const eventMatch = (e: EventMatch): string => (e.tool ? tool(e.tool) : e.message ? message(e.message) : 'an event');

function state(st: StateMatch): string[] {
  const out: string[] = [];
  if (st.toolCalls !== undefined)
    out.push(`from the ${ordinal(st.toolCalls)} tool call since the human last confirmed`);
  if (st.occurrence?.atLeast !== undefined)
    out.push(`from its ${ordinal(st.occurrence.atLeast)} occurrence in the session`);
  if (st.occurrence?.every !== undefined) out.push(`on every ${ordinal(st.occurrence.every)} occurrence`);
  if (st.after !== undefined) out.push(`only after ${list(asList(st.after).map(eventMatch))}`);
  if (st.notAfter !== undefined) out.push(`unless ${list(asList(st.notAfter).map(eventMatch))} came first`);
  return out;
}

function ordinal(n: number): string {
  const s =
    n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
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
