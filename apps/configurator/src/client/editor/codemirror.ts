// The editor view: CodeMirror 6 with YAML, bundled locally (no CDN, no workers). basicSetup brings line numbers,
// folding, bracket matching, search (Ctrl/Cmd+F), undo/redo, toggle comment (Ctrl/Cmd+/) and the lint keymap; here
// we add 2-space indentation, Tab to indent, a highlight style with enough contrast on the site's white background,
// the lint gutter, and our own completion and hover (completion.ts, hover.ts). The diagnostics come from the engine
// (diagnostics.ts), which validates against the same zod schema the JSON Schema is generated from, plus everything
// a JSON Schema cannot say (unknown anchors, bad patterns, duplicate ids…).
import { autocompletion } from '@codemirror/autocomplete';
import { indentWithTab } from '@codemirror/commands';
import {
  foldService,
  HighlightStyle,
  indentService,
  indentUnit,
  StreamLanguage,
  syntaxHighlighting,
} from '@codemirror/language';
import { yaml as yamlMode } from '@codemirror/legacy-modes/mode/yaml';
import { lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
import { basicSetup } from 'codemirror';
import { contractCompletions } from './completion.ts';
import { contractHover } from './hover.ts';

// Every colour has at least 4.5:1 contrast on white (WCAG AA for normal text); the axe check on the page holds us to it.
// The tags are those of the YAML stream mode's tokens: keys are `atom`, punctuation and `- ` are `meta`.
const highlight = HighlightStyle.define([
  { tag: t.atom, color: '#1d4ed8' }, // keys, in the site's accent blue (6.7:1)
  { tag: t.string, color: '#a11212' }, // quoted strings and block literals (8.0:1)
  { tag: t.meta, color: '#4a4f57' }, // `- `, `:`, brackets (8.6:1)
  { tag: t.comment, color: '#5a6270', fontStyle: 'italic' }, // (6.2:1)
  { tag: [t.variableName, t.number], color: '#0f6b50' }, // anchors, aliases, numbers (6.5:1)
  { tag: t.keyword, color: '#7a1f8c' }, // true / false (8.4:1)
  { tag: t.definition(t.variableName), color: '#5b3f99' }, // document markers (8.0:1)
]);

/**
 * YAML by CodeMirror's stream mode, not the lezer grammar (@codemirror/lang-yaml): the stream mode re-tokenises only
 * the lines after an edit up to the screen's end, where the lezer parse of a 500-line file cost 3–5 ms on every
 * keystroke. The structure completion and hover need is parsed on demand (yaml-path.ts).
 */
const yamlLanguage = StreamLanguage.define(yamlMode);

const spaces = (text: string): number => /^ */.exec(text)![0].length;
const blank = (text: string): boolean => /^\s*(#.*)?$/.test(text);

/** Folding by indentation: a line folds the more-indented lines under it (blank and comment lines inside kept). */
const foldByIndent = foldService.of((state, lineStart) => {
  const line = state.doc.lineAt(lineStart);
  if (blank(line.text)) return null;
  const indent = spaces(line.text);
  let end = -1;
  for (let n = line.number + 1; n <= state.doc.lines; n++) {
    const next = state.doc.line(n);
    if (blank(next.text)) continue;
    if (spaces(next.text) <= indent) break;
    end = next.to;
  }
  return end > line.to ? { from: line.to, to: end } : null;
});

/**
 * The indentation of a new line, from the nearest line above with content: one step deeper under a key that opens a
 * block (`when:`) or a bare `- `, else at the column of that line's key (the next key of the same mapping).
 */
const indentYaml = indentService.of((context, pos) => {
  let line = context.lineAt(pos, -1);
  while (blank(line.text) && line.from > 0) line = context.lineAt(line.from - 1, -1);
  if (blank(line.text)) return 0;
  const lead = /^( *)((?:- +)*)/.exec(line.text)!;
  const keyCol = lead[1]!.length + lead[2]!.length;
  const body = line.text.replace(/\s+#.*$/, '').trimEnd();
  if (/^ *(?:- *)+$/.test(body)) return keyCol + 2;
  if (/:$/.test(body)) return keyCol + 2;
  return keyCol;
});

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '14px' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
  '.cm-gutters': { backgroundColor: '#f6f7f9', color: '#4a4a4a', borderRight: '1px solid #d0d4da' },
  '.cm-tooltip .help-doc': { maxWidth: '32rem', padding: '0.2rem 0.6rem' },
  '.cm-tooltip .help-doc p': { margin: '0.3rem 0' },
  '.cm-tooltip.cm-completionInfo': { maxWidth: '28rem' },
  '.cm-diagnostic': { whiteSpace: 'pre-wrap' },
});

export interface EditorOptions {
  /** Called after every transaction that changed the text, outside CodeMirror's update (so it may dispatch). */
  readonly onChange: () => void;
}

/**
 * The editor lives in an open shadow root of `host`. Why: CodeMirror's style-mod injects its themes as <style>
 * elements into a document's head, which the Content-Security-Policy (style-src 'self', no 'unsafe-inline') refuses;
 * inside a shadow root it uses constructable stylesheets (adoptedStyleSheets), which CSP does not treat as inline.
 * The page's CSS custom properties (--mono…) still inherit into it.
 */
export function createEditor(host: HTMLElement, text: string, options: EditorOptions): EditorView {
  const root = host.attachShadow({ mode: 'open' });
  return new EditorView({
    root,
    parent: root,
    state: EditorState.create({
      doc: text,
      extensions: [
        syntaxHighlighting(highlight),
        basicSetup,
        yamlLanguage,
        foldByIndent,
        indentYaml,
        indentUnit.of('  '),
        EditorState.tabSize.of(2),
        // Tab indents; Esc then Tab (or Ctrl+M / Shift+Alt+M on a Mac) moves focus on, so the keyboard never traps.
        keymap.of([indentWithTab]),
        autocompletion({ activateOnTyping: true, icons: false }),
        yamlLanguage.data.of({ autocomplete: contractCompletions }),
        contractHover,
        lintGutter(),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({
          // The page's key help (#editor-keys) describes the host element: an id reference cannot cross the shadow root.
          'aria-label': 'Contract file (YAML). Tab indents; press Escape then Tab to leave the editor.',
          // contenteditable is focusable already; saying so lets checkers (axe's scrollable-region-focusable) see that
          // the scrolling area of a long file holds a keyboard-reachable element.
          tabindex: '0',
        }),
        theme,
      ],
    }),
    dispatchTransactions(transactions, view) {
      view.update(transactions);
      if (transactions.some((tr) => tr.docChanged)) options.onChange();
    },
  });
}
