// One command's words (wrappers already peeled) → a SimpleCommand: program basename, global options taken out,
// flags and positionals split, the directory it runs in.
import type { Flag, SimpleCommand, UnknownWord } from './types.js';
import { NO_OPTIONS, parseArgv } from './argv.js';
import { programName, resolve } from './paths.js';
import { canonicalProgram, compiledProgram, type CompiledProgram } from './programs/registry.js';
import { isComputedName, type ShellWord } from './words.js';

const NO_FLAGS: readonly Flag[] = Object.freeze([]);
const NO_UNKNOWN: readonly UnknownWord[] = Object.freeze([]);

/** Maps a word's [pos, end) in its frame to offsets in the top-level source. */
export type SpanOf = (pos: number, end: number) => readonly [number, number];

/** Take the program's global options off the front of `args` (git -C dir -c k=v push → globals); returns how many
 * words they used, pushing the globals found. */
function takeGlobals(table: CompiledProgram, args: readonly string[], globals: Flag[]): number {
  let i = 0;
  while (i < args.length) {
    const token = args[i] as string;
    if (i === 0 && token.charCodeAt(0) === 43 /* + */ && token.length > 1 && table.declaration.globals?.toolchain) {
      globals.push({ name: '+', value: token.slice(1), token });
      i += 1;
      continue;
    }
    if (table.declaration.globals?.words?.includes(token) === true) {
      globals.push({ name: token, value: undefined, token });
      i += 1;
      continue;
    }
    if (token.charCodeAt(0) !== 45 /* - */ || token === '--' || token === '-') break;
    const eq = token.indexOf('=');
    const name = eq === -1 ? token : token.slice(0, eq);
    if (eq !== -1 && (table.globalValue.has(name) || table.globalFlag.has(name))) {
      globals.push({ name, value: token.slice(eq + 1), token });
      i += 1;
    } else if (table.globalValue.has(token) && i + 1 < args.length) {
      globals.push({ name: token, value: args[i + 1], token });
      i += 2;
    } else if (table.globalFlag.has(token)) {
      globals.push({ name: token, value: undefined, token });
      i += 1;
    } else if (token.length > 2 && token.charCodeAt(1) !== 45 && table.globalValue.has(token.slice(0, 2))) {
      // A short option with its value attached (`make -j2`, `git -Cdir`, `make -fops.mk`).
      globals.push({ name: token.slice(0, 2), value: token.slice(2), token });
      i += 1;
    } else break; // an option we do not know: leave it (and what follows) to the ordinary option parser
  }
  return i;
}

/** A whole word that is one reference to a variable the engine cannot know, with the program's name (and a `_BIN`,
 * `_CMD`, … ending). */
const NAMED_AFTER = /^\$\{?([A-Za-z_][A-Za-z0-9_]*?)(?:_(?:BIN|CMD|EXE|PATH|COMMAND|BINARY|CLI))?\}?$/i;

/**
 * The program a command name taken from a variable the engine cannot know is named after (`"${KUBECTL}" apply -f k8s/`,
 * `$GIT push`, `$HELM_BIN upgrade`; real scripts name such a variable after what it holds: round 38). The word stays
 * computed (SimpleCommand.dynamic), so what a rule says of computed command names still holds; undefined when the
 * name is no program the model knows.
 */
function programNamedAfter(head: ShellWord | undefined): string | undefined {
  if (head === undefined || !head.dynamic) return undefined;
  const name = NAMED_AFTER.exec(head.value)?.[1]?.toLowerCase();
  if (name === undefined || name.length < 2 || GENERIC_NAMES.has(name)) return undefined;
  return compiledProgram(name) !== undefined ? name : undefined;
}

/** Names that say a variable holds some command, not which (`$CMD push` is not Windows' cmd). */
const GENERIC_NAMES: ReadonlySet<string> = new Set(['cmd', 'command', 'exe', 'bin', 'prog', 'program', 'tool', 'run']);

/** `git -C "$(git rev-parse --show-toplevel)"` from the directory the call starts in (or one below it): the top of
 * the same repository, taken as the start directory, whose branch the host reported (a project is opened at its
 * top). From anywhere else (`cd /other && …`) the directory stays as written, and its branch unknown. */
const TOP_LEVEL = '$(git rev-parse --show-toplevel)';
const atStart = (cwd: string | undefined): boolean =>
  cwd === undefined ||
  cwd === '.' ||
  !(cwd.startsWith('..') || cwd.startsWith('/') || cwd.startsWith('~') || cwd.startsWith('$'));

export function normaliseCommand(
  words: readonly ShellWord[],
  assignments: readonly string[],
  via: readonly string[],
  shellCwd: string | undefined,
  text: string,
  start: number,
  end: number,
  remote: string | undefined,
  spanOf: SpanOf | undefined,
): SimpleCommand {
  const head = words[0];
  const programText = head?.value ?? '';
  // `kubectl-1.29` is kubectl to every rule and table; the name as written stays in programText.
  const program = canonicalProgram(programNamedAfter(head) ?? programName(programText));
  const table = compiledProgram(program);
  let args: string[] = [];
  for (let i = 1; i < words.length; i++) args.push((words[i] as ShellWord).value);
  let globals = NO_FLAGS;
  let cwd = shellCwd;
  let used = 0;
  if (table !== undefined && table.globalValue.size + table.globalFlag.size > 0) {
    const found: Flag[] = [];
    used = takeGlobals(table, args, found);
    if (used > 0) args = args.slice(used);
    globals = found;
    for (const g of found)
      if (table.cwd.has(g.name) && g.value !== undefined)
        cwd = g.value === TOP_LEVEL && atStart(cwd) ? undefined : resolve(cwd, g.value);
  }
  const parse = () =>
    table === undefined
      ? parseArgv(args, NO_OPTIONS, undefined)
      : parseArgv(args, table.base, table.bySubcommand, false, 0, table.subcommandPairs);
  let parsed = parse();
  // `npm pub` is `npm publish` (a unique prefix of a command or alias): read with the command's own name.
  const commands = table?.declaration.abbreviates;
  const first = parsed.positionals[0];
  const full = commands === undefined || first === undefined ? undefined : dereference(commands, first);
  if (full !== undefined && full !== first) {
    args = args.map((a, i) => (i === parsed.positionalAt[0] ? full : a));
    parsed = parse();
  }
  // `npm r moment` is `npm uninstall moment`: read with the command's options, the alias kept as written.
  const aliases = table?.declaration.aliases;
  const alias =
    first === undefined || full !== undefined
      ? undefined
      : ((commands === undefined ? undefined : aliasOf(commands, first)) ??
        (aliases !== undefined && Object.hasOwn(aliases, first) ? aliases[first] : undefined));
  if (alias !== undefined) {
    const at = parsed.positionalAt[0];
    const withName = parseArgv(
      args.map((a, i) => (i === at ? alias : a)),
      (table as CompiledProgram).base,
      (table as CompiledProgram).bySubcommand,
      false,
      0,
      (table as CompiledProgram).subcommandPairs,
    );
    parsed = { ...withName, positionals: withName.positionals.map((p, i) => (i === 0 ? (first as string) : p)) };
  }
  const unknown = spanOf === undefined ? NO_UNKNOWN : unknownWords(words, used, parsed.positionalAt, spanOf);
  return {
    program,
    programText,
    argv: args,
    positionals: parsed.positionals,
    ...(alias !== undefined ? { subcommandAlias: alias } : {}),
    flags: parsed.flags,
    globals,
    assignments,
    cwd,
    via,
    text,
    start,
    end,
    dynamic: head !== undefined && isComputedName(head),
    unknown,
    remote,
    input: undefined,
  };
}

/** The command an alias stands for among `NAME` / `ALIAS=NAME` entries (`r=uninstall`); undefined for any other word. */
function aliasOf(entries: readonly string[], word: string): string | undefined {
  const entry = entries.find((e) => e.startsWith(`${word}=`));
  return entry === undefined ? undefined : entry.slice(word.length + 1);
}

/** The command a word abbreviates among `NAME` / `ALIAS=NAME` entries: the one entry it is a unique prefix of (that
 * entry's target); undefined for a full name or alias (kept as written: the rules name them) or an ambiguous prefix. */
function dereference(entries: readonly string[], word: string): string | undefined {
  const target = (e: string): string => e.slice(e.indexOf('=') + 1);
  const named = (e: string): string => (e.includes('=') ? e.slice(0, e.indexOf('=')) : e);
  if (entries.some((e) => named(e) === word)) return undefined;
  const prefixed = entries.filter((e) => named(e).startsWith(word));
  return prefixed.length === 1 ? target(prefixed[0] as string) : undefined;
}

/** The words whose value is unknown, with their role: `used` words after the program were global options. */
function unknownWords(
  words: readonly ShellWord[],
  used: number,
  positionalAt: readonly number[],
  spanOf: SpanOf,
): readonly UnknownWord[] {
  const out: UnknownWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as ShellWord;
    if (!w.dynamic) continue;
    const at = i - 1 - used;
    const index = at < 0 ? -1 : positionalAt.indexOf(at);
    const role = i === 0 ? 'program' : at < 0 ? 'global' : index !== -1 ? 'positional' : 'option';
    const [start, end] = spanOf(w.pos, w.end);
    out.push({ text: w.text, value: w.value, role, index, start, end });
  }
  return out.length === 0 ? NO_UNKNOWN : out;
}
