// The watched files and what they held when last seen. Built from the watch patterns within bounds (files, bytes
// hashed, bytes kept); `changes()` compares the disk with it, stat first and content only when stat moved, and
// finds new files in protected folders through their folders' stat (a folder's mtime moves when an entry comes).
import { readFileSync } from 'node:fs';
import { errnoOf, readdirQuiet, statQuiet } from './fs-quiet.js';
import { join } from 'node:path';
import picomatch from 'picomatch';
import { gitConfigRunsLater } from '@semantic-anchors/engine/enforce';
import { ABSENT, glance, record, sameContent, unmoved, type Budget, type FileRecord } from './file-record.js';
import { globBase, walkFiles, type Tree } from './walk.js';
import { isBulk, isDecisionLog, isGitConfig, isGlob, type WatchPattern } from './watch-list.js';

export interface Bounds {
  /** Files watched at most; beyond, files are left to the engine's rules (said in the log). */
  readonly files: number;
  /** Bytes read to hash, in total, when the set is built. */
  readonly hashBytes: number;
  /** Bytes kept to restore, in total, and per file. */
  readonly keepBytes: number;
  readonly keepEach: number;
}

export const DEFAULT_BOUNDS: Bounds = {
  files: 3000,
  hashBytes: 64 * 1024 * 1024,
  keepBytes: 16 * 1024 * 1024,
  keepEach: 2 * 1024 * 1024,
};

/**
 * Installed packages (node_modules, opencode's package cache) hold hundreds of files each and are loaded only when
 * opencode starts: each check looks at this many of their files and folders in turn (every one within a few calls),
 * while everything else is looked at in every check. A full check (human turn, reload) looks at all.
 */
const BULK_FILES_PER_CHECK = 96;
const BULK_FOLDERS_PER_CHECK = 16;

export type ChangeKind = 'modified' | 'created' | 'deleted';

export interface Change {
  readonly path: string;
  readonly kind: ChangeKind;
  readonly before: FileRecord;
  readonly after: FileRecord;
}

interface Folder {
  mtimeMs: number;
  ino: number;
  names: Set<string>;
  readonly tree: Tree;
}

export interface WatchSummary {
  readonly files: number;
  readonly folders: number;
  /** Files found beyond the file bound and not watched. */
  readonly skipped: number;
  /** Files watched whose content is not kept (over the byte budget): a change to them cannot be undone. */
  readonly notKept: number;
}

export class WatchSet {
  private readonly files = new Map<string, FileRecord>();
  private readonly folders = new Map<string, Folder>();
  /** Glob bases that did not exist: their appearance is watched. */
  private readonly missingBases = new Map<string, Tree>();
  private readonly budget: Budget;
  private skipped = 0;
  /** Files of installed packages, looked at in turns (see BULK_FILES_PER_CHECK). */
  private readonly bulk = new Set<string>();
  private bulkOrder: string[] | undefined;
  private bulkCursor = 0;
  private folderCursor = 0;
  /** Patterns not read yet: reading and hashing the protected files must not hold up opencode's start (completeBuild). */
  private pending: WatchPattern[] = [];

  constructor(
    patterns: readonly WatchPattern[],
    private readonly bounds: Bounds = DEFAULT_BOUNDS,
    /** Read nothing now: the first use (or completeBuild, after the start) reads every pattern. */
    deferred = false,
  ) {
    this.budget = { hash: bounds.hashBytes, keep: bounds.keepBytes, keepEach: bounds.keepEach };
    // INVARIANT: patterns come most important first, so the file bound drops installed packages before anything else;
    // deferred, they are read in the same order.
    if (deferred) this.pending = [...patterns];
    else for (const w of patterns) this.addPattern(w);
  }

  /** Reads the bulk patterns left for later; a no-op once done. */
  completeBuild(): void {
    // One at a time: a pattern that fails to read stays pending for the next try, the others are not lost.
    while (this.pending.length > 0) {
      this.addPattern(this.pending[0]!);
      this.pending.shift();
    }
  }

  get building(): boolean {
    return this.pending.length > 0;
  }

  private addPattern(w: WatchPattern): void {
    if (!isGlob(w.pattern)) this.add(w.pattern, isBulk(w.pattern));
    else this.addTree(w.pattern);
  }

  summary(): WatchSummary {
    this.completeBuild();
    let notKept = 0;
    for (const r of this.files.values()) if (r.exists && !r.folder && r.bytes === undefined) notKept++;
    return { files: this.files.size, folders: this.folders.size, skipped: this.skipped, notKept };
  }

  has(path: string): boolean {
    this.completeBuild();
    return this.files.has(path);
  }

  /**
   * What the disk holds now against what was seen: every change, nothing updated (except stat of files whose content
   * did not change). Installed packages are looked at in turns unless `full`.
   */
  changes(full = false): Change[] {
    this.completeBuild();
    const out: Change[] = [];
    for (const before of this.toLook(full)) {
      const g = glance(before.path);
      if (unmoved(before, g)) continue;
      const after = record(before.path, g, { hash: Number.MAX_SAFE_INTEGER, keep: 0, keepEach: 0 });
      if (this.same(before, after)) {
        // Touched, rewritten with the same bytes, or a git config write that changes nothing that runs.
        this.files.set(before.path, { ...after, bytes: before.bytes ?? after.bytes });
        continue;
      }
      out.push({ path: before.path, kind: kindOf(before, after), before, after });
    }
    for (const path of this.newFiles(full)) {
      const after = record(path, glance(path), { hash: Number.MAX_SAFE_INTEGER, keep: 0, keepEach: 0 });
      out.push({ path, kind: 'created', before: ABSENT(path), after });
    }
    return out;
  }

  /** Takes what the disk holds now as the truth for these paths (after a restore, or an approved change). */
  accept(paths: readonly string[]): void {
    this.completeBuild();
    for (const path of paths) {
      const old = this.files.get(path);
      if (old?.bytes) this.budget.keep += old.bytes.length;
      this.files.set(path, record(path, glance(path), { ...this.budget, hash: Number.MAX_SAFE_INTEGER }));
      const now = this.files.get(path)!;
      if (now.bytes) this.budget.keep -= now.bytes.length;
    }
    this.refreshFolders();
  }

  /** A record to restore from: what the path held when last accepted. */
  recordOf(path: string): FileRecord | undefined {
    this.completeBuild();
    return this.files.get(path);
  }

  /** Stops watching a path (a new file that was removed again). */
  forget(path: string): void {
    this.completeBuild();
    this.files.delete(path);
    if (this.bulk.delete(path)) this.bulkOrder = undefined;
  }

  /** Every file outside installed packages, and the next turn of installed packages' files (all when `full`). */
  private *toLook(full: boolean): Generator<FileRecord> {
    for (const r of this.files.values()) if (!this.bulk.has(r.path)) yield r;
    const order = (this.bulkOrder ??= [...this.bulk]);
    const n = full ? order.length : Math.min(order.length, BULK_FILES_PER_CHECK);
    for (let i = 0; i < n; i++) {
      const r = this.files.get(order[(this.bulkCursor + i) % order.length]!);
      if (r) yield r;
    }
    if (order.length > 0) this.bulkCursor = (this.bulkCursor + n) % order.length;
  }

  private same(before: FileRecord, after: FileRecord): boolean {
    if (sameContent(before, after)) return true;
    // git's own commands rewrite its config files; only a change to what git will run later counts.
    if (!isGitConfig(before.path) || !before.exists || !after.exists || before.link !== after.link) return false;
    const was = before.bytes?.toString('utf8');
    if (was === undefined || after.sha256 === undefined) return false;
    const now = after.bytes?.toString('utf8') ?? readText(after.path);
    return now !== undefined && gitConfigRunsLater(was).join('\n') === gitConfigRunsLater(now).join('\n');
  }

  private add(path: string, bulk: boolean): void {
    if (this.files.has(path)) return;
    if (this.files.size >= this.bounds.files) {
      this.skipped++;
      return;
    }
    this.files.set(path, record(path, glance(path), this.budget));
    if (bulk) {
      this.bulk.add(path);
      this.bulkOrder = undefined;
    }
  }

  private addTree(pattern: string): void {
    const tree: Tree = {
      pattern,
      base: globBase(pattern),
      matches: picomatch(pattern, { dot: true }),
      bulk: isBulk(pattern),
    };
    const st = statQuiet(tree.base);
    if (!st?.isDirectory()) {
      this.missingBases.set(tree.base, tree);
      return;
    }
    this.walk(tree.base, tree, (path) => this.add(path, tree.bulk));
  }

  /** Folders outside installed packages, and the next turn of installed packages' folders (all when `full`). */
  private foldersToLook(full: boolean): [string, Folder][] {
    const all = [...this.folders];
    const hot = all.filter(([, f]) => !f.tree.bulk);
    const bulk = all.filter(([, f]) => f.tree.bulk);
    const n = full ? bulk.length : Math.min(bulk.length, BULK_FOLDERS_PER_CHECK);
    const turn = Array.from({ length: n }, (_, i) => bulk[(this.folderCursor + i) % bulk.length]!);
    if (bulk.length > 0) this.folderCursor = (this.folderCursor + n) % bulk.length;
    return [...hot, ...turn];
  }

  /** Walks a folder, remembering it and every folder below with their entries; matching files go to `found`. */
  private walk(dir: string, tree: Tree, found: (path: string) => void): void {
    walkFiles(dir, tree, found, (folder, st, names) => {
      if (!this.folders.has(folder))
        this.folders.set(folder, { mtimeMs: st.mtimeMs, ino: st.ino, names: new Set(names), tree });
    });
  }

  /** Files that appeared in watched folders (or under a glob base that appeared) since they were last looked at. */
  private newFiles(full: boolean): string[] {
    const out = new Set<string>();
    const found = (path: string) => {
      if (!this.files.has(path)) out.add(path);
    };
    for (const [base, tree] of this.missingBases) {
      if (statQuiet(base)?.isDirectory()) walkFiles(base, tree, found);
    }
    for (const [dir, folder] of this.foldersToLook(full)) {
      const st = statQuiet(dir);
      if (st === undefined || (st.mtimeMs === folder.mtimeMs && st.ino === folder.ino)) continue;
      for (const name of readdirQuiet(dir)) {
        if (folder.names.has(name)) continue;
        const path = join(dir, name);
        if (statQuiet(path)?.isDirectory()) walkFiles(path, folder.tree, found);
        else if (folder.tree.matches(path) && !isDecisionLog(path)) found(path);
      }
    }
    return [...out];
  }

  /** After a change is settled: folders (and bases that appeared) are looked at again from the disk. */
  private refreshFolders(): void {
    for (const [base, tree] of [...this.missingBases]) {
      if (!statQuiet(base)?.isDirectory()) continue;
      this.missingBases.delete(base);
      this.walk(base, tree, (path) => this.add(path, tree.bulk));
    }
    for (const [dir, folder] of [...this.folders]) {
      const st = statQuiet(dir);
      if (st === undefined) {
        this.folders.delete(dir);
        continue;
      }
      if (st.mtimeMs === folder.mtimeMs && st.ino === folder.ino) continue;
      folder.mtimeMs = st.mtimeMs;
      folder.ino = st.ino;
      folder.names = new Set(readdirQuiet(dir));
      for (const name of folder.names) {
        const path = join(dir, name);
        const s = statQuiet(path);
        if (s?.isDirectory() && !this.folders.has(path))
          this.walk(path, folder.tree, (p) => this.add(p, folder.tree.bulk));
        else if (!s?.isDirectory() && folder.tree.matches(path) && !isDecisionLog(path))
          this.add(path, folder.tree.bulk);
      }
    }
  }
}

function kindOf(before: FileRecord, after: FileRecord): ChangeKind {
  if (!before.exists) return 'created';
  if (!after.exists) return 'deleted';
  return 'modified';
}

function readText(path: string): string | undefined {
  if (!statQuiet(path)?.isFile()) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (errnoOf(error) === 'EACCES') return undefined; // Unreadable now: not the same content as before.
    throw error;
  }
}
