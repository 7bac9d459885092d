// What the host knows about the working tree of a tool call, read cheaply at call time without starting a process:
// the branch checked out in the call's directory and its upstream (.git/HEAD and config, worktrees and `gitdir:`
// files included), each remote's default branch (refs/remotes/<remote>/HEAD, in the common folder), and git's ignore rules (the .gitignore files that matter, .git/info/exclude). The engine gets
// them as data on the tool event (`host`); it never reads a file itself.
import { join, relative, resolve } from 'node:path';
import type { HostFacts } from '@semantic-anchors/engine/enforce';
import { findIgnoreFolders, findIgnoreFoldersLater } from './ignore-files.js';
import { gitPlaces, headBranch, remoteDefaultBranches, upstreamOf, type GitPlaces } from './repository.js';
import { StatCache } from './stat-cache.js';

export interface HostFactsOptions {
  /** How long the ignore files found by a walk are trusted before the work tree is walked again. */
  readonly rewalkMs?: number;
  /** How long facts read for a directory are reused without a stat (calls come seconds apart; bursts share). */
  readonly reuseMs?: number;
  readonly now?: () => number;
}

interface Walk {
  readonly at: number;
  readonly folders: readonly string[];
  /** A refresh under way (between calls): its result replaces this walk when it ends. */
  refreshing?: boolean;
}

export class HostFactsReader {
  private readonly files = new StatCache(64 * 1024);
  private readonly walks = new Map<string, Walk>();
  private readonly recent = new Map<string, { readonly at: number; readonly facts: HostFacts | undefined }>();
  /** The last gitignore object per work tree: passed again while its texts are the same (the engine caches by it). */
  private readonly ignoreObjects = new Map<string, Readonly<Record<string, string>>>();
  private readonly rewalkMs: number;
  private readonly reuseMs: number;
  private readonly now: () => number;

  constructor(
    /** The project directory: ignore folders are given relative to it, as the engine's paths are. */
    private readonly project: string,
    options: HostFactsOptions = {},
    /** Told when a refresh between calls fails (the last walk's folders stay in use). */
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.rewalkMs = options.rewalkMs ?? 30_000;
    this.reuseMs = options.reuseMs ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  /** The facts for a call that runs in `workdir` (relative to the project, or absolute; default the project). */
  read(workdir: string | undefined): HostFacts | undefined {
    const dir = resolve(this.project, workdir ?? '.');
    const now = this.now();
    const recent = this.recent.get(dir);
    if (recent !== undefined && now - recent.at < this.reuseMs) return recent.facts;
    const facts = this.readNow(dir, now);
    this.recent.set(dir, { at: now, facts });
    if (this.recent.size > 64) this.recent.delete(this.recent.keys().next().value as string);
    return facts;
  }

  private readNow(dir: string, now: number): HostFacts | undefined {
    const places = gitPlaces(dir, this.files);
    if (places === undefined) return undefined;
    const branch = headBranch(places.gitDir, this.files);
    const config = this.files.read(join(places.commonDir, 'config'));
    const upstream = typeof branch === 'string' ? upstreamOf(config, branch) : undefined;
    const defaultBranches = remoteDefaultBranches(places.commonDir, config, this.files);
    const gitignore = this.ignoreRules(places, now);
    const out: { -readonly [K in keyof HostFacts]: HostFacts[K] } = {};
    if (branch !== undefined) out.branch = branch;
    if (upstream !== undefined) out.upstream = upstream;
    if (defaultBranches !== undefined) out.defaultBranches = defaultBranches;
    if (gitignore !== undefined) out.gitignore = gitignore;
    return out;
  }

  private ignoreRules(places: GitPlaces, now: number): Readonly<Record<string, string>> | undefined {
    let walk = this.walks.get(places.top);
    if (walk === undefined) {
      // The first call of a work tree walks it once; later refreshes run between calls, not in a call's way.
      walk = { at: now, folders: findIgnoreFolders(places.top, this.files) };
      this.walks.set(places.top, walk);
    } else if (now - walk.at >= this.rewalkMs && !walk.refreshing) this.refresh(places.top, walk, now);
    const texts: Record<string, string> = {};
    const topKey = this.key(places.top);
    const exclude = this.files.read(join(places.commonDir, 'info', 'exclude'));
    for (const folder of walk.folders) {
      const text = this.files.read(join(places.top, folder, '.gitignore'));
      if (text === undefined) continue;
      texts[this.key(join(places.top, folder))] = text;
    }
    // info/exclude has the lowest precedence of the top folder's rules: it goes first, the .gitignore after it.
    // (git init writes one with comments only: that says nothing.)
    if (exclude !== undefined && hasRules(exclude)) texts[topKey] = `${exclude}\n${texts[topKey] ?? ''}`;
    if (Object.keys(texts).length === 0) return undefined;
    const last = this.ignoreObjects.get(places.top);
    if (last !== undefined && sameTexts(last, texts)) return last;
    const frozen = Object.freeze(texts);
    this.ignoreObjects.set(places.top, frozen);
    return frozen;
  }

  private refresh(top: string, walk: Walk, now: number): void {
    if (this.rewalkMs === 0) {
      // Tests ask for every call to see the tree as it is: walk now.
      this.walks.set(top, { at: now, folders: findIgnoreFolders(top, this.files) });
      return;
    }
    walk.refreshing = true;
    findIgnoreFoldersLater(top, this.files).then(
      (folders) => this.walks.set(top, { at: this.now(), folders }),
      (error: unknown) => {
        walk.refreshing = false;
        this.onError(error);
      },
    );
  }

  /** A folder as the engine names it: relative to the project, '.' for the project itself, '..' for above it. */
  private key(folder: string): string {
    const rel = relative(this.project, folder).replace(/\\/g, '/');
    return rel === '' ? '.' : rel;
  }
}

const hasRules = (text: string): boolean =>
  text.split('\n').some((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));

function sameTexts(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (a[k] !== b[k]) return false;
  return true;
}
