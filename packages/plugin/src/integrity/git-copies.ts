// The copies git keeps of protected files. A contract file the agent cannot write can still be rewritten in git:
// its entry in the index (`git update-index --cacheinfo`, `git add` of other bytes under its name) is what the
// human's own `git restore` / `git checkout -- <file>` writes back, and a commit made from that index is what
// `git reset --hard`, `git stash` or a checkout writes. The file is untouched, so the file check sees nothing.
// After each call the index entries of the tracked protected files are compared with what they were: an entry that
// no longer holds the file's bytes is put back (a BLOCK); a commit made since whose tree records other bytes than
// the file is taken off the branch again (the branch moved back to the commit it held: the human's next `git stash`
// wrote the commit's bytes over the rules, route 13.50); an older commit is reported, not rewritten.
//
// INVARIANT: git runs here in opencode's process, outside the sandbox, on a repository the agent can write: nothing
// it runs may execute the agent's code. `ls-files`, `ls-tree`, `rev-parse`, `update-index --cacheinfo`,
// `update-ref` (its reference-transaction hook pointed at /dev/null) and `hash-object --no-filters` run no hook and
// no filter; `core.fsmonitor` (the one setting these commands would run)
// is forced off, and no optional lock is taken.
import { childProcess } from '../core/builtins.js';
import { type Dirent, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { type GitPlaces, gitPlaces } from '../git/repository.js';
import { StatCache } from '../git/stat-cache.js';
import { isGlob, type WatchPattern } from './watch-list.js';

/** One index or tree entry: its mode and object id. */
interface Entry {
  readonly mode: string;
  readonly oid: string;
}

/** A tracked protected file whose git copy changed. */
export interface CopyChange {
  /** Absolute path of the file. */
  readonly path: string;
  readonly where: 'index' | 'commit';
  readonly before: Entry | undefined;
  readonly after: Entry | undefined;
  /** HEAD after the call, for a commit. */
  readonly commit?: string | undefined;
}

const SAFE = ['-c', 'core.fsmonitor=false', '-c', 'core.untrackedCache=false', '--no-optional-locks'];

export class GitCopies {
  private index = new Map<string, Entry>();
  private tree = new Map<string, Entry>();
  private stamp = '';
  /** HEAD's commit at the last accept. */
  private acceptedHead: string | undefined;
  /** The branches, the stash, the tags and the remote-tracking branches at the last accept (ref name → commit). */
  private refs = new Map<string, string>();
  /** The same refs' own values (an annotated tag's object, not its commit): what a ref is moved back to. */
  private rawRefs = new Map<string, string>();
  /** The replace refs at the last accept (`refs/replace/<object>` → its replacement). */
  private replaced = new Map<string, string>();

  private constructor(
    private readonly places: GitPlaces,
    /** Pathspecs relative to the top, read literally. */
    private readonly specs: readonly string[],
    private readonly env: NodeJS.ProcessEnv,
    read: boolean,
  ) {
    if (read) this.accept();
  }

  /**
   * The copies of the watched paths inside this directory's repository; undefined outside a repository. `read`
   * false: git is not asked yet (three git processes), and the caller must accept() before any changes().
   */
  static of(
    directory: string,
    patterns: readonly WatchPattern[],
    env: Readonly<Record<string, string | undefined>>,
    { read = true }: { read?: boolean } = {},
  ): GitCopies | undefined {
    const places = gitPlaces(directory, new StatCache(64 * 1024));
    if (places === undefined) return undefined;
    const specs = new Set<string>();
    for (const w of patterns) {
      // A folder `dir/**` is its folder; other globs name places git does not track (hooks, installed packages).
      const path = w.pattern.endsWith('/**') ? w.pattern.slice(0, -3) : w.pattern;
      if (isGlob(path) || !isAbsolute(path)) continue;
      const rel = relative(places.top, path);
      if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('.git')) continue;
      specs.add(rel);
    }
    if (specs.size === 0) return undefined;
    // git must read this repository as the human's git does, whatever GIT_* variables the host process carries.
    const clean: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(env)) if (v !== undefined && !k.startsWith('GIT_')) clean[k] = v;
    clean.GIT_TERMINAL_PROMPT = '0';
    // The objects as they are, never a replacement the agent made (`git replace`): what the check compares is what
    // the commits really record (replace refs are judged on their own, undoReplaceRefs).
    clean.GIT_NO_REPLACE_OBJECTS = '1';
    return new GitCopies(places, [...specs].sort(), clean, read);
  }

  /** What changed since the last accept; asks git only when the index or HEAD moved on the disk. */
  changes(): CopyChange[] {
    if (this.stampNow() === this.stamp) return [];
    const out: CopyChange[] = [];
    const index = this.readIndex();
    for (const path of new Set([...this.index.keys(), ...index.keys()])) {
      const before = this.index.get(path);
      const after = index.get(path);
      if (!sameEntry(before, after)) out.push({ path, where: 'index', before, after });
    }
    const head = this.head();
    const tree = this.readTree(head);
    for (const path of new Set([...this.tree.keys(), ...tree.keys()])) {
      const before = this.tree.get(path);
      const after = tree.get(path);
      if (!sameEntry(before, after)) out.push({ path, where: 'commit', before, after, commit: head });
    }
    return out;
  }

  /** The object id the file's bytes have in git (no filter run), or undefined when it is not a file. */
  blobOf(path: string): string | undefined {
    if (!statSync(path, { throwIfNoEntry: false })?.isFile()) return undefined;
    return this.git(['hash-object', '--no-filters', '--', path])?.trim();
  }

  /** Puts an index entry back as it was (or takes out one that was not there). */
  putBack(change: CopyChange): void {
    const rel = relative(this.places.top, change.path);
    if (change.before === undefined) this.git(['update-index', '--force-remove', '--', rel]);
    else this.git(['update-index', '--add', '--cacheinfo', `${change.before.mode},${change.before.oid},${rel}`]);
  }

  /**
   * Moves the branch HEAD names (HEAD itself when detached) back to the commit it held at the last accept, when it
   * holds another now: the commits made since leave the branch (the reflog keeps them; the index and the work tree
   * are not touched, so what they changed besides stays staged). Returns that commit, or undefined when there was
   * nothing to move or no commit to move back to.
   */
  moveBack(): string | undefined {
    const now = this.head();
    if (this.acceptedHead === undefined || now === undefined || now === this.acceptedHead) return undefined;
    // Only a commit the call made: a switch to a branch that was there (the human's older feature branch, whose rules
    // predate the team's) or a new branch at an old commit moves nothing — that is history, the file check holds.
    if (!this.madeSince(now)) return undefined;
    const target = this.symbolicHead() ?? 'HEAD';
    // The branch HEAD names now goes back to its own tip at the last check; a branch the call made, and a detached
    // HEAD, to where HEAD was.
    const head = (target === 'HEAD' ? undefined : this.refs.get(target)) ?? this.acceptedHead;
    const args = target === 'HEAD' ? ['--no-deref', 'HEAD', head, now] : [target, head, now];
    this.git([
      '-c',
      'core.hooksPath=/dev/null',
      'update-ref',
      '-m',
      'semantic-anchors: commit of protected files undone',
      ...args,
    ]);
    return head;
  }

  /**
   * Branches other than HEAD's, the stash, tags and remote-tracking branches moved since the last accept to a commit
   * that records other bytes for a protected file than the file holds and than the ref recorded before (a new ref:
   * than HEAD did) — or leaves out a file it recorded: what the human's next `git switch <branch>`, `git stash pop`,
   * `git switch -c hotfix <tag>` or `git merge` of the upstream writes over the rules (routes 13.53, 13.54, 14.51,
   * 14.52). Each is moved back, or removed when it is new; returns what was undone.
   */
  undoForgedRefs(): { readonly ref: string; readonly paths: readonly string[]; readonly removed: boolean }[] {
    const now = this.readRefs();
    const current = this.symbolicHead();
    const blobs = new Map<string, string | undefined>();
    const blob = (path: string) => {
      if (!blobs.has(path)) blobs.set(path, this.blobOf(path));
      return blobs.get(path);
    };
    const out: { ref: string; paths: string[]; removed: boolean }[] = [];
    for (const [ref, oid] of now) {
      const before = this.refs.get(ref);
      if (before === oid || ref === current || !JUDGED.test(ref)) continue;
      // A commit that was there before (a release tag's: `git branch hotfix v1.2`) is history the human has: a
      // branch made at it is honest work, whatever rules that commit had. Only commits made since are judged.
      if (!this.madeSince(oid)) continue;
      const was = before === undefined ? this.tree : this.readTree(before);
      const tree = this.readTree(oid);
      const paths = [...new Set([...was.keys(), ...tree.keys()])].filter((path) => {
        const entry = tree.get(path);
        const file = blob(path);
        if (sameEntry(entry, was.get(path))) return false;
        // Left out while the file is there, or other bytes than the file's.
        return entry === undefined ? file !== undefined : entry.oid !== file;
      });
      if (paths.length === 0) continue;
      const hooksOff = [
        '-c',
        'core.hooksPath=/dev/null',
        'update-ref',
        '-m',
        'semantic-anchors: protected files undone',
      ];
      const raw = this.rawNow.get(ref) ?? oid;
      this.git(
        before === undefined ? [...hooksOff, '-d', ref, raw] : [...hooksOff, ref, this.rawRefs.get(ref) ?? before, raw],
      );
      out.push({ ref, paths, removed: before === undefined });
    }
    return out;
  }

  /**
   * Replace refs made or moved since the last accept (`git replace <commit> <other>`): every later git command of the
   * human's reads the replacement in place of the object — HEAD's commit replaced by one recording a weaker contract
   * is what their next `git stash` or `git reset --hard` writes (route 14.50). Removed (or moved back) whatever they
   * replace: a replacement changes what every command reads, and honest work has no use for making one. Returns the
   * objects whose replacement was undone.
   */
  undoReplaceRefs(): string[] {
    const now = this.readReplaced();
    const out: string[] = [];
    for (const [ref, oid] of now) {
      const before = this.replaced.get(ref);
      if (before === oid) continue;
      const args = before === undefined ? ['-d', ref, oid] : [ref, before, oid];
      this.git(['-c', 'core.hooksPath=/dev/null', 'update-ref', '-m', 'semantic-anchors: replacement undone', ...args]);
      out.push(ref.slice('refs/replace/'.length));
    }
    return out;
  }

  /** The tracked protected files, as HEAD recorded them at the last accept (absolute paths). */
  trackedPaths(): string[] {
    return [...this.tree.keys()];
  }

  /** Takes what git holds now as the truth. */
  accept(): void {
    // Nothing moved on the disk since the last accept: what git would say is what it said then (the same stamp is
    // all changes() asks before it returns nothing). Saves five git processes at every human message.
    const stamp = this.stampNow();
    if (stamp === this.stamp) return;
    this.stamp = stamp;
    this.index = this.readIndex();
    const head = this.head();
    this.tree = this.readTree(head);
    this.acceptedHead = head;
    this.refs = this.readRefs();
    this.rawRefs = this.rawNow;
    this.replaced = this.readReplaced();
  }

  /**
   * A commit no branch, stash, tag or remote-tracking branch reached at the last accept (what they reach now would
   * count a remote-tracking ref the call itself pointed at its commit).
   */
  private madeSince(oid: string): boolean {
    const old = [...new Set(this.refs.values())].map((o) => `^${o}`).join('\n');
    return (this.git(['rev-list', '-n', '1', oid, '--stdin'], false, `${old}\n`) ?? '').trim() !== '';
  }

  /** Whether the index, HEAD or any ref moved on the disk since the last accept. */
  moved(): boolean {
    return this.stampNow() !== this.stamp;
  }

  /** The refs' own values at the last readRefs (an annotated tag's object). */
  private rawNow = new Map<string, string>();

  /** The branches, the stash, the tags and the remote-tracking branches: ref name → commit (a tag's, peeled). */
  private readRefs(): Map<string, string> {
    const format =
      '--format=%(objectname) %(if)%(*objectname)%(then)%(*objectname)%(else)%(objectname)%(end) %(refname)';
    const text = this.git(['for-each-ref', format, 'refs/heads', 'refs/stash', 'refs/tags', 'refs/remotes']) ?? '';
    const out = new Map<string, string>();
    const raw = new Map<string, string>();
    for (const line of text.split('\n')) {
      const m = /^([0-9a-f]+) ([0-9a-f]+) (\S+)$/.exec(line);
      if (!m) continue;
      out.set(m[3]!, m[2]!);
      raw.set(m[3]!, m[1]!);
    }
    this.rawNow = raw;
    return out;
  }

  /** The replace refs: `refs/replace/<object>` → the object read in its place. */
  private readReplaced(): Map<string, string> {
    const text = this.git(['for-each-ref', '--format=%(objectname) %(refname)', 'refs/replace']) ?? '';
    const out = new Map<string, string>();
    for (const line of text.split('\n')) {
      const m = /^([0-9a-f]+) (\S+)$/.exec(line);
      if (m) out.set(m[2]!, m[1]!);
    }
    return out;
  }

  /** The branch HEAD names (`refs/heads/main`), or undefined when HEAD is detached. */
  private symbolicHead(): string | undefined {
    return /^ref:\s*(\S+)/.exec(readIfThere(join(this.places.gitDir, 'HEAD')))?.[1];
  }

  /** The index file and HEAD as the disk holds them: a change to either is what makes git worth asking. */
  private stampNow(): string {
    const { gitDir, commonDir } = this.places;
    const files = [join(gitDir, 'index'), join(gitDir, 'HEAD'), join(commonDir, 'packed-refs')];
    const ref = /^ref:\s*(\S+)/.exec(readIfThere(join(gitDir, 'HEAD')))?.[1];
    if (ref !== undefined) files.push(join(commonDir, ref));
    // git writes a ref through a lock file renamed into place: the folders of the branches and the stash change.
    files.push(...refFolders(join(commonDir, 'refs')));
    return files.map(statStamp).join('|');
  }

  private head(): string | undefined {
    return this.git(['rev-parse', '-q', '--verify', 'HEAD^{commit}'], true)?.trim() || undefined;
  }

  private readIndex(): Map<string, Entry> {
    // `<mode> <oid> <stage>\t<path>\0`
    const text = this.git(['ls-files', '-s', '-z', '--', ...this.specs]) ?? '';
    const out = new Map<string, Entry>();
    for (const record of text.split('\0')) {
      const m = /^(\d+) ([0-9a-f]+) \d+\t(.+)$/s.exec(record);
      if (m) out.set(join(this.places.top, m[3]!), { mode: m[1]!, oid: m[2]! });
    }
    return out;
  }

  private readTree(head: string | undefined): Map<string, Entry> {
    const out = new Map<string, Entry>();
    if (head === undefined) return out;
    // `<mode> <type> <oid>\t<path>\0`
    const text = this.git(['ls-tree', '-r', '-z', '--full-tree', head, '--', ...this.specs]) ?? '';
    for (const record of text.split('\0')) {
      const m = /^(\d+) \w+ ([0-9a-f]+)\t(.+)$/s.exec(record);
      if (m) out.set(join(this.places.top, m[3]!), { mode: m[1]!, oid: m[2]! });
    }
    return out;
  }

  /** Runs git on this repository; `quiet`: exit status 1 (`rev-parse --verify` before the first commit) is undefined. */
  private git(args: readonly string[], quiet = false, input?: string): string | undefined {
    try {
      return childProcess().execFileSync('git', [...SAFE, '--literal-pathspecs', '-C', this.places.top, ...args], {
        env: this.env,
        encoding: 'utf8',
        input,
        stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
        maxBuffer: 16 * 1024 * 1024,
        timeout: 10_000,
      });
    } catch (error) {
      if (quiet && (error as { status?: unknown }).status === 1) return undefined;
      throw error;
    }
  }
}

const sameEntry = (a: Entry | undefined, b: Entry | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.mode === b.mode && a.oid === b.oid);

/**
 * The refs judged after a call: branches, the stash, tags and remote-tracking branches — what the human's `git
 * switch`, `git stash pop`, a checkout of a tag and a merge of the upstream write into the work tree. A tag or
 * remote-tracking branch an honest `git fetch` of the agent's brings is judged too: one whose commit records other
 * bytes for a protected file (the team changed the rules upstream) is taken back, and the human's own fetch brings it.
 */
const JUDGED = /^refs\/(?:heads\/|stash$|tags\/|remotes\/)/;

/** `refs` and the folders below it that hold refs (at most 256): the stash is a file in `refs` itself. */
function refFolders(refs: string): string[] {
  const out = [refs, join(refs, 'heads'), join(refs, 'tags'), join(refs, 'remotes'), join(refs, 'replace')];
  const walk = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // No folder yet (a fresh repository): its stamp says so.
    }
    for (const entry of entries) {
      if (out.length >= 256 || !entry.isDirectory()) continue;
      out.push(join(dir, entry.name));
      walk(join(dir, entry.name));
    }
  };
  for (const top of ['heads', 'tags', 'remotes', 'replace']) walk(join(refs, top));
  return out;
}

function statStamp(path: string): string {
  const s = statSync(path, { throwIfNoEntry: false });
  return s ? `${s.ino}:${s.size}:${s.mtimeMs}` : '-';
}

/** A small git file's text, or '' when it is not there. */
function readIfThere(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}
