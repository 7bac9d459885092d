// The shared language help through Monaco's own mechanisms: a completion provider (the suggest widget), a hover
// provider, and quick fixes as code actions (the lightbulb, Ctrl+., and "Quick Fix…" in a problem's hover). Each one
// only converts: the answers come from ../completion.ts, ../hover.ts and ../diagnostics.ts.
import { completionsAt, type CompletionKind } from '../completion.ts';
import type { Problem } from '../diagnostics.ts';
import { hoverAt } from '../hover.ts';
import type { Doc, HelpContext } from '../value-help.ts';
import { monaco } from './api.ts';
import { LANGUAGE_ID } from './language.ts';
import { modelLines } from './model-lines.ts';

export const MARKER_OWNER = 'semantic-anchors';

/** Markdown's special characters escaped: titles and definitions are data, not markup. */
const escapeMarkdown = (text: string): string => text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');

/** A Doc as Monaco's Markdown: the title and id, the text, the link. */
export function docMarkdown(doc: Doc | string): monaco.IMarkdownString[] {
  if (typeof doc === 'string') return [{ value: escapeMarkdown(doc) }];
  const head = doc.title
    ? `**${escapeMarkdown(doc.title)}** (\`${doc.id.replace(/`/g, "'")}\`)`
    : `\`${doc.id.replace(/`/g, "'")}\``;
  return [
    { value: head },
    ...(doc.text ? [{ value: escapeMarkdown(doc.text) }] : []),
    ...(doc.link ? [{ value: `[${escapeMarkdown(doc.link.label)}](${encodeURI(doc.link.href)})` }] : []),
  ];
}

const KINDS: Record<CompletionKind, monaco.languages.CompletionItemKind> = {
  anchor: monaco.languages.CompletionItemKind.Constant,
  preset: monaco.languages.CompletionItemKind.Module,
  tool: monaco.languages.CompletionItemKind.Function,
  role: monaco.languages.CompletionItemKind.User,
  contract: monaco.languages.CompletionItemKind.Reference,
  argument: monaco.languages.CompletionItemKind.Field,
  key: monaco.languages.CompletionItemKind.Property,
  value: monaco.languages.CompletionItemKind.EnumMember,
};

export interface ProviderSources {
  /** What the last check knows beyond the schema (roles, inherited contracts). */
  readonly help: () => HelpContext;
  /** The problems the markers show now, to find the fixes of a marker. */
  readonly problems: () => readonly Problem[];
}

let registered = false;

/** Registers the providers once per page: they serve every model of the YAML language. */
export function registerProviders(sources: ProviderSources): void {
  if (registered) return;
  registered = true;
  const docs = new WeakMap<monaco.languages.CompletionItem, () => Doc | string>();

  monaco.languages.registerCompletionItemProvider(LANGUAGE_ID, {
    // Typing `[`, `,`, `- ` or `: ` opens the value help for the key (anchor ids after `anchorRefs: [`).
    triggerCharacters: [' ', '[', ','],
    provideCompletionItems(model, position, context) {
      const explicit = context.triggerKind !== monaco.languages.CompletionTriggerKind.TriggerCharacter;
      const pos = { line: position.lineNumber, ch: position.column - 1 };
      const list = completionsAt(modelLines(model), pos, explicit, sources.help());
      if (!list) return { suggestions: [] };
      const range = new monaco.Range(list.span.line, list.span.start + 1, list.span.line, list.span.end + 1);
      // Ranked lists are filtered by our own rules (an anchor's title counts): Monaco must show them as they are, so
      // each item is filtered by exactly the word typed, and the list is asked for again at the next key.
      const word = model.getLineContent(pos.line).slice(list.span.start, pos.ch);
      const suggestions = list.items.map((item, i): monaco.languages.CompletionItem => {
        const suggestion: monaco.languages.CompletionItem = {
          label: item.detail ? { label: item.label, description: item.detail } : item.label,
          kind: KINDS[item.kind],
          insertText: item.insert,
          insertTextRules: monaco.languages.CompletionItemInsertTextRule.KeepWhitespace,
          range,
          sortText: String(i).padStart(4, '0'),
          ...(list.ranked ? { filterText: word } : {}),
        };
        if (item.doc) docs.set(suggestion, item.doc);
        return suggestion;
      });
      return { suggestions, incomplete: list.ranked };
    },
    // The documentation is made when an item is shown with its details, not for all 189 anchors at once.
    resolveCompletionItem(item) {
      const doc = docs.get(item);
      return doc
        ? {
            ...item,
            documentation: {
              value: docMarkdown(doc())
                .map((m) => m.value)
                .join('\n\n'),
            },
          }
        : item;
    },
  });

  monaco.languages.registerHoverProvider(LANGUAGE_ID, {
    provideHover(model, position) {
      const help = hoverAt(modelLines(model), { line: position.lineNumber, ch: position.column - 1 }, sources.help());
      if (!help) return null;
      const { span } = help;
      return {
        range: new monaco.Range(span.line, span.start + 1, span.line, span.end + 1),
        contents: docMarkdown(help.doc),
      };
    },
  });

  monaco.languages.registerCodeActionProvider(
    LANGUAGE_ID,
    {
      provideCodeActions(model, _range, context) {
        const actions: monaco.languages.CodeAction[] = [];
        for (const marker of context.markers) {
          const problem = sources
            .problems()
            .find(
              (p) =>
                p.span &&
                p.span.line === marker.startLineNumber &&
                p.span.start + 1 === marker.startColumn &&
                p.message === marker.message,
            );
          problem?.fixes.forEach((fix, i) =>
            actions.push({
              title: fix.title,
              kind: 'quickfix',
              diagnostics: [marker],
              isPreferred: i === 0,
              edit: {
                edits: [
                  {
                    resource: model.uri,
                    versionId: model.getVersionId(),
                    textEdit: {
                      range: new monaco.Range(fix.span.line, fix.span.start + 1, fix.span.line, fix.span.end + 1),
                      text: fix.replacement,
                    },
                  },
                ],
              },
            }),
          );
        }
        return { actions, dispose() {} };
      },
    },
    { providedCodeActionKinds: ['quickfix'] },
  );
}
