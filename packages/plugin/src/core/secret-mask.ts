// Keeps the host's secrets out of what the agent reads: the plugin knows their values (its own process environment:
// opencode's server password, its credentials given as OPENCODE_AUTH_CONTENT, the model providers' API keys, the
// `secretEnv` variables; and the credentials in opencode's own files, read again when they change: opencode-credentials.ts) and replaces every occurrence in a tool's result — the
// value as it is, and the encodings a tool would print it in (base64, also inside a longer base64 text such as an
// HTTP Basic header, URL-encoding, JSON escaping, hex). INVARIANT: the values are never logged or shown.
import { credentialValues, NO_CREDENTIALS, type CredentialSource } from './opencode-credentials.js';
import { HOST_SECRET_ENV, PROVIDER_KEY_ENV } from './protection.js';

/** Shorter values are not masked: replacing every "abc" in every output would garble honest results. */
export const MIN_MASKED_LENGTH = 6;
/** Strings walked in one result at most, and nesting followed (a result is the tool's, not the agent's payload). */
const MAX_STRINGS = 10_000;
const MAX_DEPTH = 8;

export interface SecretMask {
  /** Variable names whose value was too short to mask (for the log; never the values). */
  readonly tooShort: readonly string[];
  /** Replaces secrets in every string of `value` (in place for objects and arrays); returns the masked value. */
  apply<T>(value: T): T;
  /** Whether a text holds any of the secrets. */
  finds(text: string): boolean;
}

export function secretMask(
  extraNames: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
  files: CredentialSource = NO_CREDENTIALS,
): SecretMask {
  const fromEnv: { text: string; label: string }[] = [];
  const tooShort: string[] = [];
  for (const name of new Set([...HOST_SECRET_ENV, ...PROVIDER_KEY_ENV, ...extraNames])) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    if (value.length < MIN_MASKED_LENGTH) {
      tooShort.push(name);
      continue;
    }
    const label = `[masked: ${name}]`;
    for (const text of spellings(value, name)) fromEnv.push({ text, label });
    // A JSON value (opencode's credentials, OPENCODE_AUTH_CONTENT): each credential in it too, printed on its own.
    for (const c of credentialValues(parseJson(value), name))
      for (const text of spellings(c.value, name)) fromEnv.push({ text, label: `[masked: ${c.label}]` });
  }
  let forms: { text: string; label: string }[] = [];
  let formsOf: string | undefined;
  /** The forms, rebuilt when the credential files changed (a stat per file). */
  const current = () => {
    const version = files.version();
    if (version === formsOf) return forms;
    formsOf = version;
    const fromFiles = files
      .values()
      .flatMap((c) => spellings(c.value, c.label).map((text) => ({ text, label: `[masked: ${c.label}]` })));
    forms = [...fromEnv, ...fromFiles].sort((a, b) => b.text.length - a.text.length);
    return forms;
  };
  // Longest first (current() sorts), so a base64 form that contains a shorter one is replaced whole.
  const replace = (s: string): string => {
    let out = s;
    for (const f of forms) if (out.includes(f.text)) out = out.split(f.text).join(f.label);
    return out;
  };
  let budget = 0;
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return budget++ < MAX_STRINGS ? replace(value) : value;
    if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = walk(value[i], depth + 1);
      return value;
    }
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const masked = walk(v, depth + 1);
      if (masked !== v) (value as Record<string, unknown>)[k] = masked;
    }
    return value;
  };
  return {
    tooShort,
    apply<T>(value: T): T {
      if (current().length === 0) return value;
      budget = 0;
      return walk(value, 0) as T;
    },
    finds: (text) => current().some((f) => text.includes(f.text)),
  };
}

/** The value and the encodings a command or a tool prints it in. */
function spellings(value: string, name: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const out = new Set<string>([value]);
  out.add(encodeURIComponent(value));
  out.add(JSON.stringify(value).slice(1, -1));
  out.add(bytes.toString('hex'));
  out.add(bytes.toString('hex').toUpperCase());
  // opencode's server answers HTTP Basic auth as user "opencode" (OPENCODE_SERVER_USERNAME may change it).
  if (name === 'OPENCODE_SERVER_PASSWORD') {
    const user = process.env.OPENCODE_SERVER_USERNAME || 'opencode';
    out.add(Buffer.from(`${user}:${value}`).toString('base64'));
  }
  // base64 of the value at each of the three alignments it can have inside a longer encoded text: the characters
  // that depend only on the value's bytes.
  for (let shift = 0; shift < 3; shift++) {
    const padded = Buffer.concat([Buffer.alloc(shift), bytes]);
    for (const encoding of ['base64', 'base64url'] as const) {
      const encoded = padded.toString(encoding).replace(/=+$/, '');
      const start = Math.ceil((shift * 4) / 3);
      const end = Math.floor(((shift + bytes.length) * 4) / 3);
      const core = encoded.slice(start, end);
      if (core.length >= MIN_MASKED_LENGTH) out.add(core);
    }
  }
  return [...out].filter((s) => s.length >= MIN_MASKED_LENGTH);
}

function parseJson(text: string): unknown {
  if (!/^\s*[{[]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
