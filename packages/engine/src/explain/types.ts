// The shapes of a match explanation: which characters of which text made a contract's trigger hold.
// INVARIANT: plain JSON data (the CLI prints it with --json; the site renders it).

/** What a span stands for. */
export type SpanKind =
  | 'program'
  | 'subcommand'
  | 'flag'
  | 'arg'
  | 'option'
  | 'pattern'
  | 'redirect'
  | 'path'
  | 'content'
  | 'secret'
  | 'url'
  | 'opaque'
  | 'command';

/**
 * The text a span indexes: 'command' (the bash command as written), 'message', 'url', `path ${i}` / `content ${i}`
 * (a call's i-th path or written text), `effect ${i} path` / `effect ${i} content` (the i-th file effect),
 * `arg ${key}` (an argument of the call).
 */
export type SpanField = string;

export interface MatchSpan {
  /** The contract whose trigger this span helped hold. */
  readonly contract: string;
  readonly field: SpanField;
  /** UTF-16 offsets into the field's text (`texts[field]`), end exclusive. */
  readonly start: number;
  readonly end: number;
  readonly kind: SpanKind;
  /** What matched, in words: 'program git', 'flag --force', 'pattern \bgit\s+push', 'redirect target .env'. */
  readonly label: string;
  /** True when the span covers more than what matched: a whole word (its quotes or escapes changed the length) or a
   * whole inner command (a wrapper's string whose words could not be placed). */
  readonly approximate: boolean;
}

export interface MatchSpans {
  readonly spans: readonly MatchSpan[];
  /** The texts the spans index, by field. */
  readonly texts: Readonly<Record<SpanField, string>>;
}

export const NO_SPANS: MatchSpans = { spans: [], texts: {} };

/** A field in words, for people: 'command', 'path of file effect 1', 'content', 'argument url'. */
export function describeField(field: SpanField): string {
  const effect = /^effect (\d+) (path|content)$/.exec(field);
  if (effect) return `${effect[2]} of file effect ${Number(effect[1]) + 1}`;
  const call = /^(path|content) (\d+)$/.exec(field);
  if (call) return call[2] === '0' ? call[1]! : `${call[1]} ${Number(call[2]) + 1}`;
  if (field.startsWith('arg ')) return `argument ${field.slice(4)}`;
  return field;
}

/** The text with every secret span's characters after the first four shown as '•' (same length, so offsets hold):
 * an explanation never prints a secret whole. */
export function maskSecrets(text: string, spans: readonly Pick<MatchSpan, 'start' | 'end' | 'kind'>[]): string {
  let out = text;
  for (const s of spans)
    if (s.kind === 'secret' && s.end - s.start > 4)
      out = out.slice(0, s.start + 4) + '•'.repeat(s.end - s.start - 4) + out.slice(s.end);
  return out;
}
