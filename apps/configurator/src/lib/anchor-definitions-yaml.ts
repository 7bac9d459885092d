// Takes the text of site-content/anchors/definitions.yaml and the catalogue's anchor ids; returns each id's one-line
// definition and every problem with the file, positioned. Pure (no I/O), so the site's build, the editor's browser
// bundle and the test suite all judge the file by the same rules.
import { isMap, isPair, isScalar, LineCounter, parseDocument } from 'yaml';

/** A definition line this short says nothing; longer than this it is no longer one line on a card or in a hover. */
export const DEFINITION_LENGTH = { min: 40, max: 200 } as const;

export type DefinitionProblem = {
  readonly line: number;
  readonly col: number;
  readonly message: string;
  readonly hint: string;
};

export type AnchorDefinitions = {
  readonly lines: ReadonlyMap<string, string>;
  readonly problems: readonly DefinitionProblem[];
};

/** `file:line:col: message`, the hint on its own line (the project's one error shape). */
export const renderProblem = (file: string, p: DefinitionProblem): string =>
  `${file}:${p.line}:${p.col}: ${p.message}\n  hint: ${p.hint}`;

// Code-point order, the order presets/scripts/derive-catalogue.mjs sorts the catalogue by.
const before = (a: string, b: string): boolean => a < b;

export function readAnchorDefinitions(text: string, knownIds: readonly string[]): AnchorDefinitions {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true });
  const at = (offset: number) => counter.linePos(offset);
  const problems: DefinitionProblem[] = doc.errors.map((e) => ({
    ...at(e.pos[0]),
    message: e.message.split('\n')[0] ?? e.code,
    hint: 'write one `anchor-id: definition` per line; quote a line that holds ": " or starts with a special character',
  }));
  const lines = new Map<string, string>();
  const known = new Set(knownIds);
  const firstSeen = new Map<string, string>();
  const seen = new Set<string>();
  let previous = '';
  const pairs = isMap(doc.contents) ? doc.contents.items : [];
  if (!isMap(doc.contents) && problems.length === 0) {
    problems.push({
      line: 1,
      col: 1,
      message: 'the file is not a mapping of anchor ids to definitions',
      hint: 'write one `anchor-id: definition` per line',
    });
  }
  for (const pair of pairs) {
    if (!isPair(pair) || !isScalar(pair.key)) continue;
    const id = String(pair.key.value);
    seen.add(id);
    const where = at(pair.key.range?.[0] ?? 0);
    const problem = (message: string, hint: string) => problems.push({ ...where, message, hint });
    if (!known.has(id)) {
      problem(`"${id}" is not an anchor of the pinned catalogue`, 'use an id from presets/catalogue/anchors.json');
      continue;
    }
    if (previous && !before(previous, id)) problem(`"${id}" comes after "${previous}"`, 'keep the ids sorted');
    previous = id;
    const value = isScalar(pair.value) ? pair.value.value : undefined;
    if (typeof value !== 'string') {
      problem(`"${id}" has no definition text`, 'write one plain-English line saying what the concept is');
      continue;
    }
    const definition = value.trim();
    const { min, max } = DEFINITION_LENGTH;
    if (definition.length < min || definition.length > max) {
      problem(
        `the definition of "${id}" is ${definition.length} characters long`,
        `write one line of ${min} to ${max} characters`,
      );
    }
    const twin = firstSeen.get(definition.toLowerCase());
    if (twin) problem(`"${id}" has the same definition as "${twin}"`, 'say what sets this anchor apart');
    else firstSeen.set(definition.toLowerCase(), id);
    lines.set(id, definition);
  }
  const end = at(text.length);
  for (const id of knownIds) {
    if (!seen.has(id)) {
      problems.push({ ...end, message: `"${id}" has no definition`, hint: `add a line \`${id}: …\` in sorted order` });
    }
  }
  return { lines, problems };
}
