// Validates an event at the engine boundary: a host that passes a malformed event gets a fault verdict naming what
// is wrong, never a silent reinterpretation (a malformed event once read as a reload). The common shapes are checked
// by hand, which costs nanoseconds; anything unusual goes through the schema for a precise message.
import { Event, HOST_LIMITS } from '../schema/index.js';

const KINDS = ['tool', 'message', 'confirm', 'bypass', 'role', 'agent', 'reload'] as const;

export function eventProblem(event: unknown): string | undefined {
  if (event === null || typeof event !== 'object' || Array.isArray(event))
    return `an event must be an object, got ${kindOf(event)}`;
  const e = event as Record<string, unknown>;
  const kinds = KINDS.filter((k) => k in e);
  if (kinds.length !== 1) {
    return kinds.length === 0
      ? `an event needs exactly one of ${KINDS.join(', ')}; it has ${Object.keys(e).slice(0, 5).join(', ') || 'no keys'}`
      : `an event needs exactly one of ${KINDS.join(', ')}; it has ${kinds.join(' and ')}`;
  }
  // Fast paths for the two shapes on the hot path.
  if (kinds[0] === 'tool' && typeof e.tool === 'string' && e.tool.length > 0) {
    const extra = Object.keys(e).filter((k) => k !== 'tool' && k !== 'args' && k !== 'host');
    const argsOk = e.args === undefined || (e.args !== null && typeof e.args === 'object' && !Array.isArray(e.args));
    if (extra.length === 0 && argsOk && (e.host === undefined || plainHost(e.host))) return undefined;
  }
  if (kinds[0] === 'message' && typeof e.message === 'string' && Object.keys(e).every((k) => k === 'message'))
    return undefined;
  const r = Event.safeParse(event);
  if (r.success) return undefined;
  const issue = r.error.issues[0]!;
  return `malformed ${kinds[0]} event: ${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}

/** The host facts a plugin passes on every call, checked by hand (anything unusual goes through the schema). */
function plainHost(h: unknown): boolean {
  if (h === null || typeof h !== 'object' || Array.isArray(h)) return false;
  const r = h as Record<string, unknown>;
  for (const k in r)
    if (k !== 'branch' && k !== 'upstream' && k !== 'defaultBranches' && k !== 'gitignore') return false;
  if (r.branch !== undefined && r.branch !== null && (typeof r.branch !== 'string' || r.branch === '')) return false;
  if (r.upstream !== undefined && (typeof r.upstream !== 'string' || r.upstream === '')) return false;
  // Anything but a few short names goes through the schema (its bounds and messages).
  if (r.defaultBranches !== undefined && !shortNames(r.defaultBranches)) return false;
  const g = r.gitignore;
  if (g === undefined) return true;
  if (g === null || typeof g !== 'object' || Array.isArray(g)) return false;
  let n = 0;
  for (const k in g) {
    const text = (g as Record<string, unknown>)[k];
    if (++n > HOST_LIMITS.ignoreFiles || k.length > 1024) return false; // unusual: the schema has the last word
    if (typeof text !== 'string' || text.length > HOST_LIMITS.ignoreChars) return false;
  }
  return true;
}

/** A record of a few non-empty names to non-empty names (remote → default branch). */
function shortNames(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  let n = 0;
  for (const k in v) {
    const name = (v as Record<string, unknown>)[k];
    if (++n > 16 || k === '' || k.length > 255 || typeof name !== 'string' || name === '' || name.length > 255)
      return false;
  }
  return true;
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'string' ? `the text "${v.slice(0, 30)}"` : `a ${typeof v}`;
}
