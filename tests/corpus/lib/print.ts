// Renders a CorpusReport as the tables the test and the report script print (plain text or Markdown).
import type { CorpusReport, PresetReport } from './report.js';
import { harmlessFailures, evasionFailures, pendingResults } from './report.js';
import { ASSEMBLED_CLASSES } from './files.js';
import type { VariantResult } from './replay.js';

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);

function table(head: string[], rows: string[][], markdown: boolean): string {
  if (markdown) {
    return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export interface EvasionTotals { caught: number; variants: number; falseHits: number; lookAlikes: number }

export function evasionTotals(p: PresetReport): EvasionTotals {
  return p.contracts.reduce((t, c) => ({
    caught: t.caught + c.block.filter((r) => r.ok).length,
    variants: t.variants + c.block.length,
    falseHits: t.falseHits + c.allow.filter((r) => !r.ok).length,
    lookAlikes: t.lookAlikes + c.allow.length,
  }), { caught: 0, variants: 0, falseHits: 0, lookAlikes: 0 });
}

export function harmlessTable(report: CorpusReport, markdown = false): string {
  const rows = report.presets.map((p) => {
    const h = p.harmless;
    if (!h) return [p.id, '—', '—', '—', '—', '—', '—'];
    return [p.id, String(h.sessions), String(h.calls), String(h.blocked), String(h.warned), pct(h.warned, h.calls), String(h.stepStops)];
  });
  return table(['preset', 'sessions', 'tool calls', 'blocked', 'warned', 'warn rate', 'step stops'], rows, markdown);
}

/** The honest sessions written blind, per preset: measured, not gated (arguable calls are judged in each file). */
export function blindHarmlessTable(report: CorpusReport, markdown = false): string {
  const rows = report.presets.flatMap((p) => {
    if (p.blindHarmless.length === 0) return [];
    const sum = (k: 'sessions' | 'calls' | 'blocked' | 'warned' | 'stepStops') =>
      p.blindHarmless.reduce((n, h) => n + h[k], 0);
    return [[p.id, String(p.blindHarmless.length), String(sum('sessions')), String(sum('calls')), String(sum('blocked')),
      String(sum('warned')), pct(sum('warned'), sum('calls')), String(sum('stepStops'))]];
  });
  return table(['preset', 'files', 'sessions', 'tool calls', 'blocked', 'warned', 'warn rate', 'step stops'], rows, markdown);
}

export function evasionTable(report: CorpusReport, markdown = false): string {
  const rows = report.presets.flatMap((p) => p.contracts.map((c) => {
    const caught = c.block.filter((r) => r.ok).length;
    const gaps = c.knownGaps.filter((r) => r.ok).length;
    return [p.id, c.id, `${caught}/${c.block.length}`, pct(caught, c.block.length),
      `${c.allow.filter((r) => !r.ok).length}/${c.allow.length}`, `${gaps}/${c.knownGaps.length}`];
  }));
  return table(['preset', 'contract', 'caught', 'catch rate', 'false hits', 'known gaps caught'], rows, markdown);
}

export function presetTable(report: CorpusReport, markdown = false): string {
  const all = { caught: 0, variants: 0, falseHits: 0, lookAlikes: 0 };
  const rows = report.presets.map((p) => {
    const t = evasionTotals(p);
    all.caught += t.caught; all.variants += t.variants; all.falseHits += t.falseHits; all.lookAlikes += t.lookAlikes;
    return [p.id, String(p.contracts.length), `${t.caught}/${t.variants}`, pct(t.caught, t.variants), `${t.falseHits}/${t.lookAlikes}`];
  });
  rows.push(['ALL', String(report.presets.reduce((n, p) => n + p.contracts.length, 0)), `${all.caught}/${all.variants}`,
    pct(all.caught, all.variants), `${all.falseHits}/${all.lookAlikes}`]);
  return table(['preset', 'contracts', 'caught', 'catch rate', 'false hits'], rows, markdown);
}

/**
 * The assembled-action variants (issue 17) per class: those in the gate (caught / look-alikes left alone) and the
 * pending ones, which wait for the engine work of their class (passing / total, and how many the engine cannot run).
 */
export function assembledTable(report: CorpusReport, markdown = false): string {
  const all = report.presets.flatMap((p) => p.contracts);
  const of = (list: readonly VariantResult[], cls: string) => list.filter((r) => r.variant.class === cls);
  const ok = (list: readonly VariantResult[]) => list.filter((r) => r.ok).length;
  const rows = ASSEMBLED_CLASSES.map((cls) => {
    const gb = all.flatMap((c) => of(c.block, cls)), ga = all.flatMap((c) => of(c.allow, cls));
    const pb = all.flatMap((c) => of(c.pending.block, cls)), pa = all.flatMap((c) => of(c.pending.allow, cls));
    const notRun = [...pb, ...pa].filter((r) => r.decision === 'NOT RUN').length;
    return [cls, `${ok(gb)}/${gb.length}`, `${ok(ga)}/${ga.length}`, `${ok(pb)}/${pb.length}`, `${ok(pa)}/${pa.length}`, String(notRun)];
  });
  return table(['class', 'gated: caught', 'gated: left alone', 'pending: caught', 'pending: left alone', 'not run yet'], rows, markdown);
}

/** Everything, as the test prints it and as report.ts prints it without --json. */
export function renderReport(report: CorpusReport, options: { markdown?: boolean; details?: boolean; pending?: boolean } = {}): string {
  const md = options.markdown ?? false;
  const out: string[] = [];
  out.push(`Presets: ${report.presetsDir}`, '');
  out.push(...report.notices);
  for (const p of report.presets) {
    if (p.loadErrors.length > 0) out.push(`LOAD ERRORS in ${p.file}:`, ...p.loadErrors);
    if (p.uncovered.length > 0) out.push(`${p.id}: BLOCK contracts without an evasion corpus: ${p.uncovered.join(', ')}`);
  }
  out.push('', 'Harmless work (Step Confirmation stops counted apart):', '', harmlessTable(report, md));
  if (report.presets.some((p) => p.blindHarmless.length > 0))
    out.push('', 'Honest work written blind (tests/corpus/harmless/blind*-<role>.yaml; measured, not gated):', '',
      blindHarmlessTable(report, md));
  out.push('', 'Evasion corpus, per contract:', '', evasionTable(report, md));
  out.push('', 'Evasion corpus, per preset:', '', presetTable(report, md));
  out.push('', 'Assembled actions (tests/corpus/assembled/), per class; pending = not in the gate until gate.json lists the class:', '',
    assembledTable(report, md));
  if (report.problems.length > 0) {
    out.push('', 'CORPUS PROBLEMS:', ...report.problems.map((p) => `  ${p.file}${p.at ? `: ${p.at}` : ''}: ${p.message}`));
  }
  if (options.details ?? true) {
    const harmless = report.presets.flatMap(harmlessFailures);
    const evasion = report.presets.flatMap(evasionFailures);
    if (harmless.length > 0) out.push('', `Harmless calls stopped or warned (${harmless.length}):`, ...harmless.map((s) => `  ${s}`));
    if (evasion.length > 0) out.push('', `Evasion misses and false hits (${evasion.length}):`, ...evasion.map((s) => `  ${s}`));
  }
  if (options.pending ?? false) {
    const pending = report.presets.flatMap(pendingResults);
    out.push('', `Pending assembled-action variants (${pending.length}), not gated:`, ...pending.map((s) => `  ${s}`));
  }
  return out.join('\n');
}
