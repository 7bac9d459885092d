// The engine's checks of the editor's text, and their diagnostics as problems with a place in the text and quick
// fixes. Editor-agnostic: takes the text (TextLines), returns plain data; each editor shows the problems its own way
// (monaco/monaco-editor.ts: markers, and code actions in monaco/providers.ts; the plain text area: the list under
// it, which both forms show).
import {
  compile,
  loadConfig,
  validate,
  type CompiledPolicy,
  type Diagnostic,
  type LoadResult,
  type ValidateResult,
} from '@semantic-anchors/engine';
import type { LineSpan, TextLines } from './text-lines.ts';
import { didYouMean, tokenAt } from './value-help.ts';
import { withPresets, type PresetsNeeded } from './preset-loading.ts';

export const FILE_NAME = 'opencode-semantic-anchors.yaml';

export interface ValidationRun {
  /** quick: load + compile on every keystroke; full: validate(), examples included, once typing pauses. */
  readonly kind: 'quick' | 'full';
  readonly load: LoadResult;
  readonly policy: CompiledPolicy;
  readonly result?: ValidateResult;
  /** Diagnostics of the editor's file, and of the files it extends (presets), which have no place in the text. */
  readonly own: readonly Diagnostic[];
  readonly inherited: readonly Diagnostic[];
  /** Milliseconds the engine took. */
  readonly ms: number;
}

const isExampleDiagnostic = (d: Diagnostic) => d.code === 'example-failed' || d.code === 'example-invalid';

function run(
  kind: ValidationRun['kind'],
  load: LoadResult,
  policy: CompiledPolicy,
  diagnostics: readonly Diagnostic[],
  started: number,
  result?: ValidateResult,
): ValidationRun {
  const own = diagnostics.filter((d) => d.file === undefined || d.file === FILE_NAME);
  const inherited = diagnostics.filter((d) => d.file !== undefined && d.file !== FILE_NAME);
  return { kind, load, policy, own, inherited, ms: performance.now() - started, ...(result ? { result } : {}) };
}

/**
 * The keystroke pass: syntax, schema and meaning (load) and the compiled policy, without running the examples.
 * The example results of the last full pass are kept meanwhile, so their diagnostics do not flicker while typing.
 * A text extending a bundled preset whose data the page has not loaded yet gets the presets to load instead
 * (preset-loading.ts); the caller loads them and checks again.
 */
export function quickCheck(text: string, previous?: ValidationRun): ValidationRun | PresetsNeeded {
  const started = performance.now();
  return withPresets(text, () => {
    const load = loadConfig(text, { file: FILE_NAME });
    const policy = compile(load.config);
    const kept = previous ? [...previous.own, ...previous.inherited].filter(isExampleDiagnostic) : [];
    return run('quick', load, policy, [...load.diagnostics, ...kept], started);
  });
}

/** The full check `semantic-anchors validate` does, examples included (or the presets to load first, as above). */
export function fullCheck(text: string): ValidationRun | PresetsNeeded {
  const started = performance.now();
  return withPresets(text, () => {
    const result = validate(text, { file: FILE_NAME });
    return run('full', result.load, result.policy, result.diagnostics, started, result);
  });
}

/** A "did you mean" fix: replace `expected` (still at `span`) with `replacement`. */
export interface QuickFix {
  readonly title: string;
  readonly span: LineSpan;
  readonly expected: string;
  readonly replacement: string;
}

export interface Problem {
  readonly diagnostic: Diagnostic;
  /** The message with its hint on a second line, as the editor shows it. */
  readonly message: string;
  /** Where it sits in the editor's text; absent for a problem of an inherited file (a preset). */
  readonly span?: LineSpan;
  readonly fixes: readonly QuickFix[];
}

/** Where a diagnostic sits: from its position to the end of the token there (a key or a scalar), else the line's end. */
export function rangeOf(lines: TextLines, d: Diagnostic): LineSpan {
  const line = Math.min(Math.max(d.position?.line ?? 1, 1), lines.lineCount);
  const text = lines.line(line);
  const ch = Math.min(Math.max(d.position?.col ?? 1, 1), text.length + 1) - 1;
  const token = tokenAt(text, ch);
  return { line, start: ch, end: token.end > ch ? token.end : Math.max(text.length, ch) };
}

/** One fix per "did you mean" option: replace the token the problem starts at. */
function quickFixes(lines: TextLines, span: LineSpan, message: string): QuickFix[] {
  const options = didYouMean(message);
  if (options.length === 0) return [];
  const text = lines.line(span.line);
  const quoted = /["']/.test(text[span.start] ?? '');
  const { start, end } = tokenAt(text, span.start + (quoted ? 1 : 0));
  const wrong = text.slice(start, end);
  return options.map((option) => ({
    title: `Change "${wrong}" to "${option}"`,
    span: { line: span.line, start, end },
    expected: wrong,
    replacement: option,
  }));
}

const isOwn = (d: Diagnostic) => d.file === undefined || d.file === FILE_NAME;

/** The run's diagnostics as problems, the editor's file first; places and fixes read from `lines`, the checked text. */
export function problemsOf(run: ValidationRun, lines: TextLines): Problem[] {
  return [...run.own, ...run.inherited].map((d) => {
    const message = d.hint ? `${d.message}\nhint: ${d.hint}` : d.message;
    // A problem of this file without a position (rare: the file as a whole) is marked at its first line.
    if (!isOwn(d)) return { diagnostic: d, message, fixes: [] };
    const span = rangeOf(lines, d);
    return { diagnostic: d, message, span, fixes: quickFixes(lines, span, message) };
  });
}
