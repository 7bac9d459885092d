// The Semantic Anchors catalogue the validator checks against, and the bundled role presets.
// INVARIANT: this is the only module that knows where the catalogue comes from; switching source is one line.
import {
  catalogueAnchors,
  catalogueCategories,
  catalogueMeta,
  catalogueRoles,
  presetSources,
  type CatalogueAnchor,
  type CatalogueRole,
  type PresetSource,
} from '@semantic-anchors/presets';

export type {
  CatalogueAnchor,
  CatalogueCategory,
  CatalogueMeta,
  CatalogueRole,
  PresetSource,
} from '@semantic-anchors/presets';

export const catalogue = {
  meta: catalogueMeta,
  anchors: catalogueAnchors,
  roles: catalogueRoles,
  categories: catalogueCategories,
} as const;

const anchorsById: ReadonlyMap<string, CatalogueAnchor> = new Map(catalogueAnchors.map((a) => [a.id, a]));
const rolesById: ReadonlyMap<string, CatalogueRole> = new Map(catalogueRoles.map((r) => [r.id, r]));
const presetsById: ReadonlyMap<string, PresetSource> = new Map(presetSources.map((p) => [p.id, p]));

export const findAnchor = (id: string): CatalogueAnchor | undefined => anchorsById.get(id);
export const findRole = (id: string): CatalogueRole | undefined => rolesById.get(id);
export const catalogueRoleIds = (): readonly string[] => catalogueRoles.map((r) => r.id);

export const bundledPresets: readonly PresetSource[] = presetSources;
export const findPreset = (id: string): PresetSource | undefined => presetsById.get(id);

/** The closest ids by edit distance, for "did you mean" hints. */
export function closest(id: string, candidates: Iterable<string>, max = 3): string[] {
  const scored: { c: string; d: number }[] = [];
  for (const c of candidates) scored.push({ c, d: editDistance(id, c) });
  scored.sort((a, b) => a.d - b.d || a.c.localeCompare(b.c));
  const limit = Math.max(2, Math.floor(id.length / 3));
  return scored
    .filter((s) => s.d <= limit || s.c.includes(id) || id.includes(s.c))
    .slice(0, max)
    .map((s) => s.c);
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}
