// The characters each matched contract's trigger held on, marked regex101-style: the command as written with a
// <mark> per matched piece (pieces several contracts matched are split so each segment lists every label covering
// it), excerpts of a written file's path and content or of the message, and a legend naming what each mark is.
import {
  describeField,
  maskSecrets,
  verdictSpans,
  type CompiledPolicy,
  type Event,
  type MatchSpan,
  type MatchSpans,
  type Verdict,
  type SessionBefore,
} from '@semantic-anchors/engine';
import { el } from './dom.ts';

/** Characters of context shown around the marks of a long text (a file's content), and the gap that splits it. */
const CONTEXT = 40;
const MAX_EXCERPTS = 5;

/** "program git (dev-no-force-push-main)": one covering label, for titles and the legend. */
const said = (s: MatchSpan): string => `${clip(s.label)} (${s.contract})`;
const clip = (label: string): string => (label.length > 70 ? `${label.slice(0, 67)}…` : label);

/** `text[from, to)` with each covered segment in a <mark> whose title lists every span covering it. */
function marked(text: string, spans: readonly MatchSpan[], from: number, to: number): (Node | string)[] {
  const cuts = new Set<number>([from, to]);
  for (const s of spans) {
    if (s.start > from && s.start < to) cuts.add(s.start);
    if (s.end > from && s.end < to) cuts.add(s.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: (Node | string)[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i]!, points[i + 1]!];
    const covering = spans.filter((s) => s.start <= a && s.end >= b);
    const piece = text.slice(a, b);
    if (covering.length === 0) {
      out.push(piece);
      continue;
    }
    const labels = [...new Set(covering.map(said))];
    const contracts = new Set(covering.map((s) => s.contract));
    const mark = el('mark', { title: labels.join('\n') }, piece);
    if (contracts.size > 1) mark.className = 'mark-shared';
    if (covering.some((s) => s.approximate)) mark.classList.add('mark-approximate');
    mark.dataset.labels = labels.join(' | ');
    out.push(mark);
  }
  return out;
}

/** Ranges of a long text worth showing: the marks with some context, close ones merged. */
function excerpts(text: string, spans: readonly MatchSpan[]): [number, number][] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: [number, number][] = [];
  for (const s of sorted) {
    const from = Math.max(0, s.start - CONTEXT);
    const to = Math.min(text.length, s.end + CONTEXT);
    const last = out[out.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out.slice(0, MAX_EXCERPTS);
}

function fieldView(field: string, text: string, spans: readonly MatchSpan[]): HTMLElement {
  const shown = maskSecrets(text, spans);
  if (field === 'command')
    return el(
      'p',
      { className: 'matched-part' },
      'Matched: ',
      el('code', { className: 'marked-command' }, ...marked(shown, spans, 0, shown.length)),
    );
  const parts: (Node | string)[] = [];
  for (const [from, to] of excerpts(shown, spans)) {
    parts.push(
      el(
        'code',
        { className: 'marked-excerpt' },
        from > 0 ? '…' : '',
        ...marked(shown, spans, from, to),
        to < shown.length ? '…' : '',
      ),
    );
  }
  const p = el('p', { className: 'matched-part' }, `Matched in the ${describeField(field)}: `, ...parts);
  p.dataset.field = field;
  return p;
}

/**
 * "git ← program git (dev-no-force-push-main, ops-protect-main)": one line per marked piece and what it is, in text
 * order, field by field, naming every contract that matched it there.
 */
function legend(texts: Readonly<Record<string, string>>, spans: readonly MatchSpan[]): HTMLElement {
  const lines = new Map<
    string,
    {
      text: string;
      label: string;
      fullLabel: string;
      field: string;
      start: number;
      end: number;
      approximate: boolean;
      contracts: string[];
    }
  >();
  for (const s of spans) {
    const text = maskSecrets(texts[s.field] ?? '', [s]).slice(s.start, s.end);
    const key = `${s.field}\u0000${s.start}\u0000${s.end}\u0000${s.label}`;
    const line = lines.get(key) ?? {
      text,
      label: clip(s.label),
      fullLabel: s.label,
      field: s.field,
      start: s.start,
      end: s.end,
      approximate: false,
      contracts: [],
    };
    if (!line.contracts.includes(s.contract)) line.contracts.push(s.contract);
    line.approximate ||= s.approximate === true;
    lines.set(key, line);
  }
  const items = [...lines.values()].map((l) => {
    const li = el(
      'li',
      {},
      el('code', {}, l.text.length > 60 ? `${l.text.slice(0, 57)}…` : l.text),
      ` ← ${l.label} (${l.contracts.join(', ')})${l.approximate ? ' (the whole word or command: its exact place is not known)' : ''}`,
    );
    li.dataset.contract = l.contracts.join(' ');
    li.dataset.span = `${l.field} ${l.start} ${l.end}`;
    li.dataset.label = l.fullLabel;
    return li;
  });
  return el('ul', { className: 'span-legend' }, ...items);
}

/** The marked texts and their legend for a verdict's matches; nothing when no contract matched. */
export function matchedView(policy: CompiledPolicy, event: Event, v: Verdict, before?: SessionBefore): HTMLElement[] {
  if (v.matches.length === 0 || v.error !== undefined) return [];
  return spansView(verdictSpans(policy, event, v, before));
}

/** The marked texts and their legend for spans the engine computed (a verdict's, or a replayed call's `spans`). */
export function spansView(found: MatchSpans): HTMLElement[] {
  if (found.spans.length === 0) return [];
  const order = (field: string): number => (field === 'command' ? 0 : field === 'message' ? 1 : 2);
  const fields = [...new Set(found.spans.map((s) => s.field))].sort((a, b) => order(a) - order(b));
  const spans = (field: string) => found.spans.filter((s) => s.field === field);
  const sorted = fields.flatMap((f) => [...spans(f)].sort((a, b) => a.start - b.start));
  return [...fields.map((f) => fieldView(f, found.texts[f] ?? '', spans(f))), legend(found.texts, sorted)];
}
