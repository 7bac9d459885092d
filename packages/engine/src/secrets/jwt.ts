// Finds JSON Web Tokens: three base64url parts whose first decodes to a JSON header with an `alg`.
// Policy: silent in test fixtures (tokens minted for tests), and for the jwt.io sample everybody copies.
import { MAX_FINDINGS } from './limits.js';
import type { RawFinding } from './types.js';

// INVARIANT (linear time): `.` is not in the part class, so each part is one greedy run and nothing backtracks.
const JWT_RUN = /eyJ[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]*){0,2}/g;
const PART = /[A-Za-z0-9_-]/;

export function scanJwts(text: string, fixture: boolean): RawFinding[] {
  if (fixture || !text.includes('eyJ')) return [];
  const found: RawFinding[] = [];
  JWT_RUN.lastIndex = 0;
  for (let m = JWT_RUN.exec(text); m !== null; m = JWT_RUN.exec(text)) {
    if (m.index > 0 && PART.test(text[m.index - 1]!)) continue;
    const parts = m[0].split('.');
    if (parts.length !== 3) continue;
    const [header, payload, signature] = parts as [string, string, string];
    // An unsigned token (`alg: none`, empty signature) grants nothing; very short parts are not real tokens.
    if (header.length < 16 || !payload.startsWith('eyJ') || payload.length < 16 || signature.length < 16) continue;
    const head = decodePart(header);
    if (head === undefined || !/"alg"\s*:/.test(head)) continue;
    const body = decodePart(payload) ?? '';
    if (/"sub"\s*:\s*"1234567890"/.test(body) && /John Doe/.test(body)) continue; // the jwt.io sample token
    if (found.push({ rule: 'jwt', start: m.index, end: m.index + m[0].length }) >= MAX_FINDINGS) break;
  }
  return found;
}

function decodePart(part: string): string | undefined {
  if (part.length > 4096) return undefined;
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  try {
    return atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  } catch {
    return undefined; // not base64url: not a JWT
  }
}
