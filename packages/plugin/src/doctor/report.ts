// The doctor's report: one line per check (✓ pass, ✗ fail, ! warning, – skipped) with the remedy on the next line.
// A warning is something the human chose or must know (the sandbox switched off), never a failure.
// Takes the checks in order; returns the lines to print and whether any failed.

export type CheckStatus = 'pass' | 'fail' | 'warn' | 'skip';

export interface Check {
  readonly name: string;
  readonly status: CheckStatus;
  /** One line: what was found. */
  readonly detail: string;
  /** What to do about a failure (or a skip); printed on its own line. */
  readonly remedy?: string;
  /** Extra lines shown under the check (diagnostics as file:line:col). */
  readonly notes?: readonly string[];
}

const MARK: Record<CheckStatus, string> = { pass: '✓', fail: '✗', warn: '!', skip: '–' };

export function renderReport(checks: readonly Check[]): { lines: string[]; failed: number } {
  const lines: string[] = [];
  for (const check of checks) {
    lines.push(`${MARK[check.status]} ${check.name}: ${check.detail}`);
    for (const note of check.notes ?? []) lines.push(`    ${note}`);
    if (check.remedy && check.status !== 'pass') lines.push(`    → ${check.remedy}`);
  }
  const failed = checks.filter((c) => c.status === 'fail').length;
  const passed = checks.filter((c) => c.status === 'pass').length;
  const warned = checks.filter((c) => c.status === 'warn').length;
  if (warned > 0 && failed === 0) lines.push(`${warned} warning(s) above: read them before you rely on this setup.`);
  lines.push(
    failed > 0
      ? `${failed} of ${checks.length} check(s) failed: enforcement is NOT proven on this machine.`
      : passed + warned < checks.length
        ? `${passed} check(s) passed, ${checks.length - passed - warned} skipped: the setup is right, but no real call was blocked here yet.`
        : `${passed} check(s) passed: enforcement works here.`,
  );
  return { lines, failed };
}
