// Checks the result, not the command: after every tool call (whatever tool, whatever spelling) and before each
// call while the agent works, the protected files are compared with what they held; a change no human bypass let
// through is undone and reported as a BLOCK naming the contract and the call. The rule of which file is guarded by
// which contract stays the engine's: the plugin asks it how it would judge a write to the file.
// INVARIANT: no method throws; an error inside is reported by the caller's fail-open path (the enforcer wraps us).
import {
  PROTECT_PREFIX,
  canonicalToolName,
  startState,
  step,
  toolFacts,
  type CompiledPolicy,
  type Verdict,
} from '@semantic-anchors/engine/enforce';
import { homedir } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import type { Channels } from '../core/channels.js';
import { GitCopies } from './git-copies.js';
import { restore } from './restore.js';
import { RUN_LATER_CONTRACT, RunLaterWatch } from './run-later-watch.js';
import { CacheCodeWatch } from './cache-code-watch.js';
import { codeCaches } from './code-caches.js';
import { namesSubConfig } from '../core/sub-configs.js';
import { virtualenvHolders } from '../core/protection.js';
import { realTarget } from './real-path.js';
import { CONFIG_DIRS_CONTRACT, SubConfigWatch } from './sub-config-watch.js';
import { agentReport, humanLine, reloadRefusal, shown, type Origin, type Outcome } from './report.js';
import { DEFAULT_BOUNDS, WatchSet, type Bounds, type Change } from './watch-set.js';
import { watchPatterns, type WatchContext } from './watch-list.js';

export interface Snapshot {
  readonly policy: CompiledPolicy;
  /** The protect facts (any shape: every list of absolute paths in it is watched). */
  readonly protect: object;
}

/** A call between its before- and after-hook, with the contracts a human's bypass let it through. */
interface InFlight {
  readonly tool: string;
  readonly bypassed: ReadonlySet<string>;
  readonly startedAt: number;
  /** The paths a file tool writes (as named and where links lead): a code cache or a sub-folder's config is then checked. */
  readonly paths: readonly string[];
}

/** Tools that run in opencode's own process and write the paths they name (the sandbox does not see them). */
const FILE_TOOLS: ReadonlySet<string> = new Set(['write', 'edit', 'patch']);
/**
 * A new entry of Bun's runtime transpiler cache (`…/@t@/<hash>.pile`, protected: core/protection.ts). opencode's own
 * Bun writes one whenever it first loads a large module — after an install or an upgrade, a provider's or an MCP
 * SDK loaded later, the sandbox library this plugin loads in the background — at any moment, outside the agent's
 * calls or during one. Only a shell call could write one for the agent (the rules hold the file tools to the cache;
 * in the OS sandbox it is read-only): a new entry seen after any other call, between calls or when the human speaks
 * is Bun's, and is taken as it is. A changed or removed entry stays a change like any other (route 6.22).
 */
function newTranspilerEntry(change: Change, origin: Origin | 'human'): boolean {
  if (change.before.exists || !change.path.endsWith('.pile') || basename(dirname(change.path)) !== '@t@') return false;
  return origin === 'human' || origin.kind !== 'call' || canonicalToolName(origin.tool) !== 'bash';
}

/** Paths of one call looked at (a patch may name many files). */
const MAX_PATHS = 64;

/**
 * Built-in tools that write no file (a subagent's own calls are checked one by one): nothing to check after them.
 * The check before the next call still sees what a process left running did meanwhile.
 */
const WRITES_NOTHING: ReadonlySet<string> = new Set([
  ...['read', 'glob', 'grep', 'list', 'webfetch', 'websearch', 'codesearch', 'todowrite', 'todoread'],
  ...['skill', 'question', 'lsp', 'task', 'anchor_status', 'invalid'],
]);

/** A call whose after-hook never came (the host aborted it) stops counting as running after this long. */
const STALE_CALL_MS = 15 * 60 * 1000;

/** A contract file changed by an agent's call and not undone: `/anchor reload` waits for a confirmation. */
interface Flag {
  readonly path: string;
  readonly how: string;
}

/** Something to record in the decision log. */
export interface ResultBlock {
  readonly sessionID: string;
  readonly tool: string;
  readonly contracts: readonly string[];
  readonly message: string;
}

export class ResultCheck {
  private set: WatchSet | undefined;
  /** The git index's and HEAD's copies of the tracked protected files (undefined outside a repository). */
  private copies: GitCopies | undefined;
  private policy: CompiledPolicy | undefined;
  private readonly inFlight = new Map<string, InFlight>();
  private readonly guards = new Map<string, readonly string[]>();
  private readonly flags = new Map<string, Flag>();
  private lastCall: { tool: string; callID: string } | undefined;
  /** Code that runs later by itself (install scripts, .npmrc, .pth), when the policy has its built-in. */
  private runLater: RunLaterWatch | undefined;
  /** Installed code in the caches the sandbox leaves writable for honest installs (npx, corepack, …; with runLater). */
  private cacheCode: CacheCodeWatch | undefined;
  /** opencode configuration new in the project's sub-folders. */
  private subConfigs: SubConfigWatch | undefined;
  /** The sub-folder search's bound was said in the log (once per load). */
  private boundSaid = false;

  constructor(
    private readonly ctx: WatchContext,
    private readonly channels: Channels,
    private readonly onBlock: (block: ResultBlock) => void,
    private readonly bounds: Bounds = DEFAULT_BOUNDS,
    /** Spends the session's waiting bypass when it names this contract; true when it did. */
    private readonly approve: (sessionID: string, contract: string) => boolean = () => false,
  ) {}

  /** A (re)load: the watched set is rebuilt from the new protect facts and the disk as it is now. */
  follow(snapshot: Snapshot): void {
    const started = performance.now();
    this.policy = snapshot.policy;
    this.guards.clear();
    const patterns = watchPatterns(snapshot.protect, this.ctx);
    const set = new WatchSet(patterns, this.bounds, true);
    this.set = set;
    this.copies = undefined;
    this.runLater = undefined;
    this.cacheCode = undefined;
    this.subConfigs = undefined;
    this.boundSaid = false;
    // What these watches take as the truth is read after the start too (npx's cache alone is thousands of files), but
    // always before the first call: see baseline().
    const accepts: (() => void)[] = [];
    if (snapshot.policy.contracts.some((c) => c.id === RUN_LATER_CONTRACT)) {
      const home = this.ctx.home ?? homedir();
      const runLater = new RunLaterWatch(
        this.ctx.directory,
        virtualenvHolders(this.ctx.directory, home, this.ctx.env ?? process.env),
      );
      const cacheCode = new CacheCodeWatch(codeCaches(home, this.ctx.env ?? process.env));
      this.runLater = runLater;
      this.cacheCode = cacheCode;
      accepts.push(
        () => runLater.accept(),
        () => cacheCode.accept(),
      );
    }
    if (snapshot.policy.contracts.some((c) => c.id === CONFIG_DIRS_CONTRACT)) {
      const subConfigs = new SubConfigWatch(
        resolve(this.ctx.directory),
        this.ctx.agentPythonCacheElsewhere === true,
        virtualenvHolders(this.ctx.directory, this.ctx.home ?? homedir(), this.ctx.env ?? process.env),
      );
      this.subConfigs = subConfigs;
      accepts.push(() => subConfigs.accept());
    }
    const unreadable = (error: unknown) => {
      this.copies = undefined;
      this.channels.log(
        'error',
        `result check: git's copies of the protected files cannot be read (${String(error)}); a change to them in the index or a commit is not undone`,
        {},
      );
    };
    try {
      // git's copies are read with the other first readings, after the start: asking git is three processes, which
      // held up the start in a repository by as many spawns.
      const copies = GitCopies.of(this.ctx.directory, patterns, this.ctx.env ?? process.env, { read: false });
      this.copies = copies;
      if (copies !== undefined)
        accepts.push(() => {
          try {
            if (this.copies === copies) copies.accept();
          } catch (error) {
            if (this.copies === copies) unreadable(error);
          }
        });
    } catch (error) {
      unreadable(error);
    }
    this.pendingAccepts = accepts;
    // The protected files are read and hashed after the start, not during it (it held up opencode's start by ~25 ms
    // of a home's config folders and hooks); any check or call before then reads them first.
    const later = setTimeout(() => {
      if (this.set !== set) return;
      try {
        this.baseline();
        set.completeBuild();
        this.logBuild(set, started);
      } catch (error) {
        this.channels.log(
          'error',
          `result check: reading the protected files failed (${String(error)}); they are read again at the next check`,
          {},
        );
      }
    }, 0);
    later.unref?.();
  }

  /** The watches' first reading of the disk, if not taken yet: after the start, and before any call or check. */
  private pendingAccepts: (() => void)[] = [];
  private baseline(): void {
    // The protected files themselves first (read after the start unless a call, a check or the human came sooner).
    this.set?.completeBuild();
    if (this.pendingAccepts.length === 0) return;
    // INVARIANT: a watch is checked only after its first reading; one that failed stays pending with those after it
    // (its next chance is a first reading again), so a failure never makes the whole disk look new.
    while (this.pendingAccepts.length > 0) {
      (this.pendingAccepts[0] as () => void)();
      this.pendingAccepts.shift();
    }
  }

  private logBuild(set: WatchSet, started: number): void {
    const s = set.summary();
    const ms = Math.round(performance.now() - started);
    this.channels.log('info', `result check: ${s.files} protected files watched (${s.folders} folders), in ${ms} ms`, {
      files: s.files,
      folders: s.folders,
      skipped: s.skipped,
      notKept: s.notKept,
    });
    if (s.skipped > 0 || s.notKept > 0) {
      this.channels.log(
        'warn',
        `result check bounds: ${s.skipped} protected files beyond the bound of ${this.bounds.files} are not re-checked after calls (installed packages first); ${s.notKept} watched files are too large to keep, so a change to them is reported but cannot be undone. The engine's rules still guard all of them.`,
        { skipped: s.skipped, notKept: s.notKept },
      );
    }
  }

  /**
   * Before a call. With no other call running, a change since the last check was made between calls — by a process
   * an earlier call left running — and is undone; the returned BLOCK stops this call so the agent reads it.
   */
  beforeCall(call: { sessionID: string; callID: string; tool: string }): string | undefined {
    this.baseline();
    const before = { tool: call.tool, callID: call.callID };
    const now = Date.now();
    for (const [id, f] of this.inFlight) if (now - f.startedAt > STALE_CALL_MS) this.inFlight.delete(id);
    // Another call is running: its own after-hook checks (what it changes is its doing, not a leftover process's).
    if (this.inFlight.size > 0 || this.lastCall === undefined) return undefined;
    return this.settle(call.sessionID, { kind: 'between-calls', before }, new Set());
  }

  /** The verdict let the call run: remember which contracts a human's bypass let it through. */
  started(callID: string, tool: string, verdict: Verdict, args?: Readonly<Record<string, unknown>>): void {
    this.baseline();
    const bypassed = verdict.bypass.used ? verdict.matches.filter((m) => m.effect === 'bypassed').map((m) => m.id) : [];
    const paths = args === undefined ? [] : this.writtenPaths(tool, args);
    this.inFlight.set(callID, { tool, bypassed: new Set(bypassed), startedAt: Date.now(), paths });
    this.lastCall = { tool, callID };
  }

  /** After a call: what it changed, undone unless a human's bypass of each guarding contract let it through. */
  afterCall(call: { sessionID: string; callID: string; tool: string }): string | undefined {
    const flight = this.inFlight.get(call.callID);
    this.inFlight.delete(call.callID);
    if (WRITES_NOTHING.has(canonicalToolName(call.tool))) return undefined;
    // Calls may run side by side: a change is let through when this call, or one still running, went through on a
    // human's bypass of every contract guarding the file (the human named those contracts for one call).
    const bypassed = new Set(flight?.bypassed ?? []);
    for (const f of this.inFlight.values()) for (const id of f.bypassed) bypassed.add(id);
    return this.settle(call.sessionID, { kind: 'call', tool: call.tool, callID: call.callID }, bypassed, flight?.paths);
  }

  /** The paths a file tool writes, as named and where symbolic links lead (the engine says which they are). */
  private writtenPaths(tool: string, args: Readonly<Record<string, unknown>>): string[] {
    if (!FILE_TOOLS.has(canonicalToolName(tool))) return [];
    const dir = this.ctx.directory;
    const out: string[] = [];
    for (const effect of toolFacts(tool, args, dir).effects.slice(0, MAX_PATHS)) {
      const given = effect.path.absolute ?? effect.path.relative;
      out.push(resolve(dir, given));
      const real = realTarget(given, dir);
      if (real !== undefined) out.push(real);
    }
    return out;
  }

  /**
   * The human speaks (a message, an /anchor command): changes made since the last check are theirs or a leftover
   * process's, which cannot be told apart; they are kept and said, not undone.
   */
  humanActs(): void {
    this.baseline();
    // A call still running is the likelier author: its own after-hook judges what changed.
    if (this.inFlight.size > 0) return;
    const changes = this.set?.changes(true) ?? [];
    const guarded = changes.filter((c) => this.guardsOf(c.path).length > 0 && !newTranspilerEntry(c, 'human'));
    this.set?.accept(changes.map((c) => c.path));
    this.copies?.accept();
    // The human's own edit of package.json or .npmrc is theirs to make: taken as it is.
    this.runLater?.accept();
    this.cacheCode?.accept();
    this.subConfigs?.accept();
    if (guarded.length === 0) return;
    const dir = this.ctx.directory;
    const line = `Protected files changed outside the agent's tool calls (by you, or by a process the agent left running): ${guarded.map((c) => `${shown(c.path, dir)} (${c.kind})`).join(', ')}. Not undone; contract files take effect at /anchor reload.`;
    this.channels.log('warn', line, { files: guarded.length });
    this.channels.toast(line, 'warning');
  }

  /** Refusal text when a contract file changed during an agent's call and is still that way; `confirm` clears it. */
  reloadGate(confirm: boolean): string | undefined {
    if (this.flags.size === 0) return undefined;
    if (confirm) {
      this.channels.log('warn', 'reload confirmed by the human after contract files changed during agent calls', {
        files: this.flags.size,
      });
      this.flags.clear();
      return undefined;
    }
    return reloadRefusal([...this.flags.values()], this.ctx.directory);
  }

  /** Lines for /anchor status. */
  statusLines(): string[] {
    const out: string[] = [];
    const s = this.set?.summary();
    if (s) {
      const limits = [
        s.skipped > 0 ? `${s.skipped} beyond the bound not re-checked` : '',
        s.notKept > 0 ? `${s.notKept} too large to restore` : '',
      ].filter(Boolean);
      out.push(
        `Result check: ${s.files} protected files re-checked after every call${limits.length ? ` (${limits.join('; ')})` : ''}`,
      );
    }
    if (this.runLater)
      out.push(
        `Code that runs later by itself (install scripts in package.json, .npmrc, yarnrc, .pth and scripts in virtualenvs): ${this.runLater.count()} files compared after every call`,
      );
    const c = this.cacheCode?.summary();
    if (c)
      out.push(
        `Code caches the shell may write (npx, corepack, Gradle wrapper, Playwright browsers, pre-commit, pip wheels, cargo, Go modules, Maven): ${c.entries} entries compared after every shell call and file-tool write into them${c.caches.length ? ` (${c.caches.join(', ')})` : ''}, ${Math.round(c.ms)} ms${c.beyond > 0 ? `; ${c.beyond} files beyond the bound not compared` : ''}`,
      );
    const sub = this.subConfigs?.summary();
    if (sub)
      out.push(
        `opencode configuration in sub-folders: ${sub.places} found; new ones removed after shell calls (${sub.folders} folders searched, ${Math.round(sub.ms)} ms${sub.bounded ? '; the bound stopped the search, deeper folders are not searched' : ''})`,
      );
    for (const f of this.flags.values())
      out.push(
        `Changed during an agent's call (reload needs confirming): ${shown(f.path, this.ctx.directory)}: ${f.how}`,
      );
    return out;
  }

  private settle(
    sessionID: string,
    origin: Origin,
    bypassed: ReadonlySet<string> | undefined,
    paths: readonly string[] = [],
  ): string | undefined {
    this.baseline();
    const set = this.set;
    const policy = this.policy;
    if (!set || !policy) return undefined;
    const changes = set.changes();
    const outcomes: Outcome[] = [];
    const settled: string[] = [];
    for (const change of changes) {
      const contracts = this.guardsOf(change.path);
      // No built-in guards this path (any more), or Bun cached a module it loaded: nothing to undo.
      if (contracts.length === 0 || newTranspilerEntry(change, origin)) {
        settled.push(change.path);
        continue;
      }
      const outcome = this.resolve(change, contracts, origin, bypassed, set);
      outcomes.push(outcome);
      // A new file removed again is not watched any more; anything else is read again from the disk.
      if (!change.before.exists && outcome.result === 'restored') set.forget(change.path);
      else settled.push(change.path);
    }
    // INVARIANT: the set takes the disk as the truth only once every change of this check is resolved; taking it
    // earlier would read a change not yet undone (a file created in the same call) as the new truth.
    if (changes.length > 0) set.accept(settled);
    // After the files: a copy is judged against the bytes the file holds once its own change is undone.
    outcomes.push(...this.settleCopies(origin, bypassed));
    outcomes.push(...this.settleRunLater(sessionID, origin, bypassed, paths));
    outcomes.push(...this.settleSubConfigs(sessionID, origin, bypassed, paths));
    if (outcomes.length === 0) return undefined;
    const blocked = outcomes.filter((o) => o.result !== 'approved');
    for (const o of outcomes.filter((x) => x.result === 'approved'))
      this.channels.log('warn', `change to ${shown(o.path, this.ctx.directory)} let through by the human's bypass`, {
        sessionID,
        contracts: o.contracts,
      });
    if (blocked.length === 0) return undefined;
    const text = agentReport(outcomes, origin, policy, this.ctx.directory);
    const line = humanLine(outcomes, origin, this.ctx.directory);
    const contracts = [...new Set(blocked.flatMap((o) => o.contracts))];
    this.channels.log('warn', `BLOCK result check: ${line}`, { sessionID, contracts });
    this.channels.toast(line, 'warning');
    const tool = origin.kind === 'call' ? origin.tool : origin.before.tool;
    this.onBlock({ sessionID, tool, contracts, message: line });
    return text;
  }

  /**
   * git's copies of the tracked protected files: an index entry that no longer holds the file's bytes is put back
   * (the human's `git restore` would write it); a commit the call made that records other bytes leaves the branch
   * again (moved back to where it was at the last check); an older one is said, not undone.
   */
  private settleCopies(origin: Origin, bypassed: ReadonlySet<string> | undefined): Outcome[] {
    const copies = this.copies;
    if (!copies?.moved()) return [];
    const found = copies.changes();
    const out: Outcome[] = this.settleRefs(copies);
    if (found.length === 0) {
      copies.accept();
      return out;
    }
    /** The commit the branch went back to, once (several files may be recorded other in the same commits). */
    let movedBack: string | undefined | null = null;
    for (const change of found) {
      const contracts = this.guardsOf(change.path);
      if (contracts.length === 0) continue;
      // The copy holds the file as it is (the honest `git add` and commit of the human's own bytes): nothing to undo.
      if (change.after !== undefined && change.after.oid === copies.blobOf(change.path)) continue;
      const base = { path: change.path, kind: 'modified' as const, contracts };
      if (origin.kind === 'call' && bypassed !== undefined && contracts.every((c) => bypassed.has(c))) {
        out.push({
          ...base,
          result: 'approved',
          detail: `its git ${change.where} copy, let through by the human bypass`,
        });
        continue;
      }
      if (change.where === 'index') {
        copies.putBack(change);
        out.push({
          ...base,
          result: 'restored',
          detail:
            "its copy in the git index (what the human's `git restore` or `git checkout -- <file>` writes back) no longer held the file's bytes; the index entry was put back",
        });
      } else {
        const commit = change.commit?.slice(0, 12) ?? 'HEAD';
        if (movedBack === null) movedBack = copies.moveBack();
        if (movedBack !== undefined) {
          out.push({
            ...base,
            result: 'restored',
            detail: `commit ${commit}, made in this call, records other bytes for it (what the human's next \`git stash\`, \`git reset --hard\` or checkout writes over the file); the branch was moved back to ${movedBack.slice(0, 12)}, where it was before the call — the index and the work tree are as the call left them (the protected entry put back), so commit your other changes again`,
          });
          continue;
        }
        out.push({
          ...base,
          result: 'kept',
          detail: `commit ${commit} records other bytes for it (what \`git reset --hard\`, \`git stash\` or a checkout of that commit writes); a commit is not rewritten: the index holds the file's bytes, so the next commit records them again (or: git checkout ${commit}~1 -- <file>)`,
        });
      }
    }
    copies.accept();
    return out;
  }

  /**
   * Other branches and the stash moved to commits recording other bytes for protected files (GitCopies.undoForgedRefs):
   * moved back or removed. No bypass applies: a change the human let through is in the file too, and a commit of the
   * file's own bytes is not forged.
   */
  private settleRefs(copies: GitCopies): Outcome[] {
    const replaced = copies.undoReplaceRefs();
    const tracked = copies.trackedPaths().find((p) => this.guardsOf(p).length > 0);
    const out: Outcome[] =
      replaced.length === 0 || tracked === undefined
        ? []
        : [
            {
              path: tracked,
              kind: 'modified',
              contracts: this.guardsOf(tracked),
              result: 'restored',
              detail: `\`git replace\` of ${replaced.map((o) => o.slice(0, 12)).join(', ')}: every later git command reads the replacement instead (a replaced HEAD is what the human's next \`git stash\` or \`git reset --hard\` writes over the file); the replacement was removed`,
            },
          ];
    for (const { ref, paths, removed } of copies.undoForgedRefs()) {
      const contracts = [...new Set(paths.flatMap((p) => this.guardsOf(p)))];
      if (contracts.length === 0) continue;
      const { what, next } = refWords(ref);
      out.push({
        path: paths[0] as string,
        kind: 'modified',
        contracts,
        result: 'restored',
        detail: `${what} was ${removed ? 'made' : 'moved'} to a commit that records other bytes for it (what the human's next ${next} writes over the file); it was ${removed ? 'removed again' : 'moved back'}`,
      });
    }
    return out;
  }

  /**
   * Code the call added that the human's tools run later by themselves: taken out again unless the human's bypass
   * named the contract (spent by the call that made it openly, or waiting and spent now). Between calls no bypass
   * applies: a process left running is nobody's openly made change.
   */
  private settleRunLater(
    sessionID: string,
    origin: Origin,
    bypassed: ReadonlySet<string> | undefined,
    paths: readonly string[],
  ): Outcome[] {
    const watch = this.runLater;
    if (!watch) return [];
    const approved = () =>
      origin.kind === 'call' &&
      (bypassed?.has(RUN_LATER_CONTRACT) === true || this.approve(sessionID, RUN_LATER_CONTRACT));
    // The code caches are walked after shell calls only, and after a file tool call that names a path inside one:
    // they hold thousands of files (npx's 2,832 here: a walk of ~40 ms, which after every call was 400 times the
    // hooks' budget), and only a shell call reaches them without naming them; between calls a process left running
    // is found by the next shell call's walk.
    const shell = origin.kind === 'call' && canonicalToolName(origin.tool) === 'bash';
    const named = this.cacheCode !== undefined && paths.some((p) => this.cacheCode?.cacheOf(p) !== undefined);
    const cached = (shell || named ? this.cacheCode?.check(approved) : undefined) ?? [];
    // A new entry is what every honest `npx tool`, corepack download or build makes: removed (it would run unchecked
    // later) and said in the log, not blocked. A changed one is installed code rewritten in place: a BLOCK.
    for (const f of cached.filter((c) => c.created && c.result === 'restored'))
      this.channels.log('info', `result check: ${f.detail} (${f.path})`, {});
    const findings = [...watch.check(approved), ...cached.filter((c) => !(c.created && c.result === 'restored'))];
    return findings.map((f) => ({
      path: f.path,
      kind: f.created ? ('created' as const) : ('modified' as const),
      contracts: [RUN_LATER_CONTRACT],
      result: f.result,
      detail: f.detail,
    }));
  }

  /**
   * opencode configuration new in a sub-folder, and a repository there made or changed to run code: searched for after
   * shell calls, and after a file tool call that names such a place (the search reads every folder's stat: ~2 µs a
   * folder, 1.2 ms for 568 folders here; then the config and hooks folder of each repository found below the project
   * that was not there at load), removed unless the human's bypass named anchor-protect-config-dirs or
   * anchor-protect-git-hooks.
   */
  private settleSubConfigs(
    sessionID: string,
    origin: Origin,
    bypassed: ReadonlySet<string> | undefined,
    paths: readonly string[],
  ): Outcome[] {
    const watch = this.subConfigs;
    if (!watch || origin.kind !== 'call') return [];
    const shell = canonicalToolName(origin.tool) === 'bash';
    const dir = resolve(this.ctx.directory);
    if (!shell && !paths.some((p) => namesSubConfig(p, dir))) return [];
    const approved = (contract: string) => bypassed?.has(contract) === true || this.approve(sessionID, contract);
    const found = watch.check(approved);
    const searched = watch.summary();
    if (searched.bounded && !this.boundSaid) {
      this.boundSaid = true;
      this.channels.log(
        'warn',
        `result check: the search for opencode configuration in sub-folders stopped at its bound (${searched.folders} folders, 8 levels): a .opencode/ or opencode.json deeper than that is not found`,
        { sessionID },
      );
    }
    return found.map((f) => ({
      path: f.path,
      kind: 'created' as const,
      contracts: [f.contract],
      result: f.result,
      detail: f.detail,
    }));
  }

  private resolve(
    change: Change,
    contracts: readonly string[],
    origin: Origin,
    bypassed: ReadonlySet<string> | undefined,
    set: WatchSet,
  ): Outcome {
    const base = { path: change.path, kind: change.kind, contracts };
    const how = origin.kind === 'call' ? `${origin.tool} call ${origin.callID}` : 'a process between calls';
    if (origin.kind === 'call' && bypassed !== undefined && contracts.every((c) => bypassed.has(c))) {
      this.flag(change.path, contracts, `changed by the agent's ${how}, let through by your bypass`);
      return { ...base, result: 'approved', detail: 'let through by the human bypass' };
    }
    const done = restore(change, set.recordOf(change.path) ?? change.before);
    if (done.ok) return { ...base, result: 'restored', detail: done.did };
    this.flag(change.path, contracts, `changed by ${how} and could not be undone (${done.why})`);
    return { ...base, result: 'kept', detail: `could not be undone: ${done.why}` };
  }

  private flag(path: string, contracts: readonly string[], how: string): void {
    // Reload reads the contract files: only their changes make it wait for a confirmation.
    if (contracts.includes(`${PROTECT_PREFIX}contract-files`)) this.flags.set(path, { path, how });
  }

  /** The self-protection built-ins that block a write to this path, as the engine judges it. */
  private guardsOf(path: string): readonly string[] {
    const known = this.guards.get(path);
    if (known) return known;
    const policy = this.policy;
    if (!policy) return [];
    const { verdict } = step(policy, startState(policy), { tool: 'write', args: { filePath: path, content: '' } });
    const ids = [...new Set(verdict.matches.filter((m) => m.id.startsWith(PROTECT_PREFIX)).map((m) => m.id))];
    if (this.guards.size > 10_000) this.guards.clear();
    this.guards.set(path, ids);
    return ids;
  }
}

/** How a ref is named in a report, and the human's command that would write what it records. */
function refWords(ref: string): { readonly what: string; readonly next: string } {
  if (ref === 'refs/stash') return { what: 'the stash', next: '`git stash pop`' };
  const tag = /^refs\/tags\/(.+)$/.exec(ref)?.[1];
  if (tag !== undefined) return { what: `tag \`${tag}\``, next: `\`git switch -c <branch> ${tag}\`` };
  const remote = /^refs\/remotes\/(.+)$/.exec(ref)?.[1];
  if (remote !== undefined)
    return { what: `remote-tracking branch \`${remote}\``, next: `\`git merge\` or \`git rebase\` of \`${remote}\`` };
  const name = ref.replace(/^refs\/heads\//, '');
  return { what: `branch \`${name}\``, next: `\`git switch ${name}\`` };
}
