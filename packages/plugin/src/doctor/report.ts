// The doctor's report: one line per check (✓ pass, ✗ fail, ! warning, – skipped) with the remedy on the next line.
// A warning is something the human chose or must know (the sandbox switched off), never a failure.
// Takes the checks in order; returns the lines to print and whether any failed.

/** `warn`: the check found something the human should act on; it does not fail the run. */
export type CheckStatus = 'pass' | 'fail' | 'skip' | 'warn';

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

const MARK: Record<CheckStatus, string> = { pass: '✓', fail: '✗', skip: '–', warn: '!' };

export function renderReport(checks: readonly Check[]): { lines: string[]; failed: number } {
  const lines: string[] = [];
  for (const check of checks) {
    lines.push(`${MARK[check.status]} ${check.name}: ${check.detail}`);
    for (const note of check.notes ?? []) lines.push(`    ${note}`);
    if (check.remedy && check.status !== 'pass') lines.push(`    → ${check.remedy}`);
  }
  const failed = checks.filter((c) => c.status === 'fail').length;
  const warned = checks.filter((c) => c.status === 'warn').length;
  const passed = checks.filter((c) => c.status === 'pass').length;
  const skipped = checks.length - passed - failed - warned;
  const warning = warned > 0 ? ` ${warned} warning(s) above: read them before you rely on this setup.` : '';
  lines.push(
    failed > 0
      ? `${failed} of ${checks.length} check(s) failed: enforcement is NOT proven on this machine.${warning}`
      : skipped > 0
        ? `${passed} check(s) passed, ${skipped} skipped: the setup is right, but no real call was blocked here yet.${warning}`
        : `${passed} check(s) passed: enforcement works here.${warning}`,
  );
  return { lines, failed };
}
