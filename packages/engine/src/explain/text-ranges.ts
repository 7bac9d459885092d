// Where a pattern matched, and how a position in a command's normalised text ("git push --force origin main") maps
// back onto the command as written ("git -C repo push '--force' origin main").
import { RE2JS } from 're2js';
import { compilePattern, MAX_MATCH_INPUT, sameGroups, sameHold } from '../matchers/regex.js';
import type { SimpleCommand } from '../shell/index.js';
import type { LocatedCommand, LocatedWord } from './locate.js';

export type Range = readonly [number, number];

/** At most this many matches of one pattern in one text are marked (a pattern like `.` would mark every char). */
const MAX_RANGES = 20;

/** Compiled for explanations only (the evaluator's cache keeps test-only matchers). Small and bounded. */
const compiled = new Map<string, RE2JS>();

function re2(source: string): RE2JS | undefined {
  let re = compiled.get(source);
  if (re === undefined) {
    // The evaluator's compilation says whether it compiles (and the load stage reported it if not): mark nothing then.
    if (!compilePattern(source).ok) return undefined;
    re = RE2JS.compile(source);
    if (compiled.size >= 256) compiled.clear();
    compiled.set(source, re);
  }
  return re;
}

/** Every non-empty match of `pattern` in `text` (as the evaluator reads it: its first MAX_MATCH_INPUT characters). */
export function patternRanges(pattern: string, text: string): Range[] {
  const re = re2(pattern);
  if (re === undefined) return [];
  const input = text.length > MAX_MATCH_INPUT ? text.slice(0, MAX_MATCH_INPUT) : text;
  const m = re.matcher(input);
  const same = sameGroups(re);
  const out: Range[] = [];
  let from = 0;
  while (out.length < MAX_RANGES && from <= input.length && m.find(from)) {
    const start = m.start();
    const end = m.end();
    if (end > start && (same.length === 0 || sameHold(m, same))) out.push([start, end]);
    from = end > start ? end : end + 1;
  }
  return out;
}

/** A piece of the normalised text and the word it came from. */
interface Segment {
  readonly from: number;
  readonly length: number;
  readonly word: LocatedWord;
  /** Where the segment starts inside the word's value (the program's basename inside /usr/bin/git). */
  readonly offset: number;
}

/** The normalised text's segments (program, then each argv word), each tied to its word in the original. */
function segments(cmd: SimpleCommand, at: LocatedCommand): Segment[] | undefined {
  const words = at.words;
  if (words === undefined) return undefined;
  const head = words[0]!;
  const out: Segment[] = [
    { from: 0, length: cmd.program.length, word: head, offset: Math.max(0, head.value.length - cmd.program.length) },
  ];
  let from = cmd.program.length + 1;
  // A word the engine added (an implied word past those written: a config file's options, TF_CLI_ARGS) stands nowhere
  // in the original: a match on it marks the whole command, not exactly.
  const whole: LocatedWord = { value: '', start: at.start, end: at.end, inner: undefined };
  cmd.argv.forEach((value, i) => {
    out.push({ from, length: value.length, word: words[1 + at.globalWords + i] ?? whole, offset: 0 });
    from += value.length + 1;
  });
  // What the program read on stdin follows its words in the normalised text (facts/shell.ts): a match there (the
  // `DROP SCHEMA` of a heredoc fed to psql) is marked where that text stands, when it stands there as written.
  if (at.input !== undefined) out.push({ from, length: at.input.value.length, word: at.input, offset: 0 });
  return out;
}

/** A piece [lo, hi) of a word's value in the original, exact when the value stands there unchanged, else the whole
 * word as written (quotes, escapes and all). */
export function wordRange(word: LocatedWord, lo = 0, hi = word.value.length): { range: Range; exact: boolean } {
  if (word.inner !== undefined)
    return { range: [word.start + word.inner + lo, word.start + word.inner + hi], exact: true };
  return { range: [word.start, word.end], exact: false };
}

/** A range of the normalised text → the pieces of the original it covers (one per word it touches). */
export function mapNormalised(
  cmd: SimpleCommand,
  at: LocatedCommand,
  range: Range,
): { ranges: Range[]; exact: boolean } {
  const segs = segments(cmd, at);
  if (segs === undefined) return { ranges: [[at.start, at.end]], exact: false };
  const ranges: Range[] = [];
  let exact = true;
  for (const s of segs) {
    const lo = Math.max(range[0], s.from) - s.from;
    const hi = Math.min(range[1], s.from + s.length) - s.from;
    if (hi <= lo) continue;
    const piece = wordRange(s.word, s.offset + lo, s.offset + hi);
    exact &&= piece.exact;
    ranges.push(piece.range);
  }
  return { ranges, exact };
}
