// A one-line definition of a catalogue anchor, derived from the facts the pinned catalogue holds (title, categories,
// proponents). The catalogue's prose is deliberately not copied (presets/scripts/derive-catalogue.mjs), so the line
// says where an anchor belongs and whose it is, and the catalogue's own page carries the full definition.
// Pure: used at build time by the pages and in the browser by the editor's completion and hover.
import { catalogue, type CatalogueAnchor } from '@semantic-anchors/engine';

const categoryName = new Map(catalogue.categories.map((c) => [c.id, c.name]));

const joined = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** "An established Development Workflow practice, after Conventional Commits contributors." */
export function anchorDefinition(a: CatalogueAnchor): string {
  const areas = joined(a.categories.map((c) => categoryName.get(c) ?? c));
  const by = a.proponents.length > 0 ? `, after ${joined(a.proponents)}` : '';
  return `An established ${areas || 'named'} practice${by}.`;
}

/** Everything the search over definitions looks at: id, title, proponents, categories, the definition. */
export function anchorSearchText(a: CatalogueAnchor, extra: readonly string[] = []): string {
  return [a.id, a.title, ...a.proponents, anchorDefinition(a), ...extra].join(' ').toLowerCase();
}
