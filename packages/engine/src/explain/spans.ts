// A matched contract (or a whole verdict) → the character spans, in the command as written and in the other texts of
// the event, that made its trigger hold. On demand only (simulator, CLI explain): the evaluator never calls it, so
// its speed is unchanged; this stage re-reads what it needs (the trigger's source match, the command's words).
import type { Event, MessageMatch, ToolMatch } from '../schema/index.js';
import { asList } from '../schema/index.js';
import type { CompiledPolicy, CompiledTrigger, Unit } from '../compile/index.js';
import { NO_CONTEXT } from '../compile/units.js';
import { messageFacts, toolFacts, type Facts, type ToolFacts } from '../facts/index.js';
import { EMPTY_LEDGER } from '../ledger/index.js';
import { runnableText } from '../shell/call-files.js';
import type { FileEffect } from '../shell/index.js';
import { secretsIn } from '../compile/secret-check.js';
import { lazyGlobs } from '../matchers/glob.js';
import type { ContractMatch, Verdict } from '../evaluate/verdict.js';
import { locateCommand, type LocatedCommand } from './locate.js';
import { EMPTY_SHELL_SESSION, sessionContext, type ContextSource } from '../evaluate/shell-session.js';
import { commandSpans } from './run-spans.js';
import { effectSpans } from './effect-spans.js';
import { patternRanges } from './text-ranges.js';
import type { MatchSpan, MatchSpans, SpanKind } from './types.js';

/** What names the match to explain: a verdict's ContractMatch fits; without trigger/unit, the first that holds. */
export interface SpanRequest {
  readonly id: string;
  readonly trigger?: string;
  readonly unit?: Unit;
  /** "tool call", "message", "attachment <path>" (a verdict's subject); default: the event itself. */
  readonly subject?: string;
}

/** The source match a compiled trigger was built from: its key is the canonical JSON of `{ tool }` or `{ message }`. */
function sourceMatch(t: CompiledTrigger): { tool?: ToolMatch; message?: MessageMatch } | undefined {
  if (t.event === undefined) return undefined;
  const parsed: unknown = JSON.parse(t.event.key);
  return parsed !== null && typeof parsed === 'object'
    ? (parsed as { tool?: ToolMatch; message?: MessageMatch })
    : undefined;
}

/** The session before the event, as far as the facts of a call depend on it: its shell's values and directory, and the
 * files it wrote (a file the call runs is explained from its text). */
export type SessionBefore = ContextSource;

function factsFor(
  policy: CompiledPolicy,
  event: Event,
  subject: string | undefined,
  before: SessionBefore | undefined,
): Facts | undefined {
  const root = policy.options.root;
  if ('tool' in event) {
    if (subject === undefined || subject === 'tool call')
      return toolFacts(
        event.tool,
        event.args,
        root,
        false,
        sessionContext(policy, before ?? { shell: EMPTY_SHELL_SESSION }, event),
      );
    return undefined; // a batch's inner call: its texts are not the event's own
  }
  if ('message' in event) {
    if (subject === undefined || subject === 'message')
      return messageFacts(event.message, event.attachments, root, policy.settings.confirmations, event.from);
    if (subject.startsWith('attachment ')) return toolFacts('read', { filePath: subject.slice(11) }, root, true);
  }
  return undefined;
}

/** Collects spans with their contract and the texts they index; drops exact repeats. */
class Spans {
  readonly spans: MatchSpan[] = [];
  readonly texts: Record<string, string> = {};
  private readonly seen = new Set<string>();
  constructor(private readonly contract: string) {}

  add(field: string, text: string, s: Omit<MatchSpan, 'contract' | 'field'>): void {
    const key = `${field}\u0000${s.start}\u0000${s.end}\u0000${s.label}`;
    if (this.seen.has(key) || s.end <= s.start) return;
    this.seen.add(key);
    this.texts[field] = text;
    this.spans.push({ contract: this.contract, field, ...s });
  }

  patterns(field: string, text: string | undefined, patterns: readonly string[], kind: SpanKind): void {
    if (text === undefined) return;
    for (const p of patterns)
      for (const [start, end] of patternRanges(p, text))
        this.add(field, text, { start, end, kind, label: `pattern ${p}`, approximate: false });
  }
}

/** The first texts of a call with a secret, as compile/tool-match.ts `callSecrets` reads them, with their fields. */
function callSecretSpans(f: ToolFacts, out: Spans): void {
  const at = f.paths[0]?.relative;
  const tries: [string, string | undefined, string | undefined][] = [
    ...f.content.map((t, i): [string, string | undefined, string | undefined] => [`content ${i}`, t, at]),
    ...f.effects.map((e, i): [string, string | undefined, string | undefined] => [
      `effect ${i} content`,
      e.content,
      e.path.relative,
    ]),
    ['command', f.command, undefined],
  ];
  for (const [field, text, path] of tries) {
    const found = secretsIn(text, path);
    if (found.length === 0) continue;
    for (const s of found)
      out.add(field, text!, {
        start: s.start,
        end: s.end,
        kind: 'secret',
        label: `secret ${s.description}`,
        approximate: false,
      });
    return;
  }
}

function toolSpans(
  policy: CompiledPolicy,
  f: ToolFacts,
  m: ToolMatch,
  unit: Unit,
  out: Spans,
  fileText: (path: string) => string | undefined,
): void {
  const nocase = policy.settings.caseInsensitivePaths;
  const unknown = policy.settings.unknownValues;
  const source = f.shell ? f.command : undefined;
  /** The text command i stands in: the command line, or the file the session wrote that it comes from. */
  const origin = (i: number): { field: string; text: string } | undefined => {
    const file = f.commands[i]?.command.file;
    if (file === undefined) return source === undefined ? undefined : { field: 'command', text: source };
    const text = fileText(file);
    return text === undefined ? undefined : { field: `file ${file}`, text };
  };
  const located = new Map<number, LocatedCommand>();
  const locate = (i: number): LocatedCommand | undefined => {
    const o = origin(i);
    if (o === undefined) return undefined;
    let at = located.get(i);
    if (at === undefined) located.set(i, (at = locateCommand(o.text, f.commands[i]!.command)));
    return at;
  };
  const run = m.run === undefined ? undefined : asList(m.run);
  const effects = m.effect === undefined ? undefined : asList(m.effect);
  const commandPatterns = m.command === undefined ? undefined : asList(m.command);

  const effect = (i: number): void => {
    const e = f.effects[i];
    if (e === undefined || effects === undefined) return;
    const at = e.command === undefined ? undefined : locate(e.command);
    const o = e.command === undefined ? undefined : origin(e.command);
    const text = o?.text ?? source;
    for (const s of effectSpans(
      { effect: e, index: i, matches: effects, nocase, unknown, source: text, at },
      out.texts,
    )) {
      if (s.field === 'command') out.add(o?.field ?? 'command', text!, s);
      else out.add(s.field, out.texts[s.field]!, s);
    }
  };
  const command = (i: number): void => {
    const at = locate(i);
    const o = origin(i);
    if (at === undefined || o === undefined) return;
    const spans = commandSpans({
      fact: f.commands[i]!,
      at,
      run,
      patterns: run || effects ? undefined : commandPatterns,
      unknown,
    });
    for (const s of spans) out.add(o.field, o.text, s);
    // `command` beside `run`/`effect` is one more condition on the same command's text.
    if (run || effects)
      for (const s of commandSpans({ fact: f.commands[i]!, at, run: undefined, patterns: commandPatterns }))
        out.add(o.field, o.text, s);
    if (run && effects) f.effects.forEach((e, k) => e.command === i && effect(k));
  };

  if (unit.kind === 'command') command(unit.index);
  else if (unit.kind === 'effect') {
    effect(unit.index);
    const owner = f.effects[unit.index]?.command;
    if (owner !== undefined && (run || commandPatterns)) command(owner);
  } else if (commandPatterns && !run && !effects) out.patterns('command', f.command, commandPatterns, 'pattern');

  // Call-level conditions hold for the call as a whole, whatever the unit.
  if (m.path !== undefined) {
    const glob = lazyGlobs(asList(m.path), nocase);
    f.paths.forEach((p, i) => {
      if (glob.test(p.relative, p.absolute))
        out.add(`path ${i}`, p.relative, {
          start: 0,
          end: p.relative.length,
          kind: 'path',
          label: `path ${p.relative}`,
          approximate: false,
        });
    });
  }
  if (m.content !== undefined) {
    const patterns = asList(m.content);
    f.content.forEach((t, i) => out.patterns(`content ${i}`, t, patterns, 'content'));
  }
  if (m.url !== undefined) out.patterns('url', f.url, asList(m.url), 'url');
  if (m.args !== undefined)
    for (const [key, v] of Object.entries(m.args)) {
      const value = f.args[key];
      if (typeof value === 'string') out.patterns(`arg ${key}`, value, asList(v), 'pattern');
    }
  if (m.secret === true) callSecretSpans(f, out);
  if (m.opaque === true && source !== undefined)
    for (const o of f.shell?.opaque ?? []) {
      const at = o.command === undefined ? undefined : locate(o.command);
      const where = o.command === undefined ? undefined : origin(o.command);
      if (at && where)
        out.add(where.field, where.text, {
          start: at.start,
          end: at.end,
          kind: 'opaque',
          label: `opaque ${o.reason}`,
          approximate: true,
        });
    }
}

/** The text a call itself wrote to `path` before running it (`cat > x.sh <<EOF … EOF && bash x.sh`), when known. */
function writtenByCall(effects: readonly FileEffect[], path: string): string | undefined {
  let text: string | undefined;
  for (const e of effects) if (e.path === path && e.kind === 'write' && e.content !== undefined) text = e.content;
  return text;
}

/** The spans that made one matched contract's trigger hold on this event; `before` is the session state the event was
 * judged in (without it, the call is read as if it were the session's first). */
export function matchSpans(
  policy: CompiledPolicy,
  event: Event,
  request: SpanRequest,
  before?: SessionBefore,
): MatchSpans {
  const contract = policy.contracts.find((c) => c.id === request.id);
  const facts = factsFor(policy, event, request.subject, before);
  const out = new Spans(request.id);
  if (contract === undefined || facts === undefined) return { spans: [], texts: {} };
  const ledger = before?.ledger ?? EMPTY_LEDGER;
  const ctx = { ...NO_CONTEXT, ledger, unknown: policy.settings.unknownValues };
  const files =
    'tool' in event ? sessionContext(policy, { shell: EMPTY_SHELL_SESSION, ledger }, event)?.shell?.file : undefined;
  const fileText = (path: string): string | undefined => {
    const f = files?.(path);
    // A file the session knew (its text, else its pieces as the walk read them), or one this call wrote itself.
    const known = f === undefined ? undefined : runnableText(f);
    if (known !== undefined || facts.kind !== 'tool' || facts.shell === undefined) return known;
    return writtenByCall(facts.shell.effects, path);
  };
  const triggers = request.trigger ? contract.when.filter((t) => t.label === request.trigger) : contract.when;
  for (const t of triggers) {
    const match = sourceMatch(t);
    if (match === undefined || t.event === undefined) continue;
    const unit = request.unit ?? t.event.units(facts, ctx)[0];
    if (unit === undefined) continue;
    if (match.tool && facts.kind === 'tool') toolSpans(policy, facts, match.tool, unit, out, fileText);
    if (match.message?.text !== undefined && facts.kind === 'message')
      out.patterns('message', facts.text, asList(match.message.text), 'pattern');
    break;
  }
  return { spans: out.spans, texts: out.texts };
}

/** The spans of every contract a verdict matched, in its order; texts merged (the same event's texts). */
export function verdictSpans(
  policy: CompiledPolicy,
  event: Event,
  verdict: Pick<Verdict, 'matches'> | { readonly matches: readonly ContractMatch[] },
  before?: SessionBefore,
): MatchSpans {
  const spans: MatchSpan[] = [];
  const texts: Record<string, string> = {};
  for (const m of verdict.matches) {
    const r = matchSpans(policy, event, m, before);
    spans.push(...r.spans);
    Object.assign(texts, r.texts);
  }
  return { spans, texts };
}
