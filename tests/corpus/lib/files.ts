// The corpus files as data: read from disk, checked against their format, events validated by the engine's own
// event schema. Problems are collected (file:path: message), never thrown, so one broken file does not hide the rest.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseDocument } from 'yaml';
import { Event } from '@semantic-anchors/engine';
import { repoRoot } from './paths.js';

export interface HarmlessSession {
  readonly name: string;
  readonly root: string;
  readonly events: readonly Event[];
}
export interface HarmlessCorpus {
  readonly file: string;
  readonly role: string;
  readonly sessions: readonly HarmlessSession[];
}

/**
 * The ways an agent assembles an action across a line, a file and the session (issue 17): a value set earlier
 * (`values`), a file the session wrote then ran or applied (`ledger`), standard input (`stdin`), the repository's
 * state on the tool event (`host`), wrappers and programs as data (`wrappers`), inner calls counted (`counting`).
 */
export const ASSEMBLED_CLASSES = ['values', 'ledger', 'stdin', 'host', 'wrappers', 'counting'] as const;
export type AssembledClass = (typeof ASSEMBLED_CLASSES)[number];
const isClass = (v: unknown): v is AssembledClass => typeof v === 'string' && (ASSEMBLED_CLASSES as readonly string[]).includes(v);

export interface Variant {
  readonly name: string;
  /** Events replayed before `event`, for contracts about messages or session state. */
  readonly given: readonly Event[];
  readonly event: Event;
  /** `destructive`: in cc-safety-net's scope, compared by the bench. */
  readonly scope: string | undefined;
  /** The assembled-action class the variant exercises (`class: X`, or `pending: X`). */
  readonly class: AssembledClass | undefined;
  /** `pending: X`: the variant waits for the engine work of class X and is judged apart unless gate.json lists X. */
  readonly pending: boolean;
  /**
   * Why the engine cannot run the variant yet (a pending variant whose events use a key the engine's event schema
   * does not accept yet, such as `host`); undefined when it runs.
   */
  readonly notRunnable: string | undefined;
}
export interface KnownGap extends Variant {
  readonly reason: string;
}
export interface EvasionContract {
  readonly id: string;
  readonly action: string;
  readonly scope: string | undefined;
  readonly block: readonly Variant[];
  readonly allow: readonly Variant[];
  readonly knownGaps: readonly KnownGap[];
}
export interface EvasionCorpus {
  readonly file: string;
  readonly preset: string;
  readonly root: string;
  readonly contracts: readonly EvasionContract[];
}

/** A problem in a corpus file, named by file and the path inside it. */
export interface CorpusProblem {
  readonly file: string;
  readonly at: string;
  readonly message: string;
}

type Raw = Record<string, unknown>;
const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function readYaml(path: string, problems: CorpusProblem[]): { file: string; data: unknown } {
  const file = relative(repoRoot, path);
  const doc = parseDocument(readFileSync(path, 'utf8'), { prettyErrors: true });
  for (const e of doc.errors) problems.push({ file, at: `line ${e.linePos?.[0]?.line ?? '?'}`, message: e.message });
  return { file, data: doc.toJS() };
}

function event(v: unknown, file: string, at: string, problems: CorpusProblem[]): Event | undefined {
  const parsed = Event.safeParse(v);
  if (parsed.success) return parsed.data;
  problems.push({ file, at, message: `not an engine event: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}` });
  return undefined;
}

export function readHarmless(path: string, problems: CorpusProblem[]): HarmlessCorpus | undefined {
  const { file, data } = readYaml(path, problems);
  if (!isRecord(data) || typeof data.role !== 'string' || !Array.isArray(data.sessions)) {
    problems.push({ file, at: '', message: 'expected { role: <id>, sessions: [...] }' });
    return undefined;
  }
  const sessions = data.sessions.flatMap((s, i): HarmlessSession[] => {
    const at = `sessions[${i}]`;
    if (!isRecord(s) || typeof s.name !== 'string' || typeof s.root !== 'string' || !Array.isArray(s.events)) {
      problems.push({ file, at, message: 'expected { name, root, events: [...] }' });
      return [];
    }
    const events = s.events.flatMap((e, j) => event(e, file, `${at}.events[${j}]`, problems) ?? []);
    return [{ name: s.name, root: s.root, events }];
  });
  return { file, role: data.role, sessions };
}

// The facts of the working tree the host adds to a tool event (issue 17, section 4). Until the engine's event
// schema accepts them, a variant that uses them can only be pending.
const HOST_KEYS = new Set(['branch', 'upstream']);
function hostProblem(host: unknown): string | undefined {
  if (!isRecord(host)) return 'host: expected { branch, upstream? }';
  const bad = Object.entries(host).find(([k, val]) => !HOST_KEYS.has(k) || typeof val !== 'string');
  return bad ? `host.${bad[0]}: expected branch and upstream, each a string` : undefined;
}

// An event the engine does not accept only because of its `host` key: checked without it (so a typo elsewhere is
// still a corpus problem) and reported as not runnable yet.
function eventOrHost(v: unknown, file: string, at: string, problems: CorpusProblem[], pending: boolean): { event?: Event; notRunnable?: string } {
  const full = Event.safeParse(v);
  if (full.success) return { event: full.data };
  if (isRecord(v) && 'host' in v) {
    const { host, ...rest } = v;
    const without = Event.safeParse(rest);
    const shape = hostProblem(host);
    if (without.success && shape === undefined) {
      if (pending) return { event: without.data, notRunnable: 'the engine does not accept `host` on a tool event yet' };
      problems.push({ file, at, message: 'host: the engine does not accept this key yet; mark the variant `pending: host`' });
      return {};
    }
    if (shape !== undefined) problems.push({ file, at, message: shape });
  }
  return { event: event(v, file, at, problems) };
}

function variant(v: unknown, file: string, at: string, problems: CorpusProblem[]): Variant | undefined {
  if (!isRecord(v) || typeof v.name !== 'string' || v.event === undefined) {
    problems.push({ file, at, message: 'expected { name, given?: [events], event, class?: <class>, pending?: <class> }' });
    return undefined;
  }
  for (const key of ['class', 'pending'] as const) {
    if (v[key] !== undefined && !isClass(v[key])) {
      problems.push({ file, at: `${at}.${key}`, message: `expected one of ${ASSEMBLED_CLASSES.join(', ')}` });
    }
  }
  if (v.class !== undefined && v.pending !== undefined) problems.push({ file, at, message: 'give class or pending, not both' });
  const pending = isClass(v.pending);
  const reasons: string[] = [];
  const read = (e: unknown, where: string): Event | undefined => {
    const r = eventOrHost(e, file, where, problems, pending);
    if (r.notRunnable !== undefined && !reasons.includes(r.notRunnable)) reasons.push(r.notRunnable);
    return r.event;
  };
  const given = list(v.given).flatMap((e, j) => read(e, `${at}.given[${j}]`) ?? []);
  const ev = read(v.event, `${at}.event`);
  if (ev === undefined) return undefined;
  return {
    name: v.name, given, event: ev, scope: typeof v.scope === 'string' ? v.scope : undefined,
    class: isClass(v.pending) ? v.pending : isClass(v.class) ? v.class : undefined,
    pending,
    notRunnable: reasons.length > 0 ? reasons.join('; ') : undefined,
  };
}

export function readEvasion(path: string, problems: CorpusProblem[]): EvasionCorpus | undefined {
  const { file, data } = readYaml(path, problems);
  if (!isRecord(data) || typeof data.preset !== 'string' || typeof data.root !== 'string' || !Array.isArray(data.contracts)) {
    problems.push({ file, at: '', message: 'expected { preset: <id>, root: <abs path>, contracts: [...] }' });
    return undefined;
  }
  const contracts = data.contracts.flatMap((c, i): EvasionContract[] => {
    const at = `contracts[${i}]`;
    if (!isRecord(c) || typeof c.id !== 'string' || typeof c.action !== 'string') {
      problems.push({ file, at, message: 'expected { id, action, block: [...], allow: [...], known_gaps?: [...] }' });
      return [];
    }
    const variants = (key: string) => list(c[key]).flatMap((v, j) => variant(v, file, `${at}.${key}[${j}]`, problems) ?? []);
    const knownGaps = list(c.known_gaps).flatMap((v, j): KnownGap[] => {
      const base = variant(v, file, `${at}.known_gaps[${j}]`, problems);
      const reason = isRecord(v) && typeof v.reason === 'string' ? v.reason : undefined;
      if (base && reason === undefined) problems.push({ file, at: `${at}.known_gaps[${j}]`, message: 'a known gap says why: add reason' });
      return base && reason !== undefined ? [{ ...base, reason }] : [];
    });
    const scope = typeof c.scope === 'string' ? c.scope : undefined;
    const block = variants('block');
    const allow = variants('allow');
    // Reports and mark-pending.ts name a variant by its contract and name: two of one name would be one in the report.
    const named = new Set<string>();
    for (const v of [...block, ...allow, ...knownGaps]) {
      if (named.has(v.name))
        problems.push({ file, at, message: `two variants of ${c.id} are named "${v.name}": rename one (names are unique within a contract)` });
      named.add(v.name);
    }
    return [{ id: c.id, action: c.action, scope, block, allow, knownGaps }];
  });
  const ids = new Set<string>();
  for (const [i, c] of contracts.entries()) {
    if (ids.has(c.id))
      problems.push({ file, at: `contracts[${i}]`, message: `contract ${c.id} is listed twice: merge its variants into one entry` });
    ids.add(c.id);
  }
  return { file, preset: data.preset, root: data.root, contracts };
}

const yamlFiles = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort().map((f) => join(dir, f)) : [];

export const harmlessFiles = (dir: string): string[] => yamlFiles(dir);
export const evasionFiles = (dir: string): string[] => yamlFiles(dir);
