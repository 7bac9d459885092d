// The examples pane: every contract's examples run against that contract alone (the engine's runExamples, what
// `semantic-anchors validate` and CI do), shown as a pass/fail table like the test panes of the Rego and Cedar
// playgrounds. Presets' examples are included, so a file that tweaks a preset sees what its change broke.
import { runExamples, type LoadResult } from '@semantic-anchors/engine';
import { describeEvent } from './simulator.ts';
import { el } from './dom.ts';

export interface ExamplesSummary {
  readonly passed: number;
  readonly failed: number;
  readonly ms: number;
}

export function renderExamples(table: HTMLElement, summary: HTMLElement, load: LoadResult): ExamplesSummary {
  const started = performance.now();
  const report = runExamples(load);
  const ms = performance.now() - started;
  const failed = report.results.filter((r) => !r.passed).length;
  const passed = report.results.length - failed;
  summary.textContent =
    report.results.length === 0
      ? 'No contract has examples.'
      : `${passed} passed, ${failed} failed · ${report.results.length} examples of ${new Set(report.results.map((r) => r.contractId)).size} contracts (${ms.toFixed(0)} ms)`;
  summary.dataset.failed = String(failed);
  summary.dataset.passed = String(passed);
  const events = new Map(load.config.contracts.map((lc) => [lc.contract.id, lc.contract.examples]));
  // Failures first: they are what the reader came for.
  const rows = [...report.results]
    .sort((a, b) => Number(a.passed) - Number(b.passed))
    .map((r) => {
      const ex = events.get(r.contractId)?.[r.index];
      const tr = el(
        'tr',
        { className: r.passed ? 'example-pass' : 'example-fail' },
        el(
          'td',
          {},
          el('span', { className: `mode mode-${r.passed ? 'ALLOW' : 'BLOCK'}` }, r.passed ? 'pass' : 'FAIL'),
        ),
        el('td', {}, el('code', {}, r.contractId), ` #${r.index + 1}`),
        el('td', {}, r.name ?? (ex ? describeEvent(ex.event) : '')),
        el('td', {}, r.expected),
        el('td', {}, r.actual),
      );
      tr.dataset.contract = r.contractId;
      tr.dataset.passed = String(r.passed);
      return tr;
    });
  table.replaceChildren(
    el(
      'thead',
      {},
      el('tr', {}, ...['result', 'contract', 'example', 'expects', 'gives'].map((h) => el('th', { scope: 'col' }, h))),
    ),
    el('tbody', {}, ...rows),
  );
  return { passed, failed, ms };
}
