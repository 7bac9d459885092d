// A one-line definition of each catalogue anchor, and the text the anchors page searches. The pinned catalogue holds
// facts but no prose we may copy, so the lines are ours: site-content/anchors/definitions.yaml. The file is bundled
// as text (Vite `?raw`) and parsed once, which works the same in Astro pages at build time and in the editor's
// browser bundle (completion and hover), where the yaml parser is already loaded for the editor itself.
import { catalogue, type CatalogueAnchor } from '@semantic-anchors/engine';
import definitionsText from '../../../../site-content/anchors/definitions.yaml?raw';
import { readAnchorDefinitions, renderProblem } from './anchor-definitions-yaml.ts';

export const DEFINITIONS_FILE = 'site-content/anchors/definitions.yaml';

const definitions = readAnchorDefinitions(
  definitionsText,
  catalogue.anchors.map((a) => a.id),
);
const categoryName = new Map(catalogue.categories.map((c) => [c.id, c.name]));

/** Every problem with the definitions file, rendered `file:line:col: message` + hint; the anchors page refuses to
 *  build while there is one, so a missing or malformed line never reaches the site. */
export function definitionProblems(): readonly string[] {
  return definitions.problems.map((p) => renderProblem(DEFINITIONS_FILE, p));
}

/** "A commit message convention - a summary line of at most 50 characters, …" (our wording, not the catalogue's). */
export function anchorDefinition(a: CatalogueAnchor): string {
  // Only reachable when the file lacks the id, which definitionProblems() reports and the anchors page refuses to
  // build with; the editor still gets a true line instead of an empty hover.
  return definitions.lines.get(a.id) ?? `${a.title} is described on the ${catalogue.meta.name} catalogue's page.`;
}

/** Everything the search over anchors looks at: id, title, proponents, category names, the definition, extras. */
export function anchorSearchText(a: CatalogueAnchor, extra: readonly string[] = []): string {
  const categories = a.categories.map((c) => categoryName.get(c) ?? c);
  return [a.id, a.title, ...a.proponents, ...categories, anchorDefinition(a), ...extra].join(' ').toLowerCase();
}
