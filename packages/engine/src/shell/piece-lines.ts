// The command lines in what a session put into a task file it knows only in pieces (an edit of the team's Taskfile,
// Makefile, workflow or deno.json): when the runner is then run and the task it names cannot be found in the pieces
// (the edit added a line to a task whose header it did not touch), which task holds the line is not known, so each
// line that has the shape of a command there is taken as run by it. A line the session wrote into the runner's file
// and then had run is what the agent assembles across calls; the rest of the team's file stays unread. Pure
// functions over the pieces; follow.ts walks the lines.
import { makeRecipeLine } from './make-expand.js';
import type { TaskLine } from './project-tasks.js';
import { shellQuote } from './words.js';

/** Bounds: a hostile piece cannot make the walk large. */
export const PIECE_LIMITS = {
  /** Lines returned for one file. */
  maxLines: 64,
  /** Characters of one line read. */
  maxLine: 4096,
} as const;

/** How the lines of a task file are written. */
type Format = 'recipe' | 'yaml' | 'json' | 'toml' | 'ini';

/** The format of a task file, from its name; undefined for a file whose commands this module cannot tell apart
 * (a Rakefile's Ruby, a Gradle build: their readers read what the pieces hold). */
export function pieceFormat(path: string): Format | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (/^(?:GNU)?[Mm]akefile$|\.mk$|\.make$|^[Jj]ustfile$|^\.justfile$|\.just$/.test(name)) return 'recipe';
  if (/\.ya?ml$/.test(name)) return 'yaml';
  if (/\.jsonc?$/.test(name)) return 'json';
  if (/\.toml$/.test(name)) return 'toml';
  if (/\.(?:ini|cfg)$/.test(name)) return 'ini';
  return undefined;
}

/** Keys whose value is a command line: Taskfile `cmd`, a workflow step's `run`, compose `command`/`entrypoint`,
 * pre-commit `entry`, lefthook `run`, dvc `cmd`, tox `commands`, mise/poe `run`/`cmd`/`shell`/`script`, nx
 * `command`/`commands`, composer/npm/deno script names are free (json: any key but the descriptive ones). */
const COMMAND_KEYS = new Set([
  'cmd',
  'cmds',
  'run',
  'command',
  'commands',
  'commands_pre',
  'commands_post',
  'entry',
  'entrypoint',
  'script',
  'shell',
  'exec',
  'sh',
]);

/** JSON keys that hold a description, a name or a setting, never a command (any other key of a piece of a
 * package.json, deno.json, composer.json or project.json may name a script, a task or a target's command). */
const JSON_NOT_COMMANDS = new Set([
  'name',
  'description',
  'desc',
  'version',
  'executor',
  'cwd',
  'outputPath',
  'main',
  'module',
  'types',
  'type',
  'license',
  'author',
  '$schema',
  'sourceRoot',
  'projectType',
  'root',
  'tsConfig',
  'outputs',
  'inputs',
  'dependsOn',
  'cache',
  'parallel',
  'color',
  'envFile',
  'private',
  'homepage',
  'repository',
  'url',
  'engines',
  'packageManager',
  'exports',
  'files',
  'include',
  'exclude',
]);

/** A quoted scalar's text (YAML/TOML/JSON double quotes with their escapes, single quotes literal); undefined when
 * the value is not one quoted string. */
function unquoted(value: string): string | undefined {
  const v = value.trim().replace(/,$/, '').trim();
  if (v.length >= 2 && v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1).replace(/''/g, "'");
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) {
    try {
      return JSON.parse(v) as string;
    } catch (e) {
      // Not swallowed: an escape JSON does not know leaves the text as written between the quotes.
      if (!(e instanceof SyntaxError)) throw e;
      return v.slice(1, -1);
    }
  }
  return undefined;
}

/** A flow list of strings (`["psql", "-c", "DROP …"]`, an exec form): its items, as one shell line. */
function flowList(value: string): string | undefined {
  const v = value.trim().replace(/,$/, '');
  if (!v.startsWith('[') || !v.endsWith(']')) return undefined;
  const items = [...v.slice(1, -1).matchAll(/\s*("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')\s*(?:,|$)/g)].map((m) =>
    unquoted(m[1] as string),
  );
  if (items.length === 0 || items.some((i) => i === undefined)) return undefined;
  return (items as string[]).map(shellQuote).join(' ');
}

/** A value as a command line: a quoted string's text, a flow list's items, else the plain text as written. */
function valueLine(value: string): string {
  return flowList(value) ?? unquoted(value) ?? value.trim();
}

/** Recipe lines of a Makefile or justfile piece: the indented lines (make's `@`, `-`, `+` prefixes dropped, a
 * just recipe's shebang body kept as lines); a line continued with `\` joins the next. */
function recipeLines(text: string): string[] {
  const out: string[] = [];
  // A one-line piece that is no target or assignment is what a substitution put into a line (`s/diff/apply/`): the
  // rest of its line is not known, the piece is read as the line.
  if (!text.includes('\n') && !/^[\w.%/ -]+::?(?!=)|^\s*[\w.]+\s*[:?+!]?=/.test(text) && text.trim() !== '')
    return [text.trim().replace(/^[@+-]+\s*/, '')];
  let carry: string | undefined;
  for (const raw of text.split('\n')) {
    const line = carry === undefined ? raw : `${carry} ${raw.trim()}`;
    carry = undefined;
    if (/\\$/.test(line)) {
      carry = line.slice(0, -1);
      continue;
    }
    const m = /^(?:\t|\s{2,})\s*[@+-]*\s*(.*)$/.exec(line);
    if (m === null || m[1] === undefined || m[1] === '' || m[1].startsWith('#')) continue;
    out.push(m[1]);
  }
  return out;
}

/** Command lines of a YAML piece: list items and the values of command keys, block scalars (`run: |`) line by line. */
function yamlLines(text: string): string[] {
  const out: string[] = [];
  // The indentation a block scalar's lines are deeper than, while in one.
  let block: number | undefined;
  const parents: { indent: number; key: string }[] = [];
  for (const line of text.split('\n')) {
    const indent = /^\s*/.exec(line)?.[0].length ?? 0;
    const body = line.trim();
    if (block !== undefined) {
      if (body === '' || indent > block) {
        out[out.length - 1] = `${out[out.length - 1]}${line.trim() === '' ? '' : line.slice(block + 1)}\n`;
        continue;
      }
      block = undefined;
    }
    if (body === '' || body.startsWith('#')) continue;
    const m = /^(-\s+)?(?:([\w$.-]+)\s*:(?:\s+|$))?(.*)$/.exec(body);
    if (m === null) continue;
    const [, item, key, rest = ''] = m;
    // The keys that open a list or mapping, by indentation: a bare list item is a command only under a command key
    // (`cmds:`), or when the piece shows no key above it; dvc's `deps:`/`outs:`, a Taskfile's `deps:` list paths and
    // task names (blind round 36: a dvc.yaml stage's deps were run as commands).
    while (parents.length > 0 && (parents[parents.length - 1] as { indent: number }).indent >= indent) parents.pop();
    const parent = parents[parents.length - 1];
    if (key !== undefined && item === undefined && rest.trim() === '') parents.push({ indent, key });
    if (key !== undefined && !COMMAND_KEYS.has(key)) continue;
    if (key === undefined && item === undefined) continue;
    if (key === undefined && parent !== undefined && !COMMAND_KEYS.has(parent.key)) continue;
    if (/^[|>][-+]?\d*$/.test(rest.trim())) {
      // Its lines are those indented deeper than the line that opens it; they are one script (a heredoc in it stays
      // whole).
      block = indent;
      out.push('');
      continue;
    }
    if (rest.trim() === '') continue;
    out.push(valueLine(rest));
  }
  return out;
}

/** Command lines of a JSON piece: each `"key": "value"` pair's value whose key is not descriptive, and each string
 * item of a list (a composer script's steps, nx `commands`). */
function jsonLines(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const body = line.trim();
    // `"key": "value"` pairs anywhere on the line (`"options": { "command": "pulumi up --yes" }`).
    const pairs = [...body.matchAll(/"((?:[^"\\]|\\.)*)"\s*:\s*("(?:[^"\\]|\\.)*")/g)];
    if (pairs.length > 0) {
      for (const pair of pairs)
        if (!JSON_NOT_COMMANDS.has(pair[1] as string)) out.push(unquoted(pair[2] as string) ?? '');
      continue;
    }
    const list = /^"((?:[^"\\]|\\.)*)"\s*:\s*(\[.*\])\s*,?$/.exec(body);
    if (list !== null && !JSON_NOT_COMMANDS.has(list[1] as string)) {
      for (const item of (list[2] as string).slice(1, -1).matchAll(/"(?:[^"\\]|\\.)*"/g))
        out.push(unquoted(item[0]) ?? '');
      continue;
    }
    const item = /^("(?:[^"\\]|\\.)*")\s*,?$/.exec(body);
    if (item !== null) out.push(unquoted(item[1] as string) ?? '');
  }
  return out.filter((l) => l.trim() !== '');
}

/** TOML keys whose value describes a task: never a command. */
const TOML_NOT_COMMANDS = new Set([
  'description',
  'desc',
  'help',
  'name',
  'version',
  'dir',
  'cwd',
  'env',
  'depends',
  'deps',
  'sources',
  'outputs',
  'alias',
  'hide',
  'raw',
  'quiet',
  'silent',
  'interactive',
  'use',
]);

/** Command lines of a TOML piece: `name = "line"` values (a poe/pdm/mise/hatch task or script is free-named),
 * `run = [ … ]` lists item by item, and `"""` multi-line strings line by line. */
function tomlLines(text: string): string[] {
  const out: string[] = [];
  let multi: '"""' | "'''" | undefined;
  for (const line of text.split('\n')) {
    const body = line.trim();
    if (multi !== undefined) {
      const end = body.indexOf(multi);
      const part = end === -1 ? body : body.slice(0, end);
      if (part !== '') out.push(part);
      if (end !== -1) multi = undefined;
      continue;
    }
    const m = /^(?:"([^"]+)"|([\w.:-]+))\s*=\s*(.*)$/.exec(body);
    if (m === null) continue;
    const key = (m[1] ?? m[2] ?? '').split('.').pop() as string;
    if (TOML_NOT_COMMANDS.has(key)) continue;
    const value = (m[3] as string).trim();
    const opens = /^("""|''')(.*)$/.exec(value);
    if (opens !== null) {
      const rest = opens[2] as string;
      const end = rest.indexOf(opens[1] as string);
      if (end === -1) {
        multi = opens[1] as '"""' | "'''";
        if (rest.trim() !== '') out.push(rest.trim());
      } else if (rest.slice(0, end).trim() !== '') out.push(rest.slice(0, end).trim());
      continue;
    }
    if (value.startsWith('[')) {
      for (const item of value.matchAll(/"(?:[^"\\]|\\.)*"|'[^']*'/g)) out.push(unquoted(item[0]) ?? '');
      continue;
    }
    const text = unquoted(value);
    if (text !== undefined) out.push(text);
  }
  return out.filter((l) => l.trim() !== '');
}

/** Command lines of an ini piece (tox.ini, setup.cfg): `commands*` values and their indented continuation lines. */
function iniLines(text: string): string[] {
  const out: string[] = [];
  let inCommands = false;
  for (const line of text.split('\n')) {
    if (inCommands && /^\s+\S/.test(line)) {
      out.push(line.trim());
      continue;
    }
    inCommands = false;
    const m = /^\s*(commands(?:_pre|_post)?|allowlist_externals_never)\s*=\s*(.*)$/.exec(line);
    if (m === null) continue;
    inCommands = true;
    if ((m[2] as string).trim() !== '') out.push((m[2] as string).trim());
  }
  return out;
}

const READERS: Readonly<Record<Format, (text: string) => string[]>> = {
  recipe: recipeLines,
  yaml: yamlLines,
  json: jsonLines,
  toml: tomlLines,
  ini: iniLines,
};

/**
 * The command lines in the pieces a session put into the task file at `path`, each labelled as such; [] when the
 * file's format is not one this module reads. `label` names the run (`task deploy`): the lines are shown as put in
 * by the session, whose task is not known.
 */
export function pieceLines(path: string, pieces: readonly string[], label: string): TaskLine[] {
  const format = pieceFormat(path);
  if (format === undefined) return [];
  const out: TaskLine[] = [];
  for (const piece of pieces) {
    // A piece that is a document of its own (what jq, yq or dasel set, written under its whole path) names its tasks:
    // the runner's reader found the task named in it, or it holds another one, which the task named does not run.
    if (namesItsTasks(format, piece)) continue;
    for (const line of READERS[format](piece)) {
      if (out.length >= PIECE_LIMITS.maxLines) return out;
      const source = line.slice(0, PIECE_LIMITS.maxLine).trim();
      if (source !== '') out.push({ source, label: `${label} (a line this session put in)` });
    }
  }
  return out;
}

/** The top-level keys under which task files hold their tasks, jobs, services, scripts or hooks. */
const TASK_TABLES =
  /^(?:tasks|jobs|services|scripts|targets|repos|stages|pre-commit|pre-push|post-commit|commit-msg)\s*:/;

/** Whether a piece is a whole document that names its own tasks (a JSON object; YAML opening with a task table). */
function namesItsTasks(format: Format, piece: string): boolean {
  if (format === 'json') {
    const t = piece.trim();
    if (!t.startsWith('{') || !t.endsWith('}')) return false;
    try {
      JSON.parse(t);
      return true;
    } catch (e) {
      // Not swallowed: only the parser's own error means "a fragment" (read line by line).
      if (!(e instanceof SyntaxError)) throw e;
      return false;
    }
  }
  if (format !== 'yaml') return false;
  const first = piece.split('\n').find((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  return first !== undefined && TASK_TABLES.test(first);
}

/**
 * The lines with the variables the runner's command line sets put in: go-task's `NAME=value` arguments for
 * `{{.NAME}}`, make's overrides for `$(NAME)`/`${NAME}` (and make's `$$` for a shell's `$`). A variable not set stays
 * as written (its value is the team's file's, not known).
 */
export function withVariables(
  lines: readonly TaskLine[],
  vars: ReadonlyMap<string, string>,
  style: 'task' | 'make',
  cwd?: string,
): TaskLine[] {
  const put = (source: string): string =>
    style === 'task'
      ? source.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (all, name: string) => vars.get(name) ?? all)
      : makeRecipeLine(source, { vars, cwd });
  return lines.map((l) => ({ source: put(l.source), label: l.label }));
}

/** go-task's variables given on its command line: each `NAME=value` argument. */
export function taskVariables(positionals: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of positionals) {
    const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(p);
    if (m !== null) out.set(m[1] as string, m[2] as string);
  }
  return out;
}
