// Engine diagnostics → CodeMirror lint diagnostics on the right line (underline, gutter mark, tooltip with message and
// hint, "did you mean" fixes as actions), and an accessible list under the editor. Diagnostics from inherited presets
// (another file) are listed but not placed in the user's text.
import { forEachDiagnostic, setDiagnostics, type Action, type Diagnostic as LintDiagnostic } from '@codemirror/lint';
import type { EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import {
  compile,
  loadConfig,
  validate,
  type CompiledPolicy,
  type Diagnostic,
  type LoadResult,
  type ValidateResult,
} from '@semantic-anchors/engine';
import { didYouMean, tokenAt } from './completion.ts';

export const FILE_NAME = 'opencode-semantic-anchors.yaml';

/** A lint diagnostic that remembers the engine's code, so tests and the page can tell diagnostics apart. */
export interface EngineLintDiagnostic extends LintDiagnostic {
  readonly code: string;
}

/** What window.__configurator.markers() returns: the diagnostics in the editor now, 1-based line and column. */
export interface MarkerView {
  readonly severity: LintDiagnostic['severity'];
  readonly message: string;
  readonly code: string;
  readonly line: number;
  readonly col: number;
}

/** One action per "did you mean" option of the message: replace the token the diagnostic starts at. */
function quickFixes(state: EditorState, from: number, message: string): Action[] {
  const options = didYouMean(message);
  if (options.length === 0) return [];
  const line = state.doc.lineAt(from);
  const quoted = /["']/.test(line.text[from - line.from] ?? '');
  const { start, end } = tokenAt(line.text, from - line.from + (quoted ? 1 : 0));
  const wrong = line.text.slice(start, end);
  return options.map((option) => ({
    name: `Change "${wrong}" to "${option}"`,
    apply(view) {
      // The text may have moved since the diagnostic was made: replace only if the token is still there.
      const at = view.state.doc.line(line.number);
      if (view.state.sliceDoc(at.from + start, at.from + end) !== wrong) return;
      view.dispatch({
        changes: { from: at.from + start, to: at.from + end, insert: option },
        userEvent: 'input.quickfix',
      });
    },
  }));
}

/** Where a diagnostic sits in the text: from its position to the end of the token there (a key or a scalar), else to
 * the end of the line. */
function rangeOf(state: EditorState, d: Diagnostic): { from: number; to: number } {
  const doc = state.doc;
  const line = doc.line(Math.min(Math.max(d.position?.line ?? 1, 1), doc.lines));
  const col = Math.min(Math.max(d.position?.col ?? 1, 1), line.length + 1) - 1;
  const token = tokenAt(line.text, col);
  const from = line.from + col;
  return { from, to: token.end > col ? line.from + token.end : Math.max(line.to, from) };
}

function toLint(state: EditorState, d: Diagnostic): EngineLintDiagnostic {
  const { from, to } = rangeOf(state, d);
  const message = d.hint ? `${d.message}\nhint: ${d.hint}` : d.message;
  return {
    from,
    to,
    severity: d.severity,
    message,
    code: d.code,
    source: `semantic-anchors: ${d.code}`,
    actions: quickFixes(state, from, message),
  };
}

/** The diagnostics the editor holds now, as the page's test hook shows them. */
export function markersOf(state: EditorState): MarkerView[] {
  const out: MarkerView[] = [];
  forEachDiagnostic(state, (d, from) => {
    const line = state.doc.lineAt(from);
    out.push({
      severity: d.severity,
      message: d.message,
      code: (d as Partial<EngineLintDiagnostic>).code ?? '',
      line: line.number,
      col: from - line.from + 1,
    });
  });
  return out;
}

export interface ValidationRun {
  /** quick: load + compile on every keystroke; full: validate(), examples included, once typing pauses. */
  readonly kind: 'quick' | 'full';
  readonly load: LoadResult;
  readonly policy: CompiledPolicy;
  readonly result?: ValidateResult;
  readonly own: readonly Diagnostic[];
  readonly inherited: readonly Diagnostic[];
  /** Milliseconds spent checking and placing the diagnostics. */
  readonly ms: number;
}

const isExampleDiagnostic = (d: Diagnostic) => d.code === 'example-failed' || d.code === 'example-invalid';

function place(
  view: EditorView,
  kind: ValidationRun['kind'],
  load: LoadResult,
  policy: CompiledPolicy,
  diagnostics: readonly Diagnostic[],
  started: number,
  result?: ValidateResult,
): ValidationRun {
  const own = diagnostics.filter((d) => d.file === undefined || d.file === FILE_NAME);
  const inherited = diagnostics.filter((d) => d.file !== undefined && d.file !== FILE_NAME);
  // Straight into the editor state, not through a lint source: a source runs after a delay, and the underline must
  // be right before the browser paints the keystroke.
  view.dispatch(
    setDiagnostics(
      view.state,
      own.map((d) => toLint(view.state, d)),
    ),
  );
  return { kind, load, policy, own, inherited, ms: performance.now() - started, ...(result ? { result } : {}) };
}

/**
 * The keystroke pass: syntax, schema and meaning (load) and the compiled policy, without running the examples.
 * The example results of the last full pass are kept meanwhile, so their diagnostics do not flicker while typing.
 */
export function quickCheck(view: EditorView, previous?: ValidationRun): ValidationRun {
  const started = performance.now();
  const load = loadConfig(view.state.doc.toString(), { file: FILE_NAME });
  const policy = compile(load.config);
  const kept = previous ? [...previous.own, ...previous.inherited].filter(isExampleDiagnostic) : [];
  return place(view, 'quick', load, policy, [...load.diagnostics, ...kept], started);
}

/** The full check `semantic-anchors validate` does, examples included. */
export function fullCheck(view: EditorView): ValidationRun {
  const started = performance.now();
  const result = validate(view.state.doc.toString(), { file: FILE_NAME });
  return place(view, 'full', result.load, result.policy, result.diagnostics, started, result);
}
/** Renders the problems as a list; each item moves the cursor to its line. */
export function renderProblems(
  list: HTMLElement,
  summary: HTMLElement,
  run: ValidationRun,
  reveal: (line: number, col: number) => void,
  view?: EditorView,
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
      // The same quick fixes the editor's tooltip offers, here too: the list is what a keyboard or screen-reader
      // user reads, and a fix should not need a pointer hovering over an underline.
      if (view && d.position && d.hint && (d.file === undefined || d.file === FILE_NAME)) {
        const { from } = rangeOf(view.state, d);
        for (const action of quickFixes(view.state, from, `${d.message}\nhint: ${d.hint}`)) {
          const fix = document.createElement('button');
          fix.type = 'button';
          fix.className = 'small quick-fix';
          fix.textContent = action.name;
          fix.addEventListener('click', () => {
            action.apply(view, from, from);
            view.focus();
          });
          li.append(' ', fix);
        }
      }
      return li;
    }),
  );
}
