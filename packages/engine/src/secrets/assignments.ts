// Finds credentials assigned to secret-looking keys in code, config, env files and command lines:
// `DB_PASSWORD=…`, `dbPassword = "…"`, `"password": "…"`, `password: …`, `api_key = '…'`, `--password=…`.
import { isPlaceholder, isReference } from './allowances.js';
import { isHex, looksRandom } from './entropy.js';
import { classifyKey, type KeyKind } from './key-names.js';
import { MAX_FINDINGS } from './limits.js';
import type { RawFinding } from './types.js';
import { readElementText, readValue, skipOperator, type ReadValue } from './value-read.js';

export interface AssignmentContext {
  readonly path: string | undefined;
  /** The text goes to a test fixture, mock, example or template (see isFixturePath). */
  readonly fixture: boolean;
}

// Cheap anchors: a key that names a secret contains one of these. Alternation of literals only: linear.
const ANCHOR = /pass|pwd|secret|token|key|auth|credential|salt|seed|hmac|signature|pat(?![a-z])|pw(?![a-z])/gi;
const MAX_KEY = 64;
/** [A-Za-z0-9_.-], by char code: this runs for every character around every anchor. */
function isKeyChar(c: string | undefined): boolean {
  if (c === undefined) return false;
  const k = c.charCodeAt(0);
  return (k >= 97 && k <= 122) || (k >= 65 && k <= 90) || (k >= 48 && k <= 57) || k === 95 || k === 46 || k === 45;
}

// In these languages a bare word after `=` is a variable or an expression, never a literal.
const CODE_FILE =
  /\.(?:[cm]?[jt]sx?|py|go|java|kt|kts|rb|rs|cs|php|swift|scala|c|cc|cpp|h|hpp|dart|lua|exs?|groovy|vue|svelte|astro)$/i;
const MIN_LENGTH = 6;

/** Every assignment of a non-placeholder value to a key that names a secret. */
export function scanAssignments(text: string, ctx: AssignmentContext): RawFinding[] {
  const found: RawFinding[] = [];
  const code = ctx.path !== undefined && CODE_FILE.test(ctx.path);
  let cursor = 0;
  ANCHOR.lastIndex = 0;
  for (let m = ANCHOR.exec(text); m !== null; m = ANCHOR.exec(text)) {
    if (m.index < cursor) continue;
    // INVARIANT (linear time): each anchor costs at most MAX_KEY + a bounded value read, and the cursor moves past
    // everything examined, so no character is read as a key twice.
    let start = m.index;
    while (start > 0 && m.index - start < MAX_KEY && isKeyChar(text[start - 1])) start--;
    let end = m.index + m[0].length;
    while (end < text.length && end - start < MAX_KEY * 2 && isKeyChar(text[end])) end++;
    cursor = end;
    ANCHOR.lastIndex = end;
    if (start > 0 && isKeyChar(text[start - 1])) continue; // a very long word, not a key name
    const rawKey = text.slice(start, end);
    const flag = rawKey.startsWith('-');
    const kind = classifyKeyCached(rawKey.replace(/^-+/, ''));
    if (kind === undefined) continue;
    let after = end;
    const open = text[start - 1];
    if ((open === '"' || open === "'") && text[after] === open) after++;
    // `<password>…</password>`: an XML element named for the secret holds it.
    const element = open === '<' ? readElementText(text, start, end) : undefined;
    const valueAt = element === undefined ? skipOperator(text, after, flag) : element.start;
    if (valueAt < 0) continue;
    const read = element ?? readValue(text, valueAt);
    if (read === undefined) continue;
    cursor = Math.max(cursor, read.end);
    ANCHOR.lastIndex = cursor;
    if (read.unterminated === true) continue;
    const hit = judge(text, kind, read, code, ctx.fixture, rawKey);
    if (hit !== undefined && found.push(hit) >= MAX_FINDINGS) break;
  }
  return found;
}

// Real texts repeat the same few key names; a small cache spares re-splitting them.
const keyCache = new Map<string, KeyKind | undefined>();
function classifyKeyCached(key: string): KeyKind | undefined {
  if (keyCache.has(key)) return keyCache.get(key);
  const kind = classifyKey(key);
  if (keyCache.size >= 512) keyCache.clear();
  keyCache.set(key, kind);
  return kind;
}

const AUTH_SCHEME = /^(?:bearer|basic|token|bot|digest|apikey)\s+/i;

export function judge(
  text: string,
  kind: KeyKind,
  read: ReadValue,
  code: boolean,
  fixture: boolean,
  key: string,
): RawFinding | undefined {
  let { value, start } = read;
  const { end } = read;
  let rule = 'credential-assignment';
  const scheme = AUTH_SCHEME.exec(value);
  if (scheme) {
    value = value.slice(scheme[0].length);
    start += scheme[0].length;
    rule = 'authorization-header';
  } else if (!read.quoted && /^(?:bearer|basic|token)$/i.test(value) && text[end] === ' ') {
    // `Authorization: Bearer abc…` unquoted: the credential is the next word.
    const next = readValue(text, end + 1);
    if (next === undefined) return undefined;
    return judge(text, kind, { ...next, quoted: true }, code, fixture, key);
  }
  if (!read.quoted && (code || isExpression(value))) return undefined;
  // A JWT is judged by its own rule (which knows the fixture and sample-token allowances), not as a password.
  if (/^eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value)) return undefined;
  if (value.length < MIN_LENGTH || isReference(value) || isPlaceholder(value)) return undefined;
  if (isWords(value) && !looksRandom(value, 16)) return undefined;
  const decoded = decodeBase64(value);
  if (decoded !== undefined && (isPlaceholder(decoded) || isPlaceholder(decoded.slice(decoded.indexOf(':') + 1))))
    return undefined;
  if (sameAsUser(near(text, start, 2000), value)) return undefined;
  const range = (r: string): RawFinding => ({ rule: r, start, end: start + value.length });
  if (kind === 'aws-secret' && /^[A-Za-z0-9/+]{40}$/.test(value)) return range('aws-secret-access-key');
  const lowerKey = key.toLowerCase().replace(/[^a-z]/g, '');
  if (
    (lowerKey.endsWith('accountkey') || lowerKey.endsWith('sharedaccesskey')) &&
    /^[A-Za-z0-9/+]{40,}={0,2}$/.test(value)
  ) {
    return near(text, start, 2000).includes('devstoreaccount1') ? undefined : range('azure-storage-key');
  }
  // Policy: in fixtures and example files a value counts only when it looks machine-generated.
  if (fixture && !looksRandom(value, 16)) return undefined;
  if (kind === 'key')
    return looksRandom(value, 20) && !isHex(value) && !isWordPath(value) ? range('high-entropy') : undefined;
  return range(rule);
}

/** `getPassword()`, `config.db.password`, `args[0]`: code, not a literal. */
const isExpression = (v: string): boolean =>
  /[()[\]]/.test(v) || /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(v) || /^[A-Z][A-Z0-9_]+$/.test(v);

/** Letters and spaces only: a label or a sentence ('Passwort', 'Enter your password'), not a credential. */
const isWords = (v: string): boolean => /^[\p{L}\s.,!?'’:-]+$/u.test(v);

/** A path of lower-case words, as a secret store's key is written (`key: platform/staging/orders-db` in an
 * ExternalSecret, round 46): a name of where the secret is, not the secret. */
const isWordPath = (v: string): boolean => /^[a-z]+(?:[_-][a-z]+)*(?:\/[a-z]+(?:[_-][a-z]+)*)+$/.test(v);

/** A base64 value (Kubernetes Secret `data:`) decoded, when it decodes to printable text. */
function decodeBase64(v: string): string | undefined {
  if (v.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(v)) return undefined;
  try {
    const s = atob(v);
    return /^[\x20-\x7e]+$/.test(s) ? s : undefined;
  } catch {
    return undefined; // not base64 after all: judge the value as written
  }
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// INVARIANT (linear time): look-arounds read a bounded window, never the whole text once per finding.
const near = (text: string, at: number, span: number): string => text.slice(Math.max(0, at - span), at + span);

/** The same value is assigned to a user name nearby (`POSTGRES_USER: app` / `POSTGRES_PASSWORD: app`). */
function sameAsUser(text: string, value: string): boolean {
  if (value.length > 64) return false;
  const re = new RegExp(
    `(?:user|username|login|uid)["']?[ \\t]{0,4}[:=][ \\t]{0,4}["']?${escapeRe(value)}(?![\\w])`,
    'i',
  );
  return re.test(text);
}
