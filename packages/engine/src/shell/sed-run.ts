// A sed script (sed-script.ts parseSed) run over a known text as GNU sed runs it: line by line, each line a pattern
// space the commands change; `i` and `c` print their text at once, `a` after the line, `d` and `c` end the cycle, `p`
// prints, and the line is printed at the end unless -n. Addresses are line numbers, `$` and regexes (RE2, sed-regex.ts),
// a range's end checked from the line after its start, as GNU does. Bounded: a text and script too large to run in
// SED_LIMITS.steps, or an output over SED_LIMITS.output, is not run (the text then stays unknown).
import type { RE2JS } from 're2js';
import { compileSedRegex, compileSubstitution, substituteSpace, type CompiledSubstitution } from './sed-regex.js';
import type { SedAddress, SedCommand } from './sed-script.js';

export const SED_LIMITS: { readonly steps: number; readonly output: number } = {
  /** Lines times commands: each step may run a regex over the line. */
  steps: 100_000,
  /** Characters of output (an `a` on every line of a long file, a replacement that doubles each line). */
  output: 256 * 1024,
};

export interface SedRunOptions {
  /** The regexes are POSIX extended ones (-E, -r); else basic. */
  readonly extended: boolean;
  /** -n: only what `p` prints is output. */
  readonly quiet: boolean;
}

/**
 * The output of `commands` run over `text`; undefined when a command is not one run here, when the run is over the
 * limits, or when an `s`, `a`, `i`, `c` or `d` never applies: on a text the session knew, an edit that finds nothing
 * to do says the file is no longer that text (it changed since), so what it holds is not known.
 */
export function runSed(text: string, commands: readonly SedCommand[], options: SedRunOptions): string | undefined {
  const lines = text === '' ? [] : text.split('\n');
  const ends = text.endsWith('\n');
  if (ends) lines.pop();
  if (lines.length * Math.max(1, countCommands(commands)) > SED_LIMITS.steps) return undefined;
  const run = new SedRun(commands, options);
  for (let n = 0; n < lines.length; n++) {
    const last = n === lines.length - 1;
    if (!run.cycle(lines[n] as string, n + 1, last, !last || ends)) return undefined;
  }
  return run.finish();
}

function countCommands(commands: readonly SedCommand[]): number {
  let n = 0;
  for (const c of commands) n += 1 + (c.block === undefined ? 0 : countCommands(c.block));
  return n;
}

/** Commands whose never applying leaves the text unknown (see runSed); `p` and `{` change nothing by themselves. */
const MUST_APPLY = new Set(['s', 'a', 'i', 'c', 'd']);

/** One line being run: its pattern space, number, and what `a` queued for after it. */
interface Line {
  space: string;
  readonly number: number;
  readonly last: boolean;
  /** Whether the input line ends in a newline (the last one may not; sed prints it without one). */
  readonly newline: boolean;
  readonly appended: string[];
}

/** How a list of commands ended on a line: run through, a cycle ended (d, c), or a command not run here. */
type Outcome = 'end' | 'next' | 'unread';

class SedRun {
  private out = '';
  /** The last thing printed had no newline (the input's last line): one is added before anything else is. */
  private missingNewline = false;
  private readonly applied = new Set<SedCommand>();
  /** The ranges started and not yet ended. */
  private readonly active = new Set<SedCommand>();
  private readonly regexes = new Map<string, RE2JS | undefined>();
  /** Each `s` command compiled once, on the first line it runs on. */
  private readonly substitutions = new Map<SedCommand, CompiledSubstitution | undefined>();
  private over = false;

  constructor(
    private readonly commands: readonly SedCommand[],
    private readonly options: SedRunOptions,
  ) {}

  /** Runs the script over one line; false when it could not be. */
  cycle(text: string, number: number, last: boolean, newline: boolean): boolean {
    const line: Line = { space: text, number, last, newline, appended: [] };
    const outcome = this.run(this.commands, line);
    if (outcome === 'unread' || this.over) return false;
    if (outcome === 'end' && !this.options.quiet) this.print(line.space, line.newline);
    // `a` text is printed at the end of the cycle, after a `d` too.
    for (const t of line.appended) this.print(t, true);
    return !this.over;
  }

  /** The output, when every command that must apply did. */
  finish(): string | undefined {
    const unapplied = (commands: readonly SedCommand[]): boolean =>
      commands.some(
        (c) => (MUST_APPLY.has(c.name) && !this.applied.has(c)) || (c.block !== undefined && unapplied(c.block)),
      );
    return this.over || unapplied(this.commands) ? undefined : this.out;
  }

  private run(commands: readonly SedCommand[], line: Line): Outcome {
    for (const c of commands) {
      const selected = this.selects(c, line);
      if (selected === undefined) return 'unread';
      if (selected === c.negated) continue;
      switch (c.name) {
        case '{': {
          const outcome = this.run(c.block ?? [], line);
          if (outcome !== 'end') return outcome;
          break;
        }
        case 's': {
          const s = this.substitution(c);
          if (s === undefined) return 'unread';
          const done = substituteSpace(line.space, s);
          if (!done.matched) break;
          this.applied.add(c);
          line.space = done.text;
          if (line.space.length > SED_LIMITS.output) this.over = true;
          if (c.edit?.flags.includes('p')) this.print(line.space, line.newline);
          break;
        }
        case 'a':
          this.applied.add(c);
          line.appended.push(c.text ?? '');
          break;
        case 'i':
          this.applied.add(c);
          this.print(c.text ?? '', true);
          break;
        case 'c':
          this.applied.add(c);
          // In a range the text is printed once, at its end; the lines before it are deleted.
          if (!this.active.has(c)) this.print(c.text ?? '', true);
          return 'next';
        case 'd':
          this.applied.add(c);
          return 'next';
        case 'p':
          this.print(line.space, line.newline);
          break;
        default:
          return 'unread';
      }
      if (this.over) return 'unread';
    }
    return 'end';
  }

  private substitution(c: SedCommand): CompiledSubstitution | undefined {
    if (!this.substitutions.has(c)) {
      const e = c.edit;
      const s = { pattern: e?.pattern ?? '', replacement: e?.to ?? '', flags: e?.flags ?? '' };
      this.substitutions.set(c, compileSubstitution(s, this.options.extended));
    }
    return this.substitutions.get(c);
  }

  /** Whether the command's address selects the line (before `!`); undefined when a regex is not read. */
  private selects(c: SedCommand, line: Line): boolean | undefined {
    if (c.from === undefined) return true;
    if (c.to === undefined) return this.matches(c.from, line);
    if (!this.active.has(c)) {
      const starts = this.matches(c.from, line);
      if (starts !== true) return starts;
      // A range whose end is a line number not after this one, or `$` on the last line, is this line alone.
      const alone = c.to.kind === 'line' ? c.to.line <= line.number : c.to.kind === 'last' && line.last;
      if (!alone) this.active.add(c);
      return true;
    }
    const ends = c.to.kind === 'line' ? line.number >= c.to.line : this.matches(c.to, line);
    if (ends === undefined) return undefined;
    if (ends) this.active.delete(c);
    return true;
  }

  private matches(a: SedAddress, line: Line): boolean | undefined {
    if (a.kind === 'line') return line.number === a.line;
    if (a.kind === 'last') return line.last;
    const key = `${a.caseless ? 'I' : ''}/${a.pattern}`;
    if (!this.regexes.has(key)) this.regexes.set(key, compileSedRegex(a.pattern, this.options.extended, a.caseless));
    const re = this.regexes.get(key);
    return re === undefined ? undefined : re.matcher(line.space).find();
  }

  private print(text: string, newline: boolean): void {
    if (this.missingNewline) this.out += '\n';
    this.out += newline ? `${text}\n` : text;
    this.missingNewline = !newline;
    if (this.out.length > SED_LIMITS.output) this.over = true;
  }
}
