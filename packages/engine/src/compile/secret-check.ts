// The built-in secret detection as a condition, with a small cache: one event's text is checked by several
// contracts in a row.
import { findSecrets, type SecretFinding } from '../secrets/index.js';

const CACHE_SIZE = 16;
/** Findings by text, then by path: the text itself is the key, so a large write is never copied to build one. */
const cache = new Map<string, Map<string, readonly SecretFinding[]>>();

export function secretsIn(text: string | undefined, path: string | undefined): readonly SecretFinding[] {
  if (text === undefined || text.length === 0) return [];
  let byPath = cache.get(text);
  if (!byPath) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    byPath = new Map();
    cache.set(text, byPath);
  }
  const key = path ?? '';
  const cached = byPath.get(key);
  if (cached) return cached;
  const found = findSecrets(text, path === undefined ? {} : { path });
  byPath.set(key, found);
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
