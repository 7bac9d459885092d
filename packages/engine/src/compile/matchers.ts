// Compiles the event part of triggers (tool and message matches) into predicates over facts, unit by unit.
// Each predicate comes with a static description for traces, so evaluation builds no strings on the hot path.
import { asList, type EventMatch, type MessageMatch, type ToolMatch } from '../schema/index.js';
import { lazyPattern, type TextMatcher } from '../matchers/regex.js';
import { lazyGlobs, type PathKeys, type PathMatcher } from '../matchers/glob.js';
import { BoundedCache } from '../matchers/bounded-cache.js';
import type { Facts, FileEffectKind, MessageFacts, PathFact } from '../facts/index.js';
import { compileToolMatch, type CompileMatchOptions } from './tool-match.js';
import type { CommandCheck } from './command-check.js';
import { CALL, NO_CONTEXT, type MatchContext, type Unit } from './units.js';

export type { CompileMatchOptions } from './tool-match.js';

export interface CompiledEventMatch {
  /** Canonical JSON of the source match: equal matches share a key (and so share history across reloads). */
  readonly key: string;
  readonly kind: 'tool' | 'message';
  /** For tool matches whose names are all plain (no glob, no "!"): the canonical names. Undefined: any name may match. */
  readonly toolNames: ReadonlySet<string> | undefined;
  /** For tool matches: lower-cased programs one of which a call must run, else it cannot hold (undefined: none). */
  readonly programs: ReadonlySet<string> | undefined;
  /** For tool matches: shared checks one of which a command of the call must meet, else it cannot hold (undefined:
   * none; see command-check.ts). */
  readonly commandChecks: readonly CommandCheck[] | undefined;
  /** For tool matches: kinds of file effect one of which a call must have, else it cannot hold (undefined: none). */
  readonly effectKinds: ReadonlySet<FileEffectKind> | undefined;
  /** For tool matches: keys one of a call's relative paths must have, else it cannot hold (undefined: none). */
  readonly pathKeys: PathKeys | undefined;
  /** Human-readable summary, e.g. `tool bash, command ~ /git push/`. */
  readonly summary: string;
  /** Whether the match holds on some unit of these facts. */
  test(facts: Facts, ctx?: MatchContext): boolean;
  /** The units it holds on; empty when it does not hold. */
  units(facts: Facts, ctx: MatchContext): readonly Unit[];
  /** Whether it holds on this unit: exceptions are checked against the unit their trigger held on. */
  holdsOn(facts: Facts, unit: Unit, ctx: MatchContext): boolean;
  /** For facts that held on `unit`: what matched, in words. Only called for traces. */
  explain(facts: Facts, unit?: Unit, ctx?: MatchContext): string;
}

const DEFAULT_OPTIONS: CompileMatchOptions = { nocase: false };
const NONE: readonly Unit[] = [];
const ONLY_CALL: readonly Unit[] = [CALL];

// Equal tool matches compile once and share the object: composed presets hold the same rule once per role that has
// it (the pipeline-trigger and token rules are in eight of the twelve), and a shared match answers `units` for one
// event once. Keyed by the match as written (its JSON), so a match spelled differently compiles on its own; bounded
// like the pattern caches, so a hostile file of thousands of distinct matches cannot grow memory.
const shared = new BoundedCache<string, CompiledEventMatch>(2048);

export function compileToolEventMatch(
  m: ToolMatch,
  options: CompileMatchOptions = DEFAULT_OPTIONS,
): CompiledEventMatch {
  return shared.getOrMake(`${options.nocase ? 'i' : 's'}${JSON.stringify(m)}`, () =>
    compileToolEventMatchOnce(m, options),
  );
}

function compileToolEventMatchOnce(m: ToolMatch, options: CompileMatchOptions): CompiledEventMatch {
  const t = compileToolMatch(m, options);
  let key: string | undefined;
  // The units of the last event asked about. Facts are immutable and the match context is made once per event, so
  // the same pair always gives the same units: the other contracts with this match reuse them.
  let lastFacts: Facts | undefined;
  let lastCtx: MatchContext | undefined;
  let lastUnits: readonly Unit[] = NONE;
  const units = (facts: Facts, ctx: MatchContext): readonly Unit[] => {
    if (facts.kind !== 'tool') return NONE;
    if (facts === lastFacts && ctx === lastCtx) return lastUnits;
    const out = t.units(facts, ctx);
    lastFacts = facts;
    lastCtx = ctx;
    lastUnits = out;
    return out;
  };
  return {
    // Only history (after, occurrence) reads a key: made on first read, not for each of a hundred triggers at start.
    get key() {
      return (key ??= canonicalJson({ tool: m }));
    },
    kind: 'tool',
    toolNames: t.toolNames,
    programs: t.programs,
    get commandChecks() {
      return t.commandChecks;
    },
    effectKinds: t.effectKinds,
    pathKeys: t.pathKeys,
    get summary() {
      return t.summary;
    },
    test: (facts, ctx = NO_CONTEXT) => units(facts, ctx).length > 0,
    units,
    holdsOn: (facts, unit, ctx) => facts.kind === 'tool' && t.holdsOn(facts, unit, ctx),
    explain: (facts, unit = CALL, ctx) => (facts.kind === 'tool' ? t.explain(facts, unit, ctx) : t.summary),
  };
}

export function compileMessageMatch(
  m: MessageMatch,
  options: CompileMatchOptions = DEFAULT_OPTIONS,
): CompiledEventMatch {
  const text: TextMatcher[] | undefined = m.text === undefined ? undefined : asList(m.text).map(lazyPattern);
  const attachment: PathMatcher | undefined =
    m.attachment === undefined ? undefined : lazyGlobs(asList(m.attachment), options.nocase);
  const from = m.from ?? 'human';
  const parts: string[] = [
    m.confirmation === true
      ? 'a confirmation'
      : m.confirmation === false
        ? 'a message that is not a confirmation'
        : 'a message',
  ];
  if (from !== 'human') parts.push(from === 'any' ? 'from anyone' : `from the ${from}`);
  if (m.text !== undefined)
    parts.push(
      `text ~ ${asList(m.text)
        .map((p) => `/${p}/`)
        .join(' or ')}`,
    );
  if (m.attachment !== undefined) parts.push(`attachment ${asList(m.attachment).join(', ')}`);
  const test = (facts: Facts): boolean => {
    if (facts.kind !== 'message') return false;
    const f: MessageFacts = facts;
    if (from !== 'any' && f.from !== from) return false;
    if (m.confirmation !== undefined && f.confirmation !== m.confirmation) return false;
    if (text && !text.some((p) => p.test(f.text))) return false;
    if (attachment && !anyPath(attachment, f.attachments)) return false;
    return true;
  };
  let key: string | undefined;
  return {
    get key() {
      return (key ??= canonicalJson({ message: m }));
    },
    kind: 'message',
    toolNames: undefined,
    programs: undefined,
    commandChecks: undefined,
    effectKinds: undefined,
    pathKeys: undefined,
    summary: parts.join(', '),
    test,
    units: (facts) => (test(facts) ? ONLY_CALL : NONE),
    holdsOn: (facts) => test(facts),
    explain(facts) {
      if (facts.kind !== 'message') return parts.join(', ');
      const said = [parts[0]!];
      if (facts.from !== 'human') said.push(`from the ${facts.from}`);
      const t = text?.find((p) => p.test(facts.text));
      if (t) said.push(`text ~ /${t.source}/`);
      const a = attachment && facts.attachments.find((x) => attachment.test(x.relative, x.absolute));
      if (a) said.push(`attachment ${a.relative} matches ${attachment!.sources.join(', ')}`);
      return said.join(', ');
    },
  };
}

export const compileEventMatch = (m: EventMatch, options: CompileMatchOptions = DEFAULT_OPTIONS): CompiledEventMatch =>
  m.tool ? compileToolEventMatch(m.tool, options) : compileMessageMatch(m.message ?? {}, options);

function anyPath(m: PathMatcher, paths: readonly PathFact[]): boolean {
  for (let i = 0; i < paths.length; i++) if (m.test(paths[i]!.relative, paths[i]!.absolute)) return true;
  return false;
}

/** JSON with sorted keys, so equal matches written in any key order get the same key. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
