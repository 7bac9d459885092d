// Which package a package manager's script run reads (issue 17, round 30): takes the command, returns the packages
// its options select (npm's --prefix/-C and --workspace/-w, pnpm's --filter), by folder or by package name. A folder
// option before the command (`npm --prefix a`, `pnpm -C a`, `yarn --cwd a`) already moved the command (normalise.ts).
import { hasGlob } from './glob-match.js';
import { resolve } from './paths.js';
import type { Flag, SimpleCommand } from './types.js';

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

/** npm: --prefix after the command moves its root (the last one wins); each --workspace is a folder under the root or
 * a package name (a scoped name is only a name). `--workspaces` (every workspace) is left to the root's package.json. */
function npmSelectors(command: SimpleCommand): readonly PackageSelector[] | undefined {
  const prefix = values(command.flags, ['--prefix', '-C']).pop();
  const root = prefix === undefined ? command.cwd : resolve(command.cwd, prefix);
  const workspaces = values([...command.globals, ...command.flags], ['-w', '--workspace']);
  if (workspaces.length === 0 && has(command, ['--workspaces', '--ws', '-ws'])) return [{ every: root ?? '.' }];
  if (workspaces.length === 0) return prefix === undefined ? undefined : [{ folder: root }];
  return workspaces.flatMap((w): PackageSelector[] => {
    if (hasGlob(w)) return [];
    if (w.startsWith('@')) return [{ name: w, under: root }];
    return [{ folder: resolve(root, w), name: w, under: root }];
  });
}

/** pnpm: each --filter/-F that names one package — a path (`./packages/ui`, `{packages/ui}`) or an exact name. One with a
 * glob, an exclusion (`!x`) or a graph selector (`x...`, `...^x`, `[origin/main]`) selects packages not known here. */
function pnpmSelectors(command: SimpleCommand): readonly PackageSelector[] | undefined {
  const filters = values([...command.globals, ...command.flags], ['--filter', '-F', '--filter-prod']);
  const recursive = has(command, ['-r', '--recursive']);
  if (filters.length === 0) return recursive ? [{ every: command.cwd ?? '.' }] : undefined;
  return filters.flatMap((f): PackageSelector[] => {
    // A folder glob (`./packages/**`): every package under its fixed part.
    const folderGlob = /^\{?(\.{1,2}\/[^*{}]*?)\/?\*+\}?$/.exec(f)?.[1];
    if (folderGlob !== undefined) return [{ every: resolve(command.cwd, folderGlob) }];
    if (hasGlob(f) || /^!|\.\.\.|\^|\[/.test(f)) return [];
    const braced = /^\{(.+)\}$/.exec(f)?.[1];
    if (braced !== undefined) return [{ folder: resolve(command.cwd, braced) }];
    if (f === '.' || f.startsWith('./') || f.startsWith('../') || f.startsWith('/'))
      return [{ folder: resolve(command.cwd, f) }];
    return [{ name: f, under: command.cwd }];
  });
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
