// Glob matching with picomatch's POSIX build (no Node built-ins, so it runs in the browser too).
// A list of globs holds when a path matches a positive glob and no "!" glob.
import picomatch from 'picomatch/posix.js';
import type { CompileResult } from './regex.js';

export interface PathMatcher {
  readonly sources: readonly string[];
  /** `relative` is the path relative to the project root (may start with ../); `absolute` is the full path if known. */
  test(relative: string, absolute: string | undefined): boolean;
}

type Test = (path: string) => boolean;

const OPTIONS = { dot: true, nocase: false } as const;

/** Paths are matched on their first 4096 characters (PATH_MAX): a longer "path" is not a real file. */
const MAX_PATH = 4096;

export function compileGlobs(sources: readonly string[]): CompileResult<PathMatcher> {
  const include: { abs: boolean; test: Test }[] = [];
  const exclude: { abs: boolean; test: Test }[] = [];
  for (const source of sources) {
    const negated = source.startsWith('!');
    const glob = negated ? source.slice(1) : source;
    if (glob.length === 0) return { ok: false, error: `"${source}" is empty`, hint: 'write a glob after the "!"' };
    try {
      // makeRe's plain RegExp is several times faster than the matcher function, with the same result for our options.
      const re = picomatch.makeRe(glob, OPTIONS);
      const test: Test = (path) => re.test(path.length > MAX_PATH ? path.slice(0, MAX_PATH) : path);
      (negated ? exclude : include).push({ abs: glob.startsWith('/'), test });
    } catch (error) {
      return { ok: false, error: String((error as Error).message ?? error), hint: 'check the glob syntax (picomatch)' };
    }
  }
  // Only "!" globs: everything except them.
  if (include.length === 0) include.push({ abs: false, test: () => true });
  const one = (g: { abs: boolean; test: Test }, rel: string, abs: string | undefined) =>
    g.abs ? abs !== undefined && g.test(abs) : g.test(rel);
  return {
    ok: true,
    value: {
      sources,
      test: (rel, abs) => include.some((g) => one(g, rel, abs)) && !exclude.some((g) => one(g, rel, abs)),
    },
  };
}

/** Name globs: a plain string test, no path semantics. */
export function compileNameGlobs(sources: readonly string[]): CompileResult<(name: string) => boolean> {
  const compiled = compileGlobs(sources);
  if (!compiled.ok) return compiled;
  return { ok: true, value: (name: string) => compiled.value.test(name, undefined) };
}
