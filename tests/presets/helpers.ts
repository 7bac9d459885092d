// Shared fixtures for the preset suites: where the preset files live, and each preset read from disk and from the
// bundle, so the tests check the files a reviewer edits as well as the bundle the plugin ships.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { bundledPresets, catalogue, loadConfig, type LoadedContract } from '@semantic-anchors/engine';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const presetsDir = join(repoRoot, 'presets');
export const sessionsDir = join(repoRoot, 'tests/sessions');

/** The twelve roles the catalogue started with: one preset each, in the catalogue's order. */
export const ORIGINAL_ROLES: readonly string[] = catalogue.roles.filter((r) => r.original12).map((r) => r.id);

export interface PresetFile {
  readonly id: string;
  /** Path relative to the repository root, as diagnostics name it. */
  readonly file: string;
  readonly text: string;
}

export const presetFiles = (): PresetFile[] =>
  readdirSync(presetsDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => ({
      id: f.replace(/\.yaml$/, ''),
      file: `presets/${f}`,
      text: readFileSync(join(presetsDir, f), 'utf8'),
    }));

/** The contracts one preset defines, loaded through the engine (the bundled text, as `extends` would see it). */
export function presetContracts(id: string): readonly LoadedContract[] {
  const source = bundledPresets.find((p) => p.id === id);
  if (!source) throw new Error(`preset "${id}" is not in the bundle; run npm run gen -w @semantic-anchors/presets`);
  return loadConfig(source.text, { file: source.file }).config.contracts;
}

/** The pinned catalogue as committed (read from disk, not through the engine that validates against it). */
export const pinnedAnchorIds = (): ReadonlySet<string> =>
  new Set(
    (JSON.parse(readFileSync(join(presetsDir, 'catalogue/anchors.json'), 'utf8')) as { id: string }[]).map((a) => a.id),
  );
