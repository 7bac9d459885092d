// The spans of one file effect that made an `effect` match hold: the redirect target or argument in the command that
// names the file, the effect's path, and what in its content matched (a pattern, a secret).
import { asList, type EffectMatch } from '../schema/index.js';
import type { EffectFact } from '../facts/index.js';
import { compileEffectMatch } from '../compile/effect-match.js';
import { secretsIn } from '../compile/secret-check.js';
import type { LocatedCommand, LocatedWord } from './locate.js';
import { patternRanges, wordRange, type Range } from './text-ranges.js';
import type { MatchSpan, SpanKind } from './types.js';

type Span = Omit<MatchSpan, 'contract'>;

const strip = (p: string): string => p.replace(/^(\.\/)+/, '').replace(/\/+$/, '');

/** Whether a word as written names the effect's (resolved) path: equal, or its tail (`cd web && … > x` → web/x). */
function names(word: string, e: EffectFact): boolean {
  const w = strip(word.slice(word.indexOf('=') + 1)); // dd of=x
  if (w === '') return false;
  for (const p of [e.path.relative, e.path.absolute ?? '']) if (p === w || p.endsWith(`/${w}`)) return true;
  return false;
}

const REDIRECT = /^\d*(?:>|>>|&>|&>>|>\||<|<>|>&)$/;

/** The word of the command that names the effect's file: a redirect target, else an argument. */
export function effectWord(
  e: EffectFact,
  at: LocatedCommand,
): { word: LocatedWord; kind: SpanKind; label: string } | undefined {
  if (REDIRECT.test(e.via)) {
    const r = at.redirects.find((x) => names(x.target.value, e));
    if (r) return { word: r.target, kind: 'redirect', label: `redirect target ${r.target.value}` };
  }
  const words = at.words ?? [];
  for (let i = words.length - 1; i >= 1; i--) {
    const w = words[i]!;
    if (names(w.value, e)) return { word: w, kind: 'path', label: `path ${w.value}` };
  }
  return undefined;
}

/** Where a piece of written content stands in the command (a heredoc body, an echo literal), when it does. */
function inCommand(source: string | undefined, from: number, piece: string): Range | undefined {
  if (source === undefined || piece.length === 0) return undefined;
  const at = source.indexOf(piece, from);
  return at === -1 ? undefined : [at, at + piece.length];
}

export interface EffectSpanInput {
  readonly effect: EffectFact;
  readonly index: number;
  readonly matches: readonly EffectMatch[];
  readonly nocase: boolean;
  /** settings.unknownValues: what a path the engine cannot know counted as. */
  readonly unknown?: 'match' | 'ignore';
  /** The bash command as written and the effect's command located in it (shell calls only). */
  readonly source: string | undefined;
  readonly at: LocatedCommand | undefined;
}

/** Spans for one effect, across its fields; `texts` receives the texts of the fields used. */
export function effectSpans(input: EffectSpanInput, texts: Record<string, string>): Span[] {
  const { effect: e, index, at, source } = input;
  const held = input.matches.filter((m) => compileEffectMatch(m, input.nocase).test(e, input.unknown));
  if (held.length === 0) return [];
  const out: Span[] = [];
  const pathField = `effect ${index} path`;
  const contentField = `effect ${index} content`;
  const named = at ? effectWord(e, at) : undefined;
  if (named) {
    const piece = wordRange(named.word);
    out.push({
      field: 'command',
      start: piece.range[0],
      end: piece.range[1],
      kind: named.kind,
      label: named.label,
      approximate: !piece.exact,
    });
  } else if (at)
    out.push({
      field: 'command',
      start: at.start,
      end: at.end,
      kind: 'path',
      label: `${e.kind} ${e.path.relative}`,
      approximate: true,
    });
  const content = (start: number, end: number, kind: SpanKind, label: string): void => {
    texts[contentField] = e.content!;
    out.push({ field: contentField, start, end, kind, label, approximate: false });
    const there = inCommand(source, at?.start ?? 0, e.content!.slice(start, end));
    if (there) out.push({ field: 'command', start: there[0], end: there[1], kind, label, approximate: false });
  };
  for (const m of held) {
    if (m.path !== undefined) {
      texts[pathField] = e.path.relative;
      out.push({
        field: pathField,
        start: 0,
        end: e.path.relative.length,
        kind: 'path',
        label:
          e.unknown === true ? `path ${e.path.relative} (a value the engine cannot know)` : `path ${e.path.relative}`,
        approximate: false,
      });
    }
    if (e.content !== undefined && m.content !== undefined)
      for (const pattern of asList(m.content))
        for (const [s, end] of patternRanges(pattern, e.content)) content(s, end, 'content', `pattern ${pattern}`);
    if (e.content !== undefined && m.secret === true)
      for (const f of secretsIn(e.content, e.path.relative))
        content(f.start, f.end, 'secret', `secret ${f.description}`);
  }
  return out;
}
