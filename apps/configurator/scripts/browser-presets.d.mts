// Types of scripts/browser-presets.mjs for the TypeScript that imports it (tests/vitest.config.ts). Plain shapes, not
// Vite's Plugin type: the site's Vite (through Astro) and vitest's are not the same release.
interface RegistryPlugin {
  readonly name: string;
  resolveId(id: string): string | undefined;
  load(id: string): { code: string; map: null } | undefined;
}

/** The id of the registry module of the presets' data in the browser. */
export declare const REGISTRY: 'virtual:semantic-anchors/presets';
/** The registry module and each preset's data module. */
export declare function presetsRegistry(): RegistryPlugin;
/** The browser build's presets: the registry, and the engine's bundle rewritten to read each preset's data from it. */
export declare function browserPresets(): [RegistryPlugin, { readonly name: string }];
