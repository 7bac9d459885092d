// The plugin carries each preset as the schema's reading of it (`checked: true`), which the loader takes as read
// instead of checking a hundred contracts again at every start. Taking it as read must load exactly what checking
// the preset's own data loads: same contracts, settings and roles, same (no) diagnostics.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type PresetSource } from '@semantic-anchors/engine';
import { presetSources as bundled } from '@semantic-anchors/presets';
import { describe, expect, it } from 'vitest';
import { packedPresets, packedPresetsSource } from '../scripts/packed-presets.js';

async function packedPresetsInline(): Promise<readonly PresetSource[]> {
  const file = join(mkdtempSync(join(tmpdir(), 'sa-packed-')), 'presets.mjs');
  writeFileSync(file, packedPresetsSource());
  const mod = (await import(pathToFileURL(file).href)) as { presetSources: readonly PresetSource[] };
  return mod.presetSources;
}

// Each test packs the presets (brotli at its best level, seconds of CPU): on a busy machine that outlasts the default.
describe('the presets the plugin carries', { timeout: 90_000 }, () => {
  it('are all carried as checked data', async () => {
    const packed = await packedPresetsInline();
    expect(packed.map((p) => p.id)).toEqual(bundled.map((p) => p.id));
    expect(packed.every((p) => p.checked === true)).toBe(true);
  });

  it('load, taken as read, exactly as the bundled presets load when checked', async () => {
    const packed = await packedPresetsInline();
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
    const packed = await packedPresetsInline();
    const broken = packed.map((p, i) =>
      i === 0 ? { ...p, checked: false, data: { ...(p.data as object), contracts: [{ id: 'x' }] } } : p,
    );
    const result = loadConfig(`version: 1\nextends: [${packed[0]!.id}]\n`, { presets: broken });
    expect(result.diagnostics.length).toBeGreaterThan(0);
  });
});

describe('the presets as the npm package carries them (two files beside the chunk)', { timeout: 90_000 }, () => {
  const inDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sa-packed-files-'));
    const { source, files } = packedPresets('files');
    writeFileSync(join(dir, 'presets.mjs'), source);
    for (const f of files) writeFileSync(join(dir, f.name), f.bytes);
    return { dir, files };
  };
  it('reads the same presets, texts included, as the inline module', async () => {
    const { dir, files } = inDir();
    expect(files.map((f) => f.name).sort()).toEqual(['preset-texts.br', 'presets.br']);
    const mod = (await import(pathToFileURL(join(dir, 'presets.mjs')).href)) as {
      presetSources: readonly PresetSource[];
    };
    const inline = await packedPresetsInline();
    expect(mod.presetSources.map((p) => p.data)).toStrictEqual(inline.map((p) => p.data));
    expect(mod.presetSources.map((p) => p.text)).toStrictEqual(inline.map((p) => p.text));
  });
  it('says which file is missing and what to do when the package lost it', async () => {
    const { dir } = inDir();
    rmSync(join(dir, 'presets.br'));
    await expect(import(pathToFileURL(join(dir, 'presets.mjs')).href)).rejects.toThrow(
      /presets\.br cannot be read \(ENOENT\).*install opencode-semantic-anchors again/,
    );
  });
});
