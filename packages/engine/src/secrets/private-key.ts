// Finds private-key blocks (`-----BEGIN … PRIVATE KEY-----` followed by a real base64 body), in PEM files, in JSON
// strings with `\n` escapes (Google service-account keys) and in heredocs. A header with `...` for a body is silent.
import { shannonEntropy } from './entropy.js';
import { MAX_FINDINGS } from './limits.js';
import type { RawFinding } from './types.js';

const MARK = 'PRIVATE KEY';
const MAX_LABEL = 40;
const MAX_BODY = 16_384;
const MIN_BODY = 64;

/** Every private-key block with at least MIN_BODY characters of random-looking base64 after its header. */
export function scanPrivateKeys(text: string): RawFinding[] {
  const found: RawFinding[] = [];
  const serviceAccount = text.includes('"service_account"') || text.includes('private_key_id');
  // INVARIANT (linear time): the search resumes past each block's scanned body; look-backs are at most MAX_LABEL.
  for (let i = text.indexOf(MARK); i >= 0; i = text.indexOf(MARK, i + MARK.length)) {
    const window = Math.max(0, i - MAX_LABEL);
    const labelAt = text.slice(window, i).lastIndexOf('-----BEGIN');
    if (labelAt < 0) continue;
    const begin = window + labelAt;
    let p = i + MARK.length;
    if (text.startsWith(' BLOCK', p)) p += 6;
    if (!text.startsWith('-----', p)) continue;
    p += 5;
    const limit = Math.min(text.length, p + MAX_BODY);
    let body = '';
    let end = p;
    for (; end < limit; end++) {
      const c = text[end]!;
      if (c === '-') break; // the END line
      if (c === '.' || c === '…' || c === '<' || c === '$' || c === '{') break; // an elided or templated body
      if (/[A-Za-z0-9+/=]/.test(c)) body += c;
      else if (c === '\\' && (text[end + 1] === 'n' || text[end + 1] === 'r')) end++; // JSON `\n` escape
    }
    const endMark = text.startsWith('-----END', end)
      ? text.slice(end + 8, end + 8 + MAX_LABEL + 12).indexOf('-----')
      : -1;
    const blockEnd = endMark >= 0 ? end + 8 + endMark + 5 : end;
    // Header lines such as `Proc-Type: 4,ENCRYPTED` are counted in the body too; the entropy bar still holds.
    const clean = body.replace(/^(?:Version|Comment|ProcType|DEKInfo)[A-Za-z0-9]*/g, '');
    if (clean.length >= MIN_BODY && shannonEntropy(clean.slice(0, 512)) >= 4.5) {
      const rule = serviceAccount ? 'gcp-service-account-key' : 'private-key';
      if (found.push({ rule, start: begin, end: blockEnd }) >= MAX_FINDINGS) break;
    }
    i = Math.max(i, end - MARK.length);
  }
  return found;
}
