// Which contracts of which preset act on one shell command: each bundled preset is loaded the way a user's file
// extending it is (`extends: [id]`), compiled, and given the command as a bash call, exactly as the plugin would be.
// Loaded on demand by the contract search page, so the page itself ships no engine.
import { bundledPresets, compile, loadConfig, startState, step, type CompiledPolicy } from '@semantic-anchors/engine';

export interface CommandHit {
  readonly preset: string;
  readonly contract: string;
  readonly mode: 'BLOCK' | 'WARN';
}

let policies: readonly { preset: string; policy: CompiledPolicy }[] | undefined;

export function contractsActingOn(command: string): CommandHit[] {
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
