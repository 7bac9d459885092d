// Self-protection, host side: what the engine's built-in contracts and the OS sandbox must guard in this host. The
// agent must never act as the human (reach opencode's server or CLI, read its password, leave code that opencode, git
// or the human's next shell runs later: git hooks and config, opencode's configuration folders, startup files) nor
// rewrite the rules it is held to (the contract files, the opencode configuration that loads the plugin, the
// plugin's own files). The engine turns these facts into contracts no configuration can switch off
// (CompileOptions.protect) and the sandbox makes the same paths read-only; this module only finds the facts.
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir, userInfo } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProtectOptions } from '@semantic-anchors/engine/enforce';
import { configCandidates, type DiscoveryInput } from './config-source.js';
import { configNamedFiles } from './config-named-files.js';
import { DECISION_LOG_GLOB } from './decision-log-path.js';
import { defaultWritable, sandboxHost } from '../sandbox/policy.js';
import { findRepository, gitFilesFor, nestedRepositoryFiles } from './git-files.js';
import { SubConfigFinder } from './sub-configs.js';
import { npmCacheDir } from '../integrity/code-caches.js';
import { agentPythonCacheEnv } from '../integrity/pycache-watch.js';
import { lstatQuiet } from '../integrity/fs-quiet.js';
import { crypto } from './builtins.js';

/**
 * What the built-in self-protection guards, and the one list the OS sandbox makes read-only (sandbox/policy.ts): the
 * engine's own CompileOptions.protect, every field given (`hostAddresses` is added by the loader, which reads the
 * network interfaces). The engine is bundled, never another version, so its type is used as it is: a fact the engine
 * adds or renames is a compile error here until this module finds it (test/engine-type-drift.test.ts). Paths are
 * absolute; a folder is written `dir/**`; a few entries are globs (`*` in a file name).
 * INVARIANT: every field that names files is consumed by both the engine's built-ins and the sandbox policy, so a
 * path protected by one is protected by the other. A checker that hashes protected files reads every field except
 * `hostState`, whose files change on their own, and `writable`, the opposite of protected: where the agent may write.
 */
export type ProtectFacts = Required<Omit<ProtectOptions, 'hostAddresses'>>;

/** The facts whose files change on their own (the host writes them): the result check must not watch them. */
export const SELF_CHANGING_FACTS: ReadonlySet<keyof ProtectFacts> = new Set<keyof ProtectFacts>(['hostState']);

/** The facts that name places the agent may write, not protected ones: the result check must not watch them. */
export const OPEN_FACTS: ReadonlySet<keyof ProtectFacts> = new Set<keyof ProtectFacts>(['writable']);

/**
 * Variables that let their holder act as the human: on opencode's server (its password), and at the providers and MCP
 * servers opencode logs in to (OPENCODE_AUTH_CONTENT: opencode's auth.json given in the environment, read instead of
 * the file). Emptied in the shell's environment and masked in every tool's result.
 */
export const HOST_SECRET_ENV: readonly string[] = ['OPENCODE_SERVER_PASSWORD', 'OPENCODE_AUTH_CONTENT'];

/**
 * The model providers' API keys opencode reads from its environment (the names its bundled provider list gives,
 * checked in the 1.18.33 binary): the human's credentials at the provider, which opencode was given to call the model
 * — with one, the agent calls any model as the human, on their bill, from a script no rule reads (route 14.06).
 * Emptied in the shell's environment and masked in every tool's result, like HOST_SECRET_ENV; not given to the
 * engine's rules (anchor-protect-host-secret), so a command that sets its own value for a test still runs. A project
 * whose own tests need the human's key gets it under a name of its own (its `.env`), which is then the project's.
 */
export const PROVIDER_KEY_ENV: readonly string[] = [
  'ANTHROPIC_API_KEY',
  'OPENAI_API_KEY',
  'AZURE_API_KEY',
  'GOOGLE_GENERATIVE_AI_API_KEY',
  'GEMINI_API_KEY',
  'OPENROUTER_API_KEY',
  'OPENCODE_API_KEY',
  'GROQ_API_KEY',
  'MISTRAL_API_KEY',
  'XAI_API_KEY',
  'DEEPSEEK_API_KEY',
  'TOGETHER_API_KEY',
  'FIREWORKS_API_KEY',
  'CEREBRAS_API_KEY',
  'PERPLEXITY_API_KEY',
  'COHERE_API_KEY',
  'MOONSHOT_API_KEY',
  'ZHIPU_API_KEY',
  'DEEPINFRA_API_KEY',
];

/** Startup files of the shells a human logs in with, relative to the home folder (a folder ends in /**). */
export const STARTUP_FILES: readonly string[] = [
  '.profile',
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_logout',
  '.bash_aliases',
  '.zshenv',
  '.zprofile',
  '.zshrc',
  '.zlogin',
  '.zlogout',
  '.kshrc',
  '.mkshrc',
  '.cshrc',
  '.tcshrc',
  '.login',
  '.pam_environment',
  '.xprofile',
  '.xsessionrc',
  '.config/fish/**',
  '.config/environment.d/**',
];

/**
 * The project's editor settings folders: VS Code runs a task marked `runOn: folderOpen` when the human opens the
 * folder, and its settings name interpreters and tools it starts (`python.defaultInterpreterPath`); JetBrains IDEs keep
 * run configurations in `.idea/`. The sandbox runtime already keeps the shell out of both (its own list); the file
 * tools, which run outside it, are held to the same (routes 9.15, 9.16).
 */
export const EDITOR_FOLDERS: readonly string[] = ['.vscode', '.idea'];

export interface HostFacts extends DiscoveryInput {
  /** The git worktree opencode found (config files are read from every folder between it and the directory). */
  readonly worktree?: string | undefined;
  /** The host's server address, e.g. 'http://127.0.0.1:4096'. */
  readonly serverUrl?: string | undefined;
  /** The file the plugin runs from (import.meta.url of the bundle). */
  readonly pluginFile?: string | undefined;
  /** More secret variable names from the plugin options. */
  readonly extraSecretEnv?: readonly string[];
  /** Folders of code the plugin runs in opencode's process besides its own (the sandbox runtime's package). */
  readonly runtimeDirs?: readonly string[];
}

/** Every protected path and address for this host; `contractFilesRead` are the files the last load read. */
export function protectFacts(host: HostFacts, contractFilesRead: readonly string[]): ProtectFacts {
  const env = host.env ?? process.env;
  const home = host.home ?? homedir();
  // The project's sub-folders, searched once: their opencode configuration and their repositories.
  const sub = new SubConfigFinder(resolve(host.directory)).find();
  const dirs = opencodeDirs(host, sub.places);
  // Every place a configuration may come from, not only the one read: creating a file at a place tried earlier
  // would change the rules at the next reload just as well as editing the one in use.
  const contractFiles = unique([...configCandidates(host).map((c) => c.path), ...contractFilesRead.filter(isAbsolute)]);
  return {
    contractFiles,
    hostFiles: unique([
      ...opencodeConfigFiles(host, dirs),
      ...pluginFiles(host.pluginFile),
      ...(host.runtimeDirs ?? []).map((d) => join(d, '**')),
    ]),
    hostState: unique([
      join(host.directory, '.opencode', DECISION_LOG_GLOB),
      join(dirs.data, '**'),
      join(dirs.state, '**'),
      join(dirs.cache, '**'),
      ...tempCodeCaches(env).map((d) => join(d, '**')),
      join(goBuildCache(env, home), '**'),
      join(npmCacheIndex(env, home), '**'),
    ]),
    configDirs: dirs.config,
    servers: host.serverUrl ? serverAddresses(host.serverUrl) : [],
    secretEnv: unique([...HOST_SECRET_ENV, ...(host.extraSecretEnv ?? [])]).filter(
      (v) => env[v] !== undefined || HOST_SECRET_ENV.includes(v),
    ),
    gitHooks: true,
    gitFiles: unique([
      ...gitFilesFor(findRepository(host.directory), home, env),
      ...nestedRepositoryFiles(sub.repos, home, env),
    ]),
    startupFiles: [
      ...startupFiles(home, env),
      ...sourcedFiles(startupFiles(home, env), home, env),
      ...virtualenvStartFiles(host.directory, virtualenvHolders(host.directory, home, env)),
      ...EDITOR_FOLDERS.map((d) => join(host.directory, d, '**')),
      ...programFolders(host, home, env).map((d) => join(d, '**')),
    ],
    runLater: true,
    home,
    writable: withRealPaths(defaultWritable(sandboxHost({ ...host, home, env }))),
  };
}

interface OpencodeDirs {
  /** Configuration folders, project ones first. */
  readonly config: string[];
  /** opencode.json[c] files in the project's sub-folders. */
  readonly subFiles: string[];
  readonly data: string;
  readonly state: string;
  readonly cache: string;
}

/** opencode's folders (see v1-host.md, "Loading"): XDG honoured, every .opencode from the directory up. */
function opencodeDirs(host: HostFacts, sub: readonly string[]): OpencodeDirs {
  const env = host.env ?? process.env;
  const home = host.home ?? homedir();
  const xdg = (name: string, fallback: string) => {
    const value = env[name];
    return value && isAbsolute(value) ? value : join(home, fallback);
  };
  const config = foldersUp(host.directory, host.worktree).map((dir) => join(dir, '.opencode'));
  // A sub-folder's `.opencode` is loaded when the human starts opencode there: guarded like the project's own.
  config.push(...sub.filter((p) => basename(p) === '.opencode'));
  config.push(join(xdg('XDG_CONFIG_HOME', '.config'), 'opencode'), join(home, '.opencode'));
  if (env.OPENCODE_CONFIG_DIR && isAbsolute(env.OPENCODE_CONFIG_DIR)) config.push(env.OPENCODE_CONFIG_DIR);
  return {
    config: unique(config),
    subFiles: sub.filter((p) => basename(p) !== '.opencode'),
    data: join(xdg('XDG_DATA_HOME', '.local/share'), 'opencode'),
    state: join(xdg('XDG_STATE_HOME', '.local/state'), 'opencode'),
    cache: join(xdg('XDG_CACHE_HOME', '.cache'), 'opencode'),
  };
}

/** opencode's configuration files and the folders of code it loads, at project and user level. */
function opencodeConfigFiles(host: HostFacts, dirs: OpencodeDirs): string[] {
  const env = host.env ?? process.env;
  const out: string[] = [];
  // opencode reads opencode.json[c] in every folder from the directory up to the worktree.
  for (const dir of foldersUp(host.directory, host.worktree))
    out.push(join(dir, 'opencode.json'), join(dir, 'opencode.jsonc'));
  // A sub-folder's opencode.json[c] that exists (a new one is found and removed by the result check).
  out.push(...dirs.subFiles);
  for (const dir of dirs.config) {
    out.push(
      join(dir, 'opencode.json'),
      join(dir, 'opencode.jsonc'),
      join(dir, 'config.json'),
      join(dir, 'package.json'),
    );
    // Plugins and custom tools run code in opencode's own process at its next start.
    for (const sub of ['plugin', 'plugins', 'tool', 'tools', 'node_modules']) out.push(join(dir, sub, '**'));
  }
  if (env.OPENCODE_CONFIG && isAbsolute(env.OPENCODE_CONFIG)) out.push(env.OPENCODE_CONFIG);
  // npm plugins are installed here and reused without a network check: changed code there loads at the next start.
  out.push(join(dirs.cache, 'packages', '**'));
  // opencode runs on Bun, which keeps the code it transpiled for large modules (a bundled plugin among them) in its
  // runtime transpiler cache and loads it from there at the next start. Bun checks an entry with a hash that anyone
  // can compute again, and the cache is best effort (a read-only one is skipped, tried here): so it is a host file.
  out.push(...bunTranspilerCaches(env, host.home ?? homedir(), dirname(dirs.cache)));
  // What those configurations name by path (a plugin file, a local MCP server's script, a `{file:…}` template):
  // opencode loads or runs it at its next start just as it does the configuration.
  const configs = out.filter((p) => /\.jsonc?$/.test(p));
  out.push(
    ...configNamedFiles(
      configs,
      { directory: host.directory, home: host.home ?? homedir() },
      env.OPENCODE_CONFIG_CONTENT,
    ),
  );
  return out;
}

/** Bun's runtime transpiler cache, where this Bun would keep it (`BUN_RUNTIME_TRANSPILER_CACHE_PATH`, else under
 * `$XDG_CACHE_HOME/bun` when that is set, else under `~/.bun/install/cache`): both named, whichever the host uses. */
function bunTranspilerCaches(
  env: Readonly<Record<string, string | undefined>>,
  home: string,
  xdgCache: string,
): string[] {
  const set = env.BUN_RUNTIME_TRANSPILER_CACHE_PATH;
  const out = [join(xdgCache, 'bun', '@t@', '**'), join(home, '.bun', 'install', 'cache', '@t@', '**')];
  if (set && isAbsolute(set)) out.push(join(set, '**'));
  return out;
}

/**
 * Caches in the human's temp folder from which the human's own tools load code without checking it against its
 * source: tsx's transforms (`<tmp>/tsx-<uid>`: an entry is found by a hash of the source, and its code, rewritten,
 * runs at the human's next `tsx` of the unchanged script — checked with tsx 4.23, route 7.05) and jest's
 * (`<tmp>/jest_<uid in base 36>`, the same design; jest is not installed here, so not run), and Node's compile cache
 * (`<tmp>/node-compile-cache`, or NODE_COMPILE_CACHE: V8 code caches of the modules of every tool that turns it on,
 * tsc 5.7+ among them; Node checks an entry against the source's size and CRC, which its header states, and V8 only
 * the length, so code compiled from a source of the same length runs at the human's next `tsc` — route 9.14), and
 * the human's PYTHONPYCACHEPREFIX (humanPythonCachePrefix). The
 * agent's own tools never use these: inside the sandbox the temp folder is one of its own (the runtime sets TMPDIR),
 * so they are host state — read-only in the sandbox, out of the file tools' reach, not watched (the human's own runs
 * change them). The sandbox makes a missing one first (sandbox/index.ts), so it can be bound.
 */
export function tempCodeCaches(env: Readonly<Record<string, string | undefined>>): string[] {
  const uid = process.getuid?.();
  if (uid === undefined) return [];
  const temps = unique(['/tmp', tmpdir(), ...(env.TMPDIR && isAbsolute(env.TMPDIR) ? [env.TMPDIR] : [])]);
  const set = [env.NODE_COMPILE_CACHE, humanPythonCachePrefix(env)].filter(
    (v): v is string => v !== undefined && isAbsolute(v),
  );
  return unique([
    ...temps.flatMap((dir) => [
      join(dir, `tsx-${uid}`),
      join(dir, `jest_${uid.toString(36)}`),
      join(dir, 'node-compile-cache'),
    ]),
    ...set,
  ]);
}

/**
 * The folder the human's python keeps every compiled module in (PYTHONPYCACHEPREFIX, often under the user cache
 * folder, which the sandbox opens): python loads `<prefix>/<source folder>/<name>.cpython-3x.pyc` in place of any
 * module's source — the standard library's too — when its header names the source's mtime and size, which a hand-made
 * one can copy (route 13.33). The agent's shells compile into a folder of their own (pycache-watch.ts), so the human's
 * is host state. The agent's own folder, should opencode run with it, is not the human's.
 */
function humanPythonCachePrefix(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const set = env.PYTHONPYCACHEPREFIX;
  return set && set !== agentPythonCacheEnv().PYTHONPYCACHEPREFIX ? set : undefined;
}

/**
 * Go's build cache, where the human's go command finds it: GOCACHE, else `go-build` in the user cache folder
 * (XDG_CACHE_HOME, else ~/.cache). Each compile's output is kept under the hash of the compile's inputs, and an entry
 * (`<action>-a`) names the output the next build links: Go checks the output's size, not its bytes, so an entry the
 * agent points at an archive it compiled itself (the same import path, an `init` added) is linked into the human's
 * next `go build`, `go run` or `go test` while the source and the diff stay clean (checked with go 1.19, route 8.01).
 * The agent's shells build with a cache of their own (agentGoCacheEnv), so the human's is host state: read-only in
 * the sandbox, out of the file tools' reach, not watched (the human's own builds change it). A GOCACHE set with
 * `go env -w` (Go's own env file, under ~/.config, which the sandbox does not open) is not read.
 */
export function goBuildCache(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const set = env.GOCACHE;
  if (set && isAbsolute(set)) return set;
  const xdg = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(xdg, 'go-build');
}

/**
 * npm's cache index (`_cacache/index-v5`): it maps a request's URL (a registry's packument, a tarball) to content,
 * and nothing checks it. The content is checked against its hash, but a packument of the human's registry pointed at
 * content of the agent's lists a version of its own, whose tarball it puts in the cache too: the human's next
 * `npm install` or `npx` installs it (route 10.01; a 304 from the registry keeps the cached body). Read-only to the
 * shell and out of the file tools' reach; the agent's npm uses a cache of its own (agentNpmCacheEnv), since npm fails
 * on a read-only index (EROFS when it adds to an entry it has).
 */
export function npmCacheIndex(env: Readonly<Record<string, string | undefined>>, home: string): string {
  return join(npmCacheDir(home, env), '_cacache', 'index-v5');
}

/**
 * The agent's npm cache (npm_config_cache in its shells): its own index, the human's content (linkAgentNpmContent);
 * one per human cache, named by a hash of its path, so two homes on one machine never share one.
 */
export function agentNpmCacheEnv(
  home: string,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const id = crypto().createHash('sha256').update(npmCacheDir(home, env)).digest('hex').slice(0, 12);
  const own = join(tmpdir(), `semantic-anchors-npm-${id}`);
  return { npm_config_cache: own, NPM_CONFIG_CACHE: own };
}

/**
 * Links the agent's npm cache's content folder to the human's: content is checked against its hash whenever npm reads
 * it, so sharing it is safe, and an install from a lock file (`npm ci`, npx of a spec it has) finds it offline as the
 * human's would. What honest work loses: packuments the human's index holds are fetched again (offline, `npm install
 * <name>` without a lock file fails with ENOTCACHED until the agent's own index has it). Checked with npm 11: install,
 * `ci --offline`, npx twice, `cache add`.
 */
export function linkAgentNpmContent(home: string, env: Readonly<Record<string, string | undefined>>): void {
  const content = join(npmCacheDir(home, env), '_cacache', 'content-v2');
  const link = join(agentNpmCacheEnv(home, env).npm_config_cache!, '_cacache', 'content-v2');
  mkdirSync(content, { recursive: true });
  if (lstatQuiet(link) !== 'absent') return;
  mkdirSync(dirname(link), { recursive: true });
  try {
    symlinkSync(content, link);
  } catch (error) {
    // Another shell made it first.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * The agent's shells build Go with a cache of their own in the temp folder, over any GOCACHE the human set: the
 * human's cache (goBuildCache) is read-only to them.
 */
export const agentGoCacheEnv = (): Record<string, string> => ({ GOCACHE: join(tmpdir(), 'semantic-anchors-go-build') });

/**
 * True for a folder of the human's tool caches the sandbox makes first and binds read-only (tempCodeCaches, Go's
 * build cache under its default name, npm's cache index), as `dir/**` or as the folder.
 */
export const isTempCodeCache = (path: string): boolean =>
  /\/(?:tsx-\d+|jest_[0-9a-z]+|go-build|node-compile-cache|_cacache\/index-v5)(?:\/\*\*)?$/.test(path);

/**
 * Folders of programs inside tool homes the sandbox opens whole for their caches (CACHE_DIRS): yarn 1's global bin
 * folder and deno's installed scripts (and deno itself), which their installers put first on the human's PATH in
 * `~/.bashrc` — a `git` there runs whenever the human types `git` (routes 14.10, 14.11).
 */
export const TOOL_BIN_FOLDERS: readonly string[] = ['.yarn/bin', '.deno/bin'];

/**
 * The folders the human's shell finds programs in that lie inside a folder the sandbox opens besides the project:
 * TOOL_BIN_FOLDERS, and every entry of opencode's own PATH (the human's, as their shell set it) strictly inside an
 * opened cache or temp folder (an `npx`-installed tool's `node_modules/.bin`, a tool unpacked into `~/.cache`). The
 * project's own (`.venv/bin`, `node_modules/.bin`: the agent installs there as honest work) and a PATH entry that is
 * an opened folder itself (`/tmp`) are left out.
 */
export function programFolders(
  host: HostFacts,
  home: string,
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const project = resolve(host.directory);
  const worktree = host.worktree && host.worktree !== '/' ? resolve(host.worktree) : project;
  const opened = defaultWritable(sandboxHost({ ...host, home, env })).filter(
    (d) => d !== project && d !== worktree && !inside(d, project) && !inside(d, worktree),
  );
  const fromPath = (env.PATH ?? '')
    .split(':')
    .filter((p) => isAbsolute(p))
    .map((p) => resolve(p))
    .filter((p) => !inside(p, project) && !inside(p, worktree) && p !== project && p !== worktree)
    .filter((p) => !opened.includes(p) && opened.some((d) => inside(p, d)));
  return unique([...TOOL_BIN_FOLDERS.map((d) => join(home, d)), ...fromPath]);
}

const inside = (path: string, dir: string): boolean =>
  path === dir || path.startsWith(dir.endsWith('/') ? dir : `${dir}/`);

/** The startup files of this home, and the ones the environment points zsh and sh at. */
function startupFiles(home: string, env: Readonly<Record<string, string | undefined>>): string[] {
  const out = STARTUP_FILES.map((f) => join(home, f));
  const zdotdir = env.ZDOTDIR && isAbsolute(env.ZDOTDIR) ? env.ZDOTDIR : undefined;
  if (zdotdir) for (const f of ['.zshenv', '.zprofile', '.zshrc', '.zlogin', '.zlogout']) out.push(join(zdotdir, f));
  for (const name of ['BASH_ENV', 'ENV']) {
    const value = env[name];
    if (value && isAbsolute(value)) out.push(value);
  }
  return unique(out);
}

/**
 * The files the human's startup files run by a path that names no other variable than HOME, the XDG folders and
 * zsh's user name (`. "${XDG_CACHE_HOME:-$HOME/.cache}/p10k-instant-prompt-${(%):-%n}.zsh"`, powerlevel10k's instant
 * prompt; a cached `starship init`): they run in the human's next shell as the startup file does, and a cache folder
 * the sandbox opens is where they often are (route 10.08). Run means sourced, a command's program (a cached prompt
 * helper), any path on a line that `eval`s (`eval "$(cat …)"`) and a `for … in` list (`for f in ~/.cache/rc.d/*.sh`:
 * the folder, as `dir/**`) — and, three levels deep, what those files run in turn (a `~/.bash_extras` the rc file
 * sources; routes 12.40–12.43). At most 100, read once at load.
 */
export function sourcedFiles(
  files: readonly string[],
  home: string,
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  // A variable set nowhere but in the startup file itself is left as `$`: that path is not taken.
  const value = (name: string, fallback?: string) =>
    name === 'HOME'
      ? home
      : env[name] && isAbsolute(env[name]!)
        ? env[name]!
        : fallback === undefined
          ? '$'
          : expand(fallback);
  const expand = (p: string): string =>
    p
      .replace(/^~(?=\/)/, home)
      .replaceAll('${(%):-%n}', userInfo().username)
      .replace(/\$\{(\w+):-([^}]*)\}|\$\{(\w+)\}|\$(\w+)/g, (_, a, def, b, c) => value(a ?? b ?? c, def));
  const broad = new Set(['', '/tmp', '/var/tmp', home, join(home, '.cache'), env.XDG_CACHE_HOME ?? '']);
  const BROAD = { test: (dir: string) => broad.has(dir) || !dir.startsWith('/') || dir.split('/').length < 3 };
  const out: string[] = [];
  const seen = new Set(files);
  let level = [...files];
  for (let depth = 0; depth < 3 && level.length > 0; depth++) {
    const next: string[] = [];
    for (const file of level)
      for (const raw of ranPaths(readStartFile(file))) {
        const path = expand(raw);
        if (!isAbsolute(path) || /[$`]/.test(path)) continue;
        // A glob: the folder its first globbed part is in, whole.
        const glob = path.search(/[*?[\]{}]/);
        const entry = glob < 0 ? resolve(path) : `${resolve(path.slice(0, path.lastIndexOf('/', glob)))}/**`;
        // A glob over a whole home, temp or cache folder is not taken: those folders are the honest installs' own.
        if (seen.has(entry) || out.length >= 100 || (glob >= 0 && BROAD.test(entry.slice(0, -3)))) continue;
        seen.add(entry);
        out.push(entry);
        if (glob < 0) next.push(entry);
      }
    level = next;
  }
  return out;
}

function readStartFile(file: string): string {
  try {
    return readFileSync(file, 'utf8').slice(0, 262_144);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EISDIR' && code !== 'ENOTDIR' && code !== 'EACCES') throw error;
    return '';
  }
}

/** A path a shell would expand from HOME or a variable: `~/…`, `$HOME/…`, `${XDG_CACHE_HOME:-$HOME/.cache}/…`. */
const PATH_WORD = String.raw`(?:~\/|\$\{[^}]*\}|\$\w+)(?:\$\{[^}]*\}|\$\w+|[^\s;&|()<>'\x60$])*`;
/** Where a path word runs: in command position, after `source`/`.`, in a `for … in` list. */
const RUN_POSITIONS = [
  new RegExp(String.raw`(?:^|[;&|({]|\b(?:then|do|else|exec|command|source)\s|(?:^|\s)\.\s)\s*(${PATH_WORD})`, 'gm'),
  /\bfor\s+\w+\s+in\s+([^;\n]*)/g,
];

/** The path words a startup file's text runs (sourced, executed, evaluated, looped over), as written. */
function ranPaths(text: string): string[] {
  const out: string[] = [];
  // Sourced by a quoted path, as before (the quotes may hold zsh's `${(%):-%n}`).
  for (const m of text.matchAll(/(?:^|[\s;&|(])(?:source|\.)\s+(?:"([^"]+)"|'([^']+)'|([^"'\s;&|)]+))/gm))
    out.push(m[1] ?? m[2] ?? m[3]!);
  for (const line of text.split('\n')) {
    // Quotes only group: `"${XDG_CACHE_HOME:-$HOME/.cache}"/rc.d/*.sh` is one path.
    const bare = line.replace(/["']/g, '');
    if (/\beval\b/.test(bare)) for (const m of bare.matchAll(new RegExp(PATH_WORD, 'g'))) out.push(m[0]);
    for (const m of bare.matchAll(RUN_POSITIONS[0]!)) out.push(m[1]!);
    for (const m of bare.matchAll(RUN_POSITIONS[1]!))
      for (const w of m[1]!.matchAll(new RegExp(PATH_WORD, 'g'))) out.push(w[0]);
  }
  return out;
}

/** Folders not looked into for virtualenvs: installed JavaScript, git's own, caches, build output. */
const NOT_VENV_PARENTS = new Set(['node_modules', '.git', '.cache', 'dist', 'build', 'target', '.next']);
/** The names a virtualenv one level down usually has (`python -m venv .venv`, `virtualenv venv`). */
const VENV_NAMES = ['.venv', 'venv', 'env', '.env', 'virtualenv', '.virtualenv'];

/**
 * Folders whose every child is a virtualenv a tool made and runs later as the human: tox's and nox's environments in
 * the project (`.tox/py311`: `tox` runs the tests with its python), and poetry's environments of all the human's
 * projects (`~/.cache/pypoetry/virtualenvs/<project>-<hash>-py3.11`, which `poetry run` and `poetry shell` use) — in
 * the user cache folder, which the sandbox leaves open for honest installs. Each is guarded as the project's own
 * `.venv` (start files protected, .pth and bin/ scripts watched; routes 9.06–9.08).
 */
export function virtualenvHolders(
  directory: string,
  home: string,
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const abs = (v: string | undefined) => (v && isAbsolute(v) && v !== '/' ? v : undefined);
  const cache = abs(env.XDG_CACHE_HOME) ?? join(home, '.cache');
  const poetry =
    abs(env.POETRY_VIRTUALENVS_PATH) ?? join(abs(env.POETRY_CACHE_DIR) ?? join(cache, 'pypoetry'), 'virtualenvs');
  return [join(directory, '.tox'), join(directory, '.nox'), poetry];
}

/** At most this many virtualenvs are guarded (the project's first, then the holders' children). */
export const MAX_VIRTUALENVS = 20;

/**
 * The project's virtualenvs — a folder with a pyvenv.cfg at the top of the project or one level down under a usual
 * name (backend/.venv) — and the children of `holders` (virtualenvHolders) that are virtualenvs, at most
 * MAX_VIRTUALENVS; `list` gives a folder's sub-folder names.
 */
export function findVirtualenvs(
  directory: string,
  holders: readonly string[],
  list: (dir: string) => readonly string[] = dirsIn,
  isVenv: (dir: string) => boolean = (dir) => existsSync(join(dir, 'pyvenv.cfg')),
): string[] {
  const venvs: string[] = [];
  for (const top of list(directory).slice(0, 500)) {
    if (NOT_VENV_PARENTS.has(top)) continue;
    const first = join(directory, top);
    if (isVenv(first)) venvs.push(first);
    else for (const name of VENV_NAMES) if (isVenv(join(first, name))) venvs.push(join(first, name));
    if (venvs.length >= MAX_VIRTUALENVS) return venvs.slice(0, MAX_VIRTUALENVS);
  }
  for (const holder of holders)
    for (const name of list(holder).slice(0, 100)) {
      const venv = join(holder, name);
      if (!venvs.includes(venv) && isVenv(venv)) venvs.push(venv);
      if (venvs.length >= MAX_VIRTUALENVS) return venvs;
    }
  return venvs;
}

/**
 * What a virtualenv runs in the human's shell: its activate scripts (sourced by that shell), the interpreters that
 * shell then runs as `python`, `pyvenv.cfg` (whose `home` decides which interpreter and standard library start) and
 * `pip.conf` (pip's configuration for that virtualenv: a `find-links` or index of the agent's would install its code
 * at the human's next `pip install --upgrade`, route 9.03). The virtualenvs are those findVirtualenvs finds, as the
 * run-later watch finds them; their installed packages stay writable (`pip install` is honest work; the .pth files
 * that run at every start are the run-later watch's).
 */
export function virtualenvStartFiles(directory: string, holders: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const venv of findVirtualenvs(directory, holders)) {
    const bin = join(venv, 'bin');
    out.push(join(venv, 'pyvenv.cfg'), join(venv, 'pip.conf'));
    for (const f of ['activate', 'activate.csh', 'activate.fish', 'activate.nu', 'activate.ps1', 'Activate.ps1'])
      out.push(join(bin, f));
    out.push(join(bin, 'python'), join(bin, 'python3'));
    for (const f of dirEntries(bin)) if (/^python3?(\.\d+)?$/.test(f)) out.push(join(bin, f));
  }
  return unique(out);
}

function dirsIn(dir: string): string[] {
  return dirEntries(dir, true);
}

function dirEntries(dir: string, onlyDirs = false): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => !onlyDirs || e.isDirectory())
      .map((e) => e.name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES') return [];
    throw error;
  }
}

/**
 * The plugin's own files: its folder (a drop-in's), or, for a package, what the package ships and what decides what
 * opencode loads from it (the `files` of package.json, and package.json itself). Not the whole folder around dist/:
 * in a source checkout that is the sources and tests, which a developer edits while a suite runs the plugin.
 */
function pluginFiles(pluginFile: string | undefined): string[] {
  if (!pluginFile) return [];
  const file = pluginFile.startsWith('file:') ? fileURLToPath(pluginFile) : pluginFile;
  const dir = dirname(file);
  if (basename(dir) !== 'dist') return [join(dir, '**')];
  const pkg = dirname(dir);
  return [
    ...['dist', 'bin', 'schema'].map((d) => join(pkg, d, '**')),
    ...['package.json', 'README.md', 'LICENSE', 'NOTICE'].map((f) => join(pkg, f)),
  ];
}

/** The server's address in the spellings a caller would use for it. */
function serverAddresses(url: string): string[] {
  try {
    const u = new URL(url);
    const port = u.port || (u.protocol === 'https:' ? '443' : '80');
    return unique([`${u.protocol}//${u.hostname}:${port}`, `http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return [url]; // Not a URL: hand it over as given; the engine takes what port it can from it.
  }
}

function foldersUp(directory: string, worktree: string | undefined): string[] {
  const out = [resolve(directory)];
  const stop = worktree && worktree !== '/' ? resolve(worktree) : undefined;
  let dir = out[0]!;
  while (stop !== undefined && dir !== stop && dir.startsWith(`${stop}/`)) {
    dir = dirname(dir);
    out.push(dir);
  }
  return out;
}

/** Each folder as named and, when it is a link or under one, where it really is (a file tool may give either). */
function withRealPaths(folders: readonly string[]): string[] {
  return unique(
    folders.flatMap((f) => {
      try {
        return [f, realpathSync(f)];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR')
          return [f]; // Not there: no other name for it.
        throw error;
      }
    }),
  );
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];
