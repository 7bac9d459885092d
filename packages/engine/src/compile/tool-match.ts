// Compiles a tool match into predicates over the units of a tool call (see units.ts). Call-level fields (name,
// path, content, url, secret, opaque, args) hold for the call as a whole; `run` holds on a simple command, `effect`
// on a file effect, `command` (a regex) on a simple command's text or, failing that, on the whole command line.
import { asList, type ToolMatch } from '../schema/index.js';
import {
  callIndex,
  canonicalToolName,
  commandsRunning,
  type CommandFact,
  type EffectFact,
  type Facts,
  type FileEffectKind,
  type ToolFacts,
} from '../facts/index.js';
import { lazyPattern, type TextMatcher } from '../matchers/regex.js';
import { compileGlobs, lazyGlobs, pathKeys, type PathKeys, type PathMatcher } from '../matchers/glob.js';
import { compileHosts } from '../matchers/hosts.js';
import { compileCommandMatch, type CompiledCommandMatch } from './command-match.js';
import type { CommandCheck } from './command-check.js';
import { compileEffectMatch, type CompiledEffectMatch } from './effect-match.js';
import { describeSecrets, secretsIn } from './secret-check.js';
import { CALL, type MatchContext, type Unit, type UnknownMode } from './units.js';
import { wrote } from '../ledger/index.js';

export interface CompileMatchOptions {
  readonly nocase: boolean;
}

export interface CompiledToolMatch {
  readonly toolNames: ReadonlySet<string> | undefined;
  /** Lower-cased programs one of which the call must run for the match to hold (undefined: no such condition). */
  readonly programs: ReadonlySet<string> | undefined;
  /** Checks one of which some command of the call must meet for the match to hold (undefined: no such condition):
   * one per `run` match, shared with other matches (command-check.ts). */
  readonly commandChecks: readonly CommandCheck[] | undefined;
  /** Kinds of file effect one of which the call must have for the match to hold (undefined: no such condition). */
  readonly effectKinds: ReadonlySet<FileEffectKind> | undefined;
  /** Keys one of the call's relative paths must have for the match to hold (undefined: no such condition). */
  readonly pathKeys: PathKeys | undefined;
  readonly summary: string;
  /** The units of the call this match holds on (none: it does not hold). */
  units(f: ToolFacts, ctx: MatchContext): readonly Unit[];
  /** Whether the match holds on this unit (for exceptions: the unit their trigger held on). */
  holdsOn(f: ToolFacts, unit: Unit, ctx: MatchContext): boolean;
  explain(f: ToolFacts, unit: Unit, ctx?: MatchContext): string;
}

/** Throws only for inputs the load stage already rejected; compile() turns that into a skipped contract. */
function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const patterns = (v: string | readonly string[] | undefined): TextMatcher[] | undefined =>
  v === undefined ? undefined : asList(v).map(lazyPattern);

function anyText(ms: readonly TextMatcher[], text: string | undefined): boolean {
  if (text === undefined) return false;
  for (let i = 0; i < ms.length; i++) if (ms[i]!.test(text)) return true;
  return false;
}

export function compileToolMatch(m: ToolMatch, options: CompileMatchOptions): CompiledToolMatch {
  const nameGlobs = m.name === undefined ? undefined : asList(m.name);
  // Literal names are folded like event names, so "shell" in a contract means the same as "bash".
  const names =
    nameGlobs === undefined
      ? undefined
      : unwrap(compileGlobs(nameGlobs.map((g) => (/^!?[\w.-]+$/.test(g) ? foldLiteral(g) : g))));
  const plain = nameGlobs?.every((g) => /^[\w.-]+$/.test(g));
  const toolNames = plain ? new Set(nameGlobs!.map(canonicalToolName)) : undefined;
  const path: PathMatcher | undefined = m.path === undefined ? undefined : lazyGlobs(asList(m.path), options.nocase);
  const command = patterns(m.command);
  const content = patterns(m.content);
  const url = patterns(m.url);
  const reaches =
    m.reaches === undefined
      ? undefined
      : compileHosts(asList(m.reaches.hosts), m.reaches.ports === undefined ? undefined : asList(m.reaches.ports));
  const args =
    m.args === undefined
      ? undefined
      : Object.entries(m.args).map(([key, v]) => ({ key, ms: asList(v).map(lazyPattern) }));
  const runs: CompiledCommandMatch[] | undefined =
    m.run === undefined ? undefined : asList(m.run).map(compileCommandMatch);
  const effects: CompiledEffectMatch[] | undefined =
    m.effect === undefined ? undefined : asList(m.effect).map((e) => compileEffectMatch(e, options.nocase));

  // Read by explain and the CLI only: made on first read.
  let summary: string | undefined;
  const describe = (): string => {
    const parts: string[] = [nameGlobs ? `tool ${nameGlobs.join('|')}` : 'any tool'];
    if (m.path !== undefined) parts.push(`path ${asList(m.path).join(', ')}`);
    if (m.command !== undefined)
      parts.push(
        `command ~ ${asList(m.command)
          .map((p) => `/${p}/`)
          .join(' or ')}`,
      );
    if (m.content !== undefined)
      parts.push(
        `content ~ ${asList(m.content)
          .map((p) => `/${p}/`)
          .join(' or ')}`,
      );
    if (m.url !== undefined)
      parts.push(
        `url ~ ${asList(m.url)
          .map((p) => `/${p}/`)
          .join(' or ')}`,
      );
    if (m.reaches !== undefined)
      parts.push(
        `reaches ${asList(m.reaches.hosts).join('|')}${m.reaches.ports === undefined ? '' : ` port ${asList(m.reaches.ports).join('|')}`}`,
      );
    if (runs) parts.push(`runs ${runs.map((r) => `(${r.summary})`).join(' or ')}`);
    if (effects) parts.push(`has ${effects.map((e) => `(${e.summary})`).join(' or ')}`);
    if (m.secret !== undefined) parts.push(m.secret ? 'carries a secret' : 'carries no secret');
    if (m.opaque !== undefined) parts.push(m.opaque ? 'runs opaque code' : 'runs no opaque code');
    if (m.unparseable !== undefined) parts.push(m.unparseable ? 'cannot be parsed' : 'parses');
    if (m.unknown !== undefined)
      parts.push(m.unknown ? 'holds a value the engine cannot know' : 'holds no unknown value');
    if (args)
      parts.push(args.map((a) => `argument ${a.key} ~ ${a.ms.map((p) => `/${p.source}/`).join(' or ')}`).join(', '));
    return parts.join(', ');
  };

  const nameOk = (f: ToolFacts): boolean =>
    // Plain names are a set lookup; only real globs need the glob test (against the folded and the raw name).
    toolNames ? toolNames.has(f.name) : names ? names.test(f.name, undefined) || names.test(f.raw, undefined) : true;

  /** Call-level conditions: the same for every unit of the call. */
  const callOk = (f: ToolFacts, ctx: MatchContext): boolean => {
    if (path && !f.paths.some((p) => path.test(p.relative, p.absolute))) return false;
    if (content && !f.content.some((t) => anyText(content, t)) && !f.scanned.some((s) => anyText(content, s.text)))
      return false;
    if (url && !anyText(url, f.url)) return false;
    if (reaches && !f.urls.some((u) => reaches.test(u))) return false;
    if (args && !args.every((a) => a.key in f.args && anyText(a.ms, argText(f.args[a.key])))) return false;
    if (m.secret !== undefined && callSecrets(f).length > 0 !== m.secret) return false;
    if (m.opaque !== undefined && isOpaque(f, ctx) !== m.opaque) return false;
    if (m.unparseable !== undefined && isUnparseable(f) !== m.unparseable) return false;
    if (m.unknown !== undefined && hasUnknown(f) !== m.unknown) return false;
    return true;
  };

  const commandText = (c: CommandFact): boolean =>
    command !== undefined && (anyText(command, c.normalized) || anyText(command, c.command.text));
  // When every run match names plain programs, a command whose program is none of them is rejected by a set lookup.
  const runPrograms = runs?.every((r) => r.programs) ? new Set(runs.flatMap((r) => [...r.programs!])) : undefined;
  const runProgramList = runPrograms === undefined ? undefined : [...runPrograms];
  // The run matches that can hold for a program: a rule lists dozens (every program that writes into raw data), and
  // a command is tested only against those naming its program and those whose program is a pattern.
  // (A few are tested in turn: the lookup would cost more than it saves.)
  const runsFor = runs === undefined || runs.length <= 4 ? undefined : runsByProgram(runs);
  // Hot: runOn and effectOn run for every candidate command of every candidate contract, so they (and the loops that
  // call them) allocate nothing — plain loops, no closures.
  const runOn = (f: ToolFacts, i: number, mode: UnknownMode | undefined): boolean => {
    const c = f.commands[i]!;
    if (runPrograms && !runPrograms.has(callIndex(f).programs[i]!)) return false;
    if (runs && !anyRun(runsFor === undefined ? runs : runsFor(callIndex(f).programs[i]!), c, mode)) return false;
    if (effects && !commandHasEffect(f, i, effects, mode)) return false;
    if (command && !commandText(c)) return false;
    return true;
  };
  const effectOn = (f: ToolFacts, i: number, mode: UnknownMode | undefined): boolean => {
    const e = f.effects[i]!;
    if (!anyEffect(effects!, e, mode)) return false;
    if (command) return e.command !== undefined ? commandText(f.commands[e.command]!) : anyText(command, f.command);
    return true;
  };
  const anyCommandRuns = (f: ToolFacts, mode: UnknownMode | undefined): boolean => {
    for (let i = 0; i < f.commands.length; i++) if (runOn(f, i, mode)) return true;
    return false;
  };
  /** Whether an effect of the call (of command `owner` only, when given) holds. */
  const anyEffectOn = (f: ToolFacts, owner: number | undefined, mode: UnknownMode | undefined): boolean => {
    for (let i = 0; i < f.effects.length; i++)
      if ((owner === undefined || f.effects[i]!.command === owner) && effectOn(f, i, mode)) return true;
    return false;
  };

  // INVARIANT: with `run`, the match holds on no unit unless one run match's test holds on a command (runOn), so
  // each run match's check is a condition of the match: it is one only when every run match has a check.
  // Made on first read, as the run matches' checks are.
  let commandChecks: readonly CommandCheck[] | undefined | null = null;
  const makeCommandChecks = (): readonly CommandCheck[] | undefined =>
    runs?.every((r) => r.check !== undefined) ? [...new Set(runs.map((r) => r.check!))] : undefined;
  const effectKinds = effects ? new Set(effects.flatMap((e) => [...e.kinds])) : undefined;
  /** Whether the call has a file effect of a kind an effect match names (every effect match tests its kind first). */
  const hasEffectKind = (f: ToolFacts): boolean => {
    for (let i = 0; i < f.effects.length; i++) if (effectKinds!.has(f.effects[i]!.kind)) return true;
    return false;
  };

  const holdsOn = (f: ToolFacts, unit: Unit, ctx: MatchContext): boolean => {
    if (!nameOk(f) || !callOk(f, ctx)) return false;
    const mode = ctx.unknown;
    if (runs) {
      if (unit.kind === 'command') return runOn(f, unit.index, mode);
      if (unit.kind === 'effect') {
        const owner = f.effects[unit.index]?.command;
        return owner !== undefined && runOn(f, owner, mode);
      }
      return anyCommandRuns(f, mode);
    }
    if (effects) {
      if (unit.kind === 'effect') return effectOn(f, unit.index, mode);
      if (unit.kind === 'command') return anyEffectOn(f, unit.index, mode);
      return anyEffectOn(f, undefined, mode);
    }
    if (command) {
      if (unit.kind === 'command') return commandText(f.commands[unit.index]!);
      if (unit.kind === 'effect') {
        const owner = f.effects[unit.index]?.command;
        return owner !== undefined ? commandText(f.commands[owner]!) : anyText(command, f.command);
      }
      return anyText(command, f.command);
    }
    return true;
  };

  return {
    toolNames,
    programs: runPrograms,
    get commandChecks() {
      if (commandChecks === null) commandChecks = makeCommandChecks();
      return commandChecks;
    },
    effectKinds,
    pathKeys: m.path === undefined ? undefined : pathKeys(asList(m.path)),
    get summary() {
      return (summary ??= describe());
    },
    holdsOn,
    units(f, ctx) {
      if (!nameOk(f)) return NONE;
      // Only the commands that run one of the named programs can hold: the call's index lists them. Asked before the
      // call-level conditions, which may scan the whole call for secrets: most calls run none of the programs.
      const among = runProgramList === undefined ? undefined : commandsRunning(callIndex(f), runProgramList);
      if (among?.length === 0) return NONE;
      // Likewise an effect match with no effect of its kinds in the call (most calls write nothing): a trigger
      // `effect: {kind: write}, secret: true` must not scan a `git push` for secrets.
      if (runs === undefined && effects !== undefined && !hasEffectKind(f)) return NONE;
      if (!callOk(f, ctx)) return NONE;
      const mode = ctx.unknown;
      if (among !== undefined) {
        let out: Unit[] | undefined;
        for (let k = 0; k < among.length; k++) {
          const i = among[k]!;
          if (runOn(f, i, mode)) (out ??= []).push({ kind: 'command', index: i });
        }
        return out ?? NONE;
      }
      if (runs) {
        let out: Unit[] | undefined;
        for (let i = 0; i < f.commands.length; i++)
          if (runOn(f, i, mode)) (out ??= []).push({ kind: 'command', index: i });
        return out ?? NONE;
      }
      if (effects) {
        let out: Unit[] | undefined;
        for (let i = 0; i < f.effects.length; i++)
          if (effectOn(f, i, mode)) (out ??= []).push({ kind: 'effect', index: i });
        return out ?? NONE;
      }
      if (command) {
        const hits = indices(f.commands.length, (i) => commandText(f.commands[i]!), 'command');
        // A pattern that spans several commands (or a command that did not parse) still holds on the whole line.
        return hits.length > 0 ? hits : anyText(command, f.command) ? ONLY_CALL : NONE;
      }
      return ONLY_CALL;
    },
    explain(f, unit, ctx) {
      const mode = ctx?.unknown;
      const said: string[] = [
        nameGlobs ? `tool ${f.raw}${f.raw !== f.name ? ` (= ${f.name})` : ''}` : `any tool (${f.raw})`,
      ];
      if (unit.kind === 'command') {
        const c = f.commands[unit.index]!;
        const r = runs?.find((x) => x.test(c, mode));
        said.push(
          `simple command ${(c.reachedOf ?? unit.index) + 1}${c.reachedOf === undefined ? '' : ' read with its paths as they reach (from its folder, through symbolic links)'}: ${r ? r.explain(c, mode) : `\`${c.normalized.replace(/\n/g, ' ⏎ ')}\``}`,
        );
        const p = command?.find((x) => x.test(c.normalized) || x.test(c.command.text));
        if (p) said.push(`command ~ /${p.source}/`);
      } else if (unit.kind === 'effect') {
        const e = f.effects[unit.index]!;
        const x = effects?.find((y) => y.test(e, mode));
        said.push(`file effect: ${x ? x.explain(e, mode) : `${e.kind} ${e.path.relative} (${e.via})`}`);
      } else {
        const p = command?.find((x) => f.command !== undefined && x.test(f.command));
        if (p) said.push(`command ~ /${p.source}/`);
      }
      const hitPath = path && f.paths.find((x) => path.test(x.relative, x.absolute));
      if (hitPath) said.push(`path ${hitPath.relative} matches ${path!.sources.join(', ')}`);
      const w = content?.find((p) => f.content.some((t) => p.test(t)));
      if (w) said.push(`content ~ /${w.source}/`);
      const s = content?.find((p) => f.scanned.some((t) => p.test(t.text)));
      if (s && !w)
        said.push(
          `argument ${f.scanned.find((t) => s.test(t.text))!.key} of a tool the engine does not know ~ /${s.source}/`,
        );
      const u = url?.find((p) => f.url !== undefined && p.test(f.url));
      if (u) said.push(`url ~ /${u.source}/`);
      const place = reaches && f.urls.find((x) => reaches.test(x));
      if (place)
        said.push(
          `${place.text} reaches ${place.host} port ${place.port}${place.loopback ? ' (this machine: loopback)' : ''}`,
        );
      if (m.secret === true) said.push(`a secret: ${describeSecrets(callSecrets(f))}`);
      if (m.opaque === true) said.push(`opaque: ${opaqueWords(f)}`);
      if (m.unparseable === true) said.push(`cannot be parsed: ${f.shell?.error?.message ?? 'unknown syntax'}`);
      if (m.unknown === true) said.push(`values the engine cannot know: ${unknownWords(f)}`);
      return said.join(', ');
    },
  };
}

const NONE: readonly Unit[] = [];
const ONLY_CALL: readonly Unit[] = [CALL];

function indices(n: number, ok: (i: number) => boolean, kind: 'command' | 'effect'): readonly Unit[] {
  let out: Unit[] | undefined;
  for (let i = 0; i < n; i++) if (ok(i)) (out ??= []).push({ kind, index: i });
  return out ?? NONE;
}

/** Run matches by the (lower-cased) program they name, in their order; matches naming a pattern go with every program. */
function runsByProgram(runs: readonly CompiledCommandMatch[]): (program: string) => readonly CompiledCommandMatch[] {
  const patterned = runs.filter((r) => r.programs === undefined);
  const named = new Map<string, CompiledCommandMatch[]>();
  for (const r of runs)
    for (const p of r.programs ?? []) {
      const list = named.get(p);
      if (list === undefined) named.set(p, [r]);
      else if (list.at(-1) !== r) list.push(r);
    }
  if (patterned.length > 0)
    for (const [p, list] of named)
      named.set(
        p,
        runs.filter((r) => r.programs === undefined || list.includes(r)),
      );
  return (program) => named.get(program) ?? patterned;
}

function anyRun(runs: readonly CompiledCommandMatch[], c: CommandFact, mode: UnknownMode | undefined): boolean {
  for (let i = 0; i < runs.length; i++) if (runs[i]!.test(c, mode)) return true;
  return false;
}

function anyEffect(effects: readonly CompiledEffectMatch[], e: EffectFact, mode: UnknownMode | undefined): boolean {
  for (let i = 0; i < effects.length; i++) if (effects[i]!.test(e, mode)) return true;
  return false;
}

/** Whether a file effect of command `owner` holds one of the effect matches. */
function commandHasEffect(
  f: ToolFacts,
  owner: number,
  effects: readonly CompiledEffectMatch[],
  mode: UnknownMode | undefined,
): boolean {
  for (let i = 0; i < f.effects.length; i++) {
    const e = f.effects[i]!;
    if (e.command === owner && anyEffect(effects, e, mode)) return true;
  }
  return false;
}

/** How many `$` a text holds. */
function dollars(text: string): number {
  let n = 0;
  for (let i = text.indexOf('$'); i !== -1; i = text.indexOf('$', i + 1)) n++;
  return n;
}

const argText = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : v === undefined ? undefined : JSON.stringify(v);

/** Secrets anywhere the call puts text: what it writes, its command line, an unknown tool's arguments. */
export function callSecrets(f: ToolFacts): ReturnType<typeof secretsIn> {
  const at = f.paths[0]?.relative;
  for (const t of f.content) {
    const s = secretsIn(t, at);
    if (s.length > 0) return s;
  }
  for (const e of f.effects) {
    const s = secretsIn(e.content, e.path.relative);
    if (s.length > 0) return s;
  }
  if (f.command !== undefined) {
    const s = secretsIn(f.command, undefined);
    if (s.length > 0) return s;
    // A value the shell puts in (`read -r PW < .db_password` in an earlier call, then `sed -i "s/__PW__/$PW/" f`) is
    // on the command line the program gets: the commands as expanded, when the call expands anything.
    if (f.command.includes('$')) {
      // Only commands where the shell put a value in (fewer `$` than as written): the rest were scanned above.
      let expanded: string | undefined;
      for (const c of f.commands)
        if (c.command.text.includes('$') && dollars(c.normalized) < dollars(c.command.text))
          expanded = expanded === undefined ? c.normalized : `${expanded}\n${c.normalized}`;
      const s = expanded === undefined ? [] : secretsIn(expanded, undefined);
      if (s.length > 0) return s;
    }
  }
  for (const a of f.scanned) {
    const s = secretsIn(a.text, undefined);
    if (s.length > 0) return s;
  }
  return [];
}

/**
 * Code the engine cannot see into: eval, computed command names, `| sh`, one-liners, and a file this session wrote
 * whose whole text is not known (one whose text is known was read as what it contains: it is judged, not opaque).
 */
export function isOpaque(f: ToolFacts, ctx: MatchContext): boolean {
  if (!f.shell) return false;
  if (f.shell.opaque.some((o) => o.reason !== 'unparseable')) return true;
  const runs = f.shell.scripts;
  for (let i = 0; i < f.scripts.length; i++) {
    const read = runs[i]?.read;
    // 'pieces': written by this call or the session, its whole text unknown; undefined: not read, yet written.
    if (read === 'pieces' || (read === undefined && wrote(ctx.ledger, f.scripts[i]!))) return true;
  }
  return false;
}

/** Whether a shell call holds a word (or a path) whose value the engine cannot know. */
export function hasUnknown(f: ToolFacts): boolean {
  for (const c of f.commands) if (c.command.unknown.length > 0) return true;
  for (const e of f.effects) if (e.unknown === true) return true;
  return false;
}

/** The unknown words of a call, as written, for explanations. */
export function unknownWords(f: ToolFacts): string {
  const said = new Set<string>();
  for (const c of f.commands) for (const u of c.command.unknown) said.add(u.text);
  for (const e of f.effects) if (e.unknown === true) said.add(e.path.relative);
  return [...said].join(', ') || 'none';
}

/** A shell call the parser could not read (in part). */
export const isUnparseable = (f: ToolFacts): boolean =>
  f.shell !== undefined && (f.shell.error !== undefined || f.shell.opaque.some((o) => o.reason === 'unparseable'));

export function opaqueWords(f: ToolFacts): string {
  const said = (f.shell?.opaque ?? []).map((o) => `${o.reason}${o.detail ? ` (${o.detail})` : ''}`);
  f.scripts.forEach((s, i) => {
    const run = f.shell?.scripts[i];
    said.push(run?.read === 'pieces' ? `runs ${s} (only what this session put into it is known)` : `runs ${s}`);
  });
  return said.join('; ') || 'none';
}

function foldLiteral(glob: string): string {
  return glob.startsWith('!') ? `!${canonicalToolName(glob.slice(1))}` : canonicalToolName(glob);
}

export type { Facts };
