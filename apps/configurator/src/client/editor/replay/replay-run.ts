// Replays `opencode export` files the user picked or dropped against the editor's file, in the page: the engine's own
// reader and opencode mapping (`@semantic-anchors/engine/opencode`), exactly what `semantic-anchors replay --json`
// runs, so the site and the CLI cannot disagree. Nothing is uploaded: the files are read from the browser's File
// objects in chunks. Loaded with a dynamic import when the user opens the replay part (the editor page's budget).
import { compile, type CompiledPolicy, type LoadResult } from '@semantic-anchors/engine';
import {
  blobSource,
  replayExports,
  ReplayTally,
  type ReplayCall,
  type ReplaySession,
  type SessionStart,
  type Tally,
} from '@semantic-anchors/engine/opencode';

/** The name the plugin reads the contract file under, in a project's `.opencode/` folder. */
const CONFIG_FILE_NAME = 'opencode-semantic-anchors.yaml';

export interface ReplayResult {
  readonly files: readonly string[];
  /** One record per tool call (and per human message the rules did not simply allow), in the order replayed. */
  readonly calls: readonly ReplayCall[];
  /** Each session as it started (roots, and subagent sessions where their parent's task call started them). */
  readonly starts: readonly SessionStart[];
  /** Each session's summary (messages, calls, what was left out, where a damaged file stopped). */
  readonly sessions: readonly ReplaySession[];
  readonly total: Tally;
  readonly perSession: ReadonlyMap<string, Tally>;
  /** The bypass budget of the file replayed, for the totals' wording. */
  readonly bypassBudget: number | undefined;
  readonly ms: number;
}

/**
 * The policy a session is replayed with: the editor's file compiled for the session's project folder, with the
 * protection the plugin always adds and a replay can know (the contract file in that project, git hooks) — as
 * `semantic-anchors replay` compiles it (packages/engine/src/node/commands/replay.ts).
 */
function policies(config: LoadResult['config']): (directory: string | undefined) => CompiledPolicy {
  const byRoot = new Map<string, CompiledPolicy>();
  return (directory) => {
    const key = directory ?? '';
    let policy = byRoot.get(key);
    if (!policy) {
      const root = directory?.replace(/\/+$/, '') || undefined;
      policy = compile(config, {
        ...(root !== undefined ? { root } : {}),
        protect: { contractFiles: root !== undefined ? [`${root}/.opencode/${CONFIG_FILE_NAME}`] : [], gitHooks: true },
      });
      byRoot.set(key, policy);
    }
    return policy;
  };
}

/** Replays the files (one or more exports: a session and its subagents' sessions) in the order they happened. */
export async function replayFiles(
  files: readonly File[],
  config: LoadResult['config'],
  role: string | undefined,
): Promise<ReplayResult> {
  const started = performance.now();
  const policyFor = policies(config);
  const calls: ReplayCall[] = [];
  const starts: SessionStart[] = [];
  const total = new ReplayTally();
  const tallies = new Map<string, ReplayTally>();
  const sessions = await replayExports(
    files.map((f) => blobSource(f, f.name)),
    {
      policy: policyFor,
      role,
      onSessionStart: (s) => starts.push(s),
      onCall: (c) => {
        calls.push(c);
        total.add(c);
        let t = tallies.get(c.session);
        if (!t) tallies.set(c.session, (t = new ReplayTally()));
        t.add(c);
      },
    },
  );
  const perSession = new Map<string, Tally>();
  for (const s of sessions) perSession.set(s.id, (tallies.get(s.id) ?? new ReplayTally()).result());
  return {
    files: files.map((f) => f.name),
    calls,
    starts,
    sessions,
    total: total.result(),
    perSession,
    bypassBudget: policyFor(undefined).settings.bypassBudget,
    ms: performance.now() - started,
  };
}
