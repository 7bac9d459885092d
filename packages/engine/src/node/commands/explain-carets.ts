// The spans a contract matched, printed like a compiler error: each line of the text that holds a span, and under it
// a caret line marking the matched characters, followed by what each mark stands for.
import { describeField, maskSecrets, type MatchSpan, type MatchSpans } from '../../explain/index.js';
import { dim, red, type CliIO } from '../io.js';

/** Lines longer than this are cut to a window around their marks. */
const WIDTH = 100;
const MARGIN = 30;

/** The caret lines for one text: [shown line, caret line + labels] per line that holds a span. */
export function caretLines(text: string, spans: readonly Pick<MatchSpan, 'start' | 'end' | 'label'>[]): string[][] {
  const out: string[][] = [];
  let lineStart = 0;
  for (const line of text.split('\n')) {
    const lineEnd = lineStart + line.length;
    const here = spans.filter((s) => s.start < lineEnd + 1 && s.end > lineStart && s.start <= lineEnd);
    if (here.length > 0) {
      let from = 0;
      let to = line.length;
      if (line.length > WIDTH) {
        from = Math.max(0, Math.min(...here.map((s) => s.start - lineStart)) - MARGIN);
        to = Math.min(line.length, Math.max(...here.map((s) => s.end - lineStart)) + MARGIN);
      }
      const carets = Array.from({ length: to - from }, () => ' ');
      for (const s of here)
        for (let i = Math.max(s.start - lineStart, from); i < Math.min(s.end - lineStart, to); i++)
          carets[i - from] = '^';
      // Tabs would shift the carets: shown as one space each.
      const shown = `${from > 0 ? '…' : ''}${line.slice(from, to).replace(/\t/g, ' ')}${to < line.length ? '…' : ''}`;
      const labels = [...new Set(here.map((s) => s.label))].map(clip).join(', ');
      out.push([shown, `${from > 0 ? ' ' : ''}${carets.join('').trimEnd()} ${labels}`]);
    }
    lineStart = lineEnd + 1;
  }
  return out;
}

const clip = (s: string): string => (s.length > 60 ? `${s.slice(0, 57)}...` : s);

/** Prints the spans of one matched contract, field by field (the command first). */
export function printSpans(io: CliIO, found: MatchSpans, indent: string): void {
  const fields = [...new Set(found.spans.map((s) => s.field))].sort((a, b) =>
    a === 'command' ? -1 : b === 'command' ? 1 : 0,
  );
  for (const field of fields) {
    const raw = found.texts[field];
    if (raw === undefined) continue;
    const spans = found.spans.filter((s) => s.field === field);
    const head = field === 'command' ? '' : `${describeField(field)} `;
    const pad = ' '.repeat(head.length);
    for (const [line, carets] of caretLines(maskSecrets(raw, spans), spans)) {
      io.out(`${indent}${dim(io, head)}${dim(io, '│')} ${line}`);
      io.out(`${indent}${pad}${dim(io, '│')} ${red(io, carets!)}`);
    }
  }
}
