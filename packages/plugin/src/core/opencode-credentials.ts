// opencode's own credentials, which let their holder act as the human outside every hook: the providers' keys and
// OAuth tokens (`auth.json`), the MCP servers' OAuth tokens (`mcp-auth.json`: with one, `curl` reaches the human's
// GitHub or Linear as the human, past every contract that guards the MCP tool), and the console account's tokens in
// opencode's database. All live in opencode's data folder (`$XDG_DATA_HOME/opencode`, else ~/.local/share/opencode;
// checked in opencode 1.18.33: `Global.Path.data`), which the agent's work never needs: the sandbox hides the folder
// from the shell, and the values in the two JSON files are masked in every tool's result (the file tools run in
// opencode's own process, outside the sandbox). INVARIANT: the values are never logged or shown.
import { readFileSync, statSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';

/** The credential files in opencode's data folder, as opencode 1.18 names them. */
export const CREDENTIAL_FILES: readonly string[] = ['auth.json', 'mcp-auth.json'];

/** opencode's database (the console account's tokens, every session's messages) and SQLite's files beside it. */
export const DATABASE_FILES: readonly string[] = ['opencode.db', 'opencode.db-wal', 'opencode.db-shm'];

/**
 * What the sandbox hides from the shell: the files, not the folder — opencode keeps the git worktrees it makes for a
 * session under its data folder too, and a session may run in one.
 */
export function unreadableInSandbox(dataDir: string): string[] {
  return [...CREDENTIAL_FILES, ...DATABASE_FILES].map((name) => join(dataDir, name));
}

/**
 * Fields whose string values are credentials: opencode's `key`, `access`, `refresh`, `token`; the MCP SDK's
 * `access_token`, `refresh_token`, `client_secret`, `codeVerifier`. Named whole: `token_type` ("Bearer") or a
 * `serverUrl` masked in every output would garble honest results.
 */
const CREDENTIAL_FIELD =
  /^(?:key|token|access|refresh|secret|password|api_?key|(?:access|refresh|id)_?token|client_?secret|code_?verifier)$/i;
/** A file larger than this is not opencode's: not read. */
const MAX_FILE_BYTES = 1024 * 1024;
/** Values collected at most (a real auth.json holds a few). */
const MAX_VALUES = 200;

/** opencode's data folder for this environment. */
export function opencodeDataDir(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const set = env.XDG_DATA_HOME;
  return join(set && isAbsolute(set) ? set : join(home, '.local/share'), 'opencode');
}

export interface CredentialValue {
  /** Where it comes from, for the mask's label: `auth.json anthropic.key`. Never the value. */
  readonly label: string;
  readonly value: string;
}

/** The credentials in the files, read again only when a file's size or time changed (a token refresh). */
export interface CredentialSource {
  values(): readonly CredentialValue[];
  /** Changes whenever values() may have changed; cheap (a stat per file). */
  version(): string;
}

export const NO_CREDENTIALS: CredentialSource = { values: () => [], version: () => '' };

export function credentialSource(dataDir: string): CredentialSource {
  const files = CREDENTIAL_FILES.map((name) => join(dataDir, name));
  let read: { version: string; values: readonly CredentialValue[] } | undefined;
  const version = () =>
    files
      .map((f) => {
        try {
          const s = statSync(f);
          return `${s.size}:${s.mtimeMs}:${s.ino}`;
        } catch {
          return '-';
        }
      })
      .join('|');
  return {
    version,
    values() {
      const now = version();
      if (read?.version !== now) read = { version: now, values: files.flatMap((f) => credentialsIn(f)) };
      return read.values;
    },
  };
}

/** The credential values of one JSON file (none when it is missing, too large or not JSON). */
function credentialsIn(file: string): CredentialValue[] {
  let data: unknown;
  try {
    if (statSync(file).size > MAX_FILE_BYTES) return [];
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  return credentialValues(data, basename(file));
}

/**
 * The string values under credential fields anywhere in a JSON value, with a label naming the place. Also used for
 * OPENCODE_AUTH_CONTENT, opencode's auth.json given in the environment. A `wellknown` entry's `key` is the name of a
 * variable, not a secret.
 */
export function credentialValues(data: unknown, source: string): CredentialValue[] {
  const out: CredentialValue[] = [];
  const walk = (value: unknown, path: string, depth: number) => {
    if (out.length >= MAX_VALUES || depth > 6 || value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    for (const [k, v] of Object.entries(record)) {
      const at = path === '' ? k : `${path}.${k}`;
      if (typeof v === 'string') {
        if (CREDENTIAL_FIELD.test(k) && !(k === 'key' && record.type === 'wellknown'))
          out.push({ label: `${source} ${at}`, value: v });
      } else walk(v, at, depth + 1);
    }
  };
  walk(data, '', 0);
  return out.slice(0, MAX_VALUES);
}
