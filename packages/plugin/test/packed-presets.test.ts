// The plugin carries each preset as the schema's reading of it (`checked: true`), which the loader takes as read
// instead of checking a hundred contracts again at every start. Taking it as read must load exactly what checking
// the preset's own data loads: same contracts, settings and roles, same (no) diagnostics.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type PresetSource } from '@semantic-anchors/engine';
import { presetSources as bundled } from '@semantic-anchors/presets';
import { describe, expect, it } from 'vitest';
import { packedPresetsSource } from '../scripts/packed-presets.js';

async function packedPresets(): Promise<readonly PresetSource[]> {
  const file = join(mkdtempSync(join(tmpdir(), 'sa-packed-')), 'presets.mjs');
  writeFileSync(file, packedPresetsSource());
  const mod = (await import(pathToFileURL(file).href)) as { presetSources: readonly PresetSource[] };
  return mod.presetSources;
}

describe('the presets the plugin carries', () => {
  it('are all carried as checked data', async () => {
    const packed = await packedPresets();
    expect(packed.map((p) => p.id)).toEqual(bundled.map((p) => p.id));
    expect(packed.every((p) => p.checked === true)).toBe(true);
  });

  it('load, taken as read, exactly as the bundled presets load when checked', async () => {
    const packed = await packedPresets();
    // One at a time and all together (a file extending every preset is the plugin's slowest start).
    const lists = [...bundled.map((p) => [p.id]), bundled.map((p) => p.id)];
    for (const ids of lists) {
      const text = `version: 1\nextends: [${ids.join(', ')}]\n`;
      const read = loadConfig(text, { presets: packed });
      const checked = loadConfig(text, { presets: bundled.map((p) => ({ ...p, text: p.text })) });
      expect(read.diagnostics).toStrictEqual([]);
      expect(checked.diagnostics).toStrictEqual([]);
      // Examples are not carried (enforcement does not read them): compare everything else.
      const withoutExamples = (c: (typeof checked.config.contracts)[number]) => ({
        ...c,
        contract: { ...c.contract, examples: undefined },
      });
      expect(read.config.contracts.map(withoutExamples)).toStrictEqual(checked.config.contracts.map(withoutExamples));
      expect(read.config.settings).toStrictEqual(checked.config.settings);
      expect(read.config.roles).toStrictEqual(checked.config.roles);
      expect(read.config.presets).toStrictEqual(checked.config.presets);
    }
  });

  it('are checked again when a caller changes one: data not marked checked goes through the schema', async () => {
    const packed = await packedPresets();
    const broken = packed.map((p, i) =>
      i === 0 ? { ...p, checked: false, data: { ...(p.data as object), contracts: [{ id: 'x' }] } } : p,
    );
    const result = loadConfig(`version: 1\nextends: [${packed[0]!.id}]\n`, { presets: broken });
    expect(result.diagnostics.length).toBeGreaterThan(0);
  });
});
