// Compiles the event part of triggers (tool and message matches) into predicates over facts.
// Each predicate comes with a static description for traces, so evaluation builds no strings on the hot path.
import { asList, type EventMatch, type MessageMatch, type ToolMatch } from '../schema/index.js';
import { lazyPattern, type TextMatcher } from '../matchers/regex.js';
import { compileGlobs, lazyGlobs, type PathMatcher } from '../matchers/glob.js';
import { canonicalToolName, type Facts, type MessageFacts, type PathFact, type ToolFacts } from '../evaluate/facts.js';

export interface CompiledEventMatch {
  /** Canonical JSON of the source match: equal matches share a key (and so share history across reloads). */
  readonly key: string;
  readonly kind: 'tool' | 'message';
  /** For tool matches whose names are all plain (no glob, no "!"): the canonical names. Undefined: any name may match. */
  readonly toolNames: ReadonlySet<string> | undefined;
  /** Human-readable summary, e.g. `tool bash, command ~ /git push/`. */
  readonly summary: string;
  test(facts: Facts): boolean;
  /** For facts that passed `test`: what matched, in words (which pattern, which path). Only called for traces. */
  explain(facts: Facts): string;
}

/** Throws only for inputs the load stage already rejected; compile() turns that into a skipped contract. */
function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

// Patterns compile on first use: the load stage has validated them (or CI has, for bundled presets).
const patterns = (v: string | readonly string[] | undefined): TextMatcher[] | undefined =>
  v === undefined ? undefined : asList(v).map(lazyPattern);

const globs = (v: string | readonly string[] | undefined): PathMatcher | undefined =>
  v === undefined ? undefined : lazyGlobs(asList(v));

// Plain loops: these run for every candidate contract of every event, so they allocate nothing.
function anyPath(m: PathMatcher, paths: readonly PathFact[]): boolean {
  for (let i = 0; i < paths.length; i++) if (m.test(paths[i]!.relative, paths[i]!.absolute)) return true;
  return false;
}
function anyText(ms: readonly TextMatcher[], text: string | undefined): boolean {
  if (text === undefined) return false;
  for (let i = 0; i < ms.length; i++) if (ms[i]!.test(text)) return true;
  return false;
}
function anyContent(ms: readonly TextMatcher[], content: readonly string[]): boolean {
  for (let i = 0; i < content.length; i++) if (anyText(ms, content[i])) return true;
  return false;
}

export function compileToolMatch(m: ToolMatch): CompiledEventMatch {
  const nameGlobs = m.name === undefined ? undefined : asList(m.name);
  // Literal names are folded like event names, so "shell" in a contract means the same as "bash".
  const names = nameGlobs === undefined ? undefined : unwrap(compileGlobs(nameGlobs.map((g) => (/^!?[\w.-]+$/.test(g) ? foldLiteral(g) : g))));
  const path = globs(m.path);
  const command = patterns(m.command);
  const content = patterns(m.content);
  const url = patterns(m.url);
  const parts: string[] = [];
  if (nameGlobs) parts.push(`tool ${nameGlobs.join('|')}`);
  else parts.push('any tool');
  if (m.path !== undefined) parts.push(`path ${asList(m.path).join(', ')}`);
  if (m.command !== undefined) parts.push(`command ~ ${asList(m.command).map((p) => `/${p}/`).join(' or ')}`);
  if (m.content !== undefined) parts.push(`content ~ ${asList(m.content).map((p) => `/${p}/`).join(' or ')}`);
  if (m.url !== undefined) parts.push(`url ~ ${asList(m.url).map((p) => `/${p}/`).join(' or ')}`);
  const plain = nameGlobs?.every((g) => /^[\w.-]+$/.test(g));
  const toolNames = plain ? new Set(nameGlobs!.map(canonicalToolName)) : undefined;
  return {
    key: canonicalJson({ tool: m }),
    kind: 'tool',
    toolNames,
    summary: parts.join(', '),
    test(facts) {
      if (facts.kind !== 'tool') return false;
      const f: ToolFacts = facts;
      // Plain names are a set lookup; only real globs need the glob test (against the folded and the raw name).
      if (toolNames ? !toolNames.has(f.name) : names && !names.test(f.name, undefined) && !names.test(f.raw, undefined)) return false;
      if (path && !anyPath(path, f.paths)) return false;
      if (command && !anyText(command, f.command)) return false;
      if (content && !anyContent(content, f.content)) return false;
      if (url && !anyText(url, f.url)) return false;
      return true;
    },
    explain(facts) {
      if (facts.kind !== 'tool') return this.summary;
      const said: string[] = [nameGlobs ? `tool ${facts.raw}${facts.raw !== facts.name ? ` (= ${facts.name})` : ''}` : `any tool (${facts.raw})`];
      const p = path && facts.paths.find((x) => path.test(x.relative, x.absolute));
      if (p) said.push(`path ${p.relative} matches ${path!.sources.join(', ')}`);
      const which = (ms: readonly TextMatcher[] | undefined, texts: readonly (string | undefined)[]) =>
        ms?.find((m) => texts.some((t) => t !== undefined && m.test(t)))?.source;
      const c = which(command, [facts.command]);
      if (c) said.push(`command ~ /${c}/`);
      const w = which(content, facts.content);
      if (w) said.push(`content ~ /${w}/`);
      const u = which(url, [facts.url]);
      if (u) said.push(`url ~ /${u}/`);
      return said.join(', ');
    },
  };
}

export function compileMessageMatch(m: MessageMatch): CompiledEventMatch {
  const text = patterns(m.text);
  const attachment = globs(m.attachment);
  const parts: string[] = [m.confirmation === true ? 'a confirmation' : m.confirmation === false ? 'a message that is not a confirmation' : 'a message'];
  if (m.text !== undefined) parts.push(`text ~ ${asList(m.text).map((p) => `/${p}/`).join(' or ')}`);
  if (m.attachment !== undefined) parts.push(`attachment ${asList(m.attachment).join(', ')}`);
  return {
    key: canonicalJson({ message: m }),
    kind: 'message',
    toolNames: undefined,
    summary: parts.join(', '),
    test(facts) {
      if (facts.kind !== 'message') return false;
      const f: MessageFacts = facts;
      if (m.confirmation !== undefined && f.confirmation !== m.confirmation) return false;
      if (text && !anyText(text, f.text)) return false;
      if (attachment && !anyPath(attachment, f.attachments)) return false;
      return true;
    },
    explain(facts) {
      if (facts.kind !== 'message') return this.summary;
      const said = [parts[0]!];
      const t = text?.find((m) => m.test(facts.text));
      if (t) said.push(`text ~ /${t.source}/`);
      const a = attachment && facts.attachments.find((x) => attachment.test(x.relative, x.absolute));
      if (a) said.push(`attachment ${a.relative} matches ${attachment!.sources.join(', ')}`);
      return said.join(', ');
    },
  };
}

export const compileEventMatch = (m: EventMatch): CompiledEventMatch =>
  m.tool ? compileToolMatch(m.tool) : compileMessageMatch(m.message ?? {});

function foldLiteral(glob: string): string {
  return glob.startsWith('!') ? `!${canonicalToolName(glob.slice(1))}` : canonicalToolName(glob);
}

/** JSON with sorted keys, so equal matches written in any key order get the same key. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
