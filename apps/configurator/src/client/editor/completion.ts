// Completion, hover and quick fixes for the values that matter, beside monaco-yaml's schema-driven help: the JSON
// Schema knows only one example anchor id and no preset or tool names, so the catalogue's 189 anchor ids, the twelve
// bundled presets and opencode's built-in tools are offered here, and every "did you mean …" hint becomes a fix.
import { bundledPresets, catalogue, loadConfig, type CatalogueAnchor } from '@semantic-anchors/engine';
import { anchorDefinition } from '../../lib/anchor-definition.ts';
// A type-only import: monaco.ts registers these providers, so a value import from it would be circular.
import type * as Monaco from 'monaco-editor/esm/vs/editor/editor.api.js';

type MonacoApi = typeof Monaco;
type Model = Monaco.editor.ITextModel;
type Position = Monaco.Position;

/** opencode's built-in tools, with what each does; a contract's `tool.name` names one of these (or an MCP tool). */
export const BUILTIN_TOOLS: readonly (readonly [name: string, what: string])[] = [
  ['bash', 'runs a shell command'],
  ['read', 'reads a file'],
  ['write', 'writes a whole file'],
  ['edit', 'replaces text in a file'],
  ['patch', 'applies a patch to files'],
  ['glob', 'lists files matching a glob'],
  ['grep', 'searches file contents'],
  ['list', 'lists a directory'],
  ['webfetch', 'fetches a URL'],
  ['websearch', 'searches the web'],
  ['task', 'starts a subagent'],
  ['todowrite', 'writes the todo list'],
  ['todoread', 'reads the todo list'],
  ['skill', 'loads a skill'],
  ['question', 'asks the human a question'],
];

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

/** The nearest line above `line` that opens a mapping key with an empty value at an indent below `below`. */
function ownerAbove(
  model: Model,
  line: number,
  below: number,
): { key: string; indent: number; line: number } | undefined {
  for (let n = line - 1; n >= 1; n--) {
    const text = model.getLineContent(n);
    if (text.trim() === '' || text.trimStart().startsWith('#')) continue;
    const m = EMPTY_KEY_LINE.exec(text);
    const keyIndent = m ? text.indexOf(m[2]!) : indent(text);
    if (m && keyIndent <= below) return { key: m[2]!, indent: keyIndent, line: n };
    // A sibling list item or a deeper line belongs to the same block; anything shallower ends the search.
    if (indent(text) < below) return undefined;
  }
  return undefined;
}

/** Which key's value the position is in, read from the lines (block and one-line flow style), not a full parse. */
export function valueContext(model: Model, position: Position): ValueContext | undefined {
  const before = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
  const keys = [...before.matchAll(KEY)].map((m) => ({ key: m[1]!, at: m.index }));
  if (keys.length > 0) {
    const last = keys[keys.length - 1]!;
    // `tool: { name: |` names its parent on the same line; otherwise the parent is the key that owns this line.
    const parent =
      keys.length > 1 ? keys[keys.length - 2]!.key : ownerAbove(model, position.lineNumber, last.at - 1)?.key;
    return { key: last.key, ...(parent ? { parent } : {}) };
  }
  const item = /^(\s*)-\s/.exec(before);
  if (!item) return undefined;
  const owner = ownerAbove(model, position.lineNumber, item[1]!.length);
  if (!owner) return undefined;
  const parent = ownerAbove(model, owner.line, owner.indent - 1)?.key;
  return { key: owner.key, ...(parent ? { parent } : {}) };
}

/** The id-like token around a column (1-based): its start and end columns. */
function tokenAt(text: string, column: number): { start: number; end: number } {
  let start = column - 1;
  while (start > 0 && TOKEN.test(text[start - 1]!)) start--;
  let end = column - 1;
  while (end < text.length && TOKEN.test(text[end]!)) end++;
  return { start: start + 1, end: end + 1 };
}

let purposes: ReadonlyMap<string, { title: string; purpose: string }> | undefined;
/** Each bundled preset's title and purpose, read from its YAML the first time they are needed. */
function presetPurposes(): ReadonlyMap<string, { title: string; purpose: string }> {
  purposes ??= new Map(
    bundledPresets.map((p) => {
      const data = loadConfig(p.text, { file: p.file }).sources.get(p.file)?.data as
        | { preset?: { title?: unknown; purpose?: unknown } }
        | undefined;
      const title = typeof data?.preset?.title === 'string' ? data.preset.title : p.id;
      const purpose = typeof data?.preset?.purpose === 'string' ? data.preset.purpose : '';
      return [p.id, { title, purpose }];
    }),
  );
  return purposes;
}

const anchorsById = new Map(catalogue.anchors.map((a) => [a.id, a]));
const anchorDoc = (a: CatalogueAnchor): string =>
  `**${a.title}** (\`${a.id}\`)\n\n${anchorDefinition(a)}\n\n[Definition in the ${catalogue.meta.name} catalogue](${a.url})`;
const presetDoc = (id: string): string => {
  const p = presetPurposes().get(id);
  return `**${p?.title ?? id}** (preset \`${id}\`)\n\n${p?.purpose ?? ''}`;
};

type Suggestion = { label: string; detail: string; doc: string; kind: 'anchor' | 'preset' | 'tool' };

/** The values a key takes, or none when monaco-yaml's schema help is all there is. */
export function suggestionsFor(context: ValueContext | undefined): readonly Suggestion[] {
  if (!context) return [];
  if (context.key === 'anchorRefs')
    return catalogue.anchors.map((a) => ({ label: a.id, detail: a.title, doc: anchorDoc(a), kind: 'anchor' }));
  if (context.key === 'extends')
    return bundledPresets.map((p) => ({
      label: p.id,
      detail: presetPurposes().get(p.id)?.title ?? p.id,
      doc: presetDoc(p.id),
      kind: 'preset',
    }));
  if (context.key === 'name' && context.parent === 'tool')
    return BUILTIN_TOOLS.map(([name, what]) => ({
      label: name,
      detail: `opencode tool: ${what}`,
      doc: `\`${name}\`: opencode's built-in tool that ${what}.`,
      kind: 'tool',
    }));
  return [];
}

/** The "did you mean" suggestions in a marker's message (the hint line diagnostics.ts appends). */
export function didYouMean(message: string): string[] {
  const m = /did you mean (.+?)\?/.exec(message);
  return m ? [...m[1]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]!) : [];
}

/** Registers the providers once; call with the Monaco namespace before the editor is created. */
export function registerValueHelp(monaco: MonacoApi): void {
  const kinds = {
    anchor: monaco.languages.CompletionItemKind.Reference,
    preset: monaco.languages.CompletionItemKind.Module,
    tool: monaco.languages.CompletionItemKind.Function,
  };
  monaco.languages.registerCompletionItemProvider('yaml', {
    triggerCharacters: [' ', '[', ',', '-'],
    provideCompletionItems(model, position) {
      const items = suggestionsFor(valueContext(model, position));
      if (items.length === 0) return { suggestions: [] };
      const { start, end } = tokenAt(model.getLineContent(position.lineNumber), position.column);
      const range = new monaco.Range(position.lineNumber, start, position.lineNumber, Math.max(end, position.column));
      return {
        suggestions: items.map((s) => ({
          label: { label: s.label, description: s.detail },
          kind: kinds[s.kind],
          detail: s.detail,
          documentation: { value: s.doc },
          insertText: s.label,
          // The title is searchable too: typing "commit" finds conventional-commits.
          filterText: `${s.label} ${s.detail}`,
          sortText: `0${s.label}`,
          range,
        })),
      };
    },
  });

  monaco.languages.registerHoverProvider('yaml', {
    provideHover(model, position) {
      const text = model.getLineContent(position.lineNumber);
      const { start, end } = tokenAt(text, position.column);
      const token = text.slice(start - 1, end - 1);
      const context = valueContext(model, new monaco.Position(position.lineNumber, start));
      const range = new monaco.Range(position.lineNumber, start, position.lineNumber, end);
      const anchor = anchorsById.get(token);
      if (anchor && context?.key === 'anchorRefs') return { range, contents: [{ value: anchorDoc(anchor) }] };
      if (context?.key === 'extends' && presetPurposes().has(token))
        return { range, contents: [{ value: presetDoc(token) }] };
      return null;
    },
  });

  monaco.languages.registerCodeActionProvider('yaml', {
    provideCodeActions(model, _range, context) {
      const actions: Monaco.languages.CodeAction[] = [];
      for (const marker of context.markers) {
        const options = didYouMean(marker.message);
        if (options.length === 0) continue;
        const line = model.getLineContent(marker.startLineNumber);
        const quoted = line[marker.startColumn - 1] === '"' || line[marker.startColumn - 1] === "'";
        const { start, end } = tokenAt(line, marker.startColumn + (quoted ? 1 : 0));
        const wrong = line.slice(start - 1, end - 1);
        options.forEach((option, i) =>
          actions.push({
            title: `Change "${wrong}" to "${option}"`,
            kind: 'quickfix',
            diagnostics: [marker],
            isPreferred: i === 0,
            edit: {
              edits: [
                {
                  resource: model.uri,
                  versionId: model.getVersionId(),
                  textEdit: {
                    range: new monaco.Range(marker.startLineNumber, start, marker.startLineNumber, end),
                    text: option,
                  },
                },
              ],
            },
          }),
        );
      }
      return { actions, dispose() {} };
    },
  });
}
