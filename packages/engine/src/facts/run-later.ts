// Code that the human's own tools run later without being asked to run project code: the install-time scripts of
// package.json (`npm install` runs them), the .npmrc keys that name a program or code npm runs (`script-shell`,
// `node-options`), a .pth line that python executes at every start, sitecustomize.py, a .pnpmfile.cjs, a lock file's
// package from a local tarball or git, a dotenv variable that runs code, a direnv `.envrc.local`. The project
// is the agent's to write, so these files are written in honest work too; what is held is the *entry* that runs,
// compared with what the file held before: takes a path (and texts); gives the kind, the entries, the ones added.
// The rule of which entry runs is here, once, for every host; reading, undoing and reporting are the host's.
// A Makefile's targets and a conftest.py the human asks to run (`make`, `pytest`): they are the project's code like
// any other, so only a line that reaches outside the project when it runs is an entry (run-later-reach.ts).
// Not here on purpose: `scripts.test` and the rest of the project's code, which are the agent's to write.
import { makefileReach, pythonReach, shellReaches } from './run-later-reach.js';

/** What kind of run-later file a path is. */
export type RunLaterKind =
  /** package.json: its install-time scripts. */
  | 'npm-manifest'
  /** .npmrc: keys that name what npm runs. */
  | 'npm-config'
  /** .yarnrc.yml / .yarnrc: the keys that name code yarn runs for every command (`yarnPath`, `plugins`). */
  | 'yarn-config'
  /** a .pth file in a site-packages folder: its `import` lines. */
  | 'python-pth'
  /** a file that is code as a whole and runs by itself: sitecustomize.py, usercustomize.py, .pnpmfile.cjs. */
  | 'code-file'
  /**
   * binding.gyp: npm's implicit install script (`node-gyp rebuild` when package.json names no install script) runs
   * its command expansions (`<!(…)`) and actions at the human's `npm install`.
   */
  | 'gyp-file'
  /**
   * package-lock.json / npm-shrinkwrap.json: a package whose `resolved` is a local tarball or a git source (npm ci
   * installs it from there, running its install scripts, whatever version range package.json names).
   */
  | 'npm-lock'
  /**
   * A dotenv file (`.env`, `.env.local`) direnv's `dotenv` loads into the human's shell: the variables that make a
   * program run code (NODE_OPTIONS, BASH_ENV, LD_PRELOAD, PYTHONSTARTUP, git's GIT_CONFIG_*, opencode's own, …).
   */
  | 'env-file'
  /**
   * A Makefile (make runs its targets at the human's `make`): the recipe lines that change something outside the
   * project (the human's home, a path outside the work tree, .opencode/, .git/).
   */
  | 'makefile'
  /** A conftest.py (pytest imports it at the human's `pytest`): the calls that change something outside the project. */
  | 'pytest-conftest';

/** One entry that runs: a script name and its command, a config key and its value, a .pth line, a whole file. */
export interface RunLaterEntry {
  readonly key: string;
  readonly value: string;
}

/**
 * package.json scripts npm (and pnpm, yarn 1, bun) run by themselves at `npm install` / `npm ci` in the project:
 * the install hooks and `prepare`. `test`, `build`, `start` run only when the human asks for them by name.
 */
export const INSTALL_SCRIPTS: readonly string[] = [
  'preinstall',
  'install',
  'postinstall',
  'prepublish',
  'preprepare',
  'prepare',
  'postprepare',
  'dependencies',
];

/**
 * .npmrc keys whose value is a program, a shell, options for node or a file of code that npm runs (or a config
 * file that can name them): a registry, a token, `save-exact` are data.
 */
export const NPMRC_RUNS: readonly string[] = [
  'script-shell',
  'shell',
  'node-options',
  'git',
  'editor',
  'browser',
  'viewer',
  'init-module',
  'onload-script',
  'userconfig',
  'globalconfig',
  'node-gyp',
  'npm-path',
];

/**
 * Environment variables whose value makes a program the human runs load or run code, or read another configuration
 * (a name ending in `*` is a prefix): what a dotenv file may not gain. PORT, DATABASE_URL, LOG_LEVEL are data.
 */
export const ENV_RUNS: readonly string[] = [
  'NODE_OPTIONS',
  'NODE_PATH',
  'BASH_ENV',
  'ENV',
  'PROMPT_COMMAND',
  'PS0',
  'PS1',
  'LD_*',
  'DYLD_*',
  'PYTHONSTARTUP',
  'PYTHONPATH',
  'PYTHONHOME',
  'PYTHONUSERBASE',
  'PERL5OPT',
  'PERL5LIB',
  'RUBYOPT',
  'RUBYLIB',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS',
  'GIT_*',
  'SSH_ASKPASS',
  'EDITOR',
  'VISUAL',
  'PAGER',
  'MANPAGER',
  'BROWSER',
  'SHELL',
  'PATH',
  'HOME',
  'ZDOTDIR',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'npm_config_*',
  'NPM_CONFIG_*',
  'OPENCODE_*',
  'BUN_*',
];

/** .yarnrc.yml (yarn 2+) and .yarnrc (yarn 1) keys whose value is code yarn loads and runs. */
export const YARNRC_RUNS: readonly string[] = ['yarnPath', 'plugins', 'yarn-path'];

/** The start files vim and neovim read from the folder they start in when the human's `exrc` is set. */
export const EDITOR_RC: readonly string[] = ['.exrc', '.vimrc', '.gvimrc', '.nvimrc', '.nvim.lua'];

const base = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** The kind of run-later file at this path (absolute or relative, `/` separators), or undefined. */
export function runLaterKind(path: string): RunLaterKind | undefined {
  const name = base(path);
  const inModules = /(^|\/)node_modules\//.test(path);
  if (name === 'package.json') return inModules ? undefined : 'npm-manifest';
  if (name === '.npmrc') return 'npm-config';
  if (name === '.yarnrc.yml' || name === '.yarnrc') return 'yarn-config';
  if (name === '.pnpmfile.cjs' || name === '.pnpmfile.mjs') return inModules ? undefined : 'code-file';
  if (name === 'binding.gyp') return inModules ? undefined : 'gyp-file';
  if (name === 'package-lock.json' || name === 'npm-shrinkwrap.json') return inModules ? undefined : 'npm-lock';
  if (name === '.env' || name === '.env.local') return 'env-file';
  // A personal override an allowed `.envrc` sources (`source_env_if_exists .envrc.local`): direnv asks no allow for it.
  if (name === '.envrc.local') return 'code-file';
  // A folder's own vim start file: vim with `exrc` set sources it from the folder it starts in (route 13.34).
  if (EDITOR_RC.includes(name)) return inModules ? undefined : 'code-file';
  if (name === 'Makefile' || name === 'makefile' || name === 'GNUmakefile') return inModules ? undefined : 'makefile';
  if (name === 'conftest.py' && !/(^|\/)(site|dist)-packages\//.test(path))
    return inModules ? undefined : 'pytest-conftest';
  if (/(^|\/)(site|dist)-packages\/[^/]+$/.test(path)) {
    if (name.endsWith('.pth')) return 'python-pth';
    if (name === 'sitecustomize.py' || name === 'usercustomize.py') return 'code-file';
  }
  return undefined;
}

/**
 * The entries that run in a file of this kind; text that cannot be read as its format has none (npm refuses it).
 * `folder`: the file's folder relative to the project root ('' at the root), where its code runs (what reaches
 * outside the project is judged from there).
 */
export function runLaterEntries(kind: RunLaterKind, text: string | undefined, folder = ''): RunLaterEntry[] {
  if (text === undefined) return [];
  switch (kind) {
    case 'npm-manifest':
      return manifestScripts(text, folder);
    case 'npm-config':
      return npmrcEntries(text);
    case 'yarn-config':
      return yarnBlocks(text).filter((b): b is RunLaterEntry => b.key !== undefined && YARNRC_RUNS.includes(b.key));
    case 'python-pth':
      // site.py executes a line that starts with "import" and a space or a tab; every other line is a path.
      return text
        .split(/\r?\n/)
        .filter((l) => /^import[ \t]/.test(l))
        .map((value) => ({ key: 'import', value }));
    case 'code-file':
      return text.trim() === '' ? [] : [{ key: 'file', value: text }];
    case 'gyp-file':
      return [...text.matchAll(GYP_RUNS)].map((m) => ({ key: m[1] === undefined ? 'action' : 'command', value: m[0] }));
    case 'npm-lock':
      return lockSources(text);
    case 'env-file':
      return envEntries(text);
    case 'makefile':
      return makefileReach(text, folder);
    case 'pytest-conftest':
      return pythonReach(text, folder);
  }
}

/** A lock entry's `resolved` npm installs from this machine or git (a registry URL, a workspace folder are not). */
const LOCK_SOURCE =
  /^(?:file:)?[^:#\s]*\.(?:tgz|tar\.gz|tar)$|^git(?:\+[a-z]+)?:\/\/|^(?:github|gitlab|bitbucket|gist):/i;

function lockSources(text: string): RunLaterEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // npm refuses a lock file it cannot parse (npm ci stops); the caller compares again once it parses.
    return [];
  }
  const out: RunLaterEntry[] = [];
  // lockfileVersion 2 and 3 list every package under `packages`; version 1 nests them under `dependencies`.
  const walk = (deps: unknown, prefix: string, depth: number) => {
    if (!deps || typeof deps !== 'object' || depth > 20) return;
    for (const [name, entry] of Object.entries(deps as Record<string, unknown>)) {
      if (!entry || typeof entry !== 'object') continue;
      const { resolved, version, dependencies } = entry as Record<string, unknown>;
      for (const spec of [resolved, version])
        if (typeof spec === 'string' && LOCK_SOURCE.test(spec.trim()))
          out.push({ key: `${prefix}${name}`, value: spec });
      walk(dependencies, `${prefix}${name}>`, depth + 1);
    }
  };
  walk((data as { packages?: unknown } | null)?.packages, '', 20);
  walk((data as { dependencies?: unknown } | null)?.dependencies, '', 0);
  return out;
}

function envEntries(text: string): RunLaterEntry[] {
  const out: RunLaterEntry[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][\w.]*)\s*=(.*)$/.exec(raw);
    if (!m) continue;
    const key = m[1]!;
    if (ENV_RUNS.some((k) => (k.endsWith('*') ? key.startsWith(k.slice(0, -1)) : key === k)))
      out.push({ key, value: m[2]!.trim() });
  }
  return out;
}

/**
 * What gyp runs in a binding.gyp: a command expansion (`<!(cmd)`, `<!@(cmd)`, also `>!`; up to its closing
 * parenthesis on the line) and an action's command list (`'action': [...]`).
 */
const GYP_RUNS = /([<>]!@?)\([^\n]*?\)|['"](action)['"]\s*:\s*\[[^\]]*\]/g;

/** Entries in `after` that `before` did not hold with the same value: what a change added that runs later. */
export function runLaterAdded(
  kind: RunLaterKind,
  before: string | undefined,
  after: string | undefined,
  folder = '',
): RunLaterEntry[] {
  const had = new Set(runLaterEntries(kind, before, folder).map((e) => `${e.key}\0${e.value}`));
  return runLaterEntries(kind, after, folder).filter((e) => !had.has(`${e.key}\0${e.value}`));
}

/** How an entry is named to the agent and the human. */
export function describeRunLater(kind: RunLaterKind, entry: RunLaterEntry): string {
  switch (kind) {
    case 'npm-manifest':
      return entry.key.startsWith(DEPENDENCY_KEY)
        ? `the dependency \`${entry.key.slice(entry.key.indexOf('/') + 1)}\` on \`${entry.value}\` (built from a source on this machine or in git: npm runs its install scripts or \`prepare\` at the human's \`npm install\`)`
        : INSTALL_SCRIPTS.includes(entry.key)
          ? `the \`${entry.key}\` script (npm runs it at the human's \`npm install\`)`
          : `the \`${entry.key}\` script, which changes something outside the project (the human's \`npm run ${entry.key}\` runs it with their rights, outside the sandbox): \`${entry.value}\``;
    case 'npm-config':
      return `the \`${entry.key}\` setting (npm runs what it names in the human's npm commands)`;
    case 'yarn-config':
      return `the \`${entry.key}\` setting (yarn runs the code it names in every yarn command of the human's)`;
    case 'python-pth':
      return 'an `import` line (python runs it at every start)';
    case 'code-file':
      return "its code (python runs it at every start; pnpm, a .pnpmfile, at the human's `pnpm install`)";
    case 'gyp-file':
      return `a ${entry.key === 'command' ? 'command expansion' : 'build action'} (npm runs \`node-gyp rebuild\` at the human's \`npm install\`, which runs it)`;
    case 'npm-lock':
      return `the locked package \`${entry.key}\` from \`${entry.value}\` (npm ci installs it from there and runs its install scripts)`;
    case 'env-file':
      return `the \`${entry.key}\` variable (direnv's \`dotenv\` puts it in the human's shell, where it runs code)`;
    case 'makefile':
      return `a recipe line of \`${entry.key}\` that changes something outside the project (the human's \`make\` runs it with their rights, outside the sandbox): \`${entry.value}\``;
    case 'pytest-conftest':
      return `a call that changes something outside the project (pytest imports conftest.py at the human's \`pytest\`, with their rights, outside the sandbox): \`${entry.value}\``;
  }
}

function manifestScripts(text: string, folder: string): RunLaterEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // npm refuses a package.json it cannot parse, so nothing in it runs; the caller compares again once it parses.
    return [];
  }
  const out: RunLaterEntry[] = [];
  const scripts = (data as { scripts?: unknown } | null)?.scripts;
  if (scripts && typeof scripts === 'object' && !Array.isArray(scripts))
    // The install scripts run by themselves; any other (`test`, `build`) when the human asks for it, so it is held
    // only when it changes something outside the project (their home, a path outside the work tree).
    for (const [key, value] of Object.entries(scripts as Record<string, unknown>))
      if (typeof value === 'string' && (INSTALL_SCRIPTS.includes(key) || shellReaches(value, folder)))
        out.push({ key, value });
  // A dependency built from code on this machine that no diff shows: a local tarball (its install scripts run) or a
  // git source (npm runs its `prepare`). A local folder is read as a package.json of its own (localDependencies).
  for (const field of DEPENDENCY_FIELDS) {
    const deps = (data as Record<string, unknown> | null)?.[field];
    if (!deps || typeof deps !== 'object' || Array.isArray(deps)) continue;
    for (const [name, spec] of Object.entries(deps as Record<string, unknown>))
      if (typeof spec === 'string' && BUILT_SOURCE.test(spec.trim()))
        out.push({ key: `${DEPENDENCY_KEY}${field}/${name}`, value: spec });
  }
  return out;
}

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;
/** The key of a dependency entry: `dependency:<field>/<name>` (a script's key is its name, which has no colon). */
export const DEPENDENCY_KEY = 'dependency:';
/**
 * A dependency spec npm builds from a source rather than a registry's package: a local tarball, or git (a URL, a
 * hosted shorthand `github:o/r`, or the bare `owner/repo` form).
 */
const BUILT_SOURCE =
  /^(?:(?:file:)?(?:\.{0,2}\/)?[^:#\s]*\.(?:tgz|tar\.gz|tar)|git(?:\+[a-z]+)?:\/\/\S+|(?:github|gitlab|bitbucket|gist):\S+|[\w-][\w.-]*\/[\w.-]+(?:#\S*)?)$/i;

function npmrcEntries(text: string): RunLaterEntry[] {
  const out: RunLaterEntry[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const eq = line.indexOf('=');
    // ini: a key alone is `true`.
    const key = (eq < 0 ? line : line.slice(0, eq)).trim().toLowerCase().replace(/\[\]$/, '');
    const value = eq < 0 ? 'true' : line.slice(eq + 1).trim();
    if (NPMRC_RUNS.includes(key)) out.push({ key, value });
  }
  return out;
}

/**
 * A yarnrc as blocks: a line at the left margin with its key (`yarnPath: …`, `yarn-path "…"`), and the lines that
 * continue it (indented, or a `- ` list item under `plugins:`); comments and blank lines are blocks without a key.
 * The blocks joined give the text back unchanged (the host takes an added block out by its text).
 */
export function yarnBlocks(text: string): { key: string | undefined; value: string }[] {
  const out: { key: string | undefined; value: string }[] = [];
  for (const line of text.split(/(?<=\n)/)) {
    const last = out[out.length - 1];
    if (last?.key !== undefined && /^([ \t]+\S|-)/.test(line)) {
      out[out.length - 1] = { key: last.key, value: last.value + line };
      continue;
    }
    const key = /^["']?([A-Za-z][\w-]*)["']?(?:\s*:|\s)/.exec(line)?.[1];
    out.push({ key: line.trimStart().startsWith('#') ? undefined : key, value: line });
  }
  return out;
}

/**
 * The folders of the project's local dependencies (`file:../lib`, `link:./tools`, `./pkg`) in a package.json: npm
 * runs their install scripts at `npm install` too, so their package.json files are run-later files as well.
 */
export function localDependencies(text: string): string[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // Not JSON: npm installs nothing from it.
    return [];
  }
  const out: string[] = [];
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    const deps = (data as Record<string, unknown> | null)?.[field];
    if (!deps || typeof deps !== 'object') continue;
    for (const spec of Object.values(deps as Record<string, unknown>)) {
      if (typeof spec !== 'string') continue;
      const m = /^(?:file:|link:)?(\.{1,2}\/.*|\/.*)$/.exec(spec.trim());
      if (m?.[1] && !/\.(tgz|tar\.gz|tar)$/.test(m[1])) out.push(m[1].replace(/\/+$/, ''));
    }
  }
  return out.slice(0, 100);
}
