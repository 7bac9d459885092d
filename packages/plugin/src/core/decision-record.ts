// One line of the decision log, built from a verdict. INVARIANT: tool arguments never appear in clear — only their
// sha256 (of canonical JSON, so equal arguments hash equally) and a short excerpt in which every secret the engine's
// detector finds is masked (one detector: what a contract calls a secret is never kept in clear in the log).
import { crypto } from './builtins.js';
import { redactSecrets } from '@semantic-anchors/engine/enforce';

export type DecisionKind =
  | 'block'
  | 'warn'
  | 'bypass-used'
  /** Observe mode: a contract would have blocked the call, which went ahead (see `observed`). */
  | 'observed'
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
  /** Observe mode: the contracts that would have blocked (the call went ahead unless another one blocked it). */
  readonly observed?: readonly string[];
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
  const masked = canonicalJson(redactValues(args, pathOf(args)));
  return {
    sha256: crypto().createHash('sha256').update(text).digest('hex'),
    excerpt: masked.length > EXCERPT_LENGTH ? `${masked.slice(0, EXCERPT_LENGTH)}…` : masked,
  };
}

/** Free text (a bypass reason, a problem message) with every secret the engine's detector finds masked. */
export function maskSecrets(text: string): string {
  return redactSecrets(text);
}

/** Every string inside the arguments, redacted where it is (not in the JSON text, whose escapes hide values). */
function redactValues(value: unknown, path: string | undefined): unknown {
  if (typeof value === 'string') return redactSecrets(value, path === undefined ? {} : { path });
  if (Array.isArray(value)) return value.map((v) => redactValues(v, path));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValues(v, path)]));
  return value;
}

/** The file the arguments write to, which tells the detector whether it is a test fixture. */
function pathOf(args: unknown): string | undefined {
  if (args === null || typeof args !== 'object') return undefined;
  const r = args as Record<string, unknown>;
  const p = r.filePath ?? r.path;
  return typeof p === 'string' ? p : undefined;
}
