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

export interface Variant {
  readonly name: string;
  /** Events replayed before `event`, for contracts about messages or session state. */
  readonly given: readonly Event[];
  readonly event: Event;
  /** `destructive`: in cc-safety-net's scope, compared by the bench. */
  readonly scope: string | undefined;
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

function variant(v: unknown, file: string, at: string, problems: CorpusProblem[]): Variant | undefined {
  if (!isRecord(v) || typeof v.name !== 'string' || v.event === undefined) {
    problems.push({ file, at, message: 'expected { name, given?: [events], event }' });
    return undefined;
  }
  const given = list(v.given).flatMap((e, j) => event(e, file, `${at}.given[${j}]`, problems) ?? []);
  const ev = event(v.event, file, `${at}.event`, problems);
  if (ev === undefined) return undefined;
  return { name: v.name, given, event: ev, scope: typeof v.scope === 'string' ? v.scope : undefined };
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
    return [{ id: c.id, action: c.action, scope, block: variants('block'), allow: variants('allow'), knownGaps }];
  });
  return { file, preset: data.preset, root: data.root, contracts };
}

const yamlFiles = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort().map((f) => join(dir, f)) : [];

export const harmlessFiles = (dir: string): string[] => yamlFiles(dir);
export const evasionFiles = (dir: string): string[] => yamlFiles(dir);
