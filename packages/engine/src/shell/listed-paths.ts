// The files a listing command prints, as globs: `find src -name '*.ts'` → src/**/*.ts, `grep -rl old src/` → src/**,
// `git ls-files docs` → docs/**. Their names are not known, the folders they come from are. xargs reads them when its
// input is not known otherwise (`grep -rl old src | xargs sed -i s/old/new/` rewrites files under src, as `find src
// -exec sed -i … {} +` does), and so does a command given `$(grep -rl old src)` as its words (round 14: both were read
// as touching nothing). Printers of text that is not a file list are never read this way.
import { findPlaceholder, findRoots } from './file-effects.js';
import { treeOf } from './paths.js';

/** A start path as a glob of what lies below it (a glob, or a name with an extension, is taken as itself). */
const below = (path: string): string => (/[*?[]/.test(path) || /\.[A-Za-z0-9]{1,8}$/.test(path) ? path : treeOf(path));

/** grep's options that take a value (as the next word, or the rest of a cluster). */
const GREP_SHORT_VALUES = new Set(['e', 'f', 'm', 'A', 'B', 'C', 'd', 'D', 'g', 't', 'T', 'j', 'M']);
const GREP_LONG_VALUES = new Set([
  '--regexp',
  '--file',
  '--max-count',
  '--after-context',
  '--before-context',
  '--context',
  '--directories',
  '--devices',
  '--glob',
  '--type',
  '--type-not',
  '--threads',
  '--max-columns',
  '--include',
  '--exclude',
  '--exclude-dir',
  '--label',
  '--color',
  '--colour',
]);

/** A grep-like command's option letters and long names given, and its positional words. */
function grepWords(argv: readonly string[]): { options: Set<string>; positionals: string[] } {
  const options = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i] as string;
    if (w === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (w.startsWith('--')) {
      const name = w.split('=', 1)[0] as string;
      options.add(name);
      if (!w.includes('=') && GREP_LONG_VALUES.has(name)) i++;
    } else if (w.startsWith('-') && w.length > 1) {
      for (let j = 1; j < w.length; j++) {
        const letter = w[j] as string;
        options.add(`-${letter}`);
        if (GREP_SHORT_VALUES.has(letter)) {
          if (j === w.length - 1) i++;
          break;
        }
      }
    } else positionals.push(w);
  }
  return { options, positionals };
}

/**
 * A git pathspec as a glob of what it lists: a plain path is what lies below it; a `*` matches across folders in a
 * pathspec (`services/pricing/src/*.ts` lists src/a.ts and src/x/b.ts), so what follows the folder before the first `*`
 * may lie at any depth below it.
 */
function pathspecGlob(spec: string): string {
  const star = spec.indexOf('*');
  if (star === -1) return below(spec);
  const slash = spec.lastIndexOf('/', star);
  const folder = slash === -1 ? '' : spec.slice(0, slash + 1);
  const rest = spec.slice(slash + 1).replace(/\*+/g, '*');
  return `${folder}**/${rest}`;
}

/** The globs of the files `program ARGV…` lists, or undefined when it is not a file lister this knows. */
export function listedPaths(program: string, argv: readonly string[]): readonly string[] | undefined {
  switch (program) {
    case 'find': {
      const acts = ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-printf', '-fprint', '-fprintf', '-ls'];
      if (argv.some((a) => acts.includes(a))) return undefined;
      return findRoots(argv).map((root) => findPlaceholder(argv, root) ?? treeOf(root));
    }
    case 'grep':
    case 'egrep':
    case 'fgrep': {
      const { options, positionals } = grepWords(argv);
      const any = (...names: string[]): boolean => names.some((n) => options.has(n));
      if (!any('-l', '-L', '--files-with-matches', '--files-without-match')) return undefined;
      const recursive = any('-r', '-R', '--recursive', '--dereference-recursive');
      const patternGiven = any('-e', '--regexp', '-f', '--file');
      const paths = positionals.slice(patternGiven ? 0 : 1);
      if (paths.length === 0) return recursive ? [treeOf('.')] : undefined;
      return paths.map((p) => (recursive ? below(p) : p));
    }
    case 'git': {
      // `git diff --name-only [REV…] [-- PATH…]`: the files that changed, under the paths after `--` (any file when
      // none is given: the words before `--` may be revisions). A pattern pathspec leaves them unknown.
      if (argv[0] === 'diff' && argv.includes('--name-only') && !argv.includes('--name-status')) {
        const at = argv.indexOf('--');
        const paths = at === -1 ? [] : argv.slice(at + 1);
        if (paths.some((p) => /[*?[:]/.test(p))) return undefined;
        return paths.length === 0 ? [treeOf('.')] : paths.map(below);
      }
      // Only the tracked files of plain folders: an option that picks files (--deleted, --others, -m) or a pattern
      // pathspec leaves them unknown.
      if (argv[0] !== 'ls-files') return undefined;
      const rest = argv.slice(1).filter((p) => p !== '--');
      if (
        rest.some(
          (p) =>
            (p.startsWith('-') && !['-z', '-c', '--cached', '--full-name'].includes(p)) ||
            p.startsWith(':') ||
            /[?[]/.test(p),
        )
      )
        return undefined;
      const paths = rest.filter((p) => !p.startsWith('-'));
      return paths.length === 0 ? [treeOf('.')] : paths.map(pathspecGlob);
    }
  }
  return undefined;
}
