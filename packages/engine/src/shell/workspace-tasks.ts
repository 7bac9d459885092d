// Tasks that monorepo and project tools run from files in the project (round 33): `nx run api:rollout` a target of a
// project.json (or a package.json script nx infers a target from), `turbo run release --filter=@x/ui` a script of
// each package selected, `composer run-script fresh` a composer.json script, `mise run sdk:release` a mise.toml task,
// `bin/rails dev:reset` a task of lib/tasks/*.rake, and `git commit`/`git push` the hooks a hook manager's file
// (.pre-commit-config.yaml, lefthook.yml) declares. Read only from the files the call or the session wrote, whole or
// in pieces (an edit of the team's file: what the edit put in, piece-lines.ts); the team's own files are theirs.
import { LEFTHOOK_FILES, lefthookCommands, record } from './config-commands.js';
import { packageName } from './package-folders.js';
import { resolve } from './paths.js';
import { pieceLines } from './piece-lines.js';
import { miseEnvironment, withEnvironment } from './task-environment.js';
import { packageJsonOfPieces, preCommitHooks, rakeTasks, TASK_LIMITS, type TaskLine } from './project-tasks.js';
import { tomlTables, type TomlValue } from './toml-lines.js';
import type { GlobMatch, ShellFile, SimpleCommand } from './types.js';
import { shellQuote } from './words.js';
import type { HooksDeclaration } from './programs/declaration.js';
import { CARGO_MAKE_VALUE_OPTIONS } from './programs/packages.js';
import { GIT } from './programs/vcs.js';

/** The files a walk can read: the call's own, then the session's. */
export interface TaskFiles {
  file(path: string): ShellFile | undefined;
  matching(pattern: string): GlobMatch[];
}

/** One file's lines a command runs, and the folder they run in. */
export interface WorkspaceRun {
  readonly file: string;
  readonly lines: readonly TaskLine[];
  readonly label: string;
  /** False when the file is known only in the pieces the session put into it. */
  readonly whole: boolean;
  readonly folder: string | undefined;
}

/** Bound on the project files one command looks through (a session cannot make each `nx run` read a thousand). */
const MAX_FILES = 32;

const option = (command: SimpleCommand, names: readonly string[]): string[] =>
  [...command.globals, ...command.flags].flatMap((f) =>
    names.includes(f.name) && f.value !== undefined ? [f.value] : [],
  );
const has = (command: SimpleCommand, names: readonly string[]): boolean =>
  [...command.globals, ...command.flags].some((f) => names.includes(f.name));

function json(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch (e) {
    // Not swallowed: only the parser's own error means "not JSON" (the file is then read as pieces, or not at all).
    if (!(e instanceof SyntaxError)) throw e;
    return undefined;
  }
}

/** The files a glob names under the command's folder, node_modules left out, bounded. */
function found(files: TaskFiles, command: SimpleCommand, names: readonly string[]): GlobMatch[] {
  const out: GlobMatch[] = [];
  for (const name of names)
    for (const m of files.matching(resolve(command.cwd, name)))
      if (!m.path.includes('node_modules/') && !out.some((o) => o.path === m.path) && out.length < MAX_FILES)
        out.push(m);
  return out;
}

/** A package's or project's name: the JSON's "name", or the first `"name": "…"` pair of its pieces. */
function nameOf(file: ShellFile): string | undefined {
  if (file.text !== undefined) return packageName(file.text);
  for (const piece of file.pieces) {
    const m = /"name"\s*:\s*"([^"\\\n]+)"/.exec(piece);
    if (m !== null) return m[1];
  }
  return undefined;
}

/** Whether pieces name a key (`"rollout"`, `rollout:`, `[tasks.rollout]`): the task the edit put in. */
const piecesName = (file: ShellFile, key: string): boolean =>
  file.pieces.some((p) => p.includes(`"${key}"`) || p.includes(`${key}:`) || p.includes(`.${key}]`));

/** A package.json script, from the whole text or the `"name": "cmd"` pairs of its pieces. */
function packageScript(file: ShellFile, name: string): string | undefined {
  const text = file.text ?? packageJsonOfPieces(file.pieces);
  const s = record(json(text)?.scripts)?.[name];
  return typeof s === 'string' ? s : undefined;
}

// ---- nx ----

/** nx's own commands: any other first word is a target (`nx build api`, `nx api:build`). */
const NX_COMMANDS = new Set([
  'run-many',
  'affected',
  'graph',
  'dep-graph',
  'init',
  'generate',
  'g',
  'add',
  'migrate',
  'format',
  'format:check',
  'format:write',
  'show',
  'list',
  'report',
  'reset',
  'clear-cache',
  'daemon',
  'watch',
  'release',
  'sync',
  'sync:check',
  'connect',
  'connect-to-nx-cloud',
  'view-logs',
  'exec',
  'repair',
  'import',
  'login',
  'logout',
  'print-affected',
  'affected:graph',
  'mcp',
]);

/** The targets and projects an nx command runs: `run P:T`, `P:T`, `T P`, `run-many|affected -t T… [-p P…]`;
 * projects empty: every project. */
function nxSelection(command: SimpleCommand): { targets: string[]; projects: string[] } | undefined {
  const [first, second] = command.positionals;
  if (first === undefined || has(command, ['--help', '-h', '--dry-run', '--graph'])) return undefined;
  const split = (values: readonly string[]): string[] => values.flatMap((v) => v.split(',')).filter((v) => v !== '');
  if (first === 'run-many' || first === 'affected') {
    // nx's options are not declared to the parser: read `-t a,b`, `--targets=a`, `-p x` from the words.
    const values = (names: readonly string[]): string[] =>
      command.argv.flatMap((w, i) => {
        const eq = w.indexOf('=');
        if (eq > 0 && names.includes(w.slice(0, eq))) return [w.slice(eq + 1)];
        const next = command.argv[i + 1];
        return names.includes(w) && next !== undefined && !next.startsWith('-') ? [next] : [];
      });
    const targets = split([
      ...option(command, ['-t', '--target', '--targets']),
      ...values(['-t', '--target', '--targets']),
    ]);
    const projects = split([...option(command, ['-p', '--projects']), ...values(['-p', '--projects'])]);
    return targets.length === 0 ? undefined : { targets: [...new Set(targets)], projects: [...new Set(projects)] };
  }
  if (NX_COMMANDS.has(first)) return undefined;
  const spec = first === 'run' ? second : first;
  if (spec === undefined) return undefined;
  const parts = spec.split(':');
  if (parts.length >= 2) return { targets: [parts[1] as string], projects: [parts[0] as string] };
  if (first === 'run') return undefined;
  // `nx build api`: target then project.
  return { targets: [first], projects: second === undefined ? [] : [second] };
}

/** The command lines an nx target runs from a project.json text: nx:run-commands' `command`/`commands`, the
 * `command` shorthand; and the folder they run in (options.cwd, from the workspace root). */
function nxTargetLines(
  text: string,
  target: string,
  depth = 0,
): { lines: string[]; cwd: string | undefined } | undefined {
  // A piece of the team's project.json may hold the target without `targets` around it (`"up": { … }`).
  const doc = json(text);
  const t = record(record(doc?.targets)?.[target]) ?? record(doc?.[target]);
  if (t === undefined) return undefined;
  const options = record(t.options) ?? {};
  const lines: string[] = [];
  // `dependsOn`: the project's own targets named run first (`deploy`, `{ "target": "deploy" }`; a `^x` of its
  // dependencies is another project's).
  if (Array.isArray(t.dependsOn) && depth < 4)
    for (const d of t.dependsOn) {
      const dep = typeof d === 'string' ? d : record(d)?.target;
      const projects = record(d)?.projects;
      if (
        typeof dep !== 'string' ||
        dep.startsWith('^') ||
        dep === target ||
        (projects !== undefined && projects !== 'self')
      )
        continue;
      lines.push(...(nxTargetLines(text, dep, depth + 1)?.lines ?? []));
    }
  for (const c of [t.command, options.command]) if (typeof c === 'string') lines.push(c);
  if (Array.isArray(options.commands))
    for (const c of options.commands) {
      const line = typeof c === 'string' ? c : record(c)?.command;
      if (typeof line === 'string') lines.push(line);
    }
  return { lines, cwd: typeof options.cwd === 'string' ? options.cwd : undefined };
}

function nxRuns(command: SimpleCommand, files: TaskFiles): WorkspaceRun[] {
  const picked = nxSelection(command);
  if (picked === undefined) return [];
  const out: WorkspaceRun[] = [];
  const root = command.cwd;
  for (const m of found(files, command, ['project.json', '**/project.json', 'package.json', '**/package.json'])) {
    const name = nameOf(m.file);
    const folder = resolve(m.path, '..');
    const base = folder.slice(folder.lastIndexOf('/') + 1);
    // A project named as its file says, else by its folder; pieces that do not name it may still belong to it.
    const named =
      picked.projects.length === 0 ||
      (name !== undefined
        ? picked.projects.includes(name)
        : picked.projects.includes(base) || m.file.text === undefined);
    if (!named) continue;
    for (const target of picked.targets) {
      const label = `nx run ${name ?? base}:${target}`;
      if (m.path.endsWith('package.json')) {
        // A target nx infers from the project's package.json script, run in its folder.
        const script = packageScript(m.file, target);
        if (script !== undefined)
          out.push({
            file: m.path,
            lines: [{ source: script, label }],
            label,
            whole: m.file.text !== undefined,
            folder,
          });
        continue;
      }
      const whole = m.file.text !== undefined;
      // A piece jq or yq wrote is a JSON object of its own; an edit's piece is the inside of one.
      const read = whole
        ? nxTargetLines(m.file.text as string, target)
        : (m.file.pieces.map((p) => nxTargetLines(p, target)).find((r) => r !== undefined) ??
          nxTargetLines(`{${m.file.pieces.join('\n')}}`, target));
      const lines =
        read !== undefined
          ? read.lines.map((source) => ({ source, label }))
          : !whole && piecesName(m.file, target)
            ? pieceLines(m.path, m.file.pieces, label)
            : [];
      if (lines.length > 0)
        out.push({
          file: m.path,
          lines,
          label,
          whole,
          folder: read?.cwd === undefined ? root : resolve(root, read.cwd),
        });
    }
  }
  return out;
}

// ---- turbo ----

/** turbo's own commands: `turbo T…` (turbo 2) runs the tasks named, `turbo run T…` too. */
const TURBO_COMMANDS = new Set([
  'login',
  'logout',
  'link',
  'unlink',
  'prune',
  'gen',
  'generate',
  'info',
  'ls',
  'query',
  'scan',
  'telemetry',
  'daemon',
  'bin',
  'boundaries',
  'watch',
  'devtools',
]);

/** Whether a `--filter` value selects a package: by name (`@x/ui`, `ui...`, `...^ui`), or by folder (`./packages/x`,
 * `{./packages/x}`). A package whose name is not known is taken as selected by a name filter. */
function filterSelects(filter: string, name: string | undefined, folder: string): boolean {
  const f = filter.replace(/^!/, '').replace(/^\.\.\.\^?|\^?\.\.\.$/g, '');
  const path = /^\{?(\.{1,2}\/[^}]*)\}?$/.exec(f)?.[1];
  if (path !== undefined)
    return (
      resolve('.', path).replace(/\/\*+$/, '') === folder ||
      folder.startsWith(`${resolve('.', path).replace(/\/\*+$/, '')}/`)
    );
  if (name === undefined) return true;
  if (f.includes('*'))
    return new RegExp(`^${f.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(name);
  return f === name;
}

function turboRuns(command: SimpleCommand, files: TaskFiles): WorkspaceRun[] {
  const [first, ...rest] = command.positionals;
  if (
    first === undefined ||
    TURBO_COMMANDS.has(first) ||
    has(command, ['--dry', '--dry-run', '--help', '-h', '--graph'])
  )
    return [];
  const named = first === 'run' ? rest : [first, ...rest];
  const filters = option(command, ['--filter', '-F']);
  const out: WorkspaceRun[] = [];
  // turbo.json's dependsOn: `^X` runs X in the package's dependencies first (which they are is not known here: every
  // package the session wrote stands for them), `X` in the package itself, `//#X` the root package.json's X.
  const graph = turboGraph(files, command);
  const before = (task: string, depth = 0): { own: string[]; deps: string[]; root: string[] } => {
    const acc = { own: [] as string[], deps: [] as string[], root: [] as string[] };
    if (depth > 4) return acc;
    for (const d of graph.get(task) ?? []) {
      if (d.startsWith('^')) acc.deps.push(d.slice(1));
      else if (d.startsWith('//#')) acc.root.push(d.slice(3));
      else {
        const more = before(d, depth + 1);
        acc.own.push(...more.own, d);
        acc.deps.push(...more.deps);
        acc.root.push(...more.root);
      }
    }
    return acc;
  };
  const plan = named.map((t) => ({ task: t, ...before(t) }));
  const tasks = [...new Set(plan.flatMap((p) => [...p.own, p.task]))];
  const upstream = [...new Set(plan.flatMap((p) => p.deps))];
  const rootTasks = [...new Set(plan.flatMap((p) => p.root))];
  const rootJson = files.file(resolve(command.cwd, 'package.json'));
  if (rootJson !== undefined)
    for (const t of rootTasks) {
      const script = packageScript(rootJson, t);
      if (script !== undefined)
        out.push({
          file: resolve(command.cwd, 'package.json'),
          lines: [{ source: script, label: `turbo run //#${t}` }],
          label: `turbo run //#${t}`,
          whole: rootJson.text !== undefined,
          folder: command.cwd,
        });
    }
  if (upstream.length > 0)
    for (const m of found(files, command, ['**/package.json'])) {
      if (m.path === resolve(command.cwd, 'package.json')) continue;
      const lines = upstream.flatMap((t) => {
        const script = packageScript(m.file, t);
        return script === undefined ? [] : [{ source: script, label: `turbo run ^${t}` }];
      });
      if (lines.length > 0)
        out.push({
          file: m.path,
          lines,
          label: `turbo run ^${upstream[0]}`,
          whole: m.file.text !== undefined,
          folder: resolve(m.path, '..'),
        });
    }
  for (const m of found(files, command, ['package.json', '**/package.json'])) {
    const folder = resolve(m.path, '..');
    const name = nameOf(m.file);
    if (filters.length > 0 && !filters.some((f) => !f.startsWith('!') && filterSelects(f, name, folder))) continue;
    const lines: TaskLine[] = [];
    for (const task of tasks) {
      // `turbo run build` of `app#build`: the task of that package only.
      const [pkg, own] = task.includes('#') ? task.split('#') : [undefined, task];
      if (pkg !== undefined && name !== undefined && pkg !== name) continue;
      const script = packageScript(m.file, own as string);
      if (script !== undefined) lines.push({ source: script, label: `turbo run ${own}` });
    }
    if (lines.length > 0)
      out.push({ file: m.path, lines, label: `turbo run ${tasks[0]}`, whole: m.file.text !== undefined, folder });
  }
  return out;
}

/** turbo.json's tasks (turbo 2 `tasks`, turbo 1 `pipeline`) and what each depends on, from the whole file or a piece
 * that is a JSON document of its own. */
function turboGraph(files: TaskFiles, command: SimpleCommand): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const f = files.file(resolve(command.cwd, 'turbo.json'));
  if (f === undefined) return out;
  for (const text of f.text !== undefined ? [f.text] : [...f.pieces, `{${f.pieces.join('\n')}}`]) {
    const doc = json(text);
    const table = record(doc?.tasks) ?? record(doc?.pipeline) ?? (f.text === undefined ? doc : undefined);
    for (const [name, v] of Object.entries(table ?? {}).slice(0, MAX_FILES)) {
      const deps = record(v)?.dependsOn;
      if (Array.isArray(deps))
        out.set(
          name.replace(/^.*#/, ''),
          deps.filter((d): d is string => typeof d === 'string'),
        );
    }
  }
  // An edit's piece is rarely JSON on its own (`"e2e": {\n  "dependsOn": ["^release"],`): the task's key and the
  // dependsOn list after it, read from the text.
  if (f.text === undefined)
    for (const piece of f.pieces)
      for (const m of piece.matchAll(/"([^"\n]+)"\s*:\s*\{[^{}]*?"dependsOn"\s*:\s*\[([^\]]*)\]/g)) {
        const name = (m[1] as string).replace(/^.*#/, '');
        if (!out.has(name))
          out.set(
            name,
            [...(m[2] as string).matchAll(/"([^"\n]+)"/g)].map((d) => d[1] as string),
          );
      }
  return out;
}

// ---- composer ----

/** composer's own commands (and their short forms): any other first word runs the script of that name. */
const COMPOSER_COMMANDS = new Set([
  'about',
  'archive',
  'audit',
  'browse',
  'home',
  'bump',
  'check-platform-reqs',
  'clear-cache',
  'clearcache',
  'cc',
  'config',
  'create-project',
  'depends',
  'why',
  'diagnose',
  'dump-autoload',
  'dumpautoload',
  'exec',
  'fund',
  'global',
  'help',
  'init',
  'install',
  'i',
  'licenses',
  'list',
  'outdated',
  'prohibits',
  'why-not',
  'reinstall',
  'remove',
  'rm',
  'require',
  'r',
  'search',
  'self-update',
  'selfupdate',
  'show',
  'info',
  'status',
  'suggests',
  'update',
  'u',
  'upgrade',
  'validate',
]);

/** A composer script's lines: a string, or a list of them; `@other` runs that script, `@php`/`@composer` those
 * programs, `@putenv` sets a variable (nothing to read). Bounded by depth. */
function composerLines(scripts: Record<string, unknown>, name: string, depth: number): string[] {
  const value = scripts[name];
  const steps =
    typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];
  const out: string[] = [];
  for (const step of steps as string[]) {
    const ref = /^@([\w:.-]+)(.*)$/.exec(step.trim());
    if (ref === null) out.push(step);
    else if (ref[1] === 'php' || ref[1] === 'composer') out.push(`${ref[1]}${ref[2]}`);
    else if (ref[1] !== 'putenv' && depth < 4) out.push(...composerLines(scripts, ref[1] as string, depth + 1));
  }
  return out;
}

function composerRuns(command: SimpleCommand, files: TaskFiles): WorkspaceRun[] {
  const [first, second] = command.positionals;
  if (first === undefined || has(command, ['--list', '-l', '--help', '-h'])) return [];
  const name = first === 'run-script' || first === 'run' ? second : COMPOSER_COMMANDS.has(first) ? undefined : first;
  if (name === undefined) return [];
  const dir = option(command, ['-d', '--working-dir'])[0];
  const path = resolve(command.cwd, dir === undefined ? 'composer.json' : `${dir}/composer.json`);
  const file = files.file(path);
  if (file === undefined) return [];
  const label = `composer run-script ${name}`;
  const folder = dir === undefined ? command.cwd : resolve(command.cwd, dir);
  const scripts = record(json(file.text ?? '')?.scripts);
  if (scripts !== undefined) {
    const lines = composerLines(scripts, name, 0).map((source) => ({ source, label }));
    return lines.length === 0 ? [] : [{ file: path, lines, label, whole: true, folder }];
  }
  if (file.text !== undefined || !piecesName(file, name)) return [];
  // Known in pieces: a piece jq or dasel wrote is a composer.json of its own; else the `"name": …` pairs an edit put
  // in, else its loose lines.
  const own = file.pieces.map((p) => record(json(p)?.scripts)).find((t) => t !== undefined && Object.hasOwn(t, name));
  const paired = own ?? record(json(packageJsonOfPieces(file.pieces))?.scripts) ?? {};
  const lines = (
    Object.hasOwn(paired, name)
      ? composerLines(paired, name, 0).map((source) => ({ source, label }))
      : pieceLines(path, file.pieces, label)
  ).slice(0, TASK_LIMITS.maxLines);
  return lines.length === 0 ? [] : [{ file: path, lines, label, whole: false, folder }];
}

// ---- mise ----

const MISE_FILES = [
  'mise.toml',
  '.mise.toml',
  'mise.local.toml',
  '.mise.local.toml',
  '.config/mise.toml',
  '.config/mise/config.toml',
  'mise/config.toml',
  '.mise/config.toml',
];

/** The lines of a mise task value: `"cmd"`, `["a", "b"]`, or a table's `run`. */
function miseValueLines(value: TomlValue | undefined): string[] {
  if (typeof value === 'string') return [value];
  if (value === undefined) return [];
  if (Array.isArray(value)) return [...(value as readonly string[])];
  return miseValueLines((value as Readonly<Record<string, string | readonly string[]>>).run);
}

/** The lines `mise run NAME` runs from a mise.toml text: `[tasks.NAME] run = …` (after its `depends`), or
 * `[tasks] NAME = …`. */
function miseTaskLines(text: string, name: string, depth = 0): string[] {
  const tables = tomlTables(text, (h) => h === 'tasks' || h.startsWith('tasks.'));
  const own = tables.get(`tasks.${name}`) ?? tables.get(`tasks."${name}"`);
  if (own !== undefined) {
    const depends = own.get('depends');
    const before =
      depth < 4 && depends !== undefined
        ? (typeof depends === 'string' ? [depends] : Array.isArray(depends) ? (depends as string[]) : []).flatMap((d) =>
            miseTaskLines(text, d.split(/\s+/)[0] as string, depth + 1),
          )
        : [];
    return [...before, ...miseValueLines(own.get('run'))];
  }
  return miseValueLines(tables.get('tasks')?.get(name));
}

function miseRuns(command: SimpleCommand, files: TaskFiles): WorkspaceRun[] {
  const p = command.positionals;
  const at = p[0] === 'run' || p[0] === 'r' ? 1 : p[0] === 'tasks' && p[1] === 'run' ? 2 : -1;
  if (at === -1 || has(command, ['--dry-run', '-n', '--help', '-h'])) return [];
  // `mise run a ::: b` runs several; the words after a task are its arguments.
  const names = [p[at], ...p.slice(at + 1).flatMap((w, i, all) => (all[i - 1] === ':::' ? [w] : []))].filter(
    (n): n is string => n !== undefined && n !== ':::',
  );
  const out: WorkspaceRun[] = [];
  for (const m of found(files, command, MISE_FILES)) {
    const whole = m.file.text !== undefined;
    const text = m.file.text ?? m.file.pieces.join('\n');
    const lines: TaskLine[] = [];
    for (const name of names) {
      const label = `mise run ${name}`;
      const read = miseTaskLines(text, name).map((source) => ({ source, label }));
      lines.push(
        ...(read.length > 0 || whole || !piecesName(m.file, name) ? read : pieceLines(m.path, m.file.pieces, label)),
      );
    }
    // The config's [env] (and its `_.file`) is the tasks' environment (task-environment.ts).
    const folder = resolve(m.path, '..');
    const env = miseEnvironment(text, (p) => {
      const f = files.file(resolve(folder, p));
      return f === undefined ? undefined : (f.text ?? (f.pieces.length > 0 ? f.pieces.join('\n') : undefined));
    });
    if (lines.length > 0)
      out.push({
        file: m.path,
        lines: withEnvironment(lines, env),
        label: `mise run ${names[0]}`,
        whole,
        folder: command.cwd,
      });
  }
  return out;
}

// ---- rails ----

/** `rails NAME` of a task the session defined in lib/tasks/*.rake (rails passes unknown commands to rake). */
function railsRuns(command: SimpleCommand, files: TaskFiles): WorkspaceRun[] {
  const name = command.positionals[0];
  if (name === undefined || !name.includes(':') || has(command, ['--help', '-h', '--dry-run', '-n'])) return [];
  const out: WorkspaceRun[] = [];
  for (const m of found(files, command, ['Rakefile', 'lib/tasks/**/*.rake', 'lib/tasks/*.rake'])) {
    const lines = rakeTasks(m.file.text ?? m.file.pieces.join('\n'), [name]);
    if (lines.length > 0)
      out.push({
        file: m.path,
        lines: lines.map((l) => ({ source: l.source, label: `rails ${l.label}` })),
        label: `rails ${name}`,
        whole: m.file.text !== undefined,
        folder: command.cwd,
      });
  }
  return out.slice(0, 1);
}

// ---- hook managers ----

/** The hooks a git subcommand fires and the options that skip them: git's own table (githooks(5)), which a hook
 * manager's config serves as well as `.git/hooks` does. */
const GIT_HOOKS = GIT.hooks as HooksDeclaration;

/** The pre-commit framework's stage a hook runs at (`stages:`; none: the config's default_stages, else pre-commit). */
function preCommitStage(text: string, hook: string): boolean {
  if (hook === 'pre-commit') return true;
  return new RegExp(`stages\\s*:[^\\n]*\\b${hook}\\b`).test(text);
}

function hookManagerRuns(command: SimpleCommand, files: TaskFiles): WorkspaceRun[] {
  if (command.program !== 'git') return [];
  const sub = command.positionals[0];
  const hooks = sub === undefined || !Object.hasOwn(GIT_HOOKS.bySubcommand, sub) ? [] : GIT_HOOKS.bySubcommand[sub];
  if (hooks === undefined || hooks.length === 0) return [];
  // --no-verify skips pre-commit, commit-msg and pre-push; post-commit and prepare-commit-msg still run.
  const live = hooks.filter(
    (h) => !Object.hasOwn(GIT_HOOKS.skippedBy, h) || !has(command, GIT_HOOKS.skippedBy[h] ?? []),
  );
  const out: WorkspaceRun[] = [];
  const config = resolve(command.cwd, '.pre-commit-config.yaml');
  const pc = files.file(config);
  if (pc !== undefined) {
    const text = pc.text ?? pc.pieces.join('\n');
    for (const hook of live) {
      if (!preCommitStage(text, hook)) continue;
      const label = `git ${sub} › pre-commit ${hook}`;
      let lines = preCommitHooks(text, []).map((l) => ({ source: l.source, label: `${label} ${l.label}` }));
      if (lines.length === 0 && pc.text === undefined) lines = pieceLines(config, pc.pieces, label);
      if (lines.length > 0) out.push({ file: config, lines, label, whole: pc.text !== undefined, folder: command.cwd });
    }
  }
  for (const name of LEFTHOOK_FILES) {
    const path = resolve(command.cwd, name);
    const f = files.file(path);
    if (f === undefined) continue;
    const text = f.text ?? f.pieces.join('\n');
    for (const hook of live) {
      const label = `git ${sub} › lefthook ${hook}`;
      let lines = lefthookCommands(text, hook);
      if (lines.length === 0 && f.text === undefined && piecesName(f, hook)) lines = pieceLines(path, f.pieces, label);
      if (lines.length > 0) out.push({ file: path, lines, label, whole: f.text !== undefined, folder: command.cwd });
    }
  }
  return out;
}

// ---- cargo-make ----

const CARGO_MAKE_VALUES = new Set(CARGO_MAKE_VALUE_OPTIONS);

/** `cargo make [OPTIONS] TASK` / `makers TASK`: the task (`-t`/`--task` or the first operand; `default` without one),
 * the makefile named, and whether it only prints (`--print-steps`, `--list-all-steps`, `--help`). */
function cargoMakeCall(command: SimpleCommand): { task: string; makefile: string | undefined } | undefined {
  // `cargo make TASK` and `cargo-make make TASK` name the subcommand; `makers TASK` does not.
  if (command.program !== 'makers' && command.positionals[0] !== 'make') return undefined;
  const words = command.program === 'makers' ? command.argv : command.argv.slice(command.argv.indexOf('make') + 1);
  let task: string | undefined;
  let makefile: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (['--print-steps', '--list-all-steps', '--list-category-steps', '--help', '-h', '--version', '-V'].includes(w))
      return undefined;
    if (w === '-t' || w === '--task') task = words[++i];
    else if (w === '--makefile') makefile = words[++i];
    else if (w.startsWith('--makefile=')) makefile = w.slice('--makefile='.length);
    else if (CARGO_MAKE_VALUES.has(w)) i++;
    else if (w === '--') break;
    else if (!w.startsWith('-') && task === undefined) task = w;
  }
  return { task: task ?? 'default', makefile };
}

/** The lines a cargo-make task runs from a Makefile.toml text: its `dependencies` first, then its `command` with its
 * `args`, its shell `script` (another `script_runner`, such as @rust, is not shell) and the task its `run_task` names. */
function cargoMakeLines(text: string, name: string, depth = 0): string[] {
  const tables = tomlTables(text, (h) => h.startsWith('tasks.'));
  const own = tables.get(`tasks.${name}`) ?? tables.get(`tasks."${name}"`);
  if (own === undefined || depth > 4) return [];
  const list = (v: TomlValue | undefined): string[] =>
    typeof v === 'string' ? [v] : Array.isArray(v) ? [...(v as readonly string[])] : [];
  const out = list(own.get('dependencies')).flatMap((d) => cargoMakeLines(text, d, depth + 1));
  const command = own.get('command');
  if (typeof command === 'string') out.push([command, ...list(own.get('args'))].map((w) => shellQuote(w)).join(' '));
  const runner = own.get('script_runner');
  if (runner === undefined || runner === '@shell')
    out.push(...list(own.get('script')).flatMap((s) => s.split(/\r?\n/)));
  const next = own.get('run_task');
  if (typeof next === 'string') out.push(...cargoMakeLines(text, next, depth + 1));
  return out;
}

/** `cargo make TASK`: the task of the Makefile.toml where it runs (or `--makefile`'s), else — a workspace root, which
 * cargo-make runs the task in for each member — of each member's Makefile.toml the session wrote. */
function cargoMakeRuns(command: SimpleCommand, files: TaskFiles): WorkspaceRun[] {
  const call = cargoMakeCall(command);
  if (call === undefined) return [];
  const own = found(files, command, [call.makefile ?? 'Makefile.toml']);
  const candidates =
    own.length > 0 || call.makefile !== undefined ? own : found(files, command, ['*/**/Makefile.toml']);
  const out: WorkspaceRun[] = [];
  for (const m of candidates) {
    const whole = m.file.text !== undefined;
    const label = `cargo make ${call.task}`;
    const read = cargoMakeLines(m.file.text ?? m.file.pieces.join('\n'), call.task).map((source) => ({
      source,
      label,
    }));
    const lines =
      read.length > 0 || whole || !piecesName(m.file, call.task) ? read : pieceLines(m.path, m.file.pieces, label);
    if (lines.length > 0) out.push({ file: m.path, lines, label, whole, folder: resolve(m.path, '..') });
  }
  return out;
}

/** The runs of a command of these tools, among the files the call or the session wrote; [] for any other. */
export function workspaceRuns(command: SimpleCommand, files: TaskFiles): WorkspaceRun[] {
  if (command.remote !== undefined) return [];
  switch (command.program) {
    case 'nx':
      return nxRuns(command, files);
    case 'turbo':
      return turboRuns(command, files);
    case 'composer':
      return composerRuns(command, files);
    case 'mise':
      return miseRuns(command, files);
    case 'rails':
      return railsRuns(command, files);
    case 'git':
      return hookManagerRuns(command, files);
    case 'cargo':
    case 'cargo-make':
    case 'makers':
      return cargoMakeRuns(command, files);
    default:
      return [];
  }
}
