// Finds passwords in URLs with credentials (`postgres://user:pass@prod-host/db`, `https://user:pass@host`) and Slack
// webhook URLs, anchored on the literal `://`. Local hosts, placeholders and user-equals-password stay silent.
import { isLocalHost, isPlaceholder, isReference } from './allowances.js';
import { looksRandom } from './entropy.js';
import { MAX_FINDINGS } from './limits.js';
import type { RawFinding } from './types.js';

const MAX_USERINFO = 300;
const MAX_HOST = 255;
// `#` is left out on purpose: hand-written passwords carry it unencoded (`svc:Jd8#Lq2m@host`).
const USERINFO_STOP = new Set(['@', '/', ' ', '\t', '\n', '\r', '"', "'", '`', '<', '>', '?', '\\']);
const HOST_STOP = new Set([':', '/', ' ', '\t', '\n', '\r', '"', "'", '`', '<', '>', '?', '#', ',', ';', ')', '\\']);

/** Every URL whose user-info carries a real password, and every Slack incoming-webhook URL. */
export function scanConnectionStrings(text: string, fixture: boolean): RawFinding[] {
  const found: RawFinding[] = [];
  for (let i = text.indexOf('://'); i >= 0; i = text.indexOf('://', i + 3)) {
    const from = i + 3;
    if (text.startsWith('hooks.slack.com/services/T', from)) {
      const end = runEnd(text, from, /[A-Za-z0-9/._]/, 200);
      if (
        /^hooks\.slack\.com\/services\/T[A-Za-z0-9]{6,}\/B[A-Za-z0-9]{6,}\/[A-Za-z0-9]{16,}$/.test(
          text.slice(from, end),
        ) &&
        !fixture
      ) {
        found.push({ rule: 'slack-webhook', start: i - 5, end });
      }
      continue;
    }
    // INVARIANT (linear time): user-info is read at most MAX_USERINFO characters, and the next search starts past it.
    let at = from;
    const limit = Math.min(text.length, from + MAX_USERINFO);
    while (at < limit && !USERINFO_STOP.has(text[at]!)) at++;
    if (text[at] !== '@') continue;
    const userinfo = text.slice(from, at);
    const colon = userinfo.indexOf(':');
    if (colon < 0) continue;
    const user = decodeSafe(userinfo.slice(0, colon));
    const password = decodeSafe(userinfo.slice(colon + 1));
    const hostEnd = runEnd(text, at + 1, null, MAX_HOST);
    const host = text.slice(at + 1, hostEnd);
    if (host.length === 0 || !/^[A-Za-z0-9[]/.test(host)) continue;
    if (password.length < 6 || password === user || isReference(password) || isPlaceholder(password)) continue;
    if (isLocalHost(host)) continue;
    if (fixture && !looksRandom(password, 16)) continue;
    if (found.push({ rule: 'connection-string-password', start: from + colon + 1, end: at }) >= MAX_FINDINGS) break;
  }
  return found;
}

function runEnd(text: string, from: number, allowed: RegExp | null, max: number): number {
  let e = from;
  const limit = Math.min(text.length, from + max);
  while (e < limit && (allowed ? allowed.test(text[e]!) : !HOST_STOP.has(text[e]!))) e++;
  return e;
}

function decodeSafe(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s; // a stray '%' in a password: judge it as written
  }
}
