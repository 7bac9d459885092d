// What the host leaves open that no plugin can close, said where the human can act on it: opencode's server without a
// password, and shell startup files that switch the plugin off or point opencode at other configuration at the
// next start (OPENCODE_PURE, OPENCODE_CONFIG*, `opencode --pure`) — a line the agent may have written there.
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { Check } from './report.js';

/** Startup files of the shells people start opencode from, relative to HOME (zsh's also under $ZDOTDIR). */
const STARTUP_FILES = [
  '.profile',
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_aliases',
  '.zshenv',
  '.zprofile',
  '.zshrc',
  '.zlogin',
  '.config/fish/config.fish',
  '.pam_environment',
];
const ZSH_FILES = ['.zshenv', '.zprofile', '.zshrc', '.zlogin'];
/** Files read at most, with what they source, and bytes read of each. */
const MAX_FILES = 32;
const MAX_BYTES = 1024 * 1024;

/** A variable that changes what opencode loads, or whether it loads plugins at all. */
const OVERRIDE = /\b(OPENCODE_PURE|OPENCODE_CONFIG(?:_DIR|_CONTENT)?)\b/;
/** The line sets it: export/declare/typeset/env assignment, fish's set -x, csh's setenv, pam's DEFAULT=/OVERRIDE=. */
const SETS = (name: string) =>
  new RegExp(
    `(?:^|[\\s;&|(])(?:(?:export|declare\\s+-\\w*x\\w*|typeset\\s+-\\w*x\\w*|local)\\s+)?${name}\\s*=|\\bset\\s+(?:-\\w+\\s+)*${name}\\b|\\bsetenv\\s+${name}\\b|^${name}\\s+(?:DEFAULT|OVERRIDE)=`,
  );
const PURE_FLAG = /\bopencode\b[^#\n]*\s--pure\b/;
const SOURCE = /^\s*(?:source|\.)\s+(["']?)([^"'\s;]+)\1/;

export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly what: string;
}

/** Every line of the startup files (and what they source) that sets an override or runs opencode --pure. */
export function startupOverrides(home: string, env: Readonly<Record<string, string | undefined>>): Finding[] {
  const zdot = env.ZDOTDIR && isAbsolute(env.ZDOTDIR) ? env.ZDOTDIR : undefined;
  const queue = [
    ...STARTUP_FILES.map((f) => join(home, f)),
    ...(zdot && zdot !== home ? ZSH_FILES.map((f) => join(zdot, f)) : []),
  ];
  const seen = new Set<string>();
  const out: Finding[] = [];
  while (queue.length > 0 && seen.size < MAX_FILES) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readSmall(file);
    if (text === undefined) continue;
    text.split('\n').forEach((raw, i) => {
      const line = raw.replace(/(^|\s)#.*$/, '');
      const name = OVERRIDE.exec(line)?.[1];
      if (name !== undefined && SETS(name).test(line)) out.push({ file, line: i + 1, what: name });
      else if (PURE_FLAG.test(line)) out.push({ file, line: i + 1, what: 'opencode --pure' });
      const sourced = SOURCE.exec(line)?.[2];
      if (sourced !== undefined)
        queue.push(resolve(home, sourced.replace(/^~(?=\/)/, home).replace(/^\$HOME(?=\/)/, home)));
    });
  }
  return out;
}

function readSmall(file: string): string | undefined {
  const st = statSync(file, { throwIfNoEntry: false });
  if (!st?.isFile()) return undefined;
  const text = readFileSync(file, 'utf8');
  return text.length > MAX_BYTES ? text.slice(0, MAX_BYTES) : text;
}

const MEANING: Readonly<Record<string, string>> = {
  OPENCODE_PURE: 'opencode then starts without external plugins: semantic-anchors does not load and enforces nothing',
  'opencode --pure':
    'opencode then starts without external plugins: semantic-anchors does not load and enforces nothing',
  OPENCODE_CONFIG: 'opencode then also reads the configuration file it names, which may load other plugins or none',
  OPENCODE_CONFIG_DIR: 'opencode then also reads configuration, plugins and tools from the folder it names',
  OPENCODE_CONFIG_CONTENT: 'opencode then takes configuration from the variable itself, which may drop this plugin',
};

export function startupCheck(home: string, env: Readonly<Record<string, string | undefined>>): Check {
  const found = startupOverrides(home, env);
  const inEnv = ['OPENCODE_PURE', 'OPENCODE_CONFIG', 'OPENCODE_CONFIG_DIR', 'OPENCODE_CONFIG_CONTENT'].filter(
    (v) => env[v] !== undefined && env[v] !== '',
  );
  if (found.length === 0 && inEnv.length === 0) {
    return {
      name: 'shell startup files',
      status: 'pass',
      detail: 'no OPENCODE_PURE, OPENCODE_CONFIG* or opencode --pure in the startup files or this environment',
    };
  }
  const shown = (file: string) => (file.startsWith(`${home}/`) ? `~/${file.slice(home.length + 1)}` : file);
  return {
    name: 'shell startup files',
    status: 'warn',
    detail: `${found.length + inEnv.length} setting(s) change what opencode loads at its next start`,
    notes: [
      ...found.map((f) => `${shown(f.file)}:${f.line}: ${f.what} — ${MEANING[f.what]}`),
      ...inEnv.map((v) => `${v} is set in this environment — ${MEANING[v]}`),
    ],
    remedy:
      'if you did not put these there yourself, the agent may have (a shell call can append to a startup file): remove the lines, open a new shell, and run doctor again',
  };
}

export function serverPasswordCheck(env: Readonly<Record<string, string | undefined>>): Check {
  if (env.OPENCODE_SERVER_PASSWORD) {
    return {
      name: "opencode's server password",
      status: 'pass',
      detail: 'OPENCODE_SERVER_PASSWORD is set here: opencode started from this environment asks for it',
    };
  }
  return {
    name: "opencode's server password",
    status: 'warn',
    detail:
      'OPENCODE_SERVER_PASSWORD is not set in this environment: opencode started from it runs its HTTP server without a password',
    notes: [
      'Any process on this machine that finds the port — a script the agent wrote included — can then act as you on',
      'that server: send /anchor commands (grant itself a bypass), run shell commands no tool hook sees, read sessions.',
      'The plugin blocks the ways it can see and keeps the password out of the agent’s shell; a password closes the rest',
      'of the door only where the agent cannot read it (the OS sandbox hides opencode’s process environment).',
    ],
    remedy:
      'start opencode with a fresh password each time, e.g. OPENCODE_SERVER_PASSWORD="$(head -c 24 /dev/urandom | base64)" opencode — not written into a file the agent can read',
  };
}

/** Both host checks, for doctor. */
export function hostExposureChecks(
  env: Readonly<Record<string, string | undefined>>,
  home: string = env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir(),
): Check[] {
  return [serverPasswordCheck(env), startupCheck(home, env)];
}
