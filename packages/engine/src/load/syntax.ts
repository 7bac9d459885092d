// Turns the YAML parser's syntax errors into one diagnostic per broken part of the file, and says which parts are
// broken so the later stages stay quiet about them. A syntax error makes the parser guess at everything after it
// in the same block (an unclosed "[" swallows the lines below), so the guesses would only produce a cascade of
// "is required" and "unknown key" errors pointing away from the real cause.
// The parts are the top-level keys and, under "contracts", each contract: a part without a syntax error is checked
// and loaded as usual.
import { isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node, type YAMLError } from 'yaml';
import type { Diagnostic } from '../diagnostics.js';
import type { DataPath } from './locate.js';
import { quote } from './show.js';

export interface BrokenPart {
  /** ["contracts", 2], ["settings"], or [] for text outside any top-level key. */
  readonly path: DataPath;
  /** Offsets of the part in the text: diagnostics inside it are consequences of the syntax error. */
  readonly start: number;
  readonly end: number;
  /** The one diagnostic reported for the part. */
  readonly diagnostic: Diagnostic;
}

interface Part {
  readonly path: DataPath;
  readonly start: number;
  readonly end: number;
  readonly id?: string;
  /** A key that is not a plain word: a block pasted at the wrong indentation (usually a contract). */
  readonly pasted?: Node;
}

export interface SyntaxReport {
  readonly diagnostics: Diagnostic[];
  readonly broken: BrokenPart[];
}

type Pos = (offset: number) => { offset: number; line: number; col: number };

export function reportSyntax(
  doc: Document.Parsed,
  lineCounter: LineCounter,
  file: string,
  describe: (e: YAMLError) => Diagnostic,
): SyntaxReport {
  const pos: Pos = (offset) => ({ offset, ...lineCounter.linePos(offset) });
  const parts = partsOf(doc);
  const broken = new Map<Part, BrokenPart>();
  const diagnostics: Diagnostic[] = [];
  for (const part of parts) {
    if (part.pasted)
      broken.set(part, { path: part.path, start: part.start, end: part.end, diagnostic: pastedBlock(part, pos, file) });
  }
  for (const e of [...doc.errors].sort((a, b) => a.pos[0] - b.pos[0])) {
    // The part is the one holding the cause: for an unclosed bracket, the bracket, not where the parser gave up.
    const first = unclosedFlow(doc, e, pos, file) ?? describe(e);
    const at = first.position?.offset ?? e.pos[0];
    const part = parts.find((p) => at >= p.start && at < p.end) ?? (at === doc.range[1] ? parts.at(-1) : undefined);
    if (!part) {
      diagnostics.push(first);
      continue;
    }
    if (broken.has(part)) continue; // INVARIANT: one diagnostic per broken part; the rest follow from the first
    // A part ends where the next one starts: its last line is the one before, unless the file ends mid-line.
    const endAt = pos(part.end);
    const lines = [
      pos(part.start).line,
      Math.max(pos(part.start).line, endAt.line - (endAt.col === 1 || part.end < doc.range[1] ? 1 : 0)),
    ];
    const what =
      part.path[0] === 'contracts' && part.path.length === 2
        ? `contract ${part.id ? quote(part.id) : `contracts[${String(part.path[1])}]`} (lines ${lines[0]}–${lines[1]}) is skipped until this is fixed`
        : part.path.length > 0
          ? `"${String(part.path[0])}" (lines ${lines[0]}–${lines[1]}) is ignored until this is fixed`
          : undefined;
    broken.set(part, {
      path: part.path,
      start: part.start,
      end: part.end,
      diagnostic: {
        ...first,
        path: part.path,
        ...(part.id ? { contractId: part.id } : {}),
        hint: what ? `${first.hint ?? 'fix the YAML syntax here'}; ${what}` : first.hint,
      } as Diagnostic,
    });
  }
  const list = [...broken.values()];
  return { diagnostics: [...diagnostics, ...list.map((b) => b.diagnostic)], broken: list };
}

/** The parts of the file: top-level keys, and each item of "contracts". */
function partsOf(doc: Document.Parsed): Part[] {
  const root = doc.contents;
  if (!isMap(root)) return [];
  const parts: Part[] = [];
  const pairs = root.items.filter(isPair);
  pairs.forEach((pair, i) => {
    const key = pair.key as Node | null;
    const start = key?.range?.[0] ?? 0;
    const next = pairs[i + 1]?.key as Node | null | undefined;
    const end = next?.range?.[0] ?? doc.range[1];
    if (!isScalar(key)) {
      parts.push({ path: [], start, end, pasted: key ?? undefined });
      return;
    }
    const name = String(key.value);
    if (name === 'contracts' && isSeq(pair.value)) {
      const items = pair.value.items as (Node | null)[];
      parts.push({ path: [name], start, end: items[0]?.range?.[0] ?? end });
      items.forEach((item, j) => {
        const itemStart = item?.range?.[0] ?? start;
        const itemEnd = items[j + 1]?.range?.[0] ?? end;
        const id = isMap(item) ? item.get('id') : undefined;
        parts.push({ path: [name, j], start: itemStart, end: itemEnd, ...(typeof id === 'string' ? { id } : {}) });
      });
      return;
    }
    parts.push({ path: [name], start, end });
  });
  return parts;
}

/** A list or mapping at column 1 after the contracts: the usual result of pasting a contract without its indent. */
function pastedBlock(part: Part, pos: Pos, file: string): Diagnostic {
  const at = pos(part.start);
  const first = isSeq(part.pasted) ? part.pasted.items[0] : part.pasted;
  const id = isMap(first) ? first.get('id') : undefined;
  const what = typeof id === 'string' ? `contract ${quote(id)}` : isSeq(part.pasted) ? 'a list item' : 'a block';
  return {
    code: 'yaml-syntax',
    severity: 'error',
    file,
    path: [],
    position: at,
    message: `${what} at column ${at.col} is outside "contracts:" and cannot be read`,
    hint: 'indent it under contracts:, level with the contracts above (for example "  - id: …")',
  };
}

/**
 * An unclosed "[" or "{" is reported by the parser where it gives up (the end of the line, or a later line); point
 * at the bracket instead, which is where the fix goes.
 */
function unclosedFlow(doc: Document.Parsed, e: YAMLError, pos: Pos, file: string): Diagnostic | undefined {
  const m = /end with an? ([\]}])/.exec(e.message);
  if (!m) return undefined;
  const close = m[1]!;
  let best: Node | undefined;
  const visit = (node: unknown): void => {
    if (!(isMap(node) || isSeq(node))) return;
    const range = node.range;
    if (
      node.flow &&
      range &&
      range[0] <= e.pos[0] &&
      range[1] >= e.pos[0] &&
      (isSeq(node) ? close === ']' : close === '}')
    ) {
      if (!best || (best.range && best.range[0] < range[0])) best = node;
    }
    for (const item of node.items) {
      if (isPair(item)) {
        visit(item.key);
        visit(item.value);
      } else visit(item);
    }
  };
  visit(doc.contents);
  if (!best?.range) return undefined;
  const open = close === ']' ? '[' : '{';
  const at = pos(best.range[0]);
  return {
    code: 'yaml-syntax',
    severity: 'error',
    file,
    position: at,
    message: `this "${open}" is never closed with "${close}"`,
    hint: `add the "${close}" before the end of the line`,
  };
}
