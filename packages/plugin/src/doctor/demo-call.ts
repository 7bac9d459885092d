// Which call can prove enforcement? Takes the compiled policy and the contracts' own examples; returns the first
// tool call that the engine, in the role of opencode's `build` (or `plan`) agent, BLOCKs — the call the live run
// replays in a real opencode. Same config + same event → same verdict, so the prediction is the expectation.

import {
  bundledPresets,
  callSubject,
  loadConfig,
  startState,
  step,
  type CompiledPolicy,
  type LoadedContract,
} from '@semantic-anchors/engine';

/** Tools opencode 1.18 has built in, so the scripted model can call them by these names. */
const OPENCODE_TOOLS = new Set(['bash', 'edit', 'write', 'read', 'glob', 'grep', 'list', 'webfetch', 'patch']);
const AGENTS = ['build', 'plan'] as const;

export interface DemoCall {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly agent: (typeof AGENTS)[number];
  /** The contract ids the engine says block it. */
  readonly contracts: readonly string[];
}

export function chooseDemoCall(policy: CompiledPolicy, contracts: readonly LoadedContract[]): DemoCall | undefined {
  const candidates: Array<{ tool: string; args: Record<string, unknown> }> = [];
  for (const loaded of contracts) {
    if (loaded.contract.mode !== 'BLOCK') continue;
    // A contract from the package's lean preset data has none (the schema reads a missing list as empty).
    const own = loaded.contract.examples ?? [];
    for (const example of own.length > 0 ? own : presetExamples(loaded.contract.id)) {
      if (example.expect !== 'BLOCK' || (example.given?.length ?? 0) > 0) continue;
      const event = example.event;
      if (!('tool' in event) || !OPENCODE_TOOLS.has(event.tool)) continue;
      candidates.push({ tool: event.tool, args: { ...(event.args ?? {}) } });
    }
  }
  // bash first: it needs no file in the sandbox and reads best in the report.
  candidates.sort((a, b) => Number(b.tool === 'bash') - Number(a.tool === 'bash'));
  for (const candidate of candidates) {
    for (const agent of AGENTS) {
      const { verdict } = step(policy, startState(policy, agent), { tool: candidate.tool, args: candidate.args });
      if (verdict.decision === 'BLOCK') {
        const contracts = verdict.matches.filter((m) => m.effect === 'block').map((m) => m.id);
        return { ...candidate, agent, contracts };
      }
    }
  }
  return undefined;
}

/** One line for the report: `bash: git push --force origin main`, `edit src/app.ts`. */
export function describeCall(call: DemoCall): string {
  const what = callSubject(call.args) ?? JSON.stringify(call.args);
  return `${call.tool} ${what.length > 80 ? `${what.slice(0, 77)}…` : what}`;
}

type Example = NonNullable<LoadedContract['contract']['examples']>[number];
let examplesById: Map<string, readonly Example[]> | undefined;

/**
 * The examples a bundled preset writes for a contract id. The package carries the presets' enforcement data without
 * examples (a contract extended from a preset has none); their YAML texts have them, read here once, on demand.
 */
function presetExamples(id: string): readonly Example[] {
  if (!examplesById) {
    examplesById = new Map();
    for (const preset of bundledPresets) {
      for (const loaded of loadConfig(preset.text, { file: preset.file }).config.contracts)
        if (loaded.contract.examples?.length && !examplesById.has(loaded.contract.id))
          examplesById.set(loaded.contract.id, loaded.contract.examples);
    }
  }
  return examplesById.get(id) ?? [];
}
