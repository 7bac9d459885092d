// Compiles a structured command match (`run`) into a predicate over one simple command of the shell model.
import { asList, type CommandMatch } from '../schema/index.js';
import type { SimpleCommand } from '../shell/index.js';
import type { CommandFact } from '../facts/index.js';
import { lazyPattern, type TextMatcher } from '../matchers/regex.js';
import { lazyWords, type WordMatcher } from '../matchers/words.js';
import { unknownMode, type UnknownMode } from './units.js';
import { anyFlag, hasFlag } from './flag-match.js';
import { commandCheck, type CommandCheck } from './command-check.js';

export { hasFlag } from './flag-match.js';

export interface CompiledCommandMatch {
  readonly summary: string;
  /** Lower-cased program names when every program glob is a plain name: a set lookup rejects most commands. */
  readonly programs: ReadonlySet<string> | undefined;
  /** A condition every command it holds on meets, shared with the matches that have the same (command-check.ts). */
  readonly check: CommandCheck | undefined;
  test(c: CommandFact, unknown?: UnknownMode): boolean;
  /** What matched, in words, for a command that passed `test`. */
  explain(c: CommandFact, unknown?: UnknownMode): string;
}

export function compileCommandMatch(m: CommandMatch): CompiledCommandMatch {
  // Program names compare without case: no two real programs differ only by case, and case-insensitive file systems
  // run /usr/bin/GIT as git.
  const program = lazyWords(asList(m.program), true);
  const subcommands =
    m.subcommand === undefined
      ? undefined
      : asList(m.subcommand).map((alt) =>
          alt
            .trim()
            .split(/\s+/)
            .map((w) => lazyWords([w])),
        );
  const flags = m.flags === undefined ? undefined : asList(m.flags);
  const allFlags = m.allFlags === undefined ? undefined : asList(m.allFlags);
  const notFlags = m.notFlags === undefined ? undefined : asList(m.notFlags);
  const args: WordMatcher | undefined = m.args === undefined ? undefined : lazyWords(asList(m.args));
  const optionNames = m.option ? asList(m.option.name) : undefined;
  const optionValue: TextMatcher[] | undefined = m.option ? asList(m.option.value).map(lazyPattern) : undefined;
  const text: TextMatcher[] | undefined = m.text === undefined ? undefined : asList(m.text).map(lazyPattern);
  const envNames = m.env ? asList(m.env.name) : undefined;
  const envValue: TextMatcher[] | undefined = m.env ? asList(m.env.value).map(lazyPattern) : undefined;

  // Read by explain and the CLI only: made on first read, not for each of ~1,800 commands at start.
  let summary: string | undefined;
  const describe = (): string =>
    [
      `program ${asList(m.program).join('|')}`,
      m.subcommand !== undefined ? `subcommand ${asList(m.subcommand).join('|')}` : '',
      flags ? `a flag of ${flags.join(' ')}` : '',
      allFlags ? `all of ${allFlags.join(' ')}` : '',
      notFlags ? `none of ${notFlags.join(' ')}` : '',
      m.args !== undefined ? `an argument ${asList(m.args).join('|')}` : '',
      m.maxArgs !== undefined ? `at most ${m.maxArgs} argument(s)` : '',
      m.followed === undefined ? '' : m.followed ? 'running a file it read' : 'running a file it did not read',
      m.option
        ? `option ${optionNames!.join('|')} ~ ${asList(m.option.value)
            .map((p) => `/${p}/`)
            .join(' or ')}`
        : '',
      m.env
        ? `environment ${envNames!.join('|')} ~ ${asList(m.env.value)
            .map((p) => `/${p}/`)
            .join(' or ')}`
        : '',
      m.text !== undefined
        ? `text ~ ${asList(m.text)
            .map((p) => `/${p}/`)
            .join(' or ')}`
        : '',
    ]
      .filter(Boolean)
      .join(', ');

  /** How many leading positionals the subcommand took (-1: no alternative matched); `open` positionals (values the
   * engine cannot know, under 'match') count as any word. */
  const subcommandLength = (positionals: readonly string[], open: ReadonlySet<number> | undefined): number => {
    if (!subcommands) return 0;
    for (const alt of subcommands) if (leadingWords(alt, positionals, open)) return alt.length;
    return -1;
  };
  /** The same, where the command's first word may also be read as the command it is an alias of (`npm r`). */
  const subcommandTaken = (cmd: SimpleCommand, open: ReadonlySet<number> | undefined): number => {
    const taken = subcommandLength(cmd.positionals, open);
    if (taken >= 0 || cmd.subcommandAlias === undefined) return taken;
    return subcommandLength([cmd.subcommandAlias, ...cmd.positionals.slice(1)], open);
  };

  // Made on first read (by the event index, when a call first reaches this match): not for each of ~1,800 run
  // matches at start. Only words compared as plain text (no glob character, no "!") say which first word a subcommand
  // needs.
  let check: CommandCheck | undefined | null = null;
  const makeCheck = (): CommandCheck | undefined => {
    const firstWords =
      m.subcommand === undefined ? undefined : asList(m.subcommand).map((alt) => alt.trim().split(/\s+/)[0]!);
    return commandCheck({
      firstWords: firstWords?.every((w) => LITERAL_WORD.test(w)) ? firstWords : undefined,
      anyOf: flags,
      allOf: allFlags,
    });
  };

  const plainPrograms = asList(m.program).every((p) => /^[\w.+-]+$/.test(p));
  const programs = plainPrograms ? new Set(asList(m.program).map((p) => p.toLowerCase())) : undefined;
  return {
    get summary() {
      return (summary ??= describe());
    },
    programs,
    get check() {
      if (check === null) check = makeCheck();
      return check;
    },
    test(c, unknown) {
      const cmd = c.command;
      if (programs ? !hasProgram(programs, cmd.program) : !program.test(cmd.program)) return false;
      if (m.remote !== undefined && (cmd.remote !== undefined) !== m.remote) return false;
      if (m.followed !== undefined && (c.followed === true) !== m.followed) return false;
      // Values the engine cannot know count as a match only where the match (or the policy) says so.
      const open =
        cmd.unknown.length > 0 && unknownMode(m.unknown, unknown) === 'match' ? unknownPositionals(cmd) : undefined;
      const taken = subcommandTaken(cmd, open);
      if (taken < 0) return false;
      if (flags && !anyFlag(cmd.flags, flags, true)) return false;
      if (allFlags && !allFlags.every((f) => hasFlag(cmd.flags, f, true))) return false;
      // Exact spellings only: an abbreviation must never excuse (--force is not --force-with-lease). A program's global
      // options count too: `make -n publish` is make's dry run, whatever side of the target its -n stands on.
      if (notFlags && (anyFlag(cmd.flags, notFlags, false) || anyFlag(cmd.globals, notFlags, false))) return false;
      // An unknown value may be empty: it does not count towards maxArgs.
      const rest = cmd.positionals.length - taken - (open === undefined ? 0 : countFrom(open, taken));
      if (m.maxArgs !== undefined && rest > m.maxArgs) return false;
      if (args && !anyWordFrom(args, cmd.positionals, taken) && !(open !== undefined && countFrom(open, taken) > 0))
        return false;
      if (optionNames && optionValue) {
        // An option given more than once (`helm upgrade -f values.yaml -f values-prod.yaml`) holds on any of its
        // values; an exception (checked with unknown 'never') only when every one of them meets it, so a second
        // `--kube-context prod` after `--kube-context kind-dev` does not excuse.
        const given = optionValuesOf(cmd, optionNames);
        const values = m.option?.first === true ? given.slice(0, 1) : given;
        // Any: stop at the first value that meets it; every: stop at the first that does not.
        const every = unknown === 'never';
        let held = every && values.length > 0;
        for (const value of values) {
          const meets = (open !== undefined && isUnknownOption(cmd, value)) || optionValue.some((p) => p.test(value));
          if (meets !== every) {
            held = meets;
            break;
          }
        }
        if (!held) return false;
      }
      if (envNames && envValue && envVariable(c, envNames, envValue) === undefined) return false;
      if (text && !text.some((p) => p.test(c.normalized))) return false;
      return true;
    },
    explain(c, unknown) {
      const cmd = c.command;
      const said = [`\`${clip(c.normalized)}\``];
      if (cmd.via.length > 0) said.push(`inside ${cmd.via.join(' › ')}`);
      if (cmd.remote !== undefined) said.push(`running on ${cmd.remote}`);
      if (cmd.globals.length > 0)
        said.push(
          `global options ${cmd.globals.map((g) => (g.value !== undefined && g.token === g.name ? `${g.token} ${g.value}` : g.token)).join(' ')} set aside`,
        );
      const f = flags?.find((x) => hasFlag(cmd.flags, x, true));
      if (f) said.push(`flag ${f}`);
      const open =
        cmd.unknown.length > 0 && unknownMode(m.unknown, unknown) === 'match' ? unknownPositionals(cmd) : undefined;
      const taken = Math.max(0, subcommandTaken(cmd, open));
      const a = args && cmd.positionals.find((p, i) => i >= taken && args.test(p));
      if (a !== undefined) said.push(`argument ${a}`);
      else if (args && open !== undefined) {
        const u = cmd.unknown.find((w) => w.role === 'positional' && w.index >= taken);
        if (u !== undefined) said.push(`argument ${u.text}, a value the engine cannot know (counted as a match)`);
      }
      const variable = envNames && envValue ? envVariable(c, envNames, envValue) : undefined;
      if (variable !== undefined) said.push(`environment ${variable}=${clip(c.environment?.[variable] ?? '')}`);
      return said.join(', ');
    },
  };
}

/** A word that words.ts compares as plain text: none of its glob characters, not negated. */
const LITERAL_WORD = /^[\w./:=,%-]*$/;

// Plain loops below: `test` runs for every command of every candidate contract, so it allocates no closures.

/** Whether a lower-cased set holds the program; a name with no capital (nearly all) is not lower-cased again (each
 * toLowerCase makes a string). */
function hasProgram(programs: ReadonlySet<string>, name: string): boolean {
  if (programs.has(name)) return true;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c >= 128) return programs.has(name.toLowerCase());
  }
  return false;
}

/** Whether the words start with one word matching each matcher, in order (an `open` word matches any). */
function leadingWords(
  matchers: readonly WordMatcher[],
  words: readonly string[],
  open: ReadonlySet<number> | undefined,
): boolean {
  if (matchers.length > words.length) return false;
  for (let i = 0; i < matchers.length; i++) if (!open?.has(i) && !matchers[i]!.test(words[i]!)) return false;
  return true;
}

/** The positional indices whose value the engine cannot know. */
function unknownPositionals(cmd: SimpleCommand): ReadonlySet<number> {
  const out = new Set<number>();
  for (const u of cmd.unknown) if (u.role === 'positional') out.add(u.index);
  return out;
}

const countFrom = (open: ReadonlySet<number>, from: number): number => {
  let n = 0;
  for (const i of open) if (i >= from) n++;
  return n;
};

/** Whether an option's value is a word the engine cannot know. */
const isUnknownOption = (cmd: SimpleCommand, value: string): boolean =>
  cmd.unknown.some((u) => (u.role === 'option' || u.role === 'global') && u.value === value);

function anyWordFrom(matcher: WordMatcher, words: readonly string[], from: number): boolean {
  for (let i = from; i < words.length; i++) if (matcher.test(words[i]!)) return true;
  return false;
}

const HEREDOC_VALUE = /^\$\(\s*cat\s*<<-?\s*(['"]?)(\w+)\1[^\n]*\n([\s\S]*?)\n\s*\2\s*\)\s*$/;

/** The first of these variables of the command's environment whose value a pattern is found in. */
function envVariable(c: CommandFact, names: readonly string[], value: readonly TextMatcher[]): string | undefined {
  const env = c.environment;
  if (env === undefined) return undefined;
  for (const name of names) {
    if (!Object.hasOwn(env, name)) continue;
    const v = env[name]!;
    if (value.some((p) => p.test(v))) return name;
  }
  return undefined;
}

/** The values of every occurrence of any of these options (global options, which come first, included), in order;
 * a `$(cat <<EOF … EOF)` value reads as its text. An occurrence without a value adds none. */
function optionValuesOf(cmd: SimpleCommand, names: readonly string[]): string[] {
  const values: string[] = [];
  for (const f of cmd.globals) if (names.includes(f.name) && f.value !== undefined) values.push(f.value);
  for (const f of cmd.flags) {
    if (!names.some((n) => f.name === n) || f.value === undefined) continue;
    const heredoc = HEREDOC_VALUE.exec(f.value);
    values.push(heredoc ? heredoc[3]! : f.value);
  }
  return values;
}

/** One line (a client's stdin follows its command on the next line) of at most 120 characters. */
const clip = (text: string): string => {
  const s = text.replace(/\n/g, ' ⏎ ');
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
};
