// One command's words (wrappers already peeled) → a SimpleCommand: program basename, global options taken out,
// flags and positionals split, the directory it runs in.
import type { Flag, SimpleCommand } from './types.js';
import { parseArgv } from './argv.js';
import { basename, resolve } from './paths.js';
import { optionsOf, programSpec } from './programs.js';
import { isComputedName, type ShellWord } from './words.js';

/** Take the program's global options off the front of `args` (git -C dir -c k=v push → globals, ['push']). */
function takeGlobals(program: string, args: readonly string[]): { globals: Flag[]; rest: readonly string[] } {
  const table = programSpec(program)?.globals;
  if (table === undefined) return { globals: [], rest: args };
  const globals: Flag[] = [];
  let i = 0;
  while (i < args.length) {
    const token = args[i] as string;
    if (!token.startsWith('-') || token === '--' || token === '-') break;
    const eq = token.indexOf('=');
    const name = eq === -1 ? token : token.slice(0, eq);
    if (eq !== -1 && (table.value.includes(name) || table.flag.includes(name))) {
      globals.push({ name, value: token.slice(eq + 1), token });
      i += 1;
    } else if (table.value.includes(token) && i + 1 < args.length) {
      globals.push({ name: token, value: args[i + 1], token });
      i += 2;
    } else if (table.flag.includes(token)) {
      globals.push({ name: token, value: undefined, token });
      i += 1;
    } else break; // an option we do not know: leave it (and what follows) to the ordinary option parser
  }
  return { globals, rest: args.slice(i) };
}

export function normaliseCommand(
  words: readonly ShellWord[],
  assignments: readonly string[],
  via: readonly string[],
  shellCwd: string | undefined,
  text: string,
  start: number,
  end: number,
): SimpleCommand {
  const head = words[0];
  const programText = head?.value ?? '';
  const program = basename(programText);
  const { globals, rest } = takeGlobals(program, words.slice(1).map((w) => w.value));
  const parsed = parseArgv(rest, (sub) => optionsOf(program, sub));
  const cwdOptions = programSpec(program)?.cwd ?? [];
  let cwd = shellCwd;
  for (const g of globals) if (cwdOptions.includes(g.name) && g.value !== undefined) cwd = resolve(cwd, g.value);
  return {
    program,
    programText,
    argv: rest,
    positionals: parsed.positionals,
    flags: parsed.flags,
    globals,
    assignments,
    cwd,
    via,
    text,
    start,
    end,
    dynamic: head !== undefined && isComputedName(head),
  };
}
