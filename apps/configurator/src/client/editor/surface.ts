// The one interface main.ts talks to, whichever editor holds the text: Monaco (monaco/monaco-editor.ts) on a desktop, a plain
// text area (plain/text-area.ts) on a phone or touch screen. Everything else — checks, problems, help, simulator,
// storage — is shared and editor-agnostic; an adapter only shows what it is given and reports changes.
import type { Problem, QuickFix } from './diagnostics.ts';
import type { Pos, TextLines } from './text-lines.ts';

/** What window.__configurator.markers() returns: the problems the editor shows in the text, 1-based line and column. */
export interface MarkerView {
  readonly severity: 'error' | 'warning' | 'info';
  readonly message: string;
  readonly code: string;
  readonly line: number;
  readonly col: number;
}

/** A contract of the editor's file that the simulator's events matched: its lines, and what it did to which events. */
export interface MatchMark {
  readonly id: string;
  readonly line: number;
  readonly endLine: number;
  readonly decision: 'BLOCK' | 'WARN';
  /** "event #2 (bash git push --force origin main): BLOCK" and so on. */
  readonly events: readonly string[];
}

export interface EditorSurface {
  readonly form: 'monaco' | 'plain';
  text(): string;
  /** The current text as the shared layer reads it. */
  lines(): TextLines;
  /** Where the cursor is (1-based line, 0-based character). */
  caret(): Pos;
  /** Replaces the whole text as one undoable edit (composition, import). */
  replaceAll(text: string): void;
  /** Applies a quick fix when its text is still where the problem was; returns whether it did. */
  applyFix(fix: QuickFix): boolean;
  /** Puts the cursor at a place (1-based line, 0-based character), shows it and focuses the editor. */
  reveal(line: number, ch: number): void;
  /** Scrolls a line into view, leaving the focus where it is. */
  scrollTo(line: number): void;
  focus(): void;
  /** Shows the problems of the text just checked (markers, underlines); the list under the editor is shared. */
  showProblems(problems: readonly Problem[]): void;
  /** Marks the contracts the simulator's events matched. */
  showMatches(marks: readonly MatchMark[]): void;
  /** The problems shown in the text now. */
  markers(): MarkerView[];
  /** Called after every change of the text, the user's or replaceAll's. */
  onChange(listener: () => void): void;
}

/** MarkerViews of problems, as the plain form shows them (Monaco reads its own markers back). */
export const markerViews = (problems: readonly Problem[]): MarkerView[] =>
  problems.flatMap((p) =>
    p.span
      ? [
          {
            severity: p.diagnostic.severity,
            message: p.message,
            code: p.diagnostic.code,
            line: p.span.line,
            col: p.span.start + 1,
          },
        ]
      : [],
  );
