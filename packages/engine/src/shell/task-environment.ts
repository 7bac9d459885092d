// The environment a task runner gives the lines it runs, from its own files (blind round 34): a Taskfile's `env:`,
// `vars:` and `dotenv:` files, a justfile's `set dotenv-load` (.env) and `export NAME := …`, mise's `[env]` (and its
// `_.file`). The command itself often looks harmless (`kubectl apply -k overlays/canary`, `terraform apply`); what it
// does is decided by KUBECONFIG, KUBE_CONTEXT or TF_CLI_ARGS_apply in a file the session wrote — and a local value
// there (`KUBE_CONTEXT=kind-demo`) is what keeps honest work honest. Only files the call or the session wrote are read;
// values are literals (a `sh:` variable or an expansion stays unknown, as the team's own file does).
import { record } from './config-commands.js';
import { type TaskLine, yamlRoot } from './project-tasks.js';
import { tomlTables } from './toml-lines.js';

/** Bounds: a hostile file cannot make the environment large. */
export const ENVIRONMENT_LIMITS = { maxNames: 64, maxValue: 4096, maxFiles: 8 } as const;

type Read = (path: string) => string | undefined;

const NAME = /^[A-Za-z_]\w*$/;

/** A .env text's assignments: `NAME=value`, `export NAME=value`, quoted or not; comments and blank lines skipped. A
 * value with an expansion in it (`${OTHER}`, `$(cmd)`) is left out: it is not known. */
export function dotenvValues(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    if (out.size >= ENVIRONMENT_LIMITS.maxNames) break;
    const m = /^\s*(?:export\s+)?([A-Za-z_]\w*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m === null) continue;
    let value = m[2] as string;
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (quoted !== null) value = quoted[2] as string;
    else value = value.replace(/\s+#.*$/, '');
    if (quoted?.[1] !== "'" && /\$[({A-Za-z_]/.test(value)) continue;
    if (value.length <= ENVIRONMENT_LIMITS.maxValue) out.set(m[1] as string, value);
  }
  return out;
}

/** The literal string values of a mapping (`env:`, `vars:`); a `sh:` entry or a nested value is not known. */
function literals(table: unknown, into: Map<string, string>): void {
  for (const [k, v] of Object.entries(record(table) ?? {})) {
    if (into.size >= ENVIRONMENT_LIMITS.maxNames) return;
    if (!NAME.test(k)) continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') into.set(k, String(v));
    else into.delete(k);
  }
}

/** The values of the dotenv files named, the first file's value winning (go-task's and dotenv's order). */
function dotenvFiles(files: unknown, read: Read, into: Map<string, string>): void {
  const names = typeof files === 'string' ? [files] : Array.isArray(files) ? files : [];
  for (const f of names.slice(0, ENVIRONMENT_LIMITS.maxFiles)) {
    if (typeof f !== 'string') continue;
    const text = read(f);
    if (text === undefined) continue;
    for (const [k, v] of dotenvValues(text)) if (!into.has(k)) into.set(k, v);
  }
}

/**
 * What a Taskfile gives the named tasks: `env:` (its own, over its `dotenv:` files', the task's over the file's) as
 * their environment, and `vars:` with `env:` for `{{.NAME}}`. Undefined when the text is not YAML.
 */
export function taskfileEnvironment(
  text: string,
  names: readonly string[],
  read: Read,
): { env: Map<string, string>; vars: Map<string, string> } | undefined {
  const root = yamlRoot(text);
  if (root === undefined) return undefined;
  const env = new Map<string, string>();
  const tasks = record(root.tasks) ?? {};
  const own = names.map((n) => record(tasks[n])).filter((t) => t !== undefined);
  // Precedence, lowest first: the file's dotenv, the file's env, the task's dotenv, the task's env.
  dotenvFiles(root.dotenv, read, env);
  literals(root.env, env);
  for (const t of own) {
    const fromFile = new Map<string, string>();
    dotenvFiles(t.dotenv, read, fromFile);
    for (const [k, v] of fromFile) env.set(k, v);
    literals(t.env, env);
  }
  const vars = new Map(env);
  literals(root.vars, vars);
  for (const t of own) literals(t.vars, vars);
  return { env, vars };
}

/** What a justfile gives its recipes: `.env` (or `set dotenv-filename`/`dotenv-path`) when `set dotenv-load` is on,
 * and `export NAME := "value"` lines. */
export function justEnvironment(text: string, read: Read): Map<string, string> {
  const env = new Map<string, string>();
  const setting = (name: string): string | undefined =>
    new RegExp(`^\\s*set\\s+${name}(?:\\s*:=\\s*(.*?))?\\s*$`, 'm').exec(text)?.[1] ?? undefined;
  const loads = /^\s*set\s+dotenv-load(?:\s*:=\s*true)?\s*$/m.test(text);
  const file = setting('dotenv-path') ?? setting('dotenv-filename');
  if (loads || file !== undefined) {
    const name = file === undefined ? '.env' : file.replace(/^["']|["']$/g, '');
    const values = read(name);
    if (values !== undefined) for (const [k, v] of dotenvValues(values)) env.set(k, v);
  }
  for (const m of text.matchAll(/^\s*export\s+([A-Za-z_]\w*)\s*:=\s*(["'])([^"'\n]*)\2\s*$/gm)) {
    if (env.size >= ENVIRONMENT_LIMITS.maxNames) break;
    env.set(m[1] as string, m[3] as string);
  }
  return env;
}

/** What a mise config gives its tasks: `[env]` NAME = "value", and the files its `_.file` names. */
export function miseEnvironment(text: string, read: Read): Map<string, string> {
  const env = new Map<string, string>();
  const table = tomlTables(text, (h) => h === 'env').get('env');
  if (table === undefined) return env;
  // `_.file = ".env"` (a dotted key the line reader does not take apart): read from the text itself.
  const file = /^\s*_\.file\s*=\s*["']([^"'\n]+)["']/m.exec(text)?.[1];
  if (file !== undefined) dotenvFiles(file, read, env);
  for (const [k, v] of table) if (NAME.test(k) && typeof v === 'string' && !/\$[({A-Za-z_]/.test(v)) env.set(k, v);
  return env;
}

/** Each line with the environment exported before it, as the runner runs it (`export K='v'; line`). */
export function withEnvironment(lines: readonly TaskLine[], env: ReadonlyMap<string, string>): TaskLine[] {
  if (env.size === 0) return [...lines];
  const prefix = [...env].map(([k, v]) => `export ${k}='${v.replace(/'/g, `'\\''`)}'; `).join('');
  return lines.map((l) => ({ source: `${prefix}${l.source}`, label: l.label }));
}
