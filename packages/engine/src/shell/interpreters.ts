// How an interpreter is used in one command: the inline code it runs (python -c), the script file it runs, or
// whether it reads its program from stdin. The options come from its declaration (programs/interpreters.ts).
import { parseArgv } from './argv.js';
import { compiledProgram } from './programs/registry.js';
import type { InterpreterFamily } from './programs/declaration.js';
import { normalise } from './paths.js';

/** python3.12 → python, nodejs → node: the language a program interprets, if it is an interpreter. */
export function interpreterFamily(program: string): InterpreterFamily | undefined {
  return compiledProgram(program)?.declaration.interpreter?.family;
}

export interface InterpreterUse {
  readonly family: InterpreterFamily;
  /** The option carrying inline code, when there is one (python -c …). */
  readonly inline: string | undefined;
  /** The inline code itself, when it is a word of the command (`python -c CODE`, `deno eval CODE`). */
  readonly code: string | undefined;
  /** The script file it runs, when it runs one. */
  readonly script: string | undefined;
  /** Index (in argv) of the script word, to tell a process substitution `bash <(curl …)` apart. */
  readonly scriptAt: number | undefined;
  /** True when it reads its program from stdin (no script, no inline code, or `-`/`-s`). */
  readonly readsStdin: boolean;
}

export function interpreterUse(program: string, argv: readonly string[]): InterpreterUse | undefined {
  const entry = compiledProgram(program);
  const interpreter = entry?.declaration.interpreter;
  if (entry === undefined || interpreter === undefined) return undefined;
  const family = interpreter.family;
  if (interpreter.scriptWord === 'js-file') {
    // `deno run x.ts` / `bun run x.ts` / `bun x.ts`: a script only when the word looks like a file.
    // Its options come before the file (`deno run -A x.ts`, `bun run --watch x.ts`): the first other word.
    const rest = argv[0] === 'run' ? argv.slice(1) : argv;
    const pattern = interpreter.scriptPattern;
    const word = pattern === undefined ? rest.find((w) => !w.startsWith('-')) : rest.find((w) => pattern.test(w));
    const script = word !== undefined && (pattern ?? /\.[cm]?[jt]sx?$/).test(word) ? word : undefined;
    const at = argv.findIndex((a) => interpreter.inline.includes(a));
    return {
      family,
      inline: at < 0 ? undefined : argv[at],
      code: at < 0 ? undefined : argv[at + 1],
      script,
      scriptAt: script === undefined ? undefined : argv.indexOf(script),
      readsStdin: false,
    };
  }
  // Options end where the script begins; with no script operand (at's time), they may follow the operands (`at 23:00
  // -f job.sh`, as GNU getopt permutes them).
  const parsed = parseArgv(argv, entry.base, undefined, interpreter.operandScript !== false);
  const inlineFlag = parsed.flags.find((f) => interpreter.inline.includes(f.name));
  const inline = inlineFlag?.name;
  const noScript = parsed.flags.some((f) => interpreter.noScript?.includes(f.name) === true);
  const stdinFlag = parsed.flags.some((f) => interpreter.stdinOptions?.includes(f.name) === true);
  const optionScript = parsed.flags.find((f) => interpreter.scriptOptions?.includes(f.name) === true);
  const first = interpreter.operandScript === false ? optionScript?.value : parsed.positionals[0];
  const script =
    inline !== undefined || noScript || stdinFlag || first === '-' || STDIN_PATHS.has(first ?? '') ? undefined : first;
  const scriptAt =
    script === undefined
      ? undefined
      : interpreter.operandScript === false
        ? argv.lastIndexOf(script) >= 0
          ? argv.lastIndexOf(script)
          : undefined
        : parsed.positionalAt[0];
  // Several inline options are all run (`perl -e A -e B`, `gnuplot -e A -e B`): their code, one per line.
  const inlines = parsed.flags.filter((f) => interpreter.inline.includes(f.name) && f.value !== undefined);
  const code = inlines.length > 1 ? inlines.map((f) => f.value).join('\n') : inlineFlag?.value;
  return {
    family,
    inline,
    code,
    script,
    scriptAt,
    readsStdin: inline === undefined && !noScript && script === undefined,
  };
}

/** Paths that name the process's own stdin: `sh /dev/stdin <<< '…'` reads its script from stdin, as `sh -` does. */
export const STDIN_PATHS: ReadonlySet<string> = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** Programs run by absolute path from system directories are programs, not scripts the session could have written. */
export function isSystemPath(path: string): boolean {
  return /^\/(usr\/(local\/)?)?s?bin\//.test(normalise(path));
}
