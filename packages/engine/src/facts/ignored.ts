// Whether git ignores a path, from the ignore files the host passed (host.gitignore: folder → text), matched with
// the `ignore` package the way git does: folder by folder from the top, a deeper file overriding a shallower one, the
// last matching pattern of a file winning, and nothing below an ignored directory coming back.
import ignore, { type Ignore } from 'ignore';
import { normalizePath } from '../matchers/paths.js';
import { HOST_LIMITS } from '../schema/host.js';
import { wrote, type Ledger } from '../ledger/index.js';

/** Why a path is ignored: the folder whose ignore file says so, and the pattern. */
export interface IgnoredBy {
  readonly folder: string;
  readonly pattern: string;
}

interface Level {
  /** The folder, relative to the project root, as path segments ([] for the root, ['..'] for its parent). */
  readonly at: readonly string[];
  readonly folder: string;
  readonly rules: Ignore;
}

export type IgnoreRules = (relativePath: string) => IgnoredBy | undefined;

const NEVER: IgnoreRules = () => undefined;

// Compiled rules by the object the host passed (a plugin passes the same object while no file changed), and by text.
const byObject = new WeakMap<object, readonly Level[]>();
const byText = new Map<string, readonly Level[]>();
const TEXT_CACHE = 8;

const segments = (path: string): string[] => {
  const n = normalizePath(path);
  return n === '.' ? [] : n.split('/');
};

function compileLevels(gitignore: Readonly<Record<string, string>>): readonly Level[] {
  const known = byObject.get(gitignore);
  if (known !== undefined) return known;
  const key = JSON.stringify(gitignore);
  let levels = byText.get(key);
  if (levels === undefined) {
    levels = Object.entries(gitignore)
      .slice(0, HOST_LIMITS.ignoreFiles)
      .map(([folder, text]) => ({ at: segments(folder), folder: normalizePath(folder), rules: ignore().add(text) }))
      .sort((a, b) => a.at.length - b.at.length);
    if (byText.size >= TEXT_CACHE) byText.delete(byText.keys().next().value as string);
    byText.set(key, levels);
  }
  byObject.set(gitignore, levels);
  return levels;
}

/**
 * The ignore rules as a lookup by project-relative path. An ignore file the session itself wrote or edited does not
 * count (else writing `src/` into .gitignore would make deleting src/ look like cleaning build output), and nothing
 * counts when it wrote .git/info/exclude.
 */
export function ignoreRules(gitignore: Readonly<Record<string, string>> | undefined, ledger: Ledger): IgnoreRules {
  if (gitignore === undefined) return NEVER;
  let levels = compileLevels(gitignore);
  if (levels.length === 0) return NEVER;
  if (ledger.count > 0) {
    if (ledger.order.some((p) => p.endsWith('.git/info/exclude'))) return NEVER;
    levels = levels.filter((l) => !wrote(ledger, l.folder === '.' ? '.gitignore' : `${l.folder}/.gitignore`));
  }
  return (path) => ignoredBy(levels, path);
}

function within(at: readonly string[], path: readonly string[]): boolean {
  if (at.length >= path.length) return false;
  for (let i = 0; i < at.length; i++) if (at[i] !== path[i]) return false;
  return true;
}

/** A segment bash's pathname expansion fills in: it never names `..` or `.` unless it starts with a dot itself. */
const GLOB_SEGMENT = /^[^.][^/]*$/;

function ignoredBy(levels: readonly Level[], path: string): IgnoredBy | undefined {
  if (/[{~$]/.test(path)) return undefined; // an unexpanded word names no one path (`dist/$X` may climb out)
  if (/[*?[]/.test(path)) {
    // A glob names no one path, but nothing below an ignored folder comes back: `dist/*` (cp -r static/* dist/) in
    // an ignored dist/ is ignored build output whatever the names. Its literal folders must be that ignored folder.
    const parts = segments(path);
    const first = parts.findIndex((p) => /[*?[]/.test(p));
    if (first <= 0 || parts.slice(first).some((p) => p === '..' || (/[*?[]/.test(p) && !GLOB_SEGMENT.test(p))))
      return undefined;
    return ignoredFolder(levels, parts.slice(0, first));
  }
  const parts = segments(path);
  // git never ignores its own folder or the project itself: deleting them is never "build output".
  if (parts.length === 0 || parts.includes('.git')) return undefined;
  for (let k = 1; k <= parts.length; k++) {
    const prefix = parts.slice(0, k);
    const last = k === parts.length;
    let decision: IgnoredBy | undefined;
    for (const level of levels) {
      if (!within(level.at, prefix)) continue;
      const rel = prefix.slice(level.at.length).join('/');
      // A folder on the way is a directory; the path itself may be either (`rm -rf lib`): try both.
      const tries = last ? [rel, `${rel}/`] : [`${rel}/`];
      for (const t of tries) {
        // INVARIANT: only a path inside the level's folder is asked: `ignore` throws on one that climbs out of it
        // (`../../tmp/x`, a file the call names above the project), and a throw here fails the whole verdict open.
        if (!ignore.isPathValid(t.replace(/\/$/, ''))) continue;
        const r = level.rules.checkIgnore(t);
        if (r.ignored) decision = { folder: level.folder, pattern: r.rule?.pattern ?? '' };
        else if (r.unignored) decision = undefined;
        if (r.ignored || r.unignored) break;
      }
    }
    // Nothing below an ignored directory comes back.
    if (decision !== undefined && !last) return decision;
    if (last) return decision;
  }
  return undefined;
}

/** The rule that ignores one of these folders (`parts`, each a directory), the outermost first; nothing below an
 * ignored folder comes back, so that one covers all below it. */
function ignoredFolder(levels: readonly Level[], parts: readonly string[]): IgnoredBy | undefined {
  if (parts.includes('.git') || parts.includes('..')) return undefined;
  for (let k = 1; k <= parts.length; k++) {
    const prefix = parts.slice(0, k);
    let decision: IgnoredBy | undefined;
    for (const level of levels) {
      if (!within(level.at, prefix)) continue;
      const rel = prefix.slice(level.at.length).join('/');
      if (!ignore.isPathValid(rel)) continue;
      const r = level.rules.checkIgnore(`${rel}/`);
      // A deeper ignore file's say wins over a shallower one's, as git reads them.
      if (r.ignored) decision = { folder: level.folder, pattern: r.rule?.pattern ?? '' };
      else if (r.unignored) decision = undefined;
    }
    if (decision !== undefined) return decision;
  }
  return undefined;
}
