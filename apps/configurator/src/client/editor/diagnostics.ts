// Engine diagnostics → Monaco markers on the right line, and an accessible list under the editor.
// Diagnostics from inherited presets (another file) are listed but not placed in the user's text.
import { validate, type Diagnostic, type ValidateResult } from '@semantic-anchors/engine';
import { monaco } from './monaco.ts';

export const FILE_NAME = 'opencode-semantic-anchors.yaml';
const OWNER = 'semantic-anchors';

const SEVERITY = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
} as const;

function toMarker(model: monaco.editor.ITextModel, d: Diagnostic): monaco.editor.IMarkerData {
  const line = Math.min(Math.max(d.position?.line ?? 1, 1), model.getLineCount());
  const col = Math.min(Math.max(d.position?.col ?? 1, 1), model.getLineMaxColumn(line));
  // Underline the token at the position (a key or a scalar), else to the end of the line.
  const word = model.getWordAtPosition({ lineNumber: line, column: col });
  const endColumn = word && word.endColumn > col ? word.endColumn : Math.max(model.getLineMaxColumn(line), col + 1);
  return {
    severity: SEVERITY[d.severity],
    message: d.hint ? `${d.message}\nhint: ${d.hint}` : d.message,
    code: d.code,
    source: 'semantic-anchors',
    startLineNumber: line,
    startColumn: col,
    endLineNumber: line,
    endColumn,
  };
}

export interface ValidationRun {
  readonly result: ValidateResult;
  readonly own: readonly Diagnostic[];
  readonly inherited: readonly Diagnostic[];
  /** Milliseconds spent validating and placing the markers. */
  readonly ms: number;
}

export function revalidate(model: monaco.editor.ITextModel): ValidationRun {
  const started = performance.now();
  const result = validate(model.getValue(), { file: FILE_NAME });
  const own = result.diagnostics.filter((d) => d.file === undefined || d.file === FILE_NAME);
  const inherited = result.diagnostics.filter((d) => d.file !== undefined && d.file !== FILE_NAME);
  monaco.editor.setModelMarkers(model, OWNER, own.map((d) => toMarker(model, d)));
  return { result, own, inherited, ms: performance.now() - started };
}

/** Renders the problems as a list; each item moves the cursor to its line. */
export function renderProblems(list: HTMLElement, summary: HTMLElement, run: ValidationRun, reveal: (line: number, col: number) => void): void {
  const all = [...run.own, ...run.inherited];
  const errors = all.filter((d) => d.severity === 'error').length;
  const warnings = all.filter((d) => d.severity === 'warning').length;
  summary.textContent = all.length === 0
    ? `No problems · ${run.result.policy.contracts.length} contracts active`
    : `${errors} error(s), ${warnings} warning(s) · ${run.result.policy.contracts.length} contracts active`;
  summary.dataset.errors = String(errors);
  list.replaceChildren(
    ...all.map((d) => {
      const li = document.createElement('li');
      li.className = `problem problem-${d.severity}`;
      li.dataset.code = d.code;
      if (d.position) li.dataset.line = String(d.position.line);
      const where = `${d.file ?? FILE_NAME}:${d.position?.line ?? 1}:${d.position?.col ?? 1}`;
      if (d.position && (d.file === undefined || d.file === FILE_NAME)) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'link';
        button.textContent = where;
        const { line, col } = d.position;
        button.addEventListener('click', () => reveal(line, col));
        li.append(button);
      } else {
        const span = document.createElement('span');
        span.textContent = where;
        li.append(span);
      }
      li.append(` ${d.severity}: ${d.message}`);
      if (d.hint) {
        const hint = document.createElement('div');
        hint.className = 'hint';
        hint.textContent = `hint: ${d.hint}`;
        li.append(hint);
      }
      return li;
    }),
  );
}
