// Which contracts of which preset act on one shell command: each bundled preset is loaded the way a user's file
// extending it is (`extends: [id]`), compiled, and given the command as a bash call, exactly as the plugin would be.
// Loaded on demand by the contract search page, so the page itself ships no engine; the presets' data is loaded with
// it (each preset is a chunk of its own in the browser: scripts/browser-presets.mjs).
import { bundledPresets, compile, loadConfig, startState, step, type CompiledPolicy } from '@semantic-anchors/engine';
import { loadPresets } from 'virtual:semantic-anchors/presets';

export interface CommandHit {
  readonly preset: string;
  readonly contract: string;
  readonly mode: 'BLOCK' | 'WARN';
}

let policies: readonly { preset: string; policy: CompiledPolicy }[] | undefined;

export async function contractsActingOn(command: string): Promise<CommandHit[]> {
  await loadPresets(bundledPresets.map((p) => p.id));
  policies ??= bundledPresets.map((p) => ({
    preset: p.id,
    policy: compile(loadConfig(`version: 1\nextends: [${p.id}]\n`, { file: 'opencode-semantic-anchors.yaml' }).config),
  }));
  return policies.flatMap(({ preset, policy }) =>
    step(policy, startState(policy), { tool: 'bash', args: { command } })
      .verdict.matches.filter((m) => m.origin.preset === preset || m.origin.file.includes(preset))
      .map((m) => ({ preset, contract: m.id, mode: m.mode })),
  );
}
