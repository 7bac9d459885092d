// Globs on single words (program names, subcommands, positional arguments). Unlike path globs, "*" here matches any
// characters, "/" included (picomatch's bash mode), so "*:main" matches "HEAD:refs/heads/main"'s shape "x:main".
import picomatch from 'picomatch/posix.js';

export interface WordMatcher {
  readonly sources: readonly string[];
  /** Holds when the word matches a positive glob and no "!" glob. */
  test(word: string): boolean;
}

const PLAIN = /^[^*?[\]{}()!+@\\]*$/;

const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;
const undotted = (w: string): string =>
  w
    .split('/')
    .map((s) => (s === '.' || s === '..' ? `${s}_` : s))
    .join('/');

export function compileWords(sources: readonly string[], nocase = false): WordMatcher {
  const include: ((w: string) => boolean)[] = [];
  const exclude: ((w: string) => boolean)[] = [];
  for (const source of sources) {
    const negated = source.startsWith('!') && source.length > 1;
    const glob = negated ? source.slice(1) : source;
    let test: (w: string) => boolean;
    if (PLAIN.test(glob)) {
      // Most words are plain: compare, no regex.
      const want = nocase ? glob.toLowerCase() : glob;
      test = nocase ? (w) => w.toLowerCase() === want : (w) => w === want;
    } else {
      const re = picomatch.makeRe(glob, { bash: true, dot: true, nocase });
      // picomatch's "*" never matches a "." or ".." segment (`./app.jar`, `../x`), whatever `dot` says; a word's
      // "*" matches any characters, so such a word is also tried with those segments as dot names (`._/app.jar`).
      test = (w) => re.test(w) || (DOT_SEGMENT.test(w) && re.test(undotted(w)));
    }
    (negated ? exclude : include).push(test);
  }
  if (include.length === 0) include.push(() => true);
  return {
    sources,
    test(word) {
      let hit = false;
      for (let i = 0; i < include.length && !hit; i++) hit = include[i]!(word);
      if (!hit) return false;
      for (let i = 0; i < exclude.length; i++) if (exclude[i]!(word)) return false;
      return true;
    },
  };
}

/** Compiles on first use (validated at load). */
export function lazyWords(sources: readonly string[], nocase = false): WordMatcher {
  let m: WordMatcher | undefined;
  return { sources, test: (w) => (m ??= compileWords(sources, nocase)).test(w) };
}
