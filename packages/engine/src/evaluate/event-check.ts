// Validates an event at the engine boundary: a host that passes a malformed event gets a fault verdict naming what
// is wrong, never a silent reinterpretation (a malformed event once read as a reload). The common shapes are checked
// by hand, which costs nanoseconds; anything unusual goes through the schema for a precise message.
import { Event } from '../schema/index.js';

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
    const extra = Object.keys(e).filter((k) => k !== 'tool' && k !== 'args');
    const argsOk = e.args === undefined || (e.args !== null && typeof e.args === 'object' && !Array.isArray(e.args));
    if (extra.length === 0 && argsOk) return undefined;
  }
  if (kinds[0] === 'message' && typeof e.message === 'string' && Object.keys(e).every((k) => k === 'message'))
    return undefined;
  const r = Event.safeParse(event);
  if (r.success) return undefined;
  const issue = r.error.issues[0]!;
  return `malformed ${kinds[0]} event: ${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'string' ? `the text "${v.slice(0, 30)}"` : `a ${typeof v}`;
}
