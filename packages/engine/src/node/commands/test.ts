// `semantic-anchors test <file…> [--coverage]`: runs every contract's examples and every scenario file.
import { validate } from '../../check/validate.js';
import { isScenarioText, runScenario } from '../../check/scenario.js';
import type { Diagnostic } from '../../diagnostics.js';
import type { CoverageGap } from '../../check/examples.js';
import type { CliCommand } from '../command.js';
import { parse } from '../args.js';
import { green, printDiagnostic, readInput, readText, red, yellow } from '../io.js';
import { usageError } from './validate.js';

interface FileReport {
  readonly file: string;
  readonly kind: 'config' | 'scenario';
  readonly passed: number;
  readonly failed: number;
  readonly diagnostics: readonly Diagnostic[];
  readonly coverage: readonly CoverageGap[];
}

export const testCommand: CliCommand = {
  summary: "run contracts' examples and scenario files (events with expected verdicts)",
  usage: `semantic-anchors test <file…> [--coverage] [--json]

For a contract file: runs the examples of every contract it defines (each against that
contract alone). For a scenario file (top-level "scenario:" and "steps:"): replays its
events against its configuration and checks every expected verdict and contract list.

  --coverage   also list contracts lacking an example that triggers them or a near miss
               (expect: ALLOW), and fail if there are any
  --json       print the reports as JSON

Exits 0 when everything passed, 1 otherwise.`,
  async run(args, io) {
    const { values, positionals } = parse(args, { coverage: { type: 'boolean' }, json: { type: 'boolean' } });
    if (positionals.length === 0) return usageError(io, 'test needs at least one file');
    const reports: FileReport[] = [];
    for (const file of positionals) {
      const input = readInput(file);
      if ('diagnostic' in input) {
        reports.push({ file, kind: 'config', passed: 0, failed: 1, diagnostics: [input.diagnostic], coverage: [] });
        continue;
      }
      if (isScenarioText(input.text)) {
        const r = runScenario(input.text, file, readText);
        const failed = r.steps.filter((s) => !s.passed).length + (r.steps.length === 0 ? 1 : 0);
        reports.push({
          file,
          kind: 'scenario',
          passed: r.steps.filter((s) => s.passed).length,
          failed,
          diagnostics: r.diagnostics,
          coverage: [],
        });
      } else {
        const r = validate(input.text, { file, readFile: readText });
        const loadErrors = r.load.diagnostics.filter((d) => d.severity === 'error').length;
        reports.push({
          file,
          kind: 'config',
          passed: r.examples.results.filter((x) => x.passed).length,
          failed: r.examples.results.filter((x) => !x.passed).length + loadErrors,
          diagnostics: r.diagnostics.filter((d) => d.severity !== 'info'),
          coverage: r.examples.coverage.filter((g) => g.file === file),
        });
      }
    }
    const gaps = reports.flatMap((r) => r.coverage);
    const failed = reports.reduce((n, r) => n + r.failed, 0) + (values.coverage ? gaps.length : 0);
    const passed = reports.reduce((n, r) => n + r.passed, 0);
    if (values.json) {
      io.out(JSON.stringify({ ok: failed === 0, passed, failed, reports }, null, 2));
      return failed === 0 ? 0 : 1;
    }
    for (const r of reports) {
      const unit = r.kind === 'scenario' ? 'step(s)' : 'example(s)';
      io.out(
        `${r.failed === 0 ? green(io, '✓') : red(io, '✗')} ${r.file}: ${r.passed} ${unit} passed${r.failed ? `, ${r.failed} failed` : ''}`,
      );
      r.diagnostics.forEach((d) => printDiagnostic(io, d));
    }
    if (values.coverage) {
      for (const g of gaps)
        io.out(
          yellow(
            io,
            `  coverage: ${g.file}: contract "${g.contractId}" has no ${g.missing.map((m) => (m === 'trigger' ? 'example that triggers it' : 'near miss (expect: ALLOW)')).join(' and no ')}`,
          ),
        );
      if (gaps.length === 0)
        io.out(green(io, '  coverage: every contract has an example that triggers it and a near miss'));
    }
    io.out(`${passed} passed, ${failed} failed`);
    return failed === 0 ? 0 : 1;
  },
};
