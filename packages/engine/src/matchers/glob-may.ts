// Whether a glob list MAY match a path that is only partly known: `src/pricing/**` (an archive unpacked there: the
// names are unknown), `docs/adr/**/use-postgres.md` (find's matches, at an unknown depth), `$DIR/build` (a shell
// value the engine cannot know). The path is cut into segments; a `**` segment (and, when `values` is set, a segment
// holding a shell value) stands for any number of unknown segments, a segment with `*`/`?` for one unknown name of
// that shape. A positive glob may match when its segments can be laid over the path's; a `!` glob excludes only
// what it matches as written (`!**/tools/**` excludes `tools/x/**`, which lies inside tools whatever the names).
import picomatch from 'picomatch/posix.js';
import { BoundedCache } from './bounded-cache.js';

/** A glob cut into segments: '**', or a test for one segment and, when it names names (a literal or a list of
 * literals, `adr` or `{adr,decisions}`) rather than a shape (`*.md`), those names. */
type GlobSegment = '**' | { readonly re: RegExp; readonly named: boolean; readonly names: readonly string[] };

interface CutGlob {
  readonly abs: boolean;
  readonly segments: readonly GlobSegment[];
}

/**
 * A path segment: a known name, one unknown name of a shape (`*.md` → sample `x.md`), or any number of segments —
 * 'value' (a shell value: it may be any path, `docs/adr` included) or 'names' (names inside a known folder: files
 * and subfolders of any shape, but not a folder the glob names — an archive unpacked into docs/diagrams is not
 * taken to hold an adr/ folder).
 */
type PathSegment =
  | { readonly kind: 'name'; readonly text: string; readonly shape?: RegExp }
  | { readonly kind: 'value' | 'names' };

/** Past this many segments a path is not laid over globs (no real path is that deep): it may not match. */
const MAX_SEGMENTS = 64;

const cut = new BoundedCache<string, CutGlob[]>(1024);
// A path's glob segments as shapes, compiled once: the same words come back call after call.
const shapes = new BoundedCache<string, RegExp>(1024);
const shapeOf = (seg: string): RegExp => shapes.getOrMake(seg, () => picomatch.makeRe(seg, { dot: false }));

/** The positive globs of a list, cut into segments (compiled once per list and case rule). */
function positives(sources: readonly string[], nocase: boolean): CutGlob[] {
  return cut.getOrMake(`${nocase ? 'i' : 's'}${JSON.stringify(sources)}`, () =>
    sources
      .filter((s) => !s.startsWith('!'))
      .map((s) => ({
        abs: s.startsWith('/'),
        segments: splitOutside(s.startsWith('/') ? s.slice(1) : s, '{[(')
          // "." is the folder itself: `.` guards the project root, which `**` (every file in it) lies in
          .filter((seg) => seg !== '.' && seg !== '')
          .map(
            (seg): GlobSegment =>
              seg === '**'
                ? '**'
                : {
                    re: picomatch.makeRe(seg, { dot: true, nocase }),
                    named: NAMED.test(seg),
                    names: NAMED.test(seg) ? seg.replace(/^\{|\}$/g, '').split(',') : [],
                  },
          ),
      })),
  );
}

/**
 * Whether a positive glob of `sources` may match `path` (relative, or absolute for the "/" globs). `values`: a
 * segment holding a shell value (`$DIR`, `$(…)`, a backtick) stands for any segments too; else it is a name as written.
 */
export function mayMatchSome(
  sources: readonly string[],
  nocase: boolean,
  relative: string,
  absolute: string | undefined,
  values: boolean,
): boolean {
  const globs = positives(sources, nocase);
  // Only "!" globs: every path they do not exclude.
  if (globs.length === 0) return true;
  const rel = segmentsOf(relative, values);
  const abs = absolute === undefined ? undefined : segmentsOf(absolute.replace(/^\/+/, ''), values);
  for (const g of globs) {
    const p = g.abs ? abs : rel;
    if (p !== undefined && layOver(g.segments, p)) return true;
  }
  return false;
}

/** Whether a path holds a part whose names are unknown: a `**` segment or a segment with `*`/`?`. */
export function hasUnknownNames(path: string): boolean {
  return /(^|\/)[^/]*[*?][^/]*(\/|$)/.test(path);
}

function segmentsOf(path: string, values: boolean): PathSegment[] | undefined {
  const out: PathSegment[] = [];
  for (const seg of splitOutside(path, '({')) {
    if (seg === '' || seg === '.') continue;
    const kind = seg === '**' ? 'names' : values && isValue(seg) ? 'value' : undefined;
    if (kind !== undefined) {
      const last = out[out.length - 1];
      if (last?.kind === 'value') continue;
      if (last?.kind === 'names') out[out.length - 1] = { kind };
      else out.push({ kind });
    } else if (/[*?]/.test(seg))
      // One name of a shape: a sample of it for a glob of shapes, the shape itself for a glob that names names
      // (`rm -rf .g?t` names .git, as bash would expand it: `*` does not start a dot name, `.??*` does).
      out.push({ kind: 'name', text: seg.replace(/[*?]+/g, 'x'), shape: shapeOf(seg) });
    else out.push({ kind: 'name', text: seg });
    if (out.length > MAX_SEGMENTS) return undefined;
  }
  return out;
}

/** A glob segment of literal names: plain text, or a brace list of plain words. */
const NAMED = /^(?:[^*?[\]{}()!+@\\]+|\{[^*?[\]{}()!+@\\]+\})$/;

const isValue = (seg: string): boolean => seg.includes('`') || /\$[A-Za-z_{(0-9@*#?!-]/.test(seg);

/** Lays glob segments over path segments: each glob segment over one name, `**` and an unknown run over any. */
function layOver(glob: readonly GlobSegment[], path: readonly PathSegment[]): boolean {
  const width = path.length + 1;
  // 0: not tried, 1: no, 2: yes — bounded by glob × path segments.
  const seen = new Uint8Array((glob.length + 1) * width);
  const at = (i: number, j: number): boolean => {
    const key = i * width + j;
    if (seen[key] !== 0) return seen[key] === 2;
    let ok: boolean;
    if (i === glob.length) ok = path.slice(j).every((p) => p.kind !== 'name');
    else if (j === path.length) ok = glob.slice(i).every((g) => g === '**');
    else {
      const g = glob[i]!;
      const p = path[j]!;
      // `**` never walks up: picomatch's does not match a `..` segment.
      if (g === '**') ok = at(i + 1, j) || (!(p.kind === 'name' && p.text === '..') && at(i, j + 1));
      else if (p.kind === 'name')
        ok =
          (g.re.test(p.text) || (p.shape !== undefined && g.names.some((n) => p.shape!.test(n)))) && at(i + 1, j + 1);
      else ok = at(i, j + 1) || ((p.kind === 'value' || !g.named) && at(i + 1, j));
    }
    seen[key] = ok ? 2 : 1;
    return ok;
  };
  return at(0, 0);
}

/** Splits on "/" outside brackets opened by the given characters (a brace list, `$(…)`, a class, an extglob). */
function splitOutside(text: string, openers: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (openers.includes(c)) depth++;
    else if ((c === '}' || c === ']' || c === ')') && depth > 0) depth--;
    else if (c === '/' && depth === 0) {
      out.push(text.slice(from, i));
      from = i + 1;
    }
  }
  out.push(text.slice(from));
  return out;
}
