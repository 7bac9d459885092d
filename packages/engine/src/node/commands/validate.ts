// `semantic-anchors validate <file…>`: syntax, schema, meaning and examples; exit 1 on any error.
import { validate } from '../../check/validate.js';
import { applicability, describeApplicability, type Applicability } from '../../check/applies.js';
import type { Diagnostic } from '../../diagnostics.js';
import type { SkippedContract } from '../../compile/index.js';
import type { CliCommand } from '../command.js';
import { parse } from '../args.js';
import { green, printDiagnostic, readInput, readText, red, yellow } from '../io.js';

export const validateCommand: CliCommand = {
  summary: 'check contract files: YAML syntax, schema, anchor ids, patterns, roles, examples',
  usage: `semantic-anchors validate <file…> [--json]

Checks each file and everything it extends. Prints one line per problem as
file:line:col: severity: message [code], with a hint on how to fix it.
Then says which contracts apply to which role and agent: a file that extends several
presets without mapping agents enforces all of them in every session.
Exits 0 when no file has an error, 1 otherwise.

  --json   print {"ok", "files": [{"file", "ok", "diagnostics": [...]}]} instead`,
  async run(args, io) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' } });
    if (positionals.length === 0) return usageError(io, 'validate needs at least one file');
    const files: {
      file: string;
      ok: boolean;
      diagnostics: readonly Diagnostic[];
      skipped: readonly SkippedContract[];
      applies?: Applicability;
    }[] = [];
    for (const file of positionals) {
      const input = readInput(file);
      if ('diagnostic' in input) {
        files.push({ file, ok: false, diagnostics: [input.diagnostic], skipped: [] });
        continue;
      }
      const result = validate(input.text, { file, readFile: readText });
      files.push({
        file,
        ok: result.ok,
        diagnostics: result.diagnostics,
        skipped: result.policy.skipped,
        applies: applicability(result.policy),
      });
    }
    const ok = files.every((f) => f.ok);
    if (values.json) {
      io.out(JSON.stringify({ ok, files }, null, 2));
      return ok ? 0 : 1;
    }
    for (const f of files) {
      for (const d of f.diagnostics) printDiagnostic(io, d);
      for (const s of f.skipped) {
        io.out(
          yellow(
            io,
            `  skipped until fixed: contract ${s.id ? `"${s.id}"` : '(no id)'} (${s.file}${s.line ? `:${s.line}` : ''}); the others still apply`,
          ),
        );
      }
      if (f.applies && f.ok) for (const line of describeApplicability(f.applies)) io.out(`  applies: ${line}`);
    }
    const errors = files.reduce((n, f) => n + f.diagnostics.filter((d) => d.severity === 'error').length, 0);
    const warnings = files.reduce((n, f) => n + f.diagnostics.filter((d) => d.severity === 'warning').length, 0);
    const summary = `${files.length} file(s) checked: ${errors} error(s), ${warnings} warning(s)`;
    io.out(ok ? green(io, `✓ ${summary}`) : red(io, `✗ ${summary}`));
    return ok ? 0 : 1;
  },
};

export function usageError(io: { err(line: string): void }, message: string): number {
  io.err(`semantic-anchors: ${message}\nRun with --help for usage.`);
  return 2;
}
