// Completion in the editor, as one CodeMirror source: the values that matter (the catalogue's 189 anchor ids for
// anchorRefs, the twelve bundled presets for extends, opencode's built-in tools for a tool's name), then what the
// engine's JSON Schema says about the place (the keys a mapping takes, enum and boolean values). The schema knows
// one example anchor id and no preset or tool names, hence the value help first.
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import type { EditorState } from '@codemirror/state';
import { BUILTIN_TOOL_INFO, bundledPresets, catalogue, type CatalogueAnchor } from '@semantic-anchors/engine';
import { anchorDefinition } from '../../lib/anchor-definition.ts';
import { el } from './dom.ts';
import { keysAt, valuesAt, type KeyHelp } from './schema-help.ts';
import { placeAt } from './yaml-path.ts';

// The characters of an id, a key, a tool name or a preset path: what a completion replaces and a quick fix rewrites.
const TOKEN = /[A-Za-z0-9_.\-/*!]/;
const KEY = /([A-Za-z_][\w-]*)\s*:(?=\s|$)/g;
const EMPTY_KEY_LINE = /^(\s*)(?:-\s+)*([A-Za-z_][\w-]*)\s*:\s*(#.*)?$/;

export interface ValueContext {
  /** The mapping key whose value the position is in ("anchorRefs"), and the key that holds that mapping ("tool"). */
  readonly key: string;
  readonly parent?: string;
}

const indent = (line: string): number => line.length - line.trimStart().length;
const lineText = (state: EditorState, n: number): string => state.doc.line(n).text;

/** The nearest line above `line` that opens a mapping key with an empty value at an indent below `below`. */
function ownerAbove(
  state: EditorState,
  line: number,
  below: number,
): { key: string; indent: number; line: number } | undefined {
  for (let n = line - 1; n >= 1; n--) {
    const text = lineText(state, n);
    if (text.trim() === '' || text.trimStart().startsWith('#')) continue;
    const m = EMPTY_KEY_LINE.exec(text);
    const keyIndent = m ? text.indexOf(m[2]!) : indent(text);
    if (m && keyIndent <= below) return { key: m[2]!, indent: keyIndent, line: n };
    // A sibling list item or a deeper line belongs to the same block; anything shallower ends the search.
    if (indent(text) < below) return undefined;
  }
  return undefined;
}

/** Which key's value the offset is in, read from the lines (block and one-line flow style), not a full parse. */
export function valueContext(state: EditorState, pos: number): ValueContext | undefined {
  const line = state.doc.lineAt(pos);
  const before = line.text.slice(0, pos - line.from);
  const keys = [...before.matchAll(KEY)].map((m) => ({ key: m[1]!, at: m.index }));
  if (keys.length > 0) {
    const last = keys[keys.length - 1]!;
    // `tool: { name: |` names its parent on the same line; otherwise the parent is the key that owns this line.
    const parent = keys.length > 1 ? keys[keys.length - 2]!.key : ownerAbove(state, line.number, last.at - 1)?.key;
    return { key: last.key, ...(parent ? { parent } : {}) };
  }
  const item = /^(\s*)-\s/.exec(before);
  if (!item) return undefined;
  const owner = ownerAbove(state, line.number, item[1]!.length);
  if (!owner) return undefined;
  const parent = ownerAbove(state, owner.line, owner.indent - 1)?.key;
  return { key: owner.key, ...(parent ? { parent } : {}) };
}

/** The id-like token around a column (0-based) of a line: its start and end columns. */
export function tokenAt(text: string, column: number): { start: number; end: number } {
  let start = column;
  while (start > 0 && TOKEN.test(text[start - 1]!)) start--;
  let end = column;
  while (end < text.length && TOKEN.test(text[end]!)) end++;
  return { start, end };
}

let purposes: ReadonlyMap<string, { title: string; purpose: string }> | undefined;
/** Each bundled preset's title and purpose, from the data parsed when the presets were bundled. */
function presetPurposes(): ReadonlyMap<string, { title: string; purpose: string }> {
  purposes ??= new Map(
    bundledPresets.map((p) => {
      const data = p.data as { preset?: { title?: unknown; purpose?: unknown } } | undefined;
      const title = typeof data?.preset?.title === 'string' ? data.preset.title : p.id;
      const purpose = typeof data?.preset?.purpose === 'string' ? data.preset.purpose : '';
      return [p.id, { title, purpose }];
    }),
  );
  return purposes;
}

/** What a completion's info panel and a hover show: a title line, a paragraph, and optionally a link. */
export interface Doc {
  readonly title: string;
  readonly id: string;
  readonly text: string;
  readonly link?: { readonly href: string; readonly label: string };
}

export const anchorsById: ReadonlyMap<string, CatalogueAnchor> = new Map(catalogue.anchors.map((a) => [a.id, a]));
export const anchorDoc = (a: CatalogueAnchor): Doc => ({
  title: a.title,
  id: a.id,
  text: anchorDefinition(a),
  link: { href: a.url, label: `Definition in the ${catalogue.meta.name} catalogue` },
});
export const presetDoc = (id: string): Doc => {
  const p = presetPurposes().get(id);
  return { title: p?.title ?? id, id: `preset ${id}`, text: p?.purpose ?? '' };
};
export const isPreset = (id: string): boolean => presetPurposes().has(id);
export const toolDoc = (name: string): Doc | undefined => {
  const what = BUILTIN_TOOL_INFO[name];
  return what ? { title: name, id: 'opencode tool', text: `opencode's built-in tool that ${what}.` } : undefined;
};

/** A Doc as DOM (never HTML strings: titles and definitions are data). */
export function docNode(doc: Doc): HTMLElement {
  return el(
    'div',
    { className: 'help-doc' },
    el('p', {}, el('strong', {}, doc.title), ' (', el('code', {}, doc.id), ')'),
    ...(doc.text ? [el('p', {}, doc.text)] : []),
    ...(doc.link
      ? [el('p', {}, el('a', { href: doc.link.href, target: '_blank', rel: 'noopener' }, doc.link.label))]
      : []),
  );
}

type Suggestion = { label: string; detail: string; doc: () => Doc; kind: 'anchor' | 'preset' | 'tool' };

/** The values a key takes, or none when the schema's help is all there is. */
export function suggestionsFor(context: ValueContext | undefined): readonly Suggestion[] {
  if (!context) return [];
  if (context.key === 'anchorRefs')
    return catalogue.anchors.map((a) => ({ label: a.id, detail: a.title, doc: () => anchorDoc(a), kind: 'anchor' }));
  if (context.key === 'extends')
    return bundledPresets.map((p) => ({
      label: p.id,
      detail: presetPurposes().get(p.id)?.title ?? p.id,
      doc: () => presetDoc(p.id),
      kind: 'preset',
    }));
  if (context.key === 'name' && context.parent === 'tool')
    return Object.entries(BUILTIN_TOOL_INFO).map(([name, what]) => ({
      label: name,
      detail: `opencode tool: ${what}`,
      doc: () => toolDoc(name)!,
      kind: 'tool',
    }));
  return [];
}

/** The "did you mean" suggestions in a diagnostic's message (the hint line diagnostics.ts appends). */
export function didYouMean(message: string): string[] {
  const m = /did you mean (.+?)\?/.exec(message);
  return m ? [...m[1]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]!) : [];
}

const TYPES = { anchor: 'constant', preset: 'namespace', tool: 'function' } as const;

/**
 * Value help, filtered here rather than by CodeMirror's fuzzy matcher so the title is searchable too: typing
 * "nygard" finds adr-according-to-nygard, "commit" finds conventional-commits. Ids that start with the word first.
 */
function valueCompletions(context: CompletionContext, items: readonly Suggestion[]): CompletionResult | null {
  const line = context.state.doc.lineAt(context.pos);
  const { start, end } = tokenAt(line.text, context.pos - line.from);
  const word = line.text.slice(start, context.pos - line.from).toLowerCase();
  const rank = (s: Suggestion) =>
    s.label.startsWith(word) ? 0 : s.label.includes(word) ? 1 : s.detail.toLowerCase().includes(word) ? 2 : 3;
  const options: Completion[] = items
    .map((s) => ({ s, r: rank(s) }))
    .filter(({ r }) => r < 3)
    .sort((a, b) => a.r - b.r || a.s.label.localeCompare(b.s.label))
    .map(({ s }, i) => ({
      label: s.label,
      detail: s.detail,
      type: TYPES[s.kind],
      info: () => docNode(s.doc()),
      boost: -i / 1000,
    }));
  if (options.length === 0) return null;
  return { from: line.from + start, to: line.from + Math.max(end, context.pos - line.from), options, filter: false };
}

/** Keys and values from the JSON Schema at the place the cursor is. */
function schemaCompletions(context: CompletionContext): CompletionResult | null {
  const place = placeAt(context.state, context.pos);
  if (!place) return null;
  // While typing, only once a word is started: a new line or a space must not pop a list up uninvited.
  if (!context.explicit && place.from === context.pos) return null;
  if (place.kind === 'key') {
    // In block style a mapping or a list of mappings goes on the lines below, indented one step further.
    const column = place.from - context.state.doc.lineAt(place.from).from;
    const below = ' '.repeat(column + 2);
    const apply = (k: KeyHelp): string =>
      place.flow || k.block === 'inline'
        ? `${k.key}: `
        : k.block === 'map'
          ? `${k.key}:\n${below}`
          : `${k.key}:\n${below}- `;
    const options = keysAt(place.path)
      .filter((k) => !place.present.includes(k.key))
      .map((k): Completion => ({ label: k.key, apply: apply(k), type: 'property', info: k.description || undefined }));
    return options.length ? { from: place.from, options, validFor: /^[\w$-]*$/ } : null;
  }
  const options = valuesAt(place.path).map((v): Completion => ({ label: v, type: 'enum' }));
  return options.length ? { from: place.from, options, validFor: /^[\w$-]*$/ } : null;
}

/** The editor's one completion source (registered for YAML in codemirror.ts). */
export function contractCompletions(context: CompletionContext): CompletionResult | null {
  const items = suggestionsFor(valueContext(context.state, context.pos));
  if (items.length > 0) {
    const before = context.state.sliceDoc(context.state.doc.lineAt(context.pos).from, context.pos);
    // Typing: after a word character or the characters that open a value (`[`, `,`, `- `, `: `), like Monaco did.
    if (context.explicit || /[\w\-[,:]\s?$/.test(before)) return valueCompletions(context, items);
    return null;
  }
  return schemaCompletions(context);
}
