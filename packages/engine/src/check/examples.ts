// Runs every contract's examples against that contract alone, and reports coverage: a contract is covered when it
// has an example that triggers it and a near miss that must not.
import type { Diagnostic } from '../diagnostics.js';
import type { LoadResult } from '../load/index.js';
import type { Event } from '../schema/index.js';
import { locate } from '../load/index.js';
import { compile, type CompileOptions, type CompiledPolicy } from '../compile/index.js';
import { step, type Step } from '../evaluate/step.js';
import { initialState } from '../evaluate/state.js';
import type { Verdict } from '../evaluate/verdict.js';

export interface ExampleResult {
  readonly contractId: string;
  readonly index: number;
  readonly name: string | undefined;
  readonly expected: string;
  readonly actual: string;
  readonly passed: boolean;
  readonly verdict: Verdict;
}

export interface CoverageGap {
  readonly contractId: string;
  readonly file: string;
  readonly missing: readonly ('trigger' | 'near-miss')[];
}

export interface ExampleReport {
  readonly results: readonly ExampleResult[];
  readonly diagnostics: readonly Diagnostic[];
  readonly coverage: readonly CoverageGap[];
}

export interface ExampleOptions extends CompileOptions {
  /** Only run the contracts of these files (default: every file, presets included). */
  readonly files?: readonly string[];
}

export function runExamples(loaded: LoadResult, options: ExampleOptions = {}): ExampleReport {
  const results: ExampleResult[] = [];
  const diagnostics: Diagnostic[] = [];
  const coverage: CoverageGap[] = [];
  const { config } = loaded;
  for (const lc of config.contracts) {
    if (options.files && !options.files.includes(lc.origin.file)) continue;
    const policy = compile({ ...config, contracts: [lc] }, options);
    if (policy.contracts.length === 0) continue; // already reported as skipped
    let triggers = false;
    let nearMiss = false;
    lc.contract.examples.forEach((ex, index) => {
      const run = runOne(policy, ex.role ?? lc.roles?.[0] ?? config.roles.default, ex.given ?? [], ex.event);
      const passed = run.verdict.decision === ex.expect;
      if (ex.expect === 'ALLOW') nearMiss = true;
      else triggers = true;
      results.push({
        contractId: lc.contract.id,
        index,
        name: ex.name,
        expected: ex.expect,
        actual: run.verdict.decision,
        passed,
        verdict: run.verdict,
      });
      if (!passed) {
        const parsed = loaded.sources.get(lc.origin.file);
        const path = ['contracts', lc.origin.index, 'examples', index, 'expect'];
        diagnostics.push({
          code: 'example-failed',
          severity: 'error',
          file: lc.origin.file,
          path,
          contractId: lc.contract.id,
          ...(parsed ? { position: locate(parsed, path) } : {}),
          message: `example ${index + 1}${ex.name ? ` ("${ex.name}")` : ''} of "${lc.contract.id}" expects ${ex.expect}, but the contract gives ${run.verdict.decision}`,
          hint: explainMiss(run.verdict, lc.contract.id),
        });
      }
    });
    const missing = [...(triggers ? [] : ['trigger' as const]), ...(nearMiss ? [] : ['near-miss' as const])];
    if (missing.length > 0) coverage.push({ contractId: lc.contract.id, file: lc.origin.file, missing });
  }
  return { results, diagnostics, coverage };
}

function runOne(policy: CompiledPolicy, role: string | null, given: readonly Event[], event: Event): Step {
  let state = initialState(role);
  for (const g of given) state = step(policy, state, g).state;
  return step(policy, state, event);
}

function explainMiss(verdict: Verdict, id: string): string {
  const match = verdict.matches.find((m) => m.id === id);
  if (match) return `it matched: ${match.held.join('; ')}`;
  const excused = verdict.excused.find((e) => e.id === id);
  if (excused)
    return `a trigger held (${excused.held.join('; ')}) but ${excused.exception} excused it (${excused.exceptionHeld.join('; ')})`;
  if (verdict.error) return `evaluation failed: ${verdict.error}`;
  return `no trigger held for role ${verdict.role ?? '(none)'}; check the tool name, the paths and the patterns against the event`;
}
