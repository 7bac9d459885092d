// The shapes of the bundled catalogue and presets (generated/bundle.ts holds the data).

export interface CatalogueAnchor {
  readonly id: string;
  readonly title: string;
  readonly categories: readonly string[];
  readonly roles: readonly string[];
  readonly tier: number | null;
  readonly proponents: readonly string[];
  readonly url: string;
  readonly urlDe: string;
  readonly source: string;
}
export interface CatalogueRole {
  readonly id: string;
  readonly name: string;
  readonly documented: boolean;
  readonly original12: boolean;
  readonly anchors: readonly string[];
}
export interface CatalogueCategory {
  readonly id: string;
  readonly name: string;
  readonly anchors: readonly string[];
}
export interface CatalogueMeta {
  readonly name: string;
  readonly repository: string;
  readonly site: string;
  readonly license: string;
  readonly commit: string;
  readonly date: string;
  readonly counts: { readonly anchors: number; readonly roles: number; readonly categories: number };
}
export interface PresetSource {
  /** The preset id, which is also the role id it is written for. */
  readonly id: string;
  /** Path of the source file relative to the repository root, used in diagnostics. */
  readonly file: string;
  /** The YAML text, verbatim, so diagnostics keep their line and column. */
  readonly text: string;
  /** The same YAML, already parsed at build time (plain data); a loader may use it instead of parsing the text. */
  readonly data?: unknown;
  /**
   * True when `data` is the engine's schema reading of the preset (defaults filled in), made when the bundle was built,
   * and that reading gave no diagnostic: the loader takes it as read instead of checking it again at each start.
   */
  readonly checked?: boolean;
}
