// The result check of what is NEW in the project's sub-folders and runs as the human when they work there:
// - opencode configuration (`packages/app/.opencode/`, `packages/app/opencode.json[c]`): opencode loads it, plugins and
//   command templates included, when the human starts it in that folder;
// - a repository whose config or hooks run code (`src/.git` naming a repository of the agent's, a `git init`ed
//   folder given a `core.fsmonitor`): git runs it at the human's next `git status` in that folder;
// - a compiled module in a `__pycache__` (pycache-watch.ts): python runs it in place of the unchanged source — in the
//   project and in the virtualenvs tox, nox and poetry make (`.tox/py311`, `~/.cache/pypoetry/virtualenvs/<env>`),
//   which the human's tox and `poetry run` start (routes 10.06, 10.07).
// The ones that exist at load are protected facts (rules, a read-only bind in the sandbox, the watched set); a new one
// cannot be bound in advance (bubblewrap binds existing paths only), so after a call that may have made one it is
// found and removed — the whole new `.opencode` folder, the new file, the `.git` entry — unless the human's bypass named
// the contract (anchor-protect-config-dirs, anchor-protect-git-hooks). A repository of the agent's own that runs
// nothing (`git init`, `git clone`, `git worktree add`) is honest work and stays. Takes the project directory; reads
// folder listings (sub-configs.ts) and the config and hooks folder of each repository found.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { MAX_VIRTUALENVS } from '../core/protection.js';
import { lstatQuiet, readdirQuiet } from './fs-quiet.js';
import { findRepository, repositoryAt, repositoryRunsCode } from '../core/git-files.js';
import { SubConfigFinder, type SubConfigs } from '../core/sub-configs.js';
import { RUN_LATER_CONTRACT } from './run-later-watch.js';
import { changedPycache, pycacheStamps, removePycache, type PycacheStamps } from './pycache-watch.js';

export const CONFIG_DIRS_CONTRACT = 'anchor-protect-config-dirs';
export const GIT_HOOKS_CONTRACT = 'anchor-protect-git-hooks';

export interface SubConfigFinding {
  readonly path: string;
  readonly contract: typeof CONFIG_DIRS_CONTRACT | typeof GIT_HOOKS_CONTRACT | typeof RUN_LATER_CONTRACT;
  readonly result: 'restored' | 'approved' | 'kept';
  readonly detail: string;
}

export class SubConfigWatch {
  private seen = new Set<string>();
  /** New places that are byte-for-byte copies of the project's own configuration: checked again at every call. */
  private copies = new Set<string>();
  /** The repositories found at load: the human's, protected as facts (git-files.ts), never removed here. */
  private readonly reposAtLoad: ReadonlySet<string>;
  /** What each repository found ran when last taken as the truth ('' when nothing). */
  private repoRuns = new Map<string, string>();
  /** The files of the project's `__pycache__` folders when last taken as the truth. */
  private pycache: PycacheStamps = new Map();
  /** Whether the last look at `__pycache__` stopped at its bound. */
  private pycacheBounded = false;
  private readonly finder: SubConfigFinder;
  /** A finder per tool-made virtualenv (a holder's child), for its `__pycache__` folders. */
  private readonly envFinders = new Map<string, SubConfigFinder>();
  private last = { folders: 0, bounded: false, ms: 0 };

  /** The common git dirs of the repositories the human had at load (the project's own, those in sub-folders). */
  private readonly trusted: ReadonlySet<string>;

  constructor(
    private readonly directory: string,
    /** Whether the agent's python compiles elsewhere (agentPythonCacheEnv): only then is a new `.pyc` hand-made. */
    private readonly pycacheHeld = true,
    /** Folders whose children are tool-made virtualenvs (protection.ts, virtualenvHolders). */
    private readonly holders: readonly string[] = [],
  ) {
    this.finder = new SubConfigFinder(directory);
    this.reposAtLoad = new Set(this.finder.find().repos);
    const commonDirs = [findRepository(directory), ...[...this.reposAtLoad].map((r) => repositoryAt(r))];
    this.trusted = new Set(commonDirs.flatMap((repo) => (repo === undefined ? [] : [repo.commonDir])));
  }

  /** Folders the last search read, whether the bound stopped it, and its time (for /anchor status and the bench). */
  summary(): { folders: number; bounded: boolean; ms: number; places: number; pycacheBounded: boolean } {
    return { ...this.last, places: this.seen.size, pycacheBounded: this.pycacheBounded };
  }

  /** Takes the sub-folders' configuration and repositories as they are now as the truth (a load, the human's turn). */
  accept(): void {
    const found = this.find();
    this.seen = new Set(found.places);
    this.repoRuns = new Map(found.repos.map((r) => [r, repositoryRunsCode(r, this.trusted).join('\n')]));
    if (this.pycacheHeld) this.pycache = this.readPycache(found.pycaches);
  }

  /**
   * New configuration places, and repositories made or changed to run code, since the last check: removed unless
   * `approve(contract)` (the human's bypass) says keep.
   */
  check(approve: (contract: SubConfigFinding['contract']) => boolean): SubConfigFinding[] {
    const found = this.find();
    return [
      ...this.checkPlaces(found.places, approve),
      ...this.checkRepos(found.repos, approve),
      ...this.checkPycache(found.pycaches, approve),
    ];
  }

  private checkPycache(folders: readonly string[], approve: (contract: SubConfigFinding['contract']) => boolean) {
    if (!this.pycacheHeld) return [];
    const now = this.readPycache(folders);
    const changed = changedPycache(this.pycache, now);
    if (changed.length === 0) {
      this.pycache = now;
      return [];
    }
    const approved = approve(RUN_LATER_CONTRACT);
    const what = `a compiled python module written by hand (python runs it in place of the module's source; the sandbox's python compiles elsewhere)`;
    const out = changed.map((path): SubConfigFinding => {
      if (approved)
        return {
          path,
          contract: RUN_LATER_CONTRACT,
          result: 'approved',
          detail: `${what}; kept by the human's bypass`,
        };
      const failed = removePycache(path);
      return failed === undefined
        ? { path, contract: RUN_LATER_CONTRACT, result: 'restored', detail: `${what}: removed` }
        : { path, contract: RUN_LATER_CONTRACT, result: 'kept', detail: `${what}; could not be removed: ${failed}` };
    });
    const removed = new Set(out.filter((f) => f.result === 'restored').map((f) => f.path));
    this.pycache = new Map([...now].filter(([path]) => !removed.has(path)));
    return out;
  }

  private readPycache(folders: readonly string[]): PycacheStamps {
    const { stamps, bounded } = pycacheStamps(folders);
    this.pycacheBounded = bounded;
    return stamps;
  }

  private checkPlaces(now: readonly string[], approve: (contract: SubConfigFinding['contract']) => boolean) {
    // A linked worktree or a checkout inside the project brings the human's committed configuration with it (route
    // 12 H.64): a copy that names no file by a relative path adds nothing the human's own does not load. It stays a
    // copy only while it is one: checked again at every call, and removed as new once it differs.
    const candidates = now.filter((p) => !this.seen.has(p) || this.copies.has(p));
    const copies = new Set(candidates.filter((p) => copiesTop(p, this.directory)));
    this.copies = copies;
    const added = candidates.filter((p) => !copies.has(p));
    if (added.length === 0) {
      this.seen = new Set(now.filter((p) => !copies.has(p)));
      return [];
    }
    const approved = approve(CONFIG_DIRS_CONTRACT);
    const what = `opencode configuration new in a sub-folder (loaded, plugins and command templates run, when opencode starts there)`;
    const out = added.map((path) => settle(path, CONFIG_DIRS_CONTRACT, what, approved));
    const removed = new Set(out.filter((f) => f.result === 'restored').map((f) => f.path));
    this.seen = new Set(now.filter((p) => !removed.has(p) && !copies.has(p)));
    return out;
  }

  private checkRepos(now: readonly string[], approve: (contract: SubConfigFinding['contract']) => boolean) {
    const out: SubConfigFinding[] = [];
    const runs = new Map<string, string>();
    let approved: boolean | undefined;
    for (const repo of now) {
      // INVARIANT: a repository that was there at load is the human's: its files are protected facts, and removing
      // its `.git` would take the human's history with it.
      if (this.reposAtLoad.has(repo)) continue;
      const ran = repositoryRunsCode(repo, this.trusted);
      const signature = ran.join('\n');
      // Nothing runs, or only what already ran when the human last spoke (theirs to keep).
      if (signature === '' || signature === this.repoRuns.get(repo)) {
        runs.set(repo, signature);
        continue;
      }
      approved ??= approve(GIT_HOOKS_CONTRACT);
      const what = `a repository in a sub-folder whose config or hooks run code at the human's next git command there (${ran.slice(0, 3).join('; ')})`;
      const finding = settle(repo, GIT_HOOKS_CONTRACT, what, approved);
      if (finding.result !== 'restored') runs.set(repo, signature);
      out.push(finding);
    }
    for (const [repo, signature] of this.repoRuns) if (this.reposAtLoad.has(repo)) runs.set(repo, signature);
    this.repoRuns = runs;
    return out;
  }

  private find(): SubConfigs {
    const started = performance.now();
    const found = this.finder.find();
    const pycaches = [...new Set([...found.pycaches, ...this.toolEnvPycaches()])];
    this.last = { folders: found.folders, bounded: found.bounded, ms: performance.now() - started };
    return { ...found, pycaches };
  }

  /** The `__pycache__` folders of the tool-made virtualenvs (the project's search does not enter `.tox` or ~/.cache). */
  private toolEnvPycaches(): string[] {
    if (!this.pycacheHeld) return [];
    const out: string[] = [];
    for (const holder of this.holders)
      for (const name of readdirQuiet(holder).slice(0, MAX_VIRTUALENVS)) {
        const env = join(holder, name);
        if (!existsSync(join(env, 'pyvenv.cfg'))) continue;
        let finder = this.envFinders.get(env);
        if (finder === undefined) this.envFinders.set(env, (finder = new SubConfigFinder(env)));
        out.push(...finder.find().pycaches);
      }
    return out;
  }
}

/**
 * Whether a sub-folder's `.opencode` folder or `opencode.json[c]` holds only regular files identical to the project's
 * own at the same place, none of which names a file by a relative path (`"./tools/plugin.js"`, `{file:./x.md}`: in
 * the sub-folder that path leads to the sub-folder's own file). At most 200 files of 1 MiB are compared.
 */
export function copiesTop(place: string, directory: string): boolean {
  const top = join(directory, basename(place));
  if (top === place) return false;
  let files = 0;
  const same = (a: string, b: string): boolean => {
    const st = lstatQuiet(a);
    const twin = lstatQuiet(b);
    // Gone, unreadable, or no twin in the project's own: not a copy.
    if (st === 'absent' || twin === 'absent' || 'code' in st || 'code' in twin) return false;
    if (st.isDirectory() && twin.isDirectory())
      return readdirQuiet(a).every((name) => same(join(a, name), join(b, name)));
    if (!st.isFile() || !twin.isFile() || st.size !== twin.size || st.size > 1_048_576 || ++files > 200) return false;
    const text = readFileSync(a);
    return text.equals(readFileSync(b)) && !/["'(]\.{1,2}\/|\{file:/.test(text.toString('utf8'));
  };
  return relative(directory, place).includes('/') && same(place, top);
}

function settle(
  path: string,
  contract: SubConfigFinding['contract'],
  what: string,
  approved: boolean,
): SubConfigFinding {
  if (approved) return { path, contract, result: 'approved', detail: `${what}; kept by the human's bypass` };
  try {
    rmSync(path, { recursive: true, force: true });
    return { path, contract, result: 'restored', detail: `${what}: removed` };
  } catch (error) {
    return { path, contract, result: 'kept', detail: `${what}; could not be removed: ${String(error)}` };
  }
}
