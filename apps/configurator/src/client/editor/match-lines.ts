// Which contracts of the editor's file the simulator's events matched, and on which lines they are written: what the
// editor marks beside the text (Monaco: line decorations with a hover; both forms: the "show in the file" buttons of
// the verdicts). Takes the last check and the simulation; returns plain data.
import { FILE_NAME, type ValidationRun } from './diagnostics.ts';
import { describeEvent, type SimulationStep } from './simulator.ts';
import type { MatchMark } from './surface.ts';

/** The 1-based first and last line of each contract of the editor's file, by id. */
export function contractLines(run: ValidationRun): Map<string, { line: number; endLine: number }> {
  const out = new Map<string, { line: number; endLine: number }>();
  const source = run.load.sources.get(FILE_NAME);
  const doc = source?.doc;
  if (!source || !doc) return out;
  for (const lc of run.load.config.contracts) {
    if (lc.origin.file !== FILE_NAME) continue;
    const node = doc.getIn(['contracts', lc.origin.index], true) as { range?: [number, number, number] } | undefined;
    if (!node?.range) continue;
    const line = source.lineCounter.linePos(node.range[0]).line;
    // The node's end is the start of whatever follows (often the next line): step back over the line break.
    const endLine = source.lineCounter.linePos(Math.max(node.range[0], node.range[1] - 1)).line;
    out.set(lc.contract.id, { line, endLine });
  }
  return out;
}

export function matchMarks(run: ValidationRun, steps: readonly SimulationStep[]): MatchMark[] {
  const lines = contractLines(run);
  const marks = new Map<string, { line: number; endLine: number; decision: 'BLOCK' | 'WARN'; events: string[] }>();
  steps.forEach((s, i) => {
    for (const m of s.verdict.matches) {
      const at = lines.get(m.id);
      if (!at) continue;
      const mark = marks.get(m.id) ?? { ...at, decision: m.mode, events: [] };
      if (m.mode === 'BLOCK') mark.decision = 'BLOCK';
      mark.events.push(
        `event #${i + 1} (${describeEvent(s.event)}): ${m.mode}${m.effect === 'bypassed' ? ', bypassed' : ''}`,
      );
      marks.set(m.id, mark);
    }
  });
  return [...marks].map(([id, m]) => ({ id, ...m }));
}
