// Replays the corpora through the engine: harmless sessions event by event from a fresh state, evasion variants
// each in a fresh session (after their `given` events). Returns plain figures and the offending calls.
import { step, type Event, type SessionState, type Verdict } from '@semantic-anchors/engine';
import type { AssembledClass, EvasionContract, EvasionCorpus, HarmlessCorpus, Variant } from './files.js';
import type { PresetUnderTest } from './presets.js';

/** A harmless call the preset stopped or warned on (Step Confirmation stops are not offences). */
export interface Offence {
  readonly session: string;
  readonly index: number;
  readonly decision: 'BLOCK' | 'WARN';
  readonly contracts: readonly { id: string; held: readonly string[] }[];
  readonly event: Event;
}

export interface HarmlessFigures {
  readonly file: string;
  readonly sessions: number;
  readonly calls: number;
  readonly blocked: number;
  readonly warned: number;
  readonly stepStops: number;
  readonly offences: readonly Offence[];
}

export function replayHarmless(preset: PresetUnderTest, corpus: HarmlessCorpus): HarmlessFigures {
  let calls = 0, blocked = 0, warned = 0, stepStops = 0;
  const offences: Offence[] = [];
  for (const session of corpus.sessions) {
    const policy = preset.policy(session.root);
    let state: SessionState = preset.start();
    session.events.forEach((event, index) => {
      const s = step(policy, state, event);
      state = s.state;
      const isCall = 'tool' in event;
      if (isCall) calls++;
      const v = s.verdict;
      if (v.decision === 'ALLOW') return;
      const held = v.matches.filter((m) => m.effect === (v.decision === 'BLOCK' ? 'block' : 'warn'));
      const onlyStep = v.decision === 'BLOCK' && held.length > 0 && held.every((m) => preset.stepIds.has(m.id));
      if (onlyStep) { stepStops++; return; }
      if (v.decision === 'BLOCK') blocked++;
      else if (isCall) warned++;
      else return; // a note on the human's own message costs no tool call; only calls count toward the warn rate
      offences.push({
        session: session.name, index, decision: v.decision as 'BLOCK' | 'WARN', event,
        contracts: (held.length > 0 ? held : v.matches).map((m) => ({ id: m.id, held: m.held })).concat(
          v.error ? [{ id: '(engine error)', held: [v.error] }] : []),
      });
    });
  }
  return { file: corpus.file, sessions: corpus.sessions.length, calls, blocked, warned, stepStops, offences };
}

/** What one variant got: the decision and the contracts that matched. */
export interface VariantResult {
  readonly variant: Variant;
  /** ALLOW, WARN or BLOCK; NOT RUN when the engine cannot run the variant yet (variant.notRunnable says why). */
  readonly decision: string;
  readonly matched: readonly string[];
  /** For block variants: BLOCKed with the contract among the matches; for allow: the contract did not match. */
  readonly ok: boolean;
}

export interface ContractFigures {
  readonly preset: string;
  readonly id: string;
  readonly action: string;
  readonly files: readonly string[];
  readonly block: readonly VariantResult[];
  readonly allow: readonly VariantResult[];
  readonly knownGaps: readonly VariantResult[];
  /** Pending variants of classes the gate does not enforce yet: judged and reported, never gated. */
  readonly pending: { readonly block: readonly VariantResult[]; readonly allow: readonly VariantResult[] };
}

export function runVariant(preset: PresetUnderTest, root: string, variant: Variant): Verdict {
  return runSession(preset, root, variant).verdict;
}

/** The verdict on the variant's event, and on each of its `given` events before it (each stepped as the host would). */
export function runSession(
  preset: PresetUnderTest, root: string, variant: Variant,
): { verdict: Verdict; given: readonly Verdict[] } {
  const policy = preset.policy(root);
  let state = preset.start();
  const given: Verdict[] = [];
  for (const e of variant.given) {
    const s = step(policy, state, e);
    given.push(s.verdict);
    state = s.state;
  }
  return { verdict: step(policy, state, variant.event).verdict, given };
}

/**
 * Judges one contract's variants. A `pending` variant whose class is in `enforced` (gate.json's `pending` list) is
 * judged like any other; the rest of the pending ones are kept apart in `pending`.
 */
export function judgeContract(
  preset: PresetUnderTest, corpus: EvasionCorpus, c: EvasionContract, enforced: ReadonlySet<AssembledClass> = new Set(),
): ContractFigures {
  const run = (v: Variant, wantBlock: boolean): VariantResult => {
    if (v.notRunnable !== undefined) return { variant: v, decision: 'NOT RUN', matched: [], ok: false };
    const { verdict, given } = runSession(preset, corpus.root, v);
    const matched = verdict.matches.map((m) => m.id);
    // A session is stopped where the contract first blocks it: a script holding the credential is blocked when it is
    // written, before the call that runs it (the blocked write never happened, so the run then finds no such file).
    // A look-alike's earlier events are honest work too: the contract matching any of them is a false hit.
    // (Step Confirmation is about the count itself: its variants block earlier calls on purpose.)
    const step = preset.stepIds.has(c.id);
    const names = (g: Verdict) => g.matches.some((m) => m.id === c.id);
    const blockedNow = verdict.decision === 'BLOCK' && matched.includes(c.id);
    if (wantBlock) {
      const at = step || blockedNow ? -1 : given.findIndex((g) => g.decision === 'BLOCK' && names(g));
      const decision = at === -1 ? verdict.decision : `BLOCK at given[${at}]`;
      return { variant: v, decision, matched, ok: blockedNow || at !== -1 };
    }
    const hit = step ? -1 : given.findIndex(names);
    const decision = !matched.includes(c.id) && hit !== -1 ? `${given[hit]!.decision} at given[${hit}]` : verdict.decision;
    return { variant: v, decision, matched, ok: !matched.includes(c.id) && hit === -1 };
  };
  const gated = (v: Variant) => !v.pending || (v.class !== undefined && enforced.has(v.class));
  return {
    preset: corpus.preset, id: c.id, action: c.action, files: [corpus.file],
    block: c.block.filter(gated).map((v) => run(v, true)),
    allow: c.allow.filter(gated).map((v) => run(v, false)),
    knownGaps: c.knownGaps.map((v) => run(v, true)),
    pending: {
      block: c.block.filter((v) => !gated(v)).map((v) => run(v, true)),
      allow: c.allow.filter((v) => !gated(v)).map((v) => run(v, false)),
    },
  };
}

/** Merges the figures of one contract written in several files (e.g. destructive.yaml adds to software-developer). */
export function mergeContracts(all: readonly ContractFigures[]): ContractFigures[] {
  const by = new Map<string, ContractFigures>();
  for (const c of all) {
    const key = `${c.preset}/${c.id}`;
    const prev = by.get(key);
    by.set(key, prev === undefined ? c : {
      ...prev, files: [...prev.files, ...c.files], block: [...prev.block, ...c.block],
      allow: [...prev.allow, ...c.allow], knownGaps: [...prev.knownGaps, ...c.knownGaps],
      pending: { block: [...prev.pending.block, ...c.pending.block], allow: [...prev.pending.allow, ...c.pending.allow] },
    });
  }
  return [...by.values()];
}
