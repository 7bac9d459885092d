// What a program reads from a file the session wrote, put in where it is read: `fs.readFileSync("tools/.key", "utf8")`,
// `open(".target").read()`, `Path("cfg/branch").read_text()`, Ruby's `File.read("f")`, with the `.trim()`/`.strip()`/
// `.chomp` after them (blind round 37: a key written to a file, read back by `node -e` and handed to `wandb login`).
// The read becomes the file's text as a literal, so a command or a file the program builds with it holds it, as a
// value the environment gives it does (one-liner-env.ts). A file the session did not write, or wrote only in pieces,
// is left as written: its value is computed at run time.
import { quote } from './one-liner-fold.js';
import type { Language } from './one-liner-strings.js';

/** The reads of a file by a literal path, per language; the path is group `path`, a trim after it group `trim`. */
const READS: Readonly<Partial<Record<Language, RegExp>>> = {
  js: /\b(?:require\(\s*['"`](?:node:)?fs['"`]\s*\)\s*\.\s*|fs\s*\.\s*|\b)readFileSync\(\s*(?<q>['"`])(?<path>[^'"`$\n]+)\k<q>\s*(?:,\s*(?:['"`]utf-?8['"`]|\{\s*encoding\s*:\s*['"`]utf-?8['"`]\s*\})\s*)?\)(?<trim>\s*\.\s*trim(?:End)?\(\s*\))?/gi,
  python:
    /\b(?:open\(\s*(?<q>['"])(?<path>[^'"\n]+)\k<q>\s*(?:,\s*['"]r?t?['"]\s*)?\)\s*\.\s*read\(\s*\)|(?:pathlib\s*\.\s*)?Path\(\s*(?<q2>['"])(?<path2>[^'"\n]+)\k<q2>\s*\)\s*\.\s*read_text\(\s*\))(?<trim>\s*\.\s*(?:r?strip)\(\s*\))?/g,
  ruby: /\bFile\s*\.\s*read\(\s*(?<q>['"])(?<path>[^'"\n#]+)\k<q>\s*\)(?<trim>\s*\.\s*(?:strip|chomp|rstrip)\b(?:\(\s*\))?)?/g,
};

/** At most this many reads are put in per program, and only files this short. */
const MAX_READS = 16;
const MAX_TEXT = 4096;

/**
 * The code with each read of a file whose whole text `read` knows replaced by that text as a literal; the code itself
 * when it reads none (most programs) or none is known.
 */
export function putInFileReads(code: string, language: Language, read: (path: string) => string | undefined): string {
  const reads = READS[language];
  if (reads === undefined || !/readFileSync|read\(|read_text|File\s*\.\s*read/.test(code)) return code;
  let n = 0;
  return code.replace(reads, (all, ...m) => {
    const groups = m.at(-1) as Record<string, string | undefined>;
    // `exec(open(p).read())` runs p as code: the scan follows that as p's run, with its own folder (not a text).
    const at = m.at(-3) as number;
    if (/\b(?:exec|eval|compile|Function|instance_eval|load)\s*\(\s*$/.test(code.slice(Math.max(0, at - 24), at)))
      return all;
    const path = groups.path ?? groups.path2;
    const text = path === undefined || n >= MAX_READS ? undefined : read(path);
    if (text === undefined || text.length > MAX_TEXT) return all;
    n++;
    return quote(groups.trim === undefined ? text : text.trim());
  });
}
