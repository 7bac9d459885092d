// Tasks a project file names, run by a package manager or make: `npm run ship` runs package.json's "ship" script,
// `make release` the recipe of the release target. The engine reads them only from a file the session wrote (the
// ledger, or earlier in the same call): the team's own package.json and Makefile are theirs and are matched by the
// command as written. Pure functions over the file's text; follow.ts walks the shell lines they return.
import { makeRecipeLine } from './make-expand.js';
import { tomlString } from './toml-lines.js';
import { yarnForeach } from './package-folders.js';
import { parse as parseYaml } from 'yaml';
import type { ConfigRunner } from './config-commands.js';
import { scanOneLiner } from './one-liners.js';
import type { SimpleCommand } from './types.js';
import { shellQuote } from './words.js';

/** Bounds: a hostile file cannot make the walk large. */
export const TASK_LIMITS = {
  /** Make targets followed through prerequisites, per call. */
  maxTargets: 32,
  /** Recipe lines and scripts returned for one command. */
  maxLines: 256,
} as const;

/** How a program runs a project's tasks (its declaration's `tasks`). */
export type TaskRunner =
  | 'npm-scripts'
  | 'makefile'
  | 'justfile'
  | 'taskfile'
  | 'rakefile'
  | 'procfile'
  | 'tox'
  | 'pre-commit'
  | 'systemd'
  | 'deno'
  | 'poe'
  | 'act'
  | ConfigRunner;

/** One shell line a task runs, and where it came from (for `via` and explain). */
export interface TaskLine {
  readonly source: string;
  readonly label: string;
}

/**
 * The mapping under a top-level key of a YAML text (a Taskfile's `tasks`, a workflow's `jobs`); undefined when the
 * text is not YAML or the key holds no mapping: a file its program cannot read runs nothing of it (the command stays
 * as written).
 */
function yamlTable(text: string, key: string): Record<string, unknown> | undefined {
  const table = yamlRoot(text)?.[key];
  return table !== null && typeof table === 'object' ? (table as Record<string, unknown>) : undefined;
}

/** A YAML text's top-level mapping; undefined when it is not YAML or not a mapping. */
export function yamlRoot(text: string): Record<string, unknown> | undefined {
  let doc: unknown;
  try {
    doc = parseYaml(text, { maxAliasCount: 16 });
  } catch (e) {
    // Not swallowed: only the parser's own errors mean "not YAML".
    if (!(e instanceof Error)) throw e;
    return undefined;
  }
  return doc !== null && typeof doc === 'object' && !Array.isArray(doc) ? (doc as Record<string, unknown>) : undefined;
}

/** The script names npm runs for `npm <word>` without `run`. */
const NPM_SHORTHANDS: Readonly<Record<string, string>> = {
  test: 'test',
  t: 'test',
  tst: 'test',
  start: 'start',
  stop: 'stop',
  restart: 'restart',
};

/** The package.json script a package-manager command runs, when it runs one: `npm run X`, `npm test`, `pnpm X`,
 * `yarn X`, `bun run X`. `scripts` says whether a name is a script (pnpm/yarn run a script before a binary). */
export function scriptName(command: SimpleCommand, isScript: (name: string) => boolean): string | undefined {
  const [first, second] = command.positionals;
  if (first === undefined) return undefined;
  if (first === 'run' || first === 'run-script' || first === 'rum' || first === 'urn') return second;
  // `yarn workspaces foreach -A run release`: each workspace's release.
  if (command.program === 'yarn' && first === 'workspaces') return yarnForeach(command);
  if (command.program === 'npm') return NPM_SHORTHANDS[first];
  if (command.program === 'bun') return undefined;
  // pnpm X / yarn X: the script X when package.json has one (else their own command or a binary).
  return isScript(first) ? first : undefined;
}

/**
 * The lines `npm run NAME -- ARGS` runs from a package.json text: pre-, the script (with the arguments after `--`
 * appended, quoted), post- (npm runs both; pnpm and yarn 2+ do not, the stricter reading keeps them). Undefined when
 * the text is not JSON or has no such script.
 */
export function packageScripts(
  text: string,
  name: string,
  args: readonly string[],
  /** The text is only what the session put into the team's package.json: the script itself may be the team's (not
   * known), while the `pre`/`post` script the session added still runs with it. */
  partial = false,
): { lines: TaskLine[] } | { error: string } | undefined {
  let scripts: unknown;
  try {
    scripts = (JSON.parse(text) as { scripts?: unknown } | null)?.scripts;
  } catch (e) {
    // Not swallowed: the caller reports the run as opaque with this reason (the parser's own words differ between
    // Node, Bun and browsers, so they are not part of it).
    if (!(e instanceof SyntaxError)) throw e;
    return { error: 'package.json is not JSON' };
  }
  if (scripts === null || typeof scripts !== 'object') return undefined;
  const table = scripts as Record<string, unknown>;
  const main = Object.hasOwn(table, name) ? table[name] : undefined;
  const pre = Object.hasOwn(table, `pre${name}`) ? table[`pre${name}`] : undefined;
  const post = Object.hasOwn(table, `post${name}`) ? table[`post${name}`] : undefined;
  if (typeof main !== 'string' && !(partial && (typeof pre === 'string' || typeof post === 'string'))) return undefined;
  const lines: TaskLine[] = [];
  if (typeof pre === 'string') lines.push({ source: pre, label: `pre${name}` });
  const extra = args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
  if (typeof main === 'string') lines.push({ source: extra === '' ? main : `${main} ${extra}`, label: name });
  if (typeof post === 'string') lines.push({ source: post, label: `post${name}` });
  return { lines };
}

/** The lifecycle scripts a package manager runs by itself (round 13): `npm install`/`ci`/`rebuild` (and pnpm's and
 * yarn's install, with no package named) the install and prepare ones, `npm version` the version ones, `npm pack`
 * the pack ones, in npm's order. Undefined when the command runs none. */
export function lifecycleScripts(command: SimpleCommand): readonly string[] | undefined {
  const [first, ...rest] = command.positionals;
  const install = ['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare'];
  if (first === undefined) return command.program === 'yarn' ? install : undefined;
  if (['install', 'i', 'ci', 'clean-install', 'rebuild', 'rb'].includes(first))
    return rest.length === 0 ? install : undefined;
  if (command.program === 'npm' && first === 'version') return ['preversion', 'version', 'postversion'];
  if (command.program === 'npm' && first === 'pack') return ['prepack', 'prepare', 'postpack'];
  return undefined;
}

/** The lines of those lifecycle scripts a package.json text holds, in order; undefined when it is not JSON. */
export function lifecycleLines(text: string, names: readonly string[]): TaskLine[] | undefined {
  let scripts: unknown;
  try {
    scripts = (JSON.parse(text) as { scripts?: unknown } | null)?.scripts;
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    return undefined;
  }
  if (scripts === null || typeof scripts !== 'object') return [];
  const table = scripts as Record<string, unknown>;
  const lines: TaskLine[] = [];
  for (const name of names) {
    const line = Object.hasOwn(table, name) ? table[name] : undefined;
    if (typeof line === 'string') lines.push({ source: line, label: name });
  }
  return lines;
}

/** The arguments given to the script: the words after `--` (npm passes only those; pnpm and yarn all the rest). */
export function scriptArgs(command: SimpleCommand, name: string): readonly string[] {
  const argv = command.argv;
  const dash = argv.indexOf('--');
  if (dash !== -1) return argv.slice(dash + 1);
  if (command.program === 'npm') return [];
  const at = argv.indexOf(name);
  return at === -1 ? [] : argv.slice(at + 1);
}

interface Rule {
  readonly prerequisites: string[];
  readonly recipe: string[];
}

const RULE = /^([^\s:#=][^:=#]*?)\s*::?(?!=)\s*(.*)$/;
const VARIABLE = /^([A-Za-z_][A-Za-z0-9_.-]*)\s*(?::{1,3}=|\?=|\+=|=)\s*(.*)$/;

/**
 * A Makefile's explicit rules and simple variables (`X = v`, `X := v`, `X ?= v` when X is not set yet; `+=` appends).
 * `overrides` are the command line's `VAR=value` words: they win over the file's own assignments, as in make (short
 * of an `override` directive, which is kept).
 */
function readMakefile(
  text: string,
  overrides: ReadonlyMap<string, string> = new Map(),
): {
  rules: Map<string, Rule>;
  first: string | undefined;
  vars: Map<string, string>;
  parsing: string[];
} {
  const rules = new Map<string, Rule>();
  const vars = new Map<string, string>(overrides);
  // `X := $(shell CMD)` runs CMD as make reads the file, whatever the target (and under -n too): round 13.
  const parsing: string[] = [];
  let first: string | undefined;
  let current: Rule[] = [];
  const lines = text.replace(/\\\r?\n[ \t]*/g, ' ').split(/\r?\n/);
  for (const line of lines) {
    if (line.startsWith('\t')) {
      for (const r of current) r.recipe.push(line.slice(1));
      continue;
    }
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const v = VARIABLE.exec(line);
    if (v !== null) {
      const [, name, value] = v as unknown as [string, string, string];
      if (/^[^=]*:{1,3}=/.test(line) || line.includes('!=')) parsing.push(...shellCalls(value));
      const conditional = /^[^=]*\?=/.test(line);
      const overridden = overrides.has(name) && !/^\s*override\s/.test(line);
      if (!overridden && !(conditional && vars.has(name)))
        vars.set(name, line.includes('+=') ? `${vars.get(name) ?? ''} ${value}`.trim() : value.trim());
      current = [];
      continue;
    }
    const m = RULE.exec(line);
    if (m === null) {
      current = [];
      continue;
    }
    const [, targets, rest] = m as unknown as [string, string, string];
    const [prereqs, inline] = rest.split(';', 2) as [string, string | undefined];
    current = [];
    for (const target of targets.trim().split(/\s+/)) {
      if (target.startsWith('.') && !target.includes('/')) continue; // .PHONY and other special targets
      if (first === undefined && !target.includes('%')) first = target;
      const rule: Rule = rules.get(target) ?? { prerequisites: [], recipe: [] };
      rule.prerequisites.push(
        ...prereqs
          .trim()
          .split(/\s+/)
          .filter((p) => p !== ''),
      );
      if (inline !== undefined && inline.trim() !== '') rule.recipe.push(inline.trim());
      rules.set(target, rule);
      current.push(rule);
    }
  }
  return { rules, first, vars, parsing };
}

/** The CMD of each `$(shell CMD)` in a make value, its own parentheses balanced however deep (`$( (a && (b)) )`). */
export function shellCalls(value: string): string[] {
  const out: string[] = [];
  for (const m of value.matchAll(/\$\(shell[ \t]+/g)) {
    const from = (m.index as number) + m[0].length;
    let depth = 1;
    let i = from;
    for (; i < value.length && depth > 0; i++) {
      if (value[i] === '(') depth++;
      else if (value[i] === ')') depth--;
    }
    if (depth === 0) out.push(value.slice(from, i - 1));
  }
  return out;
}

/**
 * The recipe lines `make [TARGET…]` runs from a Makefile text: each target's prerequisites first (depth first, each
 * once), then its own recipe; no target: the first one. Make runs each line in a shell of its own.
 */
export function makeRecipes(
  text: string,
  targets: readonly string[],
  overrides: ReadonlyMap<string, string> = new Map(),
  cwd?: string,
): TaskLine[] {
  const { rules, first, vars, parsing } = readMakefile(text, overrides);
  const wanted = targets.length > 0 ? targets : first === undefined ? [] : [first];
  const out: TaskLine[] = parsing.map((line) => ({ source: makeRecipeLine(line, { vars, cwd }), label: '$(shell)' }));
  const seen = new Set<string>();
  const visit = (target: string, depth: number): void => {
    if (seen.has(target) || seen.size >= TASK_LIMITS.maxTargets || depth > 16) return;
    seen.add(target);
    const rule = rules.get(target);
    if (rule === undefined) return;
    for (const p of rule.prerequisites) visit(p, depth + 1);
    pushRecipe(out, target, rule, vars, cwd);
  };
  for (const t of wanted) visit(t, 0);
  return out;
}

/** A rule's recipe lines as the shell gets them, after `out`'s, up to the bound of lines. */
function pushRecipe(
  out: TaskLine[],
  target: string,
  rule: Rule,
  vars: Map<string, string>,
  cwd: string | undefined,
): void {
  for (const line of rule.recipe) {
    if (out.length >= TASK_LIMITS.maxLines) return;
    const source = makeRecipeLine(line, { vars, cwd, target, prerequisites: rule.prerequisites });
    if (source.trim() !== '') out.push({ source, label: target });
  }
}

/** Every recipe line of a Makefile text, of every target (and its `$(shell …)` calls), with make's prefixes off and
 * its simple variables put in: what any `make TARGET` the human runs can run. */
export function allRecipes(text: string): TaskLine[] {
  const { rules, vars, parsing } = readMakefile(text);
  const out: TaskLine[] = parsing.map((line) => ({ source: makeRecipeLine(line, { vars }), label: '$(shell)' }));
  for (const [target, rule] of rules) pushRecipe(out, target, rule, vars, undefined);
  return out;
}

const INCLUDE = /^[ ]*(?:-|s)?include[ \t]+(.+)$/gm;

/**
 * A makefile's `include a.mk`, `-include`, `sinclude` lines replaced by the text of the files they name, when `read`
 * knows it (the session wrote them; names relative to make's directory, as make reads them), nested a few deep. A
 * file not known is left out: its rules stay unknown, as the team's own makefiles are.
 */
export function withIncludes(text: string, read: (name: string) => string | undefined, depth = 0): string {
  if (depth > 3 || !text.includes('include')) return text;
  return text.replace(INCLUDE, (_line, names: string) =>
    names
      .trim()
      .split(/\s+/)
      .map((name) => {
        const included = /[$*?[]/.test(name) ? undefined : read(name);
        return included === undefined ? '' : withIncludes(included, read, depth + 1);
      })
      .join('\n'),
  );
}

const MAKE_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_.-]*)[:?+]?=(.*)$/s;

/** The targets of a make command: its positionals that are not VAR=value assignments. */
export const makeTargets = (command: SimpleCommand): readonly string[] =>
  command.positionals.filter((p) => !MAKE_ASSIGNMENT.test(p));

/** A make command's `VAR=value` words (`make push BRANCH=feat/x`): they override the makefile's variables. */
export function makeOverrides(command: SimpleCommand): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const p of command.positionals) {
    const m = MAKE_ASSIGNMENT.exec(p);
    if (m !== null) out.set(m[1] as string, m[2] as string);
  }
  return out;
}

/** The makefile make reads: `-f FILE`, else GNUmakefile, makefile, Makefile in its directory (the first one known). */
export function makefileCandidates(command: SimpleCommand): readonly string[] {
  const named = command.globals.find((g) => g.name === '-f' || g.name === '--file' || g.name === '--makefile');
  if (named?.value !== undefined) return [named.value];
  return ['GNUmakefile', 'makefile', 'Makefile'];
}

/** make -n and its spellings print the recipes without running them. */
export const makeDryRun = (command: SimpleCommand): boolean =>
  command.globals.some((g) => g.name === '-n') ||
  command.flags.some((f) => ['-n', '--dry-run', '--just-print', '--recon', '-q', '--question'].includes(f.name));

const JUST_RECIPE = /^@?([A-Za-z_][\w-]*)((?:\s+[+*$]?[A-Za-z_][\w-]*(?:=\S*)?)*)\s*:(?!=)\s*(.*)$/;
const JUST_VARIABLE = /^(?:export\s+)?([A-Za-z_][\w-]*)\s*:=\s*(['"]?)(.*)\2\s*$/;

/**
 * The lines `just [RECIPE [ARGS]]` runs from a justfile text: its dependencies first (each once), then its indented
 * lines; no recipe: the one named default, else the first. `{{var}}` of a simple `var := "v"` is put in; a recipe with
 * parameters gets its arguments as `{{param}}` (in order); a shebang recipe (a script in another language) is not read.
 */
export function justRecipes(
  written: string,
  words: readonly string[],
  /** A file's text beside the justfile (its `import`s and `mod`s), when the call or the session wrote it. */
  read: (path: string) => string | undefined = () => undefined,
  depth = 0,
): TaskLine[] {
  // `mod site` (`mod site 'docs/site.just'`): `just site publish` runs the module's publish (site.just,
  // site/mod.just, site/justfile).
  const mod = words[0] === undefined || depth > 2 ? undefined : justModule(written, words[0], read);
  if (mod !== undefined)
    return justRecipes(mod, words.slice(1), read, depth + 1).map((l) => ({
      source: l.source,
      label: `${words[0]}::${l.label}`,
    }));
  // `import 'just/fonts.just'` (`import?` when it may be missing): its recipes are the justfile's own.
  let text = written;
  for (const m of written.matchAll(/^import\??\s+(['"])([^'"\n]+)\1\s*$/gm)) {
    const imported = depth > 2 ? undefined : read(m[2] as string);
    if (imported !== undefined) text += `\n${imported}`;
  }
  const recipes = new Map<string, { params: string[]; deps: { name: string; args: string[] }[]; lines: string[] }>();
  const vars = new Map<string, string>();
  let first: string | undefined;
  let current: { lines: string[] } | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (/^[ \t]+\S/.test(line)) {
      current?.lines.push(line.trim());
      continue;
    }
    current = undefined;
    if (line.trim() === '' || line.startsWith('#')) continue;
    const v = JUST_VARIABLE.exec(line);
    if (v !== null) {
      vars.set(v[1] as string, v[3] as string);
      continue;
    }
    const m = JUST_RECIPE.exec(line);
    if (m === null) continue;
    const name = m[1] as string;
    const params = (m[2] ?? '')
      .trim()
      .split(/\s+/)
      .filter((p) => p !== '')
      .map((p) => p.replace(/^[+*$]/, '').split('=')[0] as string);
    // Dependencies: `test`, or with arguments `(push "main")`; what follows `&&` runs after (read as before: each once).
    const deps = [
      ...(m[3] ?? '').matchAll(/\(\s*([A-Za-z_][\w-]*)((?:\s+(?:"[^"]*"|'[^']*'|[^\s()]+))*)\s*\)|([A-Za-z_][\w-]*)/g),
    ].map((d) => ({
      name: (d[1] ?? d[3]) as string,
      args: [...(d[2] ?? '').matchAll(/"([^"]*)"|'([^']*)'|([^\s()]+)/g)].map((a) => (a[1] ?? a[2] ?? a[3]) as string),
    }));
    const recipe = { params, deps, lines: [] as string[] };
    recipes.set(name, recipe);
    first ??= name;
    current = recipe;
  }
  const wanted = words[0] ?? (recipes.has('default') ? 'default' : first);
  if (wanted === undefined) return [];
  const out: TaskLine[] = [];
  const seen = new Set<string>();
  const visit = (name: string, args: readonly string[], depth: number): void => {
    if (seen.has(name) || seen.size >= TASK_LIMITS.maxTargets || depth > 16) return;
    seen.add(name);
    const r = recipes.get(name);
    if (r === undefined) return;
    for (const d of r.deps) visit(d.name, d.args, depth + 1);
    const local = new Map(vars);
    r.params.forEach((p, i) => {
      const a = args[i];
      if (a !== undefined) local.set(p, a);
    });
    const put = (line: string): string =>
      line.replace(/\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g, (all, n: string) => local.get(n) ?? all);
    if (r.lines[0]?.startsWith('#!')) {
      // A shebang recipe is a script of its interpreter: a shell's lines are lines; another's body is its inline code.
      const run = shebangLine(r.lines[0], r.lines.slice(1).map(put).join('\n'));
      if (run !== undefined && out.length < TASK_LIMITS.maxLines)
        out.push(...run.map((source) => ({ source, label: name })));
      return;
    }
    for (const line of r.lines) {
      if (out.length >= TASK_LIMITS.maxLines) return;
      const source = put(line.replace(/^[@-]+/, ''));
      if (source !== '') out.push({ source, label: name });
    }
  };
  visit(wanted, words.slice(1), 0);
  return out;
}

/** The text of a justfile's module NAME (`mod NAME` or `mod NAME 'path'`), when the call or the session wrote it. */
function justModule(text: string, name: string, read: (path: string) => string | undefined): string | undefined {
  const m = new RegExp(`^mod\\??\\s+${name.replace(/[^\w-]/g, '')}(?:\\s+(['"])([^'"\\n]+)\\1)?\\s*$`, 'm').exec(text);
  if (m === null) return undefined;
  const paths =
    m[2] !== undefined ? [m[2]] : [`${name}.just`, `${name}/mod.just`, `${name}/justfile`, `${name}/.justfile`];
  for (const p of paths) {
    const t = read(p);
    if (t !== undefined) return t;
  }
  return undefined;
}

/** The interpreter families a shebang recipe's body can be handed to inline, and their code option. */
const INLINE_OPTION: Readonly<Record<string, string>> = {
  python: '-c',
  python3: '-c',
  ruby: '-e',
  perl: '-e',
  node: '-e',
};

/** A shebang recipe's lines as runnable lines: a shell's body line by line, an interpreter's as its inline code. */
function shebangLine(shebang: string, body: string): string[] | undefined {
  const words = shebang.slice(2).trim().split(/\s+/);
  const program = (words[0]?.endsWith('/env') ? words.slice(1).find((w) => !w.startsWith('-')) : words[0])
    ?.split('/')
    .pop();
  if (program === undefined) return undefined;
  if (/^(?:ba|da|z|k)?sh$/.test(program))
    return body.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  const family = program.replace(/[\d.]+$/, '') === 'python' ? 'python' : program;
  const option = INLINE_OPTION[family] ?? INLINE_OPTION[program];
  return option === undefined ? undefined : [`${program} ${option} ${shellQuote(body)}`];
}

/** The justfile just reads: `-f FILE`/`--justfile FILE`, else justfile, Justfile, .justfile in its directory. */
export function justfileCandidates(command: SimpleCommand): readonly string[] {
  const named = [...command.globals, ...command.flags].find((g) => g.name === '-f' || g.name === '--justfile');
  if (named?.value !== undefined) return [named.value];
  return ['justfile', 'Justfile', '.justfile'];
}

/** just -n / --dry-run, --list, --show, --summary, --evaluate run nothing. */
export const justRunsNothing = (command: SimpleCommand): boolean =>
  [...command.globals, ...command.flags].some((f) =>
    [
      '-n',
      '--dry-run',
      '-l',
      '--list',
      '-s',
      '--show',
      '--summary',
      '--evaluate',
      '--dump',
      '--fmt',
      '--help',
      '-h',
    ].includes(f.name),
  );

/**
 * The `"name": "command"` pairs in pieces of a package.json the session knows only in part (an edit of the team's
 * file: `"test": "vitest run && npm publish"`), as a package.json text of those scripts. A pair whose value is not a
 * plain JSON string is left out.
 */
export function packageJsonOfPieces(pieces: readonly string[]): string {
  const scripts: Record<string, string> = {};
  for (const piece of pieces)
    for (const m of piece.matchAll(/"([^"\\\n]+)"\s*:\s*"((?:[^"\\\n]|\\.)*)"/g)) {
      try {
        scripts[m[1] as string] = JSON.parse(`"${m[2] as string}"`) as string;
      } catch (e) {
        // Not swallowed: an escape JSON does not know leaves that one script out, as unknown.
        if (!(e instanceof SyntaxError)) throw e;
      }
    }
  return JSON.stringify({ scripts });
}

/** A Taskfile's task as go-task reads it: `cmds` (strings, `{ cmd }` or `{ task }`), `deps`, or a bare list/string. */
interface GoTask {
  readonly cmds?: unknown;
  readonly deps?: unknown;
}

/**
 * The lines `task [TASK…]` (go-task) runs from a Taskfile text: each task's deps first, then its cmds (`- task: other`
 * runs that task there); no task: the one named default. Variables (`{{.X}}`) are left as written. A text that is not
 * YAML, or a task that is not there, gives nothing.
 */
export function taskfileTasks(text: string, names: readonly string[]): TaskLine[] {
  const tasks = yamlTable(text, 'tasks');
  if (tasks === undefined) return [];
  const all = tasks;
  const out: TaskLine[] = [];
  const seen = new Set<string>();
  const visit = (name: string, depth: number): void => {
    if (seen.has(name) || seen.size >= TASK_LIMITS.maxTargets || depth > 16 || !Object.hasOwn(all, name)) return;
    seen.add(name);
    const t = all[name];
    const task: GoTask = typeof t === 'string' || Array.isArray(t) ? { cmds: t } : ((t ?? {}) as GoTask);
    // A task's `dir:` is the folder its commands run in (`gzip -f *.csv` with dir: data/raw writes data/raw).
    const dir =
      typeof (task as { dir?: unknown }).dir === 'string' ? ((task as { dir: string }).dir as string) : undefined;
    const inDir = (c: string): string => (dir === undefined || dir === '.' ? c : `cd ${shellQuote(dir)} && ${c}`);
    for (const d of Array.isArray(task.deps) ? task.deps : []) {
      const dep = typeof d === 'string' ? d : (d as { task?: unknown } | null)?.task;
      if (typeof dep === 'string') visit(dep, depth + 1);
    }
    const cmds = typeof task.cmds === 'string' ? [task.cmds] : Array.isArray(task.cmds) ? task.cmds : [];
    for (const c of cmds) {
      if (out.length >= TASK_LIMITS.maxLines) return;
      if (typeof c === 'string') out.push({ source: inDir(c), label: name });
      else if (c !== null && typeof c === 'object') {
        const { cmd, task: other } = c as { cmd?: unknown; task?: unknown };
        if (typeof cmd === 'string') out.push({ source: inDir(cmd), label: name });
        else if (typeof other === 'string') visit(other, depth + 1);
      }
    }
  };
  for (const n of names.length > 0 ? names : ['default']) visit(n, 0);
  return out;
}

/** One `includes:` entry of a Taskfile: the included file (or folder) and the folder its tasks run in. */
export interface TaskfileInclude {
  readonly taskfile: string;
  readonly dir: string | undefined;
  /** The `vars:` the include gives the included file's tasks (literal values only). */
  readonly vars?: ReadonlyMap<string, string>;
}

/**
 * A Taskfile's `includes:` (`ops: ./taskfiles/ops.yml`, `ops: { taskfile: ./ops, dir: ./infra }`): `task ops:deploy`
 * runs the included file's deploy. From the whole text, else from a piece an edit put in (the entries' lines without
 * the `includes:` key above them). Bounded like the tasks.
 */
export function taskfileIncludes(text: string): Map<string, TaskfileInclude> {
  const out = new Map<string, TaskfileInclude>();
  const table = yamlTable(text, 'includes');
  if (table !== undefined) {
    for (const [ns, v] of Object.entries(table).slice(0, TASK_LIMITS.maxTargets)) {
      if (typeof v === 'string') out.set(ns, { taskfile: v, dir: undefined });
      else if (v !== null && typeof v === 'object' && typeof (v as { taskfile?: unknown }).taskfile === 'string') {
        const { dir, vars } = v as { dir?: unknown; vars?: unknown };
        const given = new Map<string, string>();
        if (vars !== null && typeof vars === 'object')
          for (const [k, x] of Object.entries(vars as Record<string, unknown>).slice(0, 64))
            if (typeof x === 'string' || typeof x === 'number') given.set(k, String(x));
        out.set(ns, {
          taskfile: (v as { taskfile: string }).taskfile,
          dir: typeof dir === 'string' ? dir : undefined,
          vars: given,
        });
      }
    }
    return out;
  }
  // A piece: `  ops: ./taskfiles/ops.yml`, or `  ops:` with `taskfile:` and `dir:` lines under it.
  let open: { ns: string; indent: number; taskfile?: string; dir?: string } | undefined;
  const close = (): void => {
    if (open?.taskfile !== undefined) out.set(open.ns, { taskfile: open.taskfile, dir: open.dir });
    open = undefined;
  };
  for (const line of text.split('\n').slice(0, 512)) {
    const m = /^(\s*)([\w-]+):\s*(.*?)\s*$/.exec(line);
    if (m === null) continue;
    const indent = (m[1] as string).length;
    const [key, value] = [m[2] as string, (m[3] as string).replace(/^["']|["']$/g, '')];
    if (open !== undefined && indent > open.indent) {
      if (key === 'taskfile') open.taskfile = value;
      else if (key === 'dir') open.dir = value;
      continue;
    }
    close();
    if (key === 'includes' || key === 'tasks' || key === 'version' || out.size >= TASK_LIMITS.maxTargets) continue;
    if (value === '') open = { ns: key, indent };
    else if (/\.ya?ml$|^\.{1,2}\//.test(value)) out.set(key, { taskfile: value, dir: undefined });
  }
  close();
  return out;
}

/** The Taskfile go-task reads: `-t/--taskfile FILE`, else its default names in its directory. */
export function taskfileCandidates(command: SimpleCommand): readonly string[] {
  const named = [...command.globals, ...command.flags].find((g) => g.name === '-t' || g.name === '--taskfile');
  if (named?.value !== undefined) return [named.value];
  return ['Taskfile.yml', 'taskfile.yml', 'Taskfile.yaml', 'taskfile.yaml', 'Taskfile.dist.yml', 'taskfile.dist.yml'];
}

/** task -n/--dry, --list, --summary, --init run nothing. */
export const taskRunsNothing = (command: SimpleCommand): boolean =>
  [...command.globals, ...command.flags].some((f) =>
    ['-n', '--dry', '-l', '--list', '-a', '--list-all', '--summary', '-i', '--init', '--help', '-h'].includes(f.name),
  );

/** `task :name do … end`, `task name: [:deps] do`, `task 'name' => :dep do` in a Rakefile. */
// (`file "spec/x_spec.rb" do`, `multitask`: tasks too; a task with no `do` has only its prerequisites, `task default:
// [:spec, :sync]`: round 52)
const RAKE_TASK =
  /^(\s*)(task|file|multitask)\s*\(?\s*(?::(\w+)|["']([^"'\s]+)["']|(\w+):)\s*(?:=>\s*)?(\[[^\]]*\]|%[iwIW][[(][^\])]*[\])]|:\w+|["'][^"'\s]+["'])?(.*)$/;

interface RakeTask {
  deps: string[];
  body: string[];
  /** A file task's block parameter and the file it makes (`file "x" do |t| File.write(t.name, …)`). */
  made?: { readonly name: string; readonly file: string };
}

/** The tasks `require 'bundler/gem_tasks'` defines (bundler.io, "gem_tasks"): release builds, tags, pushes the
 * commits and the tag, and pushes the gem to its server. */
const BUNDLER_GEM_TASKS: Readonly<Record<string, { deps: string[]; lines: string[] }>> = {
  build: { deps: [], lines: ['gem build *.gemspec'] },
  install: { deps: ['build'], lines: ['gem install pkg/*.gem'] },
  release: { deps: ['build'], lines: ['git push', 'git push --tags', 'gem push pkg/*.gem'] },
};

/** `namespace :db do`, `namespace "db" do`: the tasks inside are `db:NAME`. */
const RAKE_NAMESPACE = /^(\s*)namespace\s*\(?\s*(?::(\w+)|["'](\w[\w-]*)["'])\s*\)?\s*do\b/;

/**
 * The shell lines `rake [TASK…]` runs from a Rakefile text (or a `.rake` file of rakelib/ or Rails' lib/tasks/): each
 * task's prerequisites first, then the commands its body runs (`sh "…"`, `system "…"`, backticks: the Ruby one-liner
 * table). No task: default. Only tasks defined with a `do … end` block are read; a task inside `namespace :git do`
 * is `git:NAME`, and its prerequisites are looked up in its namespace first, as rake does.
 */
export function rakeTasks(text: string, names: readonly string[]): TaskLine[] {
  const tasks = new Map<string, RakeTask>();
  let current: RakeTask | undefined;
  let indent = '';
  const spaces: { name: string; indent: string }[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (current !== undefined) {
      if (line.trim() === 'end' && line.slice(0, line.indexOf('end')) === indent) current = undefined;
      else current.body.push(line);
      continue;
    }
    if (line.trim() === 'end' && line.slice(0, line.indexOf('end')) === spaces.at(-1)?.indent) {
      spaces.pop();
      continue;
    }
    const ns = RAKE_NAMESPACE.exec(line);
    if (ns !== null) {
      if (spaces.length < 16) spaces.push({ name: (ns[2] ?? ns[3]) as string, indent: ns[1] as string });
      continue;
    }
    const m = RAKE_TASK.exec(line);
    if (m === null) continue;
    const prefix = spaces.map((n) => `${n.name}:`).join('');
    const own = (m[3] ?? m[4] ?? m[5]) as string;
    const name = `${prefix}${own}`;
    const list = m[6] ?? '';
    const deps = list.startsWith('%')
      ? list
          .slice(3, -1)
          .split(/\s+/)
          .filter((d) => d !== '')
      : [...list.matchAll(/:(\w+)|["']([^"'\s]+)["']/g)].map((d) => (d[1] ?? d[2]) as string);
    // a task named again adds prerequisites (`task spec: "spec/x_spec.rb"` after RSpec's own spec task)
    const task: RakeTask = tasks.get(name) ?? { deps: [], body: [] };
    task.deps.push(...deps.flatMap((d) => (prefix === '' ? [d] : [`${prefix}${d}`, d])));
    tasks.set(name, task);
    // a body follows only with `do` (or `{`); without, the task is its prerequisites
    const opens = /\b(?:do|\{)\s*(?:\|\s*(\w+)[^|]*\|)?\s*(?:#.*)?$/.exec(m[7] ?? '');
    if (opens === null) continue;
    // a file task's block gets the task: `t.name` is the file it makes
    if (m[2] === 'file' && opens[1] !== undefined) task.made = { name: opens[1], file: own };
    current = task;
    indent = m[1] as string;
  }
  const out: TaskLine[] = [];
  const seen = new Set<string>();
  const gemTasks = /^\s*require\s*\(?\s*["']bundler\/gem_tasks["']/m.test(text);
  const visit = (name: string, depth: number): void => {
    if (seen.has(name) || seen.size >= TASK_LIMITS.maxTargets || depth > 16) return;
    seen.add(name);
    const t = tasks.get(name);
    const gem = gemTasks && !tasks.has(name) ? BUNDLER_GEM_TASKS[name] : undefined;
    if (gem !== undefined) {
      for (const d of gem.deps) visit(d, depth + 1);
      for (const l of gem.lines)
        if (out.length < TASK_LIMITS.maxLines) out.push({ source: l, label: `${name} (bundler)` });
      return;
    }
    if (t === undefined) return;
    for (const d of t.deps) visit(d, depth + 1);
    const joined = t.body.join('\n');
    const body =
      t.made === undefined
        ? joined
        : joined.replace(new RegExp(`\\b${t.made.name}\\.name\\b`, 'g'), JSON.stringify(t.made.file));
    const found = scanOneLiner('ruby', body);
    for (const f of found)
      if (f.kind === 'shell' && out.length < TASK_LIMITS.maxLines) out.push({ source: f.command, label: name });
    // A body that writes or deletes files itself (`File.write(File.expand_path('~/.gem/credentials'), …)`) is run as
    // the Ruby it is, so its file effects are judged too.
    if (found.some((f) => f.kind !== 'shell') && out.length < TASK_LIMITS.maxLines)
      out.push({ source: `ruby -e ${shellQuote(body)}`, label: name });
  };
  for (const n of names.length > 0 ? names : ['default']) visit(n, 0);
  return out;
}

/** The Rakefile rake reads: `-f FILE`, else its default names in its directory. */
export function rakefileCandidates(command: SimpleCommand): readonly string[] {
  const named = [...command.globals, ...command.flags].find((g) => g.name === '-f' || g.name === '--rakefile');
  if (named?.value !== undefined) return [named.value];
  return ['rakefile', 'Rakefile', 'rakefile.rb', 'Rakefile.rb'];
}

/** rake -n/--dry-run, -T/--tasks, -P, -W, --describe run nothing. */
export const rakeRunsNothing = (command: SimpleCommand): boolean =>
  [...command.globals, ...command.flags].some((f) =>
    [
      '-n',
      '--dry-run',
      '-T',
      '--tasks',
      '-D',
      '--describe',
      '-P',
      '--prereqs',
      '-W',
      '--where',
      '-h',
      '--help',
    ].includes(f.name),
  );

/** `honcho start [NAME…]`, `foreman start [NAME]`: the Procfile's `name: command` lines (every one without a name). */
export function procfileCommands(text: string, names: readonly string[]): TaskLine[] {
  const out: TaskLine[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^([A-Za-z0-9_-]+):\s*(.+)$/.exec(line);
    if (m === null || (names.length > 0 && !names.includes(m[1] as string))) continue;
    if (out.length < TASK_LIMITS.maxLines) out.push({ source: m[2] as string, label: m[1] as string });
  }
  return out;
}

/** deno.json's `tasks`: NAME → its command line (a string, or `{ "command": … }`). */
export function denoTasks(text: string, names: readonly string[]): TaskLine[] {
  let tasks: unknown;
  try {
    tasks = (JSON.parse(text) as { tasks?: unknown } | null)?.tasks;
  } catch {
    return []; // not JSON (deno.jsonc with comments): the tasks stay unread, as a file the session did not write
  }
  if (tasks === null || typeof tasks !== 'object') return [];
  const out: TaskLine[] = [];
  for (const name of names) {
    const t = (tasks as Record<string, unknown>)[name];
    const line = typeof t === 'string' ? t : (t as { command?: unknown } | undefined)?.command;
    if (typeof line === 'string') out.push({ source: line, label: name });
  }
  return out;
}

/** `deno task NAME`: the task it runs; undefined for any other deno command. */
export function denoTaskNames(command: SimpleCommand): readonly string[] | undefined {
  const [sub, name] = command.positionals;
  return sub === 'task' && name !== undefined ? [name] : undefined;
}

/** The process names `honcho start|run` and `foreman start` get; undefined when they run none of the Procfile's. */
export function procfileNames(command: SimpleCommand): readonly string[] | undefined {
  const [sub, ...rest] = command.positionals;
  return sub === 'start' ? rest : undefined;
}

/** The tox.ini (or setup.cfg's [tox:…]) environments' `commands`: `tox -e NAME`, `tox run -e NAME`; every
 * environment without one. Continuation lines (indented) are commands of their own, as tox reads them. */
export function toxCommands(text: string, envs: readonly string[]): TaskLine[] {
  const out: TaskLine[] = [];
  let section: string | undefined;
  let inCommands = false;
  for (const line of text.split(/\r?\n/)) {
    const head = /^\[(?:testenv|tox:testenv):?([^\]]*)\]\s*$/.exec(line);
    if (head !== null) {
      section = head[1] === '' ? 'testenv' : head[1];
      inCommands = false;
      continue;
    }
    if (/^\[/.test(line)) {
      section = undefined;
      continue;
    }
    if (section === undefined) continue;
    const key = /^([A-Za-z_]+)\s*=\s*(.*)$/.exec(line);
    if (key !== null) {
      inCommands = key[1] === 'commands' || key[1] === 'commands_pre' || key[1] === 'commands_post';
      if (inCommands && (key[2] as string).trim() !== '') add(section, key[2] as string);
      continue;
    }
    if (inCommands && /^\s+\S/.test(line)) add(section, line.trim());
    else if (line.trim() !== '') inCommands = false;
  }
  return out;
  function add(env: string, command: string): void {
    const wanted = envs.length === 0 || envs.includes(env) || (env === 'testenv' && envs.length > 0);
    if (wanted && out.length < TASK_LIMITS.maxLines) out.push({ source: command.replace(/^-\s*/, ''), label: env });
  }
}

/** The environments `tox [run] -e A,B` names (none: all). */
export function toxEnvs(command: SimpleCommand): readonly string[] {
  const e = command.flags.find((f) => f.name === '-e' || f.name === '--env')?.value;
  return e === undefined ? [] : e.split(',');
}

/** `pre-commit run [HOOK] …`: the `entry` of the config's local hooks in a shell-run language (system, script),
 * with their `args`; every hook without a HOOK id. */
export function preCommitHooks(text: string, ids: readonly string[]): TaskLine[] {
  let config: unknown;
  try {
    config = parseYaml(text);
  } catch (error) {
    void error; // not YAML: nothing known to run
    return [];
  }
  const out: TaskLine[] = [];
  const repos = (config as { repos?: unknown } | null)?.repos;
  if (!Array.isArray(repos)) return out;
  for (const repo of repos) {
    const hooks = (repo as { hooks?: unknown } | null)?.hooks;
    if (!Array.isArray(hooks) || (repo as { repo?: unknown }).repo !== 'local') continue;
    for (const hook of hooks) {
      const h = hook as { id?: unknown; entry?: unknown; language?: unknown; args?: unknown };
      if (typeof h.entry !== 'string' || typeof h.id !== 'string') continue;
      if (ids.length > 0 && !ids.includes(h.id)) continue;
      if (
        h.language !== 'system' &&
        h.language !== 'script' &&
        h.language !== 'unsupported' &&
        h.language !== 'unsupported_script'
      )
        continue;
      const args = Array.isArray(h.args) ? h.args.filter((a): a is string => typeof a === 'string') : [];
      if (out.length < TASK_LIMITS.maxLines) out.push({ source: [h.entry, ...args].join(' '), label: h.id });
    }
  }
  return out;
}

/** The hook ids `pre-commit run [--hook-stage S] [HOOK]` runs (none: all); undefined for its other commands. */
export function preCommitIds(command: SimpleCommand): readonly string[] | undefined {
  const [sub, ...rest] = command.positionals;
  return sub === 'run' ? rest : undefined;
}

/** A TOML string value as written on one line (toml-lines.ts): "basic" or 'literal'; else undefined. */
const tomlText = (raw: string): string | undefined => tomlString(raw.trim())?.value;

/**
 * pyproject.toml's `[tool.poe.tasks]` (poethepoet): NAME = "cmd", NAME = { cmd = "…" } or { shell = "…" }, and a
 * `[tool.poe.tasks.NAME]` table with `cmd` or `shell`. Only one-line values are read (a multi-line string or a
 * sequence of tasks stays unread, as a file the session did not write). A cmd task runs without a shell, but its
 * words are split as a shell splits them, so one shell line stands for both.
 */
export function poeTasks(text: string, names: readonly string[]): TaskLine[] {
  const out: TaskLine[] = [];
  let table: string | undefined; // undefined: not a poe table; '': [tool.poe.tasks]; else the task's own table
  for (const line of text.split(/\r?\n/)) {
    const head = /^\s*\[\s*tool\.poe\.tasks(?:\.([\w-]+|"[^"]+"))?\s*\]\s*$/.exec(line);
    if (head !== null) {
      table = head[1] === undefined ? '' : head[1].replace(/^"|"$/g, '');
      continue;
    }
    if (/^\s*\[/.test(line)) {
      table = undefined;
      continue;
    }
    if (table === undefined || out.length >= TASK_LIMITS.maxLines) continue;
    const kv = /^\s*([\w-]+|"[^"]+")\s*=\s*(.*)$/.exec(line);
    if (kv === null) continue;
    const key = (kv[1] as string).replace(/^"|"$/g, '');
    const value = kv[2] as string;
    if (table === '') {
      if (!names.includes(key)) continue;
      const plain = tomlText(value);
      const inline = /^\{.*\b(?:cmd|shell)\s*=\s*(.*)$/.exec(value);
      const source = plain ?? (inline === null ? undefined : tomlText(inline[1] as string));
      if (source !== undefined) out.push({ source, label: key });
    } else if (names.includes(table) && (key === 'cmd' || key === 'shell')) {
      const source = tomlText(value);
      if (source !== undefined) out.push({ source, label: table });
    }
  }
  return out;
}

/** `poe [-C DIR] NAME …`: the task it runs; undefined when it names none (poe --help, poe with no task). */
export function poeTaskNames(command: SimpleCommand): readonly string[] | undefined {
  const [name] = command.positionals;
  const dry = [...command.globals, ...command.flags].some((f) => ['-d', '--dry-run', '-h', '--help'].includes(f.name));
  return name === undefined || dry ? undefined : [name];
}

/** The shells a workflow step's `shell:` may name that run its `run:` text as a shell script (act's default is bash). */
const STEP_SHELLS = new Set(['bash', 'sh', 'bash -e {0}', 'bash --noprofile --norc -eo pipefail {0}', 'sh -e {0}']);

/**
 * The shell lines `act [-j JOB]` runs from a GitHub Actions workflow text: each job's steps' `run:` scripts, in order,
 * those of the job named (`-j`) or of every job (act runs the jobs the event triggers; the stricter reading takes all).
 * A step in another language (`shell: python`) or an action (`uses:`) is not read. A text that is not YAML gives
 * nothing.
 */
export function workflowSteps(text: string, jobs: readonly string[]): TaskLine[] {
  const all = yamlTable(text, 'jobs');
  if (all === undefined) return [];
  const out: TaskLine[] = [];
  // A job named runs after the jobs it `needs` (act runs them first, as GitHub does): those first, each once.
  const order: string[] = [];
  const visit = (name: string, depth: number): void => {
    if (order.includes(name) || depth > 16 || order.length >= TASK_LIMITS.maxTargets || !Object.hasOwn(all, name))
      return;
    const needs = (all[name] as { needs?: unknown } | null)?.needs;
    for (const n of typeof needs === 'string' ? [needs] : Array.isArray(needs) ? needs : [])
      if (typeof n === 'string') visit(n, depth + 1);
    order.push(name);
  };
  for (const name of jobs.length > 0 ? jobs : Object.keys(all)) visit(name, 0);
  for (const name of order) {
    const job = all[name] as { steps?: unknown; defaults?: { run?: { shell?: unknown } } } | null;
    const jobShell = job?.defaults?.run?.shell;
    for (const step of Array.isArray(job?.steps) ? job.steps : []) {
      if (out.length >= TASK_LIMITS.maxLines) return out;
      const { run, shell } = (step ?? {}) as { run?: unknown; shell?: unknown };
      const used = shell ?? jobShell;
      if (typeof run === 'string' && (used === undefined || (typeof used === 'string' && STEP_SHELLS.has(used))))
        out.push({ source: run, label: name });
    }
  }
  return out;
}

/** The option values act takes, whichever way they are written (`-j x`, `--job=x`). */
const actValues = (command: SimpleCommand, names: readonly string[]): string[] =>
  [...command.globals, ...command.flags].flatMap((f) =>
    names.includes(f.name) && f.value !== undefined ? [f.value] : [],
  );

/** The job act runs: `-j/--job NAME` (none: every job). */
export const actJobs = (command: SimpleCommand): readonly string[] => actValues(command, ['-j', '--job']);

/** Where act reads workflows: `-W/--workflows` (a file or a folder), else .github/workflows. */
export const actWorkflows = (command: SimpleCommand): string =>
  actValues(command, ['-W', '--workflows'])[0] ?? '.github/workflows';

/** act -l/--list, -g/--graph, -n/--dryrun (no container, no step runs), --help, --version run nothing. */
export const actRunsNothing = (command: SimpleCommand): boolean =>
  [...command.globals, ...command.flags].some((f) =>
    ['-l', '--list', '-g', '--graph', '-n', '--dryrun', '-h', '--help', '--version', '--bug-report'].includes(f.name),
  );
