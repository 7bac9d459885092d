// One line of the decision log, built from a verdict. INVARIANT: tool arguments never appear in clear — only their
// sha256 (of canonical JSON, so equal arguments hash equally) and a short excerpt with anything secret-looking masked.
import { createHash } from 'node:crypto';

export type DecisionKind =
  | 'block'
  | 'warn'
  | 'bypass-used'
  | 'bypass-granted'
  | 'bypass-refused'
  | 'config-problem'
  | 'log-dropped'
  | 'sandbox-refusal';

/** Who let a call through, or stopped it: a contract (rule), the human's bypass, or the OS sandbox. */
export type DecidedBy = 'rule' | 'human-bypass' | 'human' | 'plugin' | 'sandbox';

export interface DecisionRecord {
  readonly v: 1;
  readonly time: string;
  readonly kind: DecisionKind;
  readonly by: DecidedBy;
  readonly sessionID?: string;
  readonly tool?: string;
  readonly verdict?: 'BLOCK' | 'WARN' | 'ALLOW';
  readonly contracts?: readonly string[];
  readonly role?: string;
  readonly args?: { readonly sha256: string; readonly excerpt: string };
  /** The human's words for a bypass, masked like arguments. */
  readonly reason?: string;
  readonly message?: string;
  readonly dropped?: number;
  /** What the OS sandbox refused in a call that ran: the kind and what it touched, never the path or address. */
  readonly refused?: readonly { readonly kind: string; readonly category: string }[];
}

const EXCERPT_LENGTH = 120;

/** JSON with object keys sorted at every level: the same arguments always give the same text and hash. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v !== null && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
          )
        : v,
    ) ?? 'null'
  );
}

export function argsDigest(args: unknown): { sha256: string; excerpt: string } {
  const text = canonicalJson(args);
  const masked = maskSecrets(text);
  return {
    sha256: createHash('sha256').update(text).digest('hex'),
    excerpt: masked.length > EXCERPT_LENGTH ? `${masked.slice(0, EXCERPT_LENGTH)}…` : masked,
  };
}

// What a secret looks like in a command or a file: assignments to secret-sounding names, credentials in URLs,
// authorization headers, private key blocks, and long random-looking tokens (keys, hashes, JWTs).
const SECRET_PATTERNS: readonly [RegExp, string][] = [
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g, '[private key]'],
  [/\b(bearer|basic|token)\s+[A-Za-z0-9._~+/=-]{8,}/gi, '$1 ***'],
  [
    /\b((?:[A-Za-z_]*(?:pass(?:word|wd)?|secret|token|api[_-]?key|auth|credential|private[_-]?key)[A-Za-z_]*)\s*(?:=|:|\\?"\s*:\s*\\?")\s*)("[^"]*"|'[^']*'|[^\s"',;&|]+)/gi,
    '$1***',
  ],
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/:@"']+:[^\s/@"']+@/gi, '$1***:***@'],
  [/(?<![A-Za-z0-9_/.-])(?=[A-Za-z0-9+/_=.-]*\d)(?=[A-Za-z0-9+/_=.-]*[A-Za-z])[A-Za-z0-9+/_=.-]{24,}/g, '***'],
];

export function maskSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}
