// The triggers and exceptions, in words, of a role's contracts whose lists are too long to send with every view of the
// role page (roles/<id>/triggers.json): the page fetches them when the reader opens "Show its triggers".
import type { APIRoute } from 'astro';
import { presets } from '../../../lib/presets.ts';

export interface DeferredTriggers {
  readonly [contractId: string]: { readonly when: readonly string[]; readonly unless: readonly string[] };
}

export function getStaticPaths() {
  return presets.map((p) => {
    const triggers: DeferredTriggers = Object.fromEntries(
      p.contracts.filter((c) => c.triggersDeferred).map((c) => [c.id, { when: c.when, unless: c.unless }]),
    );
    return { params: { id: p.id }, props: { triggers } };
  });
}

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify((props as { triggers: DeferredTriggers }).triggers), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
