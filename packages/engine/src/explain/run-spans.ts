// The spans of one simple command that made a `run` match or a `command` pattern hold: the program word, the
// subcommand, each flag that counted, the argument, the option and its value, the pattern's match.
import { asList, type CommandMatch } from '../schema/index.js';
import type { CommandFact } from '../facts/index.js';
import { compileCommandMatch, hasFlag } from '../compile/command-match.js';
import { unknownMode } from '../compile/units.js';
import { lazyWords } from '../matchers/words.js';
import { argvLayout, type ArgvLayout } from './argv-layout.js';
import type { LocatedCommand } from './locate.js';
import { mapNormalised, patternRanges, wordRange, type Range } from './text-ranges.js';
import type { MatchSpan, SpanKind } from './types.js';

/** A span of the command text, before the contract and field are set. */
export type Span = Omit<MatchSpan, 'contract' | 'field'>;

/** Places marks on one located command: exact where its words are known, else over the whole command. */
class Marker {
  readonly out: Span[] = [];
  constructor(
    readonly at: LocatedCommand,
    private readonly layout: ArgvLayout | undefined,
  ) {}

  private push(range: Range, exact: boolean, kind: SpanKind, label: string): void {
    this.out.push({ start: range[0], end: range[1], kind, label, approximate: !exact });
  }

  /** The whole command (its words could not be placed). */
  whole(kind: SpanKind, label: string): void {
    this.push([this.at.start, this.at.end], false, kind, label);
  }

  /** A piece [lo, hi) of the word at index `i` of the located words (0: program). */
  word(i: number | undefined, kind: SpanKind, label: string, lo?: number, hi?: number): void {
    const w = i === undefined ? undefined : this.at.words?.[i];
    if (w === undefined) this.whole(kind, label);
    else {
      const piece = wordRange(w, lo, hi);
      this.push(piece.range, piece.exact, kind, label);
    }
  }

  /** Index in the located words of argv entry `k`. */
  argv(k: number | undefined): number | undefined {
    return k === undefined || this.at.words === undefined ? undefined : 1 + this.at.globalWords + k;
  }

  /** Index in the located words of positional `p`. */
  positional(p: number): number | undefined {
    return this.argv(this.layout?.positionals[p]);
  }

  /** The argv index of positional `p`. */
  layoutAt(p: number): number | undefined {
    return this.layout?.positionals[p];
  }

  /** Where flag `j` stands: its token's argv index and its value's, when the value is the next word. */
  flag(j: number): { readonly at: number; readonly valueAt: number | undefined } | undefined {
    return this.layout?.flags[j];
  }

  ranges(ranges: readonly Range[], exact: boolean, kind: SpanKind, label: string): void {
    for (const r of ranges) this.push(r, exact, kind, label);
  }
}

/** How many leading positionals a subcommand alternative took (-1: none matched); as compile/command-match.ts. */
function subcommandLength(m: CommandMatch, positionals: readonly string[]): number {
  if (m.subcommand === undefined) return 0;
  for (const alt of asList(m.subcommand)) {
    const words = alt.trim().split(/\s+/);
    if (words.length <= positionals.length && words.every((w, i) => lazyWords([w]).test(positionals[i]!)))
      return words.length;
  }
  return -1;
}

function runAlternative(r: CommandMatch, c: CommandFact, mark: Marker, unknown: 'match' | 'ignore' | undefined): void {
  const cmd = c.command;
  const head = cmd.programText;
  mark.word(0, 'program', `program ${cmd.program}`, head.length - cmd.program.length, head.length);
  const taken = Math.max(0, subcommandLength(r, cmd.positionals));
  for (let p = 0; p < taken; p++) mark.word(mark.positional(p), 'subcommand', `subcommand ${cmd.positionals[p]}`);
  const flagSpecs = [...(r.flags === undefined ? [] : asList(r.flags)), ...(r.allFlags ? asList(r.allFlags) : [])];
  cmd.flags.forEach((flag, j) => {
    if (!flagSpecs.some((spec) => hasFlag([flag], spec, true))) return;
    const i = mark.argv(mark.flag(j)?.at);
    // In a combined `-fu`, the letter itself; elsewhere the whole token as written.
    const letter = flag.token !== flag.name && !flag.token.startsWith('--') && flag.name.length === 2;
    const at = letter ? flag.token.indexOf(flag.name[1]!, 1) : -1;
    if (at > 0) mark.word(i, 'flag', `flag ${flag.name}`, at, at + 1);
    else mark.word(i, 'flag', `flag ${flag.name}`, 0, flag.token.length);
  });
  if (r.args !== undefined) {
    const args = lazyWords(asList(r.args));
    let hit = false;
    cmd.positionals.forEach((value, p) => {
      if (p < taken || !args.test(value)) return;
      hit = true;
      // A word the command means without spelling it (the branch a bare `git push` pushes): said where it comes from.
      const at = mark.layoutAt(p);
      const implied = at === undefined ? undefined : cmd.implied?.find((w) => w.at === at);
      const label = implied === undefined ? `arg ${value}` : `arg ${value} (${implied.from})`;
      mark.word(implied?.written === undefined && implied !== undefined ? undefined : mark.positional(p), 'arg', label);
    });
    // Held because a value the engine cannot know counts as a match: mark that word, where the model placed it.
    if (!hit && unknownMode(r.unknown, unknown) === 'match')
      for (const u of cmd.unknown)
        if (u.role === 'positional' && u.index >= taken)
          mark.ranges(
            [[u.start, u.end]],
            mark.at.base !== undefined,
            'arg',
            `unknown value ${u.text} (counted as a match)`,
          );
  }
  if (r.option) {
    const names = asList(r.option.name);
    const global = cmd.globals.find((f) => names.includes(f.name));
    const j = global === undefined ? cmd.flags.findIndex((f) => names.includes(f.name)) : -1;
    const flag = cmd.flags[j];
    if (global !== undefined) {
      // Global options stand after the program, as written: the first word that starts with the option's token.
      for (let i = 1; i <= mark.at.globalWords; i++) {
        if (!mark.at.words?.[i]?.value.startsWith(global.token)) continue;
        mark.word(i, 'option', `option ${global.name}`);
        if (global.token === global.name && global.value !== undefined)
          mark.word(i + 1, 'option', `option ${global.name} value`);
        break;
      }
    } else if (flag?.value !== undefined) {
      const place = mark.flag(j);
      mark.word(mark.argv(place?.at), 'option', `option ${flag.name}`);
      if (place?.valueAt !== undefined) mark.word(mark.argv(place.valueAt), 'option', `option ${flag.name} value`);
    }
  }
  if (r.env) {
    // A NAME=value the command was given stands in its own text; one set earlier (in the call or the session) is
    // not in it: the whole command is marked.
    for (const name of asList(r.env.name)) {
      const value = c.environment?.[name];
      if (value === undefined || !asList(r.env.value).some((p) => patternRanges(p, value).length > 0)) continue;
      const at = mark.at.base === undefined ? -1 : cmd.text.indexOf(`${name}=`);
      if (at === -1 || mark.at.base === undefined) mark.whole('option', `environment ${name}`);
      else {
        const stop = cmd.text.indexOf(' ', at);
        const end = stop === -1 ? cmd.text.length : stop;
        mark.ranges([[mark.at.base + at, mark.at.base + end]], true, 'option', `environment ${name}`);
      }
      break;
    }
  }
  if (r.text !== undefined) {
    for (const pattern of asList(r.text)) {
      for (const range of patternRanges(pattern, c.normalized)) {
        const mapped = mapNormalised(cmd, mark.at, range);
        mark.ranges(mapped.ranges, mapped.exact, 'pattern', `pattern ${pattern}`);
      }
    }
  }
}

export interface CommandSpanInput {
  readonly fact: CommandFact;
  readonly at: LocatedCommand;
  /** The trigger's run alternatives (undefined: none). */
  readonly run: readonly CommandMatch[] | undefined;
  /** The trigger's command patterns (undefined: none). */
  readonly patterns: readonly string[] | undefined;
  /** settings.unknownValues: what a value the engine cannot know counted as. */
  readonly unknown?: 'match' | 'ignore';
}

/** Spans in the command text for one simple command a trigger held on. */
export function commandSpans(input: CommandSpanInput): Span[] {
  const { fact, at } = input;
  const mark = new Marker(at, at.words === undefined ? undefined : argvLayout(fact.command));
  const held = input.run?.find((r) => compileCommandMatch(r).test(fact, input.unknown));
  if (held) runAlternative(held, fact, mark, input.unknown);
  for (const pattern of input.patterns ?? []) {
    const normal = patternRanges(pattern, fact.normalized);
    if (normal.length > 0) {
      for (const range of normal) {
        const mapped = mapNormalised(fact.command, at, range);
        mark.ranges(mapped.ranges, mapped.exact, 'pattern', `pattern ${pattern}`);
      }
      continue;
    }
    // Matched the command as written (quotes and all): offsets of its text, when the text stands in the original.
    for (const [s, e] of patternRanges(pattern, fact.command.text)) {
      if (at.base === undefined) mark.whole('pattern', `pattern ${pattern}`);
      else mark.ranges([[at.base + s, at.base + e]], true, 'pattern', `pattern ${pattern}`);
    }
  }
  return mark.out;
}
