// Everything measured for one policy size, through the public API only: YAML text → loadConfig → compile → step.
import {
  compile,
  formatDiagnostic,
  loadConfig,
  startState,
  step,
  type CompiledPolicy,
  type Event,
  type SessionState,
  type Verdict,
} from '@semantic-anchors/engine';
import { cedarEngine, toDecision, type CedarDecision, type Decision3 } from './cedar.js';
import { cedarPolicySet, contractsYaml, syntheticContracts } from './contracts.js';
import { sessionEvents } from './events.js';
import { medianMs, retainedBytes, settledHeap, timeCalls, type Distribution, type TimingBudget } from './measure.js';

export const ROOT = '/work/project';
const FILE = 'bench.yaml';
export const HISTORY = 1_000;
export const LONG_HISTORY = 10_000;
const POOL = 1_000;

export interface Budgets {
  readonly ours: TimingBudget;
  readonly cedarStateful: TimingBudget;
  readonly cedarStateless: TimingBudget;
}

export interface SizeResult {
  readonly contracts: number;
  readonly yamlBytes: number;
  readonly loadMs: number;
  readonly compileMs: number;
  /** Replaying the first 1,000 events on the freshly compiled policy (lazy pattern compilation, JIT warm-up). */
  readonly firstEventsMs: number;
  readonly ours: Distribution;
  /** Our engine on the stateful variant (every WARN contract has a session condition): no Cedar counterpart. */
  readonly oursStateful: Distribution;
  readonly decisions: Readonly<Record<Decision3, number>>;
  readonly cedar: {
    readonly preparseMs: number;
    readonly stateful: Distribution;
    readonly stateless: Distribution;
    readonly agreement: {
      readonly checked: number;
      readonly agreed: number;
      readonly statelessChecked: number;
      readonly statelessAgreed: number;
      readonly errors: number;
      readonly disagreements: readonly string[];
    };
  };
  readonly heap: {
    /** Retained bytes of one session state (stateful variant) after 1,000 and 10,000 events. */
    readonly stateAfter1k: number;
    readonly stateAfter10k: number;
    /** Keys in the state's history and counters after 10,000 events: bounded by the policy. */
    readonly historyKeys: number;
    /** Settled heap growth while the session goes on from event 10,000 to event 20,000, keeping only its state. */
    readonly growth10kTo20k: number;
  };
}

function load(yaml: string): CompiledPolicy {
  const loaded = loadConfig(yaml, { file: FILE });
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (loaded.status !== 'ok' || errors.length > 0) {
    throw new Error(
      `the synthetic contracts did not load (${loaded.status}):\n${errors
        .slice(0, 5)
        .map((d) => formatDiagnostic(d))
        .join('\n')}`,
    );
  }
  const policy = compile(loaded.config, { root: ROOT });
  if (policy.skipped.length > 0)
    throw new Error(`contracts skipped by compile: ${policy.skipped.map((s) => `${s.id}: ${s.error}`).join('; ')}`);
  return policy;
}

function replay(
  policy: CompiledPolicy,
  events: readonly Event[],
  state: SessionState = startState(policy),
): SessionState {
  let s = state;
  for (const e of events) {
    const r = step(policy, s, e);
    if (r.verdict.error !== undefined) throw new Error(`engine fault during replay: ${r.verdict.error}`);
    s = r.state;
  }
  return s;
}

/** Runs the engine once on a small policy, so the first size measured does not also pay for the process's JIT warm-up. */
export function warmProcess(anchor: string): void {
  const contracts = syntheticContracts(12);
  for (const stateful of [false, true]) {
    const policy = load(contractsYaml(contracts, { stateful, anchor }));
    replay(policy, sessionEvents(HISTORY, contracts.length, 9));
  }
}

/** Our decision in Cedar's terms: BLOCK names the BLOCK contracts, WARN names the WARN ones. */
function ours(verdict: Verdict): CedarDecision {
  const ids = verdict.decision === 'BLOCK' ? verdict.matches.filter((m) => m.mode === 'BLOCK') : verdict.matches;
  return {
    decision: verdict.decision,
    reasons: ids.map((m) => m.id).sort(),
    errors: verdict.error === undefined ? 0 : 1,
  };
}

const same = (a: CedarDecision, b: CedarDecision) =>
  a.decision === b.decision && a.reasons.join(',') === b.reasons.join(',');

export function measureSize(count: number, anchor: string, budgets: Budgets, gc: () => void): SizeResult {
  const contracts = syntheticContracts(count);
  const yaml = contractsYaml(contracts, { stateful: false, anchor });
  const statefulYaml = contractsYaml(contracts, { stateful: true, anchor });
  const runs = count >= 1000 ? 7 : 21;

  const loadMs = medianMs(runs, () => loadConfig(yaml, { file: FILE }));
  const loaded = loadConfig(yaml, { file: FILE });
  const compileMs = medianMs(runs, () => compile(loaded.config, { root: ROOT }));
  const policy = load(yaml);

  // The state every timed decision starts from: a session that has already seen 1,000 events. Timed as a whole:
  // the first events of a fresh policy also pay for patterns compiled on first use and for JIT warm-up.
  const history = sessionEvents(HISTORY, count, 1);
  const t0 = process.hrtime.bigint();
  const state = replay(policy, history);
  const firstEventsMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const pool = sessionEvents(POOL, count, 2);
  const oursTimes = timeCalls(pool, (e) => step(policy, state, e), budgets.ours);

  const { engine, preparseMs } = cedarEngine(cedarPolicySet(contracts));
  const decisions: Record<Decision3, number> = { ALLOW: 0, WARN: 0, BLOCK: 0 };
  const disagreements: string[] = [];
  let agreed = 0;
  let errors = 0;
  let statelessAgreed = 0;
  // The stateless call re-parses every policy per request (~50 ms at 1,000 contracts): check it on a smaller sample.
  const statelessChecked = Math.min(pool.length, 50);
  pool.forEach((event, i) => {
    const mine = ours(step(policy, state, event).verdict);
    const theirs = toDecision(engine.statefulIsAuthorized(event));
    decisions[mine.decision]++;
    errors += theirs.errors + mine.errors;
    if (same(mine, theirs)) agreed++;
    else if (disagreements.length < 5)
      disagreements.push(
        `${JSON.stringify(event)}: ours ${mine.decision} [${mine.reasons}] / cedar ${theirs.decision} [${theirs.reasons}]`,
      );
    if (i < statelessChecked && same(mine, toDecision(engine.isAuthorized(event)))) statelessAgreed++;
  });
  const cedarStateful = timeCalls(pool, (e) => engine.statefulIsAuthorized(e), budgets.cedarStateful);
  const cedarStateless = timeCalls(pool, (e) => engine.isAuthorized(e), budgets.cedarStateless);

  // The stateful variant: our timings with history and counters in play, and the heap a session keeps.
  const statefulPolicy = load(statefulYaml);
  const long = sessionEvents(LONG_HISTORY, count, 3);
  const after1k = replay(statefulPolicy, long.slice(0, HISTORY));
  const oursStateful = timeCalls(pool, (e) => step(statefulPolicy, after1k, e), budgets.ours);
  const after10k = replay(statefulPolicy, long.slice(HISTORY), after1k);
  const historyKeys = Object.keys(after10k.seen).length + Object.keys(after10k.counts).length;
  // The same session goes on for 10,000 more events: if the engine kept anything per event, the heap would grow
  // here. These events are replayed once untimed first (states are immutable, so the same continuation can be
  // replayed twice): the JIT's code and feedback and V8's lazily tiered-up regex code are one-off growth, not state.
  // The smallest of three windows is reported: late JIT and GC work only ever adds noise, while anything the engine
  // kept per event would show up in every window.
  const more = sessionEvents(LONG_HISTORY, count, 4);
  replay(statefulPolicy, more, after10k);
  let growth10kTo20k = Number.POSITIVE_INFINITY;
  for (let window = 0; window < 3; window++) {
    const heapAt10k = settledHeap(gc);
    const after20k = replay(statefulPolicy, more, after10k);
    growth10kTo20k = Math.min(growth10kTo20k, settledHeap(gc) - heapAt10k);
    if (after20k.seq !== 2 * LONG_HISTORY) throw new Error(`replay lost events: seq ${after20k.seq}`);
  }
  // Enough copies that GC noise (tens of KiB) is a few bytes per copy.
  const copies = 5000;
  const stateAfter1k = retainedBytes(after1k, copies, gc);
  const stateAfter10k = retainedBytes(after10k, copies, gc);

  return {
    contracts: count,
    yamlBytes: new TextEncoder().encode(yaml).length,
    loadMs,
    compileMs,
    firstEventsMs,
    ours: oursTimes,
    oursStateful,
    decisions,
    cedar: {
      preparseMs,
      stateful: cedarStateful,
      stateless: cedarStateless,
      agreement: { checked: pool.length, agreed, statelessChecked, statelessAgreed, errors, disagreements },
    },
    heap: { stateAfter1k, stateAfter10k, historyKeys, growth10kTo20k },
  };
}
