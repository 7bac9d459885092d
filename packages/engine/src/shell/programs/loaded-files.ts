// What a program loads by itself besides what it is asked to run (round 51: a test runner's config and setup modules;
// round 52: a build, lint or docs tool's config that is code): the shared pieces of those folder runs — a config found
// by its option or by its default names, the modules its text names by a relative path, a path split into its folder
// and file name. test-runners.ts and build-tools.ts declare which program loads what.
import type { EffectInput, FolderRun, InterpreterFamily } from './declaration.js';

export const has = (input: EffectInput, names: readonly string[]): boolean =>
  input.flags.some((f) => names.includes(f.name));

/** The value of the first of the options given with one. */
export const optionValue = (input: EffectInput, names: readonly string[]): string | undefined =>
  input.flags.find((f) => names.includes(f.name) && f.value !== undefined)?.value;

/** A path's folder and file name (`tests/unit/test_a.py` → tests/unit, test_a.py). */
export function split(path: string): { dir: string; file: string } {
  const slash = path.lastIndexOf('/');
  return { dir: slash === -1 ? '.' : path.slice(0, slash) || '/', file: path.slice(slash + 1) };
}

/** The one file a path names, run in a family (`--globalSetup ./test/setup.js`, `pytest tests/test_a.py`). */
export function fileRun(path: string, family: InterpreterFamily): FolderRun {
  const { dir, file } = split(path);
  return { dir, files: file, family };
}

/** The extensions a JavaScript or TypeScript module is written with. */
export const SCRIPT = '{js,jsx,ts,tsx,mjs,cjs,mts,cts}';

/**
 * A JavaScript config file given with one of the options, else the default names in `dir` (the folder it runs in):
 * code that runs as the tool starts, with the modules it names by a relative path.
 */
export function configRuns(
  input: EffectInput,
  options: readonly string[],
  names: readonly string[],
  dir = '.',
): FolderRun[] {
  const given = optionValue(input, options);
  if (given !== undefined && !given.trim().startsWith('{'))
    return [{ ...fileRun(given, 'node'), modules: namedModules }];
  return names.flatMap(braces).map((files) => ({ dir, files, family: 'node' as const, modules: namedModules }));
}

/** The modules a config text names by a relative path in a string literal (`'./test/global-setup.ts'`; jest's
 * `'<rootDir>/setup.js'`, its rootDir being the config's folder unless it says otherwise). */
export function namedModules(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/(['"`])(\.\.?\/[^'"`\s$]+|<rootDir>\/[^'"`\s$]+)\1/g))
    out.add((m[2] as string).replace(/^<rootDir>\//, './'));
  return [...out];
}

/** The paths a module path stands for: itself, or with a script extension or an index file added. */
export function moduleCandidates(path: string): string[] {
  return /\.\w+$/.test(path) ? [path] : braces(`${path}{,.js,.ts,.mjs,.cjs,.mts,.cts,/index.js,/index.ts}`);
}

/** A pattern's `{a,b}` alternatives spelled out (not nested), as the session's file globs know no braces. */
export function braces(pattern: string): string[] {
  const m = /\{([^{}]*)\}/.exec(pattern);
  if (m === null) return [pattern];
  const head = pattern.slice(0, m.index);
  const tail = pattern.slice(m.index + m[0].length);
  return (m[1] as string).split(',').flatMap((alt) => braces(`${head}${alt}${tail}`));
}
