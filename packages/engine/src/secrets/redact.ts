// Redacts secrets from text that is about to be shown or stored (a log excerpt, a trace): the same detector that
// judges writes (findSecrets), so what a contract calls a secret is never kept in clear elsewhere.
import { findSecrets } from './index.js';
import type { SecretContext } from './types.js';

/** `text` with every secret the engine finds replaced by its masked form (a short prefix, '…' and the length). */
export function redactSecrets(text: string, context: SecretContext = {}): string {
  const found = findSecrets(text, context);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  // INVARIANT: findSecrets returns findings ordered by position and never overlapping.
  for (const f of found) {
    out += `${text.slice(at, f.start)}${f.masked}`;
    at = f.end;
  }
  return out + text.slice(at);
}
