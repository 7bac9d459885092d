// The bundled presets' data on the editor page, loaded on demand: the page ships each preset as a chunk of its own
// (scripts/browser-presets.mjs), and a check that reaches a preset not loaded yet stops with PresetNotLoadedError
// instead of seeing an empty preset. Such a check is not shown: the presets the text needs are loaded, and the check
// runs again, with the same result a page holding every preset gives.
import { loadPresets, PresetNotLoadedError, presetIndex, presetLoaded } from 'virtual:semantic-anchors/presets';
import { readExtends } from './compose.ts';

export { loadPresets, presetIndex };

/** Every bundled preset's id, in the bundle's order (no preset's data is loaded for it). */
export const PRESET_IDS: readonly string[] = presetIndex.map((p) => p.id);

/** A check that could not run yet: these presets' data must be loaded first. */
export interface PresetsNeeded {
  readonly needs: readonly string[];
}

export const needsPresets = (x: object): x is PresetsNeeded => 'needs' in x;

/** The bundled presets a text lists under `extends` whose data is not loaded yet. */
export function unloadedExtends(text: string): string[] {
  return readExtends(text).filter((id) => PRESET_IDS.includes(id) && !presetLoaded(id));
}

/** Runs `check`, or says which presets it needs when it reached one whose data is not loaded. */
export function withPresets<T extends object>(text: string, check: () => T): T | PresetsNeeded {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof PresetNotLoadedError)) throw error;
    // The text's other presets too (read only now, when one was missing): a draft that extends several loads them in
    // one round instead of one check per preset.
    return { needs: [...new Set([error.presetId, ...unloadedExtends(text)])] };
  }
}
