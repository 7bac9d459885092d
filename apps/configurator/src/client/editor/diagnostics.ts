// Engine diagnostics → Monaco markers on the right line, and an accessible list under the editor.
// Diagnostics from inherited presets (another file) are listed but not placed in the user's text.
import {
  compile,
  loadConfig,
  validate,
  type CompiledPolicy,
  type Diagnostic,
  type LoadResult,
  type ValidateResult,
} from '@semantic-anchors/engine';
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
  /** quick: load + compile on every keystroke; full: validate(), examples included, once typing pauses. */
  readonly kind: 'quick' | 'full';
  readonly load: LoadResult;
  readonly policy: CompiledPolicy;
  readonly result?: ValidateResult;
  readonly own: readonly Diagnostic[];
  readonly inherited: readonly Diagnostic[];
  /** Milliseconds spent checking and placing the markers. */
  readonly ms: number;
}

const isExampleDiagnostic = (d: Diagnostic) => d.code === 'example-failed' || d.code === 'example-invalid';

function place(
  model: monaco.editor.ITextModel,
  kind: ValidationRun['kind'],
  load: LoadResult,
  policy: CompiledPolicy,
  diagnostics: readonly Diagnostic[],
  started: number,
  result?: ValidateResult,
): ValidationRun {
  const own = diagnostics.filter((d) => d.file === undefined || d.file === FILE_NAME);
  const inherited = diagnostics.filter((d) => d.file !== undefined && d.file !== FILE_NAME);
  monaco.editor.setModelMarkers(
    model,
    OWNER,
    own.map((d) => toMarker(model, d)),
  );
  return { kind, load, policy, own, inherited, ms: performance.now() - started, ...(result ? { result } : {}) };
}

/**
 * The keystroke pass: syntax, schema and meaning (load) and the compiled policy, without running the examples.
 * The example results of the last full pass are kept meanwhile, so their markers do not flicker while typing.
 */
export function quickCheck(model: monaco.editor.ITextModel, previous?: ValidationRun): ValidationRun {
  const started = performance.now();
  const load = loadConfig(model.getValue(), { file: FILE_NAME });
  const policy = compile(load.config);
  const kept = previous ? [...previous.own, ...previous.inherited].filter(isExampleDiagnostic) : [];
  return place(model, 'quick', load, policy, [...load.diagnostics, ...kept], started);
}

/** The full check `semantic-anchors validate` does, examples included. */
export function fullCheck(model: monaco.editor.ITextModel): ValidationRun {
  const started = performance.now();
  const result = validate(model.getValue(), { file: FILE_NAME });
  return place(model, 'full', result.load, result.policy, result.diagnostics, started, result);
}

/** Renders the problems as a list; each item moves the cursor to its line. */
export function renderProblems(
  list: HTMLElement,
  summary: HTMLElement,
  run: ValidationRun,
  reveal: (line: number, col: number) => void,
): void {
  const all = [...run.own, ...run.inherited];
  const errors = all.filter((d) => d.severity === 'error').length;
  const warnings = all.filter((d) => d.severity === 'warning').length;
  summary.textContent =
    all.length === 0
      ? `No problems · ${run.policy.contracts.length} contracts active`
      : `${errors} error(s), ${warnings} warning(s) · ${run.policy.contracts.length} contracts active`;
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
