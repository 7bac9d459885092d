// The registry of the bundled presets' data in the browser: a module scripts/browser-presets.mjs generates at build
// time. Each preset's data is its own chunk, loaded on demand; `bundledPresets[i].data` reads it from here and throws
// PresetNotLoadedError for a preset not loaded yet.
declare module 'virtual:semantic-anchors/presets' {
  /** Every bundled preset, in the bundle's order, without its contracts: what a picker or a hover shows. */
  export const presetIndex: readonly {
    readonly id: string;
    readonly file: string;
    readonly title: string;
    readonly purpose: string;
  }[];
  export class PresetNotLoadedError extends Error {
    readonly presetId: string;
  }
  export function presetLoaded(id: string): boolean;
  /** The preset's parsed data; throws PresetNotLoadedError when it is not loaded yet. */
  export function presetData(id: string): unknown;
  /** Loads the data of the bundled presets among `ids` (other ids are ignored); resolves when all are loaded. */
  export function loadPresets(ids: readonly string[]): Promise<void>;
}
