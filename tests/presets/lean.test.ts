// The plugin ships the lean preset bundle (no text, no examples, no catalogue prose). It must enforce exactly what
// the full bundle enforces: same contracts, same verdict for every preset example.
import { describe, expect, it } from 'vitest';
import { bundledPresets, compile, loadConfig, startState, step, type Event } from '@semantic-anchors/engine';
import { presetSources as leanPresets } from '../../presets/generated/lean.js';

const all = `version: 1\nextends: [${bundledPresets.map((p) => p.id).join(', ')}]\n`;

describe('the lean preset bundle the plugin ships', () => {
  const full = loadConfig(all);
  const lean = loadConfig(all, { presets: leanPresets });

  it('loads the same contracts without diagnostics', () => {
    expect(lean.diagnostics).toEqual([]);
    expect(lean.config.contracts.map((c) => c.contract.id)).toEqual(full.config.contracts.map((c) => c.contract.id));
    expect(lean.config.contracts.every((c) => c.contract.examples.length === 0)).toBe(true);
    expect(leanPresets.every((p) => p.text === '')).toBe(true);
  });

  it('gives the same verdict as the full bundle for every example of every preset', () => {
    const fullPolicy = compile(full.config);
    const leanPolicy = compile(lean.config);
    let checked = 0;
    for (const { contract, roles } of full.config.contracts) {
      for (const ex of contract.examples) {
        const run = (policy: typeof fullPolicy) => {
          let state = { ...startState(policy), role: ex.role ?? roles?.[0] ?? null };
          for (const g of ex.given ?? []) state = step(policy, state, g as Event).state;
          const v = step(policy, state, ex.event as Event).verdict;
          return { decision: v.decision, ids: v.matches.map((m) => m.id) };
        };
        expect(run(leanPolicy)).toEqual(run(fullPolicy));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(150);
  });
});
