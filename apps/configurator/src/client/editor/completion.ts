// Completion, editor-agnostic: at a position, the values that matter (value-help.ts: anchor ids, preset ids, tool
// names, role ids, contract ids for `disable`, an example event's argument names), else what the engine's JSON Schema
// says about the place (the keys a mapping takes, enum and boolean values). Returns plain data: the span the choice
// replaces and the items; monaco/providers.ts turns it into Monaco's suggestions.
import { keysAt, valuesAt, type KeyHelp } from './schema-help.ts';
import type { LineSpan, Pos, TextLines } from './text-lines.ts';
import {
  argumentsOf,
  suggestionsFor,
  tokenAt,
  valueKindAt,
  type Doc,
  type HelpContext,
  type Suggestion,
} from './value-help.ts';
import { besideOwner, placeAt, type Place } from './yaml-path.ts';

export type CompletionKind = Suggestion['kind'] | 'key' | 'value';

export interface CompletionItem {
  readonly label: string;
  readonly detail?: string;
  readonly kind: CompletionKind;
  /** The text that replaces the list's span (a key that holds a mapping brings its next line and indentation). */
  readonly insert: string;
  /** The documentation beside the list: an id's Doc, or a key's description. */
  readonly doc?: () => Doc | string;
}

export interface CompletionList {
  readonly span: LineSpan;
  readonly items: readonly CompletionItem[];
  /**
   * The items are filtered and ranked for the word typed already (value help, which also searches an anchor's title:
   * "nygard" finds adr-according-to-nygard): the editor shows them as they are. Otherwise it filters by the word.
   */
  readonly ranked: boolean;
}

/** Value help, filtered here so the title is searchable too; ids that start with the word first. */
function valueCompletions(lines: TextLines, pos: Pos, items: readonly Suggestion[]): CompletionList | undefined {
  const text = lines.line(pos.line);
  const { start, end } = tokenAt(text, pos.ch);
  const word = text.slice(start, pos.ch).toLowerCase();
  const rank = (s: Suggestion) =>
    s.label.startsWith(word) ? 0 : s.label.includes(word) ? 1 : s.detail.toLowerCase().includes(word) ? 2 : 3;
  const ranked = items
    .map((s) => ({ s, r: rank(s) }))
    .filter(({ r }) => r < 3)
    .sort((a, b) => a.r - b.r || a.s.label.localeCompare(b.s.label))
    .map(({ s }): CompletionItem => ({ label: s.label, detail: s.detail, kind: s.kind, insert: s.label, doc: s.doc }));
  if (ranked.length === 0) return undefined;
  return { span: { line: pos.line, start, end: Math.max(end, pos.ch) }, items: ranked, ranked: true };
}

/** How a key is written in block style: a mapping or a list of mappings goes on the lines below, one step deeper. */
function keyInsert(place: Extract<Place, { kind: 'key' }>, key: KeyHelp): string {
  if (place.flow || key.block === 'inline') return `${key.key}: `;
  const below = ' '.repeat(place.from + 2);
  return key.block === 'map' ? `${key.key}:\n${below}` : `${key.key}:\n${below}- `;
}

/** Keys and values from the JSON Schema at the place, and an example event's argument names. */
function schemaCompletions(lines: TextLines, pos: Pos, place: Place, explicit: boolean): CompletionList | undefined {
  // While typing, only once a word is started: a new line or a space must not pop a list up uninvited.
  if (!explicit && place.from === pos.ch) return undefined;
  const span = { line: pos.line, start: place.from, end: pos.ch };
  if (place.kind === 'key') {
    const items: CompletionItem[] = keysAt(place.path)
      .filter((k) => !place.present.includes(k.key))
      .map((k) => ({
        label: k.key,
        kind: 'key',
        insert: keyInsert(place, k),
        ...(k.description ? { doc: () => k.description } : {}),
      }));
    if (place.path[place.path.length - 1] === 'args') {
      const tool = besideOwner(lines, pos, 'tool');
      for (const arg of tool ? argumentsOf(tool) : [])
        if (!place.present.includes(arg))
          items.push({ label: arg, detail: `argument of ${tool}`, kind: 'argument', insert: `${arg}: ` });
    }
    return items.length ? { span, items, ranked: false } : undefined;
  }
  const items = valuesAt(place.path).map((v): CompletionItem => ({ label: v, kind: 'value', insert: v }));
  return items.length ? { span, items, ranked: false } : undefined;
}

/**
 * What to offer at `pos`. `explicit`: asked for (Ctrl+Space) rather than typed into; typing offers value help after a
 * word character or what opens a value (`[`, `,`, `- `, `: `), schema help once a word is started.
 */
export function completionsAt(
  lines: TextLines,
  pos: Pos,
  explicit: boolean,
  context: HelpContext,
): CompletionList | undefined {
  const place = placeAt(lines, pos);
  if (!place) return undefined;
  if (place.kind === 'value' || place.item) {
    const kind = valueKindAt(place.path);
    if (kind) {
      const before = lines.line(pos.line).slice(0, pos.ch);
      if (!explicit && !/[\w\-[,:]\s?$/.test(before)) return undefined;
      return valueCompletions(lines, pos, suggestionsFor(kind, context));
    }
  }
  return schemaCompletions(lines, pos, place, explicit);
}
