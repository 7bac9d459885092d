// The scripts of Python project managers, read from the pyproject.toml (or hatch.toml) the session wrote: `hatch run
// release` runs `[tool.hatch.envs.default.scripts] release = "hatch build && hatch publish"`, `pdm run NAME` runs
// `[tool.pdm.scripts] NAME`. A name that is no script keeps today's reading: a program run in the environment
// (wrappers.ts). Pure functions over the file's text, bounded by TASK_LIMITS; only the simple TOML these tables are
// written in is read (one-line strings, arrays of them, inline tables), anything else is left unread.
import { TASK_LIMITS, type TaskLine } from './project-tasks.js';
import { type TomlValue, tomlTables } from './toml-lines.js';
import type { SimpleCommand } from './types.js';
import { shellQuote } from './words.js';

/** `{args}` and `{args:default}` put in: the arguments given (quoted), else the default; true when there was one. */
function withArgs(command: string, args: readonly string[]): { line: string; placed: boolean } {
  let placed = false;
  const given = args.map(shellQuote).join(' ');
  const line = command.replace(/\{args(?::([^}]*))?\}/g, (_all, fallback: string | undefined) => {
    placed = true;
    return args.length > 0 ? given : (fallback ?? '');
  });
  return { line, placed };
}

/** Where `run`'s script name is in the command's words (its own options before it skipped), or -1. */
function nameAt(command: SimpleCommand): number {
  const run = command.argv.indexOf('run');
  if (run === -1) return -1;
  for (let i = run + 1; i < command.argv.length; i++) {
    const w = command.argv[i] as string;
    if (!w.startsWith('-')) return i;
    // the options of `pdm run` that take a value
    if (['-p', '--project', '-e', '--env'].includes(w)) i++;
  }
  return -1;
}

/** The words after the script's name, as the manager hands them on. */
const argsAfter = (command: SimpleCommand, at: number): readonly string[] => command.argv.slice(at + 1);

/**
 * `hatch run [ENV:]NAME ARGS`: the commands of NAME in ENV's scripts (default: `default`; an environment inherits the
 * default environment's scripts), a command that names another script standing for its commands; `{args}` takes the
 * arguments, else they go after the last command. Undefined when NAME is no script (a program run in the environment).
 */
export function hatchScripts(text: string, command: SimpleCommand): TaskLine[] | undefined {
  const at = nameAt(command);
  const target = command.argv[at];
  if (at === -1 || target === undefined) return undefined;
  const named = /^([\w.-]+):(.+)$/.exec(target);
  const env = named?.[1] ?? [...command.globals, ...command.flags].find((f) => f.name === '-e')?.value ?? 'default';
  const name = named?.[2] ?? target;
  const tables = tomlTables(text, (h) => /^(?:tool\.hatch\.)?envs\.("[^"]+"|[\w.-]+)\.scripts$/.test(h));
  const scripts = (e: string): Map<string, TomlValue> | undefined =>
    tables.get(`tool.hatch.envs.${e}.scripts`) ?? tables.get(`envs.${e}.scripts`);
  const lookup = (n: string): readonly string[] | undefined => {
    const v = scripts(env)?.get(n) ?? scripts('default')?.get(n);
    return typeof v === 'string' ? [v] : Array.isArray(v) ? (v as readonly string[]) : undefined;
  };
  if (lookup(name) === undefined) return undefined;
  const out: TaskLine[] = [];
  let placed = false;
  const expand = (n: string, extra: string, depth: number): void => {
    for (const cmd of lookup(n) ?? []) {
      if (out.length >= TASK_LIMITS.maxLines) return;
      const [first = '', ...rest] = cmd.trim().split(/\s+/);
      if (first !== n && depth < 8 && lookup(first) !== undefined) {
        expand(first, [rest.join(' '), extra].filter((s) => s !== '').join(' '), depth + 1);
        continue;
      }
      const put = withArgs(cmd, argsAfter(command, at));
      placed ||= put.placed;
      out.push({ source: extra === '' ? put.line : `${put.line} ${extra}`, label: name });
    }
  };
  expand(name, '', 0);
  const args = argsAfter(command, at);
  const last = out[out.length - 1];
  if (!placed && args.length > 0 && last !== undefined)
    out[out.length - 1] = { ...last, source: `${last.source} ${args.map(shellQuote).join(' ')}` };
  return out;
}

/** One PDM script: its command lines (a `call` to a Python function runs none the shell sees), or the scripts it
 * composes. */
type PdmScript = { readonly lines: readonly string[] } | { readonly composite: readonly string[] };

function pdmScript(value: TomlValue | undefined): PdmScript | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return { lines: [value] };
  if (Array.isArray(value)) return undefined;
  const table = value as Readonly<Record<string, string | readonly string[]>>;
  const { cmd, shell, composite } = table;
  if (typeof shell === 'string') return { lines: [shell] };
  if (typeof cmd === 'string') return { lines: [cmd] };
  if (Array.isArray(cmd)) return { lines: [(cmd as readonly string[]).map(shellQuote).join(' ')] };
  if (Array.isArray(composite)) return { composite: composite as readonly string[] };
  return undefined;
}

/**
 * `pdm run NAME ARGS`: the commands of `[tool.pdm.scripts]` NAME (a string, `{cmd}`, `{shell}`, `{composite}`, or a
 * `[tool.pdm.scripts.NAME]` table), its `pre_NAME` before and `post_NAME` after; a composite's entries are scripts
 * (with their own arguments) or commands. `{args}` takes the arguments, else they follow each command. Undefined when
 * NAME is no script the shell sees (a program run in the environment, or a `call` of Python).
 */
export function pdmScripts(text: string, command: SimpleCommand): TaskLine[] | undefined {
  const at = nameAt(command);
  const name = command.argv[at];
  if (at === -1 || name === undefined) return undefined;
  const tables = tomlTables(text, (h) => h === 'tool.pdm.scripts' || h.startsWith('tool.pdm.scripts.'));
  const script = (n: string): PdmScript | undefined => {
    const own = tables.get(`tool.pdm.scripts.${n}`);
    if (own === undefined) return pdmScript(tables.get('tool.pdm.scripts')?.get(n));
    // A table of its own (`[tool.pdm.scripts.NAME]`): its string and array keys, as an inline table's.
    const keys = [...own].filter(
      (e): e is [string, string | readonly string[]] => typeof e[1] === 'string' || Array.isArray(e[1]),
    );
    return pdmScript(Object.fromEntries(keys));
  };
  if (script(name) === undefined) return undefined;
  const out: TaskLine[] = [];
  const run = (n: string, args: readonly string[], depth: number, hooks: boolean): void => {
    const s = script(n);
    if (s === undefined || depth > 8 || out.length >= TASK_LIMITS.maxLines) return;
    if (hooks) run(`pre_${n}`, [], depth + 1, false);
    if ('lines' in s)
      for (const line of s.lines) {
        const put = withArgs(line, args);
        out.push({
          source: put.placed || args.length === 0 ? put.line : `${put.line} ${args.map(shellQuote).join(' ')}`,
          label: n,
        });
      }
    else
      for (const entry of s.composite) {
        const [first = '', ...rest] = entry.trim().split(/\s+/);
        if (script(first) !== undefined) run(first, [...rest, ...args], depth + 1, true);
        else if (out.length < TASK_LIMITS.maxLines) out.push({ source: withArgs(entry, args).line, label: n });
      }
    if (hooks) run(`post_${n}`, [], depth + 1, false);
  };
  run(name, argsAfter(command, at), 0, true);
  return out;
}
