// Glob matching with picomatch's POSIX build (no Node built-ins, so it runs in the browser too).
// A list of globs holds when a path matches a positive glob and no "!" glob.
import picomatch from 'picomatch/posix.js';
import { BoundedCache } from './bounded-cache.js';
import { mayMatchSome } from './glob-may.js';
import type { CompileResult } from './regex.js';

export interface PathMatcher {
  readonly sources: readonly string[];
  /** `relative` is the path relative to the project root (may start with ../); `absolute` is the full path if known. */
  test(relative: string, absolute: string | undefined): boolean;
}

/** A path matcher that can also say which of its globs matched (for explanations, not on the hot path). */
export interface ExplainingPathMatcher extends PathMatcher {
  /** The positive globs that match this path (a list can hold hundreds: explanations name only these). */
  matching(relative: string, absolute: string | undefined): string[];
  /**
   * Whether the list may match a path that is only partly known (glob-may.ts): a positive glob can be laid over it
   * and no "!" glob matches it as written. `values`: a shell value in the path stands for any segments too.
   */
  mayHold(relative: string, absolute: string | undefined, values: boolean): boolean;
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

/** Lower-cased keys that every path a glob list matches has: for indexing contracts by the paths of a call. */
export interface PathKeys {
  /** First segments ("pkg" for pkg/generated/**). */
  readonly heads: ReadonlySet<string>;
  /** Extensions, the text after the last dot of the last segment ("secret" for **\/*.secret). */
  readonly exts: ReadonlySet<string>;
}

/**
 * The keys of a glob list, or undefined when some positive glob has neither key or is absolute (then any relative
 * path may match). Both keys follow from the literal ends every path must start and end with (see `literalEnds`):
 * a literal start that reaches a "/" fixes the first segment; a literal end with a dot fixes the extension. Keys are
 * lower-cased whatever the case rule: a looser condition, never a stricter one.
 */
export function pathKeys(sources: readonly string[]): PathKeys | undefined {
  const heads = new Set<string>();
  const exts = new Set<string>();
  let positive = 0;
  for (const source of sources) {
    if (source.startsWith('!')) continue;
    positive++;
    if (source.startsWith('/')) return undefined;
    const head = literalHead(source);
    if (head !== undefined) {
      heads.add(head.toLowerCase());
      continue;
    }
    const { suffix } = literalEnds(source);
    const dot = suffix.lastIndexOf('.');
    if (dot < 0 || dot === suffix.length - 1) return undefined;
    exts.add(suffix.slice(dot + 1).toLowerCase());
  }
  return positive === 0 ? undefined : { heads, exts };
}

/** The first segment of a glob whose literal start runs past a "/" (not "." or "..": picomatch drops a "./"). */
function literalHead(glob: string): string | undefined {
  let start = 0;
  while (start < glob.length && !GLOB_SYNTAX.test(glob[start]!)) start++;
  const slash = glob.indexOf('/');
  if (slash <= 0 || slash >= start) return undefined;
  const head = glob.slice(0, slash);
  return head === '.' || head === '..' ? undefined : head;
}

/** The keys of one relative path, lower-cased like `pathKeys`: its first segment and its extension. */
export function keysOfPath(relative: string): { head: string; ext: string | undefined } {
  const lower = relative.toLowerCase();
  const slash = lower.indexOf('/');
  const last = lower.slice(lower.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return { head: slash < 0 ? lower : lower.slice(0, slash), ext: dot < 0 ? undefined : last.slice(dot + 1) };
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
export function lazyGlobs(sources: readonly string[], nocase = false): ExplainingPathMatcher {
  let matcher: PathMatcher | undefined;
  let excluding: PathMatcher | undefined;
  return {
    sources,
    mayHold(rel, abs, values) {
      if (!mayMatchSome(sources, nocase, rel, abs, values)) return false;
      if (excluding === undefined) {
        const negated = sources.filter((s) => s.startsWith('!')).map((s) => s.slice(1));
        const r = negated.length === 0 ? undefined : compileGlobs(negated, nocase);
        excluding = r?.ok ? r.value : { sources: [], test: () => false };
      }
      return !excluding.test(rel, abs);
    },
    matching(rel, abs) {
      return sources.filter((source) => {
        if (source.startsWith('!')) return false;
        const one = compileGlobs([source], nocase);
        return one.ok && one.value.test(rel, abs);
      });
    },
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
