// Glob matching with picomatch's POSIX build (no Node built-ins, so it runs in the browser too).
// A list of globs holds when a path matches a positive glob and no "!" glob.
import picomatch from 'picomatch/posix.js';
import { BoundedCache } from './bounded-cache.js';
import type { CompileResult } from './regex.js';

export interface PathMatcher {
  readonly sources: readonly string[];
  /** `relative` is the path relative to the project root (may start with ../); `absolute` is the full path if known. */
  test(relative: string, absolute: string | undefined): boolean;
}

type Test = (path: string) => boolean;

/** Paths are matched on their first 4096 characters (PATH_MAX): a longer "path" is not a real file. */
const MAX_PATH = 4096;

/** Compiled glob lists by their sources and case rule: every reload and the validator share one compilation. */
const compiled = new BoundedCache<string, CompileResult<PathMatcher>>(4096);

export function compileGlobs(sources: readonly string[], nocase = false): CompileResult<PathMatcher> {
  return compiled.getOrMake(`${nocase ? 'i' : 's'}${JSON.stringify(sources)}`, () => compileUncached(sources, nocase));
}

function compileUncached(sources: readonly string[], nocase: boolean): CompileResult<PathMatcher> {
  const include: OneGlob[] = [];
  const exclude: OneGlob[] = [];
  for (const source of sources) {
    const negated = source.startsWith('!');
    const glob = negated ? source.slice(1) : source;
    if (glob.length === 0) return { ok: false, error: `"${source}" is empty`, hint: 'write a glob after the "!"' };
    try {
      // makeRe's plain RegExp is several times faster than the matcher function, with the same result for our options.
      const re = picomatch.makeRe(glob, { dot: true, nocase });
      const ends = literalEnds(glob);
      const prefix = nocase ? ends.prefix.toLowerCase() : ends.prefix;
      const suffix = nocase ? ends.suffix.toLowerCase() : ends.suffix;
      const segment = nocase ? requiredSegment(glob).toLowerCase() : requiredSegment(glob);
      // The literal start and end of a glob are cheap necessary conditions: most paths fail them, before any regex.
      const test: Test = nocase
        ? (path) => {
            const p = path.toLowerCase();
            return (
              p.startsWith(prefix) &&
              p.endsWith(suffix) &&
              p.includes(segment) &&
              re.test(path.length > MAX_PATH ? path.slice(0, MAX_PATH) : path)
            );
          }
        : (path) =>
            path.startsWith(prefix) &&
            path.endsWith(suffix) &&
            path.includes(segment) &&
            re.test(path.length > MAX_PATH ? path.slice(0, MAX_PATH) : path);
      (negated ? exclude : include).push({ abs: glob.startsWith('/'), test });
    } catch (error) {
      return { ok: false, error: String((error as Error).message ?? error), hint: 'check the glob syntax (picomatch)' };
    }
  }
  // Only "!" globs: everything except them.
  if (include.length === 0) include.push({ abs: false, test: () => true });
  return {
    ok: true,
    value: { sources, test: (rel, abs) => anyGlob(include, rel, abs) && !anyGlob(exclude, rel, abs) },
  };
}

interface OneGlob {
  readonly abs: boolean;
  readonly test: Test;
}

// Plain loops: this runs for every candidate contract of every event, so no closures are allocated here.
function anyGlob(globs: readonly OneGlob[], rel: string, abs: string | undefined): boolean {
  for (let i = 0; i < globs.length; i++) {
    const g = globs[i]!;
    if (g.abs ? abs !== undefined && g.test(abs) : g.test(rel)) return true;
  }
  return false;
}

const GLOB_SYNTAX = /[*?[\]{}()!+@\\]/;

/**
 * The literal text every matching path starts and ends with ("lib/" … ".ts" for lib/**\/*.ts). Trailing slashes are
 * left out (picomatch lets "src/**" match "src", and "dir/" match "dir"); a glob with no literal ends gives "".
 */
export function literalEnds(glob: string): { prefix: string; suffix: string } {
  let start = 0;
  while (start < glob.length && !GLOB_SYNTAX.test(glob[start]!)) start++;
  if (start === glob.length) return { prefix: glob.replace(/\/+$/, ''), suffix: '' };
  let end = glob.length;
  while (end > start && !GLOB_SYNTAX.test(glob[end - 1]!)) end--;
  const suffix = glob.slice(end);
  return {
    prefix: glob.slice(0, start).replace(/\/+$/, ''),
    suffix: suffix.includes('/') ? '' : suffix.replace(/\/+$/, ''),
  };
}

/** Globs whose only syntax is `*` and `?` (no classes, braces, extglobs or escapes). */
const STARS_ONLY = /^[^[\]{}()!+@\\]*$/;

/**
 * The longest literal piece of a glob between wildcards and slashes ("generated" for **\/generated/**), which every
 * path it matches contains verbatim: a cheap necessary condition for globs that start and end with wildcards, whose
 * literal ends are empty. "" when there is none or the glob has syntax beyond `*` and `?`; `.` and `..` are never
 * used, since picomatch drops a leading "./".
 */
export function requiredSegment(glob: string): string {
  if (!STARS_ONLY.test(glob)) return '';
  let best = '';
  for (const piece of glob.split(/[*?/]+/))
    if (piece.length > best.length && piece !== '.' && piece !== '..') best = piece;
  return best;
}

/**
 * A matcher that compiles on first use, for globs the load stage (or CI, for bundled presets) already validated:
 * start-up then pays only for the globs an event actually reaches.
 */
export function lazyGlobs(sources: readonly string[], nocase = false): PathMatcher {
  let matcher: PathMatcher | undefined;
  return {
    sources,
    test(rel, abs) {
      if (!matcher) {
        const r = compileGlobs(sources, nocase);
        if (!r.ok) throw new Error(`glob ${sources.join(', ')} does not compile: ${r.error}`);
        matcher = r.value;
      }
      return matcher.test(rel, abs);
    },
  };
}
