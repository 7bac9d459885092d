// The built-in secret detection as a condition, with a small cache: one event's text is checked by several
// contracts in a row.
import { findSecrets, type SecretFinding } from '../secrets/index.js';

const CACHE_SIZE = 16;
const cache = new Map<string, readonly SecretFinding[]>();

export function secretsIn(text: string | undefined, path: string | undefined): readonly SecretFinding[] {
  if (text === undefined || text.length === 0) return [];
  const key = `${path ?? ''}\u0000${text}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const found = findSecrets(text, path === undefined ? {} : { path });
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, found);
  return found;
}

export const hasSecret = (text: string | undefined, path: string | undefined): boolean =>
  secretsIn(text, path).length > 0;

/** The findings in words, masked: for traces, never the secret itself. */
export const describeSecrets = (found: readonly SecretFinding[]): string =>
  found
    .slice(0, 3)
    .map((f) => `${f.description} (${f.masked})`)
    .join(', ');
