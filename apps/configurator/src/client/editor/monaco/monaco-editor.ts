// The editor on a desktop: Monaco, the editor of VS Code (its keybindings, F8 to the next problem, Ctrl+. for a quick
// fix, the suggest widget, F1 for the command palette), holding the text the shared layer checks and helps with.
// Loaded by main.ts with a dynamic import once the page's own content is shown; an EditorSurface like the text area's.
import type { Problem, QuickFix } from '../diagnostics.ts';
import type { EditorSurface, MarkerView, MatchMark } from '../surface.ts';
import type { HelpContext } from '../value-help.ts';
import { monaco } from './api.ts';
import { LANGUAGE_ID, registerYaml, THEME } from './language.ts';
import { modelLines } from './model-lines.ts';
import { docMarkdown, MARKER_OWNER, registerProviders } from './providers.ts';

export const MODEL_URI = 'file:///opencode-semantic-anchors.yaml';

const SEVERITY = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
} as const;
const SEVERITY_NAME = new Map<monaco.MarkerSeverity, MarkerView['severity']>([
  [monaco.MarkerSeverity.Error, 'error'],
  [monaco.MarkerSeverity.Warning, 'warning'],
  [monaco.MarkerSeverity.Info, 'info'],
  [monaco.MarkerSeverity.Hint, 'info'],
]);

export interface MonacoOptions {
  readonly help: () => HelpContext;
  /** The text area's label and key help, given to Monaco's own text area. */
  readonly ariaLabel: string;
}

export function createMonacoEditor(host: HTMLElement, text: string, options: MonacoOptions): EditorSurface {
  registerYaml();
  let problems: readonly Problem[] = [];
  registerProviders({ help: options.help, problems: () => problems });
  const uri = monaco.Uri.parse(MODEL_URI);
  monaco.editor.getModel(uri)?.dispose();
  const model = monaco.editor.createModel(text, LANGUAGE_ID, uri);
  model.updateOptions({ tabSize: 2, insertSpaces: true });
  const editor = monaco.editor.create(host, {
    model,
    theme: THEME,
    ariaLabel: options.ariaLabel,
    automaticLayout: true,
    minimap: { enabled: false },
    fontSize: 14,
    fontFamily: getComputedStyle(document.documentElement).getPropertyValue('--mono').trim() || 'monospace',
    lineHeight: 21,
    tabSize: 2,
    insertSpaces: true,
    detectIndentation: false,
    wordWrap: 'on',
    scrollBeyondLastLine: false,
    // The number of the empty line after the last line break in full colour: Monaco dims it below AA contrast.
    renderFinalNewline: 'on',
    fixedOverflowWidgets: true,
    glyphMargin: true,
    lightbulb: { enabled: monaco.editor.ShowLightbulbIconMode.OnCode },
    // Suggestions while typing keys and values (a scalar is a "string" token in YAML), never in comments.
    quickSuggestions: { other: true, strings: true, comments: false },
    suggest: { showWords: false, preview: false },
    // Features whose work Monaco does in its editor worker, which this page does not run (environment.ts).
    wordBasedSuggestions: 'off',
    links: false,
    unicodeHighlight: { ambiguousCharacters: false, invisibleCharacters: false, nonBasicASCII: false },
    occurrencesHighlight: 'off',
    stickyScroll: { enabled: false },
    // Bracket pairs coloured by depth: Monaco parses the whole file for them, again after each edit. The bracket
    // matching the page promises (matchBrackets) does not need it; a 5,000-line file typed into right after it opens
    // paid for the parse in its first keys.
    bracketPairColorization: { enabled: false },
    hover: { delay: 300 },
    accessibilitySupport: 'auto',
  });
  const decorations = editor.createDecorationsCollection();
  // What is shown now, to leave markers and decorations alone when a check finds the same (a change of either closes
  // an open hover, and the full check re-finds the quick check's problems 300 ms after every pause in typing).
  let shownMarkers = '';
  let shownMatches = '';
  const lines = modelLines(model);
  const range = (line: number, start: number, end: number) => new monaco.Range(line, start + 1, line, end + 1);

  return {
    form: 'monaco',
    text: () => model.getValue(),
    lines: () => lines,
    caret() {
      const at = editor.getPosition();
      return at ? { line: at.lineNumber, ch: at.column - 1 } : { line: 1, ch: 0 };
    },
    replaceAll(next) {
      // One undoable edit, so Ctrl+Z takes a composition or an import back.
      editor.pushUndoStop();
      editor.executeEdits('compose', [{ range: model.getFullModelRange(), text: next }]);
      editor.pushUndoStop();
    },
    applyFix(fix: QuickFix) {
      const at = range(fix.span.line, fix.span.start, fix.span.end);
      // The text may have moved since the problem was found: replace only if the token is still there.
      if (model.getValueInRange(at) !== fix.expected) return false;
      editor.pushUndoStop();
      editor.executeEdits('quickfix', [{ range: at, text: fix.replacement }]);
      editor.pushUndoStop();
      return true;
    },
    reveal(line, ch) {
      editor.setPosition({ lineNumber: line, column: ch + 1 });
      editor.revealPositionInCenter({ lineNumber: line, column: ch + 1 });
      editor.focus();
    },
    scrollTo(line) {
      editor.revealLineInCenter(line);
    },
    focus: () => editor.focus(),
    showProblems(next) {
      problems = next;
      const markers = next.flatMap((p): monaco.editor.IMarkerData[] =>
        p.span
          ? [
              {
                severity: SEVERITY[p.diagnostic.severity],
                message: p.message,
                code: p.diagnostic.code,
                source: 'semantic-anchors',
                startLineNumber: p.span.line,
                startColumn: p.span.start + 1,
                endLineNumber: p.span.line,
                endColumn: Math.max(p.span.end, p.span.start + 1) + 1,
              },
            ]
          : [],
      );
      const key = JSON.stringify(markers);
      if (key === shownMarkers) return;
      shownMarkers = key;
      monaco.editor.setModelMarkers(model, MARKER_OWNER, markers);
    },
    showMatches(marks: readonly MatchMark[]) {
      const key = JSON.stringify(marks);
      if (key === shownMatches) return;
      shownMatches = key;
      decorations.set(
        marks.map((m) => ({
          range: new monaco.Range(m.line, 1, m.endLine, 1),
          options: {
            isWholeLine: true,
            className: `match-line match-${m.decision}`,
            linesDecorationsClassName: `match-gutter match-gutter-${m.decision}`,
            hoverMessage: docMarkdown({
              title: m.id,
              id: `matched in the simulator`,
              text: m.events.join('; '),
            }),
          },
        })),
      );
    },
    markers: () =>
      monaco.editor.getModelMarkers({ resource: uri, owner: MARKER_OWNER }).map((m) => ({
        severity: SEVERITY_NAME.get(m.severity) ?? 'info',
        message: m.message,
        code: typeof m.code === 'string' ? m.code : (m.code?.value ?? ''),
        line: m.startLineNumber,
        col: m.startColumn,
      })),
    onChange(listener) {
      model.onDidChangeContent(() => listener());
    },
  };
}
