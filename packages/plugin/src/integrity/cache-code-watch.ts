// Installed code in the caches the sandbox opens to the shell (code-caches.ts lists them: npx's installed packages,
// corepack's package managers, the Gradle wrapper's distributions, pre-commit's hook environments, pip's wheels,
// cargo's crate sources, Go's module folders and zip hashes, Maven's downloaded artifacts): the tools run what is there
// again, in any project of the human's, without checking it. The caches must stay writable (an honest `npx tool`, `pnpm
// install` through corepack, `./gradlew`, `git commit` with pre-commit, `cargo build`, `go build` or `mvn` fills them),
// so the check is of the result: an entry a call created or whose files it changed is removed after that call (or, for
// a data file the tool trusts, put back to its bytes), and the tool fetches or unpacks it again, checked, the next time
// it is asked for it. A cache may keep its new entries and compare them from then on (Maven's: offline work needs what
// an honest build downloaded). An honest run loses nothing but the reuse (the result check logs a new entry's removal
// and reports a changed one as a BLOCK). Reads the entries' file stats.
import { chmodSync, readFileSync, rmSync, type Stats, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeCache } from './code-caches.js';
import { errnoOf, lstatQuiet, readdirQuiet } from './fs-quiet.js';
import { isInside } from '../sandbox/policy.js';

export interface CacheFinding {
  /** The cache entry (a folder, or a file) that was removed, put back or kept. */
  readonly path: string;
  /** The cache's id (npx, corepack, …). */
  readonly cache: string;
  readonly created: boolean;
  readonly result: 'restored' | 'approved' | 'kept';
  readonly detail: string;
}

/**
 * Bounds: files stat'ed per check over all caches, in the order code-caches.ts lists them (5–12 µs a file on the
 * loaded 2-core test machine: 10,000 files cost 47–123 ms after a shell call, bench/code-caches.ts). An entry the
 * bound cuts short is not compared at all (a cut that moves must not read as a change), and /anchor status says how
 * much was beyond it.
 */
export const MAX_FILES = 10_000;
/** A folder changed less than this long before its names were read is read again at the next check. */
const RACY_MS = 2000;
/** A data-file entry kept to be put back (pre-commit's db.db is some KB). */
const MAX_KEPT_BYTES = 4 * 1024 * 1024;

interface Seen {
  readonly print: string;
  readonly cache: CodeCache;
  /** The bound stopped the walk inside (or before) this entry: not compared. */
  readonly partial?: boolean;
  /** The tool's honest runs rewrite this entry (CodeCache.rewritten, decided when first seen): never compared. */
  readonly rewritten?: boolean;
  /** The bytes of a data-file entry (restoreFiles), to put back. */
  readonly bytes?: Buffer | undefined;
}

export class CacheCodeWatch {
  private seen = new Map<string, Seen>();
  /** Files the last scan could not reach within MAX_FILES (said in /anchor status). */
  private beyond = 0;
  private lastMs = 0;
  /** Folder names read by `find`, by folder, with the folder's stat when read (see `list`). */
  private listings = new Map<string, { readonly stat: string; readonly names: string[] }>();

  constructor(
    private readonly caches: readonly CodeCache[],
    private readonly maxFiles = MAX_FILES,
    private readonly racyMs = RACY_MS,
  ) {}

  /** The cache a path lies in, if any (a file tool's target: the watch is then worth a walk). */
  cacheOf(path: string): CodeCache | undefined {
    return this.caches.find((c) => isInside(path, c.root));
  }

  /** What the last scan covered, for /anchor status: entries, files beyond the bound, its time. */
  summary(): { entries: number; beyond: number; ms: number; caches: string[] } {
    const present = [...new Set([...this.seen.values()].map((s) => s.cache.id))];
    return { entries: this.seen.size, beyond: this.beyond, ms: this.lastMs, caches: present };
  }

  /** Takes the caches as they are now as the truth (a load, or the human's own turn). */
  accept(): void {
    this.seen = this.scan(undefined);
  }

  /** Entries created or changed since the last check: undone, unless `approve` (the human's bypass) says keep. */
  check(approve: () => boolean): CacheFinding[] {
    const now = this.scan(this.seen);
    const changed = [...now].filter(([entry, s]) => {
      const before = this.seen.get(entry);
      // New: removed whatever it holds. Cut short before: never compared (said in /anchor status). Whole before and
      // cut short now: it grew past the bound, or one before it did (that one is removed too) — read as changed, so
      // filling a cache cannot push an entry out of the check.
      // A cache whose new entries are kept (Maven's downloads): new ones are read and compared from the next check;
      // an entry the tool's honest runs rewrite (decided when it was first seen) is never compared.
      if (before === undefined) return !s.cache.keepNew;
      if (before.partial || before.rewritten) return false;
      return s.partial || before.print !== s.print;
    });
    if (changed.length === 0) {
      this.seen = now;
      return [];
    }
    const approved = approve();
    const out = changed.map(([entry, s]): CacheFinding => {
      const before = this.seen.get(entry);
      const created = before === undefined;
      const base = { path: entry, cache: s.cache.id, created };
      // A changed entry says which file differs and how: an honest run that rewrites one (H.34's flake) shows in the log.
      const how =
        before === undefined
          ? ''
          : ` (${s.partial ? 'it grew past the bound' : firstDifference(before.print, s.print)})`;
      const what = `${created ? 'a new' : 'a changed'} ${s.cache.what}${how}`;
      if (approved) {
        // A new entry was not walked (it was to be removed): its files are read now, to compare from here on.
        if (created) now.set(entry, this.entry(entry, s.cache, { left: this.maxFiles }, undefined) ?? s);
        return { ...base, result: 'approved', detail: `${what}; kept by the human's bypass` };
      }
      try {
        if (before?.bytes !== undefined) {
          removeTree(entry);
          writeFileSync(entry, before.bytes);
          // Read again: the file put back has a new stat, which is the truth from now on.
          const again = this.entry(entry, s.cache, { left: Number.POSITIVE_INFINITY }, undefined);
          now.set(entry, again ? { ...again, bytes: before.bytes } : before);
          return { ...base, result: 'restored', detail: `${what}: its bytes were put back` };
        }
        for (const path of [entry, ...(s.cache.alsoRemoved?.(entry) ?? [])]) {
          removeTree(path);
          now.delete(path);
        }
        return { ...base, result: 'restored', detail: `${what}: removed; ${s.cache.refetch}` };
      } catch (error) {
        return { ...base, result: 'kept', detail: `${what}; could not be undone: ${String(error)}` };
      }
    });
    // A known entry removed from a cache with an index: the index goes too (see CodeCache.index).
    for (const cache of this.caches) {
      if (cache.index === undefined) continue;
      const gone = out.some((f) => f.cache === cache.id && !f.created && f.result === 'restored' && !now.has(f.path));
      if (!gone) continue;
      const index = join(cache.root, cache.index);
      rmSync(index, { force: true });
      now.delete(index);
    }
    this.seen = now;
    return out;
  }

  /**
   * A folder's names, sorted: read again only when the folder's stat changed (a name added, removed or renamed
   * changes its mtime and ctime). Go's module cache is thousands of folders found by name at every check, and a
   * stat is a fraction of a read of the folder.
   * INVARIANT: a listing is kept only when the folder's mtime and ctime were more than RACY_MS old when it was read,
   * so a name added within the same clock tick as the read (which may leave both times as they were) is never missed.
   */
  private readonly list = (dir: string): string[] => {
    const st = lstatQuiet(dir);
    if (st === 'absent' || 'code' in st) {
      this.listings.delete(dir);
      return readdirQuiet(dir).sort();
    }
    // A link's own stat says nothing of the folder it names: read every time.
    if (!st.isDirectory()) return readdirQuiet(dir).sort();
    const stat = statPrint(st);
    const kept = this.listings.get(dir);
    if (kept?.stat === stat) return kept.names;
    const names = readdirQuiet(dir).sort();
    if (Date.now() - Math.max(st.mtimeMs, st.ctimeMs) > this.racyMs) this.listings.set(dir, { stat, names });
    else this.listings.delete(dir);
    return names;
  };

  /** Each entry of each cache and a print of its files (path and statPrint), ignored names left out. */
  private scan(before: ReadonlyMap<string, Seen> | undefined): Map<string, Seen> {
    const started = performance.now();
    const out = new Map<string, Seen>();
    const budget = { left: this.maxFiles };
    const kept: [string, CodeCache][] = [];
    this.beyond = 0;
    for (const cache of this.caches) {
      const level1 = cache.find ? [] : readdirQuiet(cache.root);
      const entries = cache.find
        ? cache.find(cache.root, this.list)
        : cache.depth === 1
          ? level1.map((n) => join(cache.root, n))
          : level1.flatMap((n) => {
              const dir = join(cache.root, n);
              const st = lstatQuiet(dir);
              // A file or link at the first level of a two-level cache is an entry of its own (not the tool's).
              if (st === 'absent' || 'code' in st || !st.isDirectory()) return [dir];
              return readdirQuiet(dir).map((m) => join(dir, m));
            });
      for (const entry of entries) {
        // A new entry is not walked during a check: it is removed whatever it holds, and a large one must not use up
        // the bound the known entries are compared within. One a cache keeps is walked after all the known ones.
        const fresh = before !== undefined && !before.has(entry);
        if (fresh && cache.keepNew) {
          kept.push([entry, cache]);
          continue;
        }
        const prior = before?.get(entry);
        // Never compared: not walked either (its files would only use up the bound).
        if (prior?.rewritten) {
          out.set(entry, prior);
          continue;
        }
        const seen = fresh ? this.fresh(entry, cache) : this.entry(entry, cache, budget, prior);
        if (seen) out.set(entry, withRewritten(seen, entry, prior));
      }
    }
    for (const [entry, cache] of kept) {
      const seen = this.entry(entry, cache, budget, undefined);
      if (seen) out.set(entry, withRewritten(seen, entry, undefined));
    }
    this.lastMs = performance.now() - started;
    return out;
  }

  private fresh(entry: string, cache: CodeCache): Seen | undefined {
    const name = entry.slice(entry.lastIndexOf('/') + 1);
    if (cache.ignore?.test(name) || lstatQuiet(entry) === 'absent') return undefined;
    return { print: 'new', cache };
  }

  private entry(entry: string, cache: CodeCache, budget: { left: number }, before: Seen | undefined): Seen | undefined {
    const name = entry.slice(entry.lastIndexOf('/') + 1);
    if (cache.ignore?.test(name)) return undefined;
    const st = lstatQuiet(entry);
    if (st === 'absent') return undefined;
    if ('code' in st) return { print: `unreadable ${st.code}`, cache };
    if (!st.isDirectory()) {
      const print = [entry, ...(cache.alsoPrinted?.(entry) ?? [])].map(fileStat).join('\n');
      if (!cache.restoreFiles || !st.isFile() || st.size > MAX_KEPT_BYTES) return { print, cache };
      // The bytes are read once per version of the file.
      if (before?.print === print && before.bytes !== undefined) return before;
      return { print, cache, bytes: readQuiet(entry) };
    }
    if (budget.left <= 0) {
      this.beyond++;
      return { print: '', cache, partial: true };
    }
    const parts: string[] = [];
    let partial = false;
    const walk = (dir: string, rel: string) => {
      for (const child of readdirQuiet(dir).sort()) {
        if (cache.ignore?.test(child)) continue;
        if (budget.left <= 0) {
          this.beyond++;
          partial = true;
          continue;
        }
        const path = join(dir, child);
        const cst = lstatQuiet(path);
        if (cst === 'absent' || 'code' in cst) continue;
        budget.left--;
        parts.push(`${rel}${child}:${statPrint(cst)}`);
        if (cst.isDirectory()) walk(path, `${rel}${child}/`);
      }
    };
    if (cache.within === undefined) walk(entry, '');
    else {
      const inner = join(entry, cache.within);
      const ist = lstatQuiet(inner);
      // An entry whose code folder is a link, a file or unreadable is not the tool's: printed as such.
      if (ist === 'absent') parts.push(`no ${cache.within}`);
      else if ('code' in ist || !ist.isDirectory()) parts.push(`${cache.within} is not a folder`);
      else walk(inner, '');
    }
    return partial ? { print: '', cache, partial } : { print: parts.join('\n'), cache };
  }
}

/**
 * What is compared of a file: size, mtime, inode, mode and ctime. The ctime is there because an mtime can be set
 * back (`touch -r`) after a same-size edit in place, while the ctime a write leaves can only be set by the kernel.
 */
const statPrint = (st: Stats): string => `${st.size}:${st.mtimeMs}:${st.ino}:${st.mode}:${st.ctimeMs}`;

const STAT_FIELDS = ['size', 'mtime', 'inode', 'mode', 'ctime'] as const;

/**
 * The first file that differs between two prints of an entry (`rel:size:mtime:ino:mode:ctime` lines; a file entry's
 * lines have no name) and which of its stat fields changed, for the report.
 */
export function firstDifference(before: string, now: string): string {
  const read = (print: string) =>
    new Map(
      print.split('\n').map((line) => {
        const parts = line.split(':');
        return [parts.slice(0, -STAT_FIELDS.length).join(':'), parts.slice(-STAT_FIELDS.length)] as const;
      }),
    );
  const old = read(before);
  const cur = read(now);
  const named = (name: string) => name || 'the file';
  for (const [name, stat] of cur) {
    const was = old.get(name);
    if (was === undefined) return `${named(name)} is new`;
    const fields = STAT_FIELDS.filter((_, i) => was[i] !== stat[i]);
    if (fields.length > 0) return `${named(name)}: ${fields.join(', ')} changed`;
  }
  for (const name of old.keys()) if (!cur.has(name)) return `${named(name)} is gone`;
  return 'no file differs';
}

/** The entry's `rewritten` as first decided (a later change to what decides it cannot take it out of the check). */
function withRewritten(seen: Seen, entry: string, prior: Seen | undefined): Seen {
  const rewritten = prior !== undefined ? prior.rewritten === true : seen.cache.rewritten?.(entry) === true;
  return rewritten ? { ...seen, rewritten } : seen;
}

/** A file's stat as printed, or `absent`. */
function fileStat(path: string): string {
  const st = lstatQuiet(path);
  if (st === 'absent') return 'absent';
  if ('code' in st) return `unreadable ${st.code}`;
  return statPrint(st);
}

/**
 * Removes a file or a folder tree, also one the tool made read-only (Go extracts modules with folders 0555: a user
 * who is not root cannot remove their files until the folders are writable again, as `go clean -modcache` does).
 */
export function removeTree(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch (error) {
    const code = errnoOf(error);
    if (code !== 'EACCES' && code !== 'EPERM') throw error;
    makeWritable(path);
    rmSync(path, { recursive: true, force: true });
  }
}

/** Adds the owner's write and search bits to a folder and every folder below it (links are not followed). */
function makeWritable(dir: string): void {
  const st = lstatQuiet(dir);
  if (st === 'absent' || 'code' in st || !st.isDirectory()) return;
  chmodSync(dir, st.mode | 0o700);
  for (const child of readdirQuiet(dir)) makeWritable(join(dir, child));
}

function readQuiet(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    // Gone or unreadable now: it cannot be put back, only removed (the tool makes it again).
    if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'EACCES') return undefined;
    throw error;
  }
}
