// Shared test helpers: fixture files read from disk, and a compiled policy from YAML text.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compile,
  loadConfig,
  startState,
  step,
  type CompiledPolicy,
  type Event,
  type SessionState,
  type Verdict,
} from '@semantic-anchors/engine';

export const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const fixture = (name: string): string => join(fixtures, name);
export const readFixture = (name: string): string => readFileSync(fixture(name), 'utf8');
export const readFile = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the engine reports the path it could not read
  }
};

export function policyOf(yaml: string, options: { root?: string } = {}): CompiledPolicy {
  const loaded = loadConfig(yaml, { file: 'inline.yaml' });
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`test config has errors: ${errors.map((d) => d.message).join('; ')}`);
  return compile(loaded.config, options);
}

/** Replays events from a fresh session and returns every verdict and the final state. */
export function replay(
  policy: CompiledPolicy,
  events: readonly Event[],
  role?: string | null,
): { verdicts: Verdict[]; state: SessionState } {
  let state = startState(policy);
  if (role !== undefined) state = { ...state, role };
  const verdicts: Verdict[] = [];
  for (const e of events) {
    const r = step(policy, state, e);
    verdicts.push(r.verdict);
    state = r.state;
  }
  return { verdicts, state };
}

export const bash = (command: string): Event => ({ tool: 'bash', args: { command } });
export const edit = (filePath: string, newString = 'x'): Event => ({
  tool: 'edit',
  args: { filePath, oldString: 'y', newString },
});

/**
 * CPU milliseconds (user + system) the process spent running `fn`: unlike wall time, other processes on a shared
 * machine do not inflate it, so a linear-time guard on hostile input stays a guard and not a load meter.
 */
export function cpuMs(fn: () => void): number {
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
