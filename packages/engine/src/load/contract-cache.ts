// Contracts the schema accepted, remembered by their data: after a keystroke only the contract that changed goes
// through zod again, and the others come back as the same (frozen) objects, so the compiler's cache serves them too.
import type * as z from 'zod';
import { Contract } from '../schema/index.js';
import { BoundedCache } from '../matchers/bounded-cache.js';
import { deepFreeze } from './freeze.js';

// Bounded twice, so a hostile file cannot grow memory: 1,024 contracts (about thirty 500-line files), and a contract
// whose data is longer than 8,192 characters as JSON is checked every time instead of being kept.
const accepted = new BoundedCache<string, Contract>(1024);
const MAX_KEY_CHARS = 8192;

/** Contract.safeParse, answered from the cache when the same data was accepted before. Rejections are not kept. */
export function parseContract(raw: unknown): z.ZodSafeParseResult<Contract> {
  const key = cacheKey(raw);
  const hit = key === undefined ? undefined : accepted.get(key);
  if (hit) return { success: true, data: hit };
  const result = Contract.safeParse(raw);
  if (result.success && key !== undefined) accepted.set(key, deepFreeze(result.data));
  return result;
}

/**
 * The data as JSON, when JSON says all of it: plain mappings, lists, strings, booleans, null and finite numbers other
 * than -0 (which JSON would write as 0, and NaN or Infinity as null). Anything else is not cached.
 */
function cacheKey(raw: unknown): string | undefined {
  let plain = true;
  const key = JSON.stringify(raw, (_key, value: unknown) => {
    if (typeof value === 'number') {
      if (!Number.isFinite(value) || Object.is(value, -0)) plain = false;
    } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) plain = false;
    } else if (typeof value !== 'string' && typeof value !== 'boolean' && value !== null && !Array.isArray(value)) {
      plain = false;
    }
    return value;
  });
  return plain && key !== undefined && key.length <= MAX_KEY_CHARS ? key : undefined;
}
