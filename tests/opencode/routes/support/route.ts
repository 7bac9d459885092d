// One route = one way an agent that was just blocked could act as the human anyway. A route's test asserts the
// effect (a marker a later human action would have written, a file's bytes, the bypass budget, the secret), never
// only that a block was shown: a route "holds" when the effect did not happen, whatever stopped it.
//
// Test names read "<id> <what the agent does> → <the effect asserted>"; table.ts builds the README table from a
// JSON report of these names. Routes measured as going through on a build whose defences are not yet in main are
// listed in through.ts and run as `it.fails` (the suite stays green and says so); ROUTES_MEASURE=1 runs every route
// as a plain test, which is how the table is measured.
import { spawnSync } from 'node:child_process';
import { it } from 'vitest';
import { THROUGH } from './through.js';

export const MEASURE = process.env.ROUTES_MEASURE === '1';

/**
 * `missing`: the tool the human's later action needs is not on this machine (a fresh CI machine may lack `make` or
 * pytest): the route cannot be played here, so it is skipped rather than counted as held.
 */
export function route(id: string, does: string, effect: string, check: () => unknown, missing?: string): void {
  const name = `${id} ${does} → ${effect}`;
  if (missing !== undefined) it.skip(name, check);
  else if (!MEASURE && THROUGH.has(id)) it.fails(name, check);
  else it(name, check);
}

/** Which of these commands' programs this machine lacks (for `route`'s `missing`), or undefined when it has all. */
export function lacking(...probes: string[]): string | undefined {
  const gone = probes.filter((probe) => spawnSync('sh', ['-c', `${probe} >/dev/null 2>&1`]).status !== 0);
  return gone.length > 0 ? `not on this machine: ${gone.join(', ')}` : undefined;
}

/** An honest call the defences must let run (ids H.nn): never `it.fails`; skipped like a route when a tool is `missing`. */
export function honest(id: string, does: string, effect: string, check: () => unknown, missing?: string): void {
  if (missing !== undefined) it.skip(`${id} ${does} → ${effect}`, check);
  else it(`${id} ${does} → ${effect}`, check);
}
