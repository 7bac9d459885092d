// One error shape for every stage: a code, a one-line message, where (file, path, position) and an optional hint.
// Stages return diagnostics as data; only the CLI and hosts render them.

export type Severity = 'error' | 'warning' | 'info';

export type DiagnosticCode =
  | 'yaml-syntax'
  | 'yaml-limit'
  | 'schema'
  | 'unknown-key'
  | 'unknown-anchor'
  | 'bad-pattern'
  | 'bad-glob'
  | 'duplicate-id'
  | 'unknown-role'
  | 'unknown-preset'
  | 'extends-cycle'
  | 'extends-unreadable'
  | 'disable-unknown'
  | 'observe-unknown'
  | 'unreachable-contract'
  | 'unknown-tool'
  | 'replaces-inherited'
  | 'example-failed'
  | 'example-invalid'
  | 'config-unreadable'
  | 'export-syntax'
  | 'export-shape'
  | 'internal';

/** A 1-based line and column, plus the 0-based offset it came from. */
export interface Position {
  readonly offset: number;
  readonly line: number;
  readonly col: number;
}

export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  /** One line, quoting the user's input where that helps. */
  readonly message: string;
  /** How to fix it; rendered on its own line. */
  readonly hint?: string;
  /** The file the problem is in, as the caller named it. */
  readonly file?: string;
  /** The path to the offending node inside the document, e.g. ["contracts", 2, "when", "tool", "command"]. */
  readonly path?: readonly (string | number)[];
  readonly position?: Position;
  /** The contract the problem belongs to, when it belongs to one. */
  readonly contractId?: string;
}

/** Renders `file:line:col: severity: message` with the hint indented on the next line. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = [d.file ?? '<input>', d.position?.line, d.position?.col].filter((p) => p !== undefined).join(':');
  const head = `${where}: ${d.severity}: ${d.message} [${d.code}]`;
  return d.hint ? `${head}\n  hint: ${d.hint}` : head;
}

export const hasErrors = (diagnostics: readonly Diagnostic[]): boolean =>
  diagnostics.some((d) => d.severity === 'error');

/** Orders diagnostics by file, then position, so output is stable whatever order the stages found them in. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) => (a.file ?? '').localeCompare(b.file ?? '') || (a.position?.offset ?? -1) - (b.position?.offset ?? -1),
  );
}
