// The presets under test, read from a directory (today's or a rewritten set): each loaded as the whole
// configuration, compiled once per project root, and started in its own role.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  compile, formatDiagnostic, initialState, loadConfig,
  type CompiledPolicy, type LoadedContract, type SessionState,
} from '@semantic-anchors/engine';
import { repoRoot } from './paths.js';

export interface PresetUnderTest {
  readonly id: string;
  readonly file: string;
  readonly contracts: readonly LoadedContract[];
  /** Ids of the BLOCK contracts, in file order. */
  readonly blockIds: readonly string[];
  /** Ids of the Step Confirmation contracts (a trigger on state.toolCalls): their stops are counted apart. */
  readonly stepIds: ReadonlySet<string>;
  /** Load problems as file:line:col lines; empty when the preset loaded cleanly. */
  readonly diagnostics: readonly string[];
  policy(root: string): CompiledPolicy;
  /** A fresh session in the preset's role. */
  start(): SessionState;
}

// A trigger counts tool calls when any of its alternatives names state.toolCalls: that is what makes a contract a
// Step Confirmation stop rather than a judgement on the call itself.
const countsToolCalls = (when: unknown): boolean => JSON.stringify(when ?? null).includes('"toolCalls"');

export function readPreset(path: string): PresetUnderTest {
  const file = relative(repoRoot, path);
  const text = readFileSync(path, 'utf8');
  const loaded = loadConfig(text, { file });
  const id = presetId(text) ?? /([^/]+)\.yaml$/.exec(path)![1]!;
  const contracts = loaded.config.contracts;
  const compiled = new Map<string, CompiledPolicy>();
  return {
    id,
    file,
    contracts,
    blockIds: contracts.filter((c) => c.contract.mode === 'BLOCK').map((c) => c.contract.id),
    stepIds: new Set(contracts.filter((c) => countsToolCalls(c.contract.when)).map((c) => c.contract.id)),
    diagnostics: loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d)),
    policy(root) {
      let p = compiled.get(root);
      if (!p) compiled.set(root, (p = compile(loaded.config, { root })));
      return p;
    },
    start() {
      return initialState(id);
    },
  };
}

// The preset's own id as its file declares it (preset.id), read without trusting the file name.
function presetId(text: string): string | undefined {
  return /^preset:\s*\n\s+id:\s*([\w-]+)/m.exec(text)?.[1];
}

export const readPresets = (dir: string): PresetUnderTest[] =>
  readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort().map((f) => readPreset(join(dir, f)));
