// The Cedar side of the comparison: what a host using @cedar-policy/cedar-wasm would do per event — map the event
// to a request (action = canonical tool name, context = path/command/text) and ask isAuthorized.
// The package's default export is the bundler build (it imports .wasm as a module, which Node 20 cannot); the
// `nodejs` build loads the same wasm with fs and runs in Node 20 as an ES import.
import * as cedar from '@cedar-policy/cedar-wasm/nodejs';
import type { AuthorizationAnswer, Context, EntityUid } from '@cedar-policy/cedar-wasm/nodejs';
import type { Event } from '@semantic-anchors/engine';
import { CEDAR_BASE_ID } from './contracts.js';

export type Decision3 = 'ALLOW' | 'WARN' | 'BLOCK';

export interface CedarRequest {
  readonly principal: EntityUid;
  readonly action: EntityUid;
  readonly resource: EntityUid;
  readonly context: Context;
}

const PRINCIPAL: EntityUid = { type: 'Agent', id: 'build' };
const RESOURCE: EntityUid = { type: 'Session', id: 'bench' };

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Only the tools and fields the bench's events use. Every context attribute is always present (empty when the
 * event has none), so no policy errors on a missing attribute — an error would silently skip a forbid in Cedar.
 */
export function cedarRequest(event: Event): CedarRequest {
  if ('message' in event) {
    return {
      principal: PRINCIPAL,
      action: { type: 'Action', id: 'message' },
      resource: RESOURCE,
      context: { path: '', command: '', text: event.message },
    };
  }
  if (!('tool' in event))
    throw new Error(`the Cedar comparison covers tool and message events only, got ${JSON.stringify(event)}`);
  const args = event.args ?? {};
  return {
    principal: PRINCIPAL,
    action: { type: 'Action', id: event.tool.toLowerCase() },
    resource: RESOURCE,
    context: { path: str(args.filePath) || str(args.path), command: str(args.command), text: '' },
  };
}

export interface CedarDecision {
  readonly decision: Decision3;
  /** Policy ids that decided: the forbids for a deny, the WARN permits for an allow. */
  readonly reasons: readonly string[];
  readonly errors: number;
}

/** deny → BLOCK; allow with a policy other than the base permit among the reasons → WARN; allow → ALLOW. */
export function toDecision(answer: AuthorizationAnswer): CedarDecision {
  if (answer.type === 'failure') throw new Error(`cedar failed: ${answer.errors.map((e) => e.message).join('; ')}`);
  const { decision, diagnostics } = answer.response;
  const reasons = diagnostics.reason.filter((id) => id !== CEDAR_BASE_ID).sort();
  const errors = diagnostics.errors.length;
  if (decision === 'deny') return { decision: 'BLOCK', reasons, errors };
  return { decision: reasons.length > 0 ? 'WARN' : 'ALLOW', reasons, errors };
}

export interface CedarEngine {
  /** Stateless API: the policy text travels with, and is parsed on, every call. */
  isAuthorized(event: Event): AuthorizationAnswer;
  /** Policies parsed once (`preparsePolicySet`), the fair counterpart of our compile-once. */
  statefulIsAuthorized(event: Event): AuthorizationAnswer;
}

let nextSetId = 0;

export function cedarEngine(policies: Record<string, string>): { engine: CedarEngine; preparseMs: number } {
  const setId = `bench-${nextSetId++}`;
  const t0 = process.hrtime.bigint();
  const parsed = cedar.preparsePolicySet(setId, { staticPolicies: policies });
  const preparseMs = Number(process.hrtime.bigint() - t0) / 1e6;
  if (parsed.type === 'failure')
    throw new Error(`cedar could not parse the policy set: ${parsed.errors.map((e) => e.message).join('; ')}`);
  const policySet = { staticPolicies: policies };
  return {
    preparseMs,
    engine: {
      isAuthorized: (event) => cedar.isAuthorized({ ...cedarRequest(event), policies: policySet, entities: [] }),
      statefulIsAuthorized: (event) =>
        cedar.statefulIsAuthorized({ ...cedarRequest(event), preparsedPolicySetId: setId, entities: [] }),
    },
  };
}

export const cedarVersion = (): string => cedar.getCedarVersion();
