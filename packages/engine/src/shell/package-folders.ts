// Which package a package manager's script run reads (issue 17, round 30): takes the command, returns the packages
// its options select (npm's --prefix/-C and --workspace/-w, pnpm's --filter), by folder or by package name. A folder
// option before the command (`npm --prefix a`, `pnpm -C a`, `yarn --cwd a`) already moved the command (normalise.ts).
// The same selectors place what a manager runs inside one workspace package (round 47): `pnpm --filter @shop/release
// exec bash scripts/sync.sh`, `npm exec -w packages/api -- ./deploy.sh` and `yarn workspace @shop/web run ship` run in
// the selected package's folder, so `scripts/sync.sh` there is packages/release/scripts/sync.sh.
import { runnableText } from './call-files.js';
import { hasGlob } from './glob-match.js';
import { normaliseCommand } from './normalise.js';
import { programName, resolve } from './paths.js';
import type { Flag, GlobMatch, SimpleCommand } from './types.js';
import type { ShellWord } from './words.js';

/**
 * One package a run selects: the package.json in `folder`, else (or only, without a folder) the one the session wrote
 * under `under` whose "name" is `name`. npm takes a workspace's name or its path in the same option.
 */
export interface PackageSelector {
  readonly folder?: string;
  readonly name?: string;
  readonly under?: string;
  /** Every workspace package under this folder (`npm run x --workspaces`, `pnpm -r run x`, `yarn workspaces foreach
   * run x`): each package.json the session wrote there, the root's own left out. */
  readonly every?: string;
}

/** The values of the options named, in order (an option given with no value selects nothing). */
const values = (flags: readonly Flag[], names: readonly string[]): string[] =>
  flags.flatMap((f) => (names.includes(f.name) && f.value !== undefined && f.value !== '' ? [f.value] : []));

/**
 * The packages whose package.json the run reads. Undefined when no option selects one: the package.json where the
 * command runs. Empty when options select packages the engine cannot name (a glob, an exclusion, a dependency graph):
 * nothing is read then, since the script npm or pnpm would run is not the one in the folder the command stands in.
 */
export function packageSelectors(command: SimpleCommand): readonly PackageSelector[] | undefined {
  if (command.program === 'npm') return npmSelectors(command);
  if (command.program === 'pnpm') return pnpmSelectors(command);
  // `yarn workspaces foreach … run X` (the wrapper hands `yarn run X` on, and yarn's run the script name: via it):
  // every workspace's X.
  if (
    (command.program === 'yarn' && yarnForeach(command) !== undefined) ||
    command.via.some((v) => v.startsWith('yarn workspaces foreach'))
  )
    return [{ every: command.cwd ?? '.' }];
  return undefined;
}

/** `yarn workspaces foreach [options] [run] NAME`: the script each workspace runs (yarn 2+). */
export function yarnForeach(command: SimpleCommand): string | undefined {
  const [a, b, ...rest] = command.positionals;
  if (a !== 'workspaces' || b !== 'foreach') return undefined;
  return rest[0] === 'run' ? rest[1] : rest[0];
}

const has = (command: SimpleCommand, names: readonly string[]): boolean =>
  [...command.globals, ...command.flags].some((f) => names.includes(f.name));

/** npm's root: --prefix after the command moves it (the last one wins). */
const npmRoot = (command: SimpleCommand): { root: string | undefined; prefix: boolean } => {
  const prefix = values(command.flags, ['--prefix', '-C']).pop();
  return { root: prefix === undefined ? command.cwd : resolve(command.cwd, prefix), prefix: prefix !== undefined };
};

/** npm: each --workspace is a folder under the root or a package name (a scoped name is only a name). `--workspaces`
 * (every workspace) is left to the root's package.json; --prefix alone selects the package.json at the root. */
function npmSelectors(command: SimpleCommand): readonly PackageSelector[] | undefined {
  const selected = workspaceSelectors(command);
  if (selected !== undefined) return selected;
  const { root, prefix } = npmRoot(command);
  if (has(command, ['--workspaces', '--ws', '-ws'])) return [{ every: root ?? '.' }];
  return prefix ? [{ folder: root }] : undefined;
}

/** pnpm: its filters (workspaceSelectors), else with -r every package under where it runs. */
function pnpmSelectors(command: SimpleCommand): readonly PackageSelector[] | undefined {
  const selected = workspaceSelectors(command);
  if (selected !== undefined) return selected;
  return has(command, ['-r', '--recursive']) ? [{ every: command.cwd ?? '.' }] : undefined;
}

/**
 * The packages a manager's workspace options select: npm's -w/--workspace, pnpm's --filter/-F, `yarn workspace NAME`.
 * Undefined when it has none (a run or an exec stays where the manager stands).
 */
export function workspaceSelectors(command: SimpleCommand): readonly PackageSelector[] | undefined {
  const options = [...command.globals, ...command.flags];
  if (command.program === 'npm') {
    const workspaces = values(options, ['-w', '--workspace']);
    if (workspaces.length === 0) return undefined;
    const { root } = npmRoot(command);
    return workspaces.flatMap((w): PackageSelector[] => {
      if (hasGlob(w)) return [];
      if (w.startsWith('@')) return [{ name: w, under: root }];
      return [{ folder: resolve(root, w.replace(/\/+$/, '')), name: w, under: root }];
    });
  }
  if (command.program === 'pnpm') {
    const filters = values(options, ['--filter', '-F', '--filter-prod']);
    return filters.length === 0 ? undefined : filters.flatMap((f) => pnpmFilter(f, command.cwd));
  }
  // `yarn workspace NAME …` (after yarn's own flags: `yarn --cwd workspace exec x` names a folder, read as --cwd's).
  const [sub, name] = command.positionals;
  if (command.program === 'yarn' && sub === 'workspace' && name !== undefined && !name.startsWith('-'))
    return [{ name, under: command.cwd }];
  return undefined;
}

/** pnpm: a --filter/-F that names one package — a path (`./packages/ui`, `{packages/ui}`) or an exact name. One with a
 * glob, an exclusion (`!x`) or a graph selector (`x...`, `...^x`, `[origin/main]`) selects packages not known here. */
function pnpmFilter(f: string, cwd: string | undefined): PackageSelector[] {
  // A folder glob (`./packages/**`): every package under its fixed part.
  const folderGlob = /^\{?(\.{1,2}\/[^*{}]*?)\/?\*+\}?$/.exec(f)?.[1];
  if (folderGlob !== undefined) return [{ every: resolve(cwd, folderGlob) }];
  if (hasGlob(f) || /^!|\.\.\.|\^|\[/.test(f)) return [];
  const braced = /^\{(.+)\}$/.exec(f)?.[1];
  if (braced !== undefined) return [{ folder: resolve(cwd, braced) }];
  if (f === '.' || f.startsWith('./') || f.startsWith('../') || f.startsWith('/')) return [{ folder: resolve(cwd, f) }];
  return [{ name: f, under: cwd }];
}

/** The package's "name" in a package.json text; undefined when it is not JSON or has none. */
export function packageName(text: string): string | undefined {
  try {
    const name = (JSON.parse(text) as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? name : undefined;
  } catch (e) {
    // Not JSON (a file the session is still writing): it names no package; anything else is a bug, not swallowed.
    if (!(e instanceof SyntaxError)) throw e;
    return undefined;
  }
}

/** The session's files a glob names (the walk's view: the call's own, then the session's). */
export interface SessionFiles {
  matching(pattern: string): GlobMatch[];
}

const bareName = (name: string): string => name.replace(/^@[^/]+\//, '');

/**
 * The package.json files under `under` of the package named `name`: by its "name" (pnpm also selects a scoped package
 * by its name without the scope: `--filter web` of @acme/web). One known only in the pieces an edit put in names no
 * package: its folder's name stands for it (`--filter web` of apps/web, the common layout). node_modules is not a
 * workspace. A package of the team's that the session did not write is not known here.
 */
export function packagesNamed(name: string, under: string | undefined, files: SessionFiles): GlobMatch[] {
  const bare = bareName(name);
  return files.matching(resolve(under, '**/package.json')).filter((m) => {
    if (m.path.includes('node_modules/')) return false;
    const text = runnableText(m.file);
    if (text === undefined) return false;
    const found = packageName(text);
    if (found !== undefined) return found === name || (name === bare && bareName(found) === bare);
    return m.file.text === undefined && resolve(m.path, '..').endsWith(`/${bare}`);
  });
}

/** The one folder under `under` named like the package (packages/release for @shop/release: the layout pnpm, npm and
 * yarn workspaces are written in) that holds files the session wrote; undefined when there is none or several. */
function folderNamedLike(name: string, under: string | undefined, files: SessionFiles): string | undefined {
  const bare = bareName(name);
  if (!/^[\w.-]+$/.test(bare)) return undefined;
  const folders = new Set<string>();
  for (const m of files.matching(resolve(under, `**/${bare}/**`))) {
    if (m.path.includes('node_modules/')) continue;
    const at = m.path.indexOf(`/${bare}/`);
    const start = m.path.startsWith(`${bare}/`) ? bare : at === -1 ? undefined : m.path.slice(0, at + bare.length + 1);
    if (start !== undefined) folders.add(start);
  }
  const [only, ...more] = folders;
  return only !== undefined && more.length === 0 ? only : undefined;
}

/**
 * The folder one selector places a command in: the package.json the call or the session wrote with that name, else
 * the folder the selector names, else (a name alone) the one folder named like it where the session wrote files.
 * Undefined for every package of a folder, or a package not known.
 */
export function selectedFolder(s: PackageSelector, files: SessionFiles): string | undefined {
  if (s.every !== undefined) return undefined;
  const named = s.name === undefined ? undefined : packagesNamed(s.name, s.under, files)[0];
  if (named !== undefined) return resolve(named.path, '..');
  if (s.folder !== undefined) return s.folder;
  return s.name === undefined ? undefined : folderNamedLike(s.name, s.under, files);
}

const MANAGERS: ReadonlySet<string> = new Set(['npm', 'pnpm', 'yarn']);

/**
 * The folder a package manager (its words, up to the command it runs) runs its command in, when its workspace options
 * select exactly one package the session can place. `cwd` is where the manager stands, its own -C/--cwd included.
 * Several packages, a glob, an exclusion or a graph selector select none: the command runs where the manager stands.
 */
export function workspaceFolder(
  manager: readonly ShellWord[],
  cwd: string | undefined,
  files: SessionFiles,
): string | undefined {
  const head = manager[0];
  if (head === undefined || !MANAGERS.has(programName(head.value))) return undefined;
  // (its global -C already moved `cwd`: the command keeps that folder rather than moving twice)
  const command = { ...normaliseCommand(manager, [], [], cwd, '', 0, 0, undefined, undefined), cwd };
  const [only, ...more] = workspaceSelectors(command) ?? [];
  return only === undefined || more.length > 0 ? undefined : selectedFolder(only, files);
}
