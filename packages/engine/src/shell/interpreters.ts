// DATA: interpreters — which options carry inline code, and whether a command reads its program from stdin.
import { parseArgv } from './argv.js';
import { optionsOf } from './programs.js';
import { SHELLS } from './wrappers.js';
import { normalise } from './paths.js';

/** Options whose value is a program in the interpreter's own language. */
const INLINE: Readonly<Record<string, readonly string[]>> = {
  python: ['-c'],
  node: ['-e', '--eval', '-p', '--print'],
  perl: ['-e', '-E'],
  ruby: ['-e'],
  php: ['-r'],
  deno: ['eval'],
  bun: ['-e', '--eval', '-p', '--print'],
};

/** Options after which no script path follows (`python -m module`). */
const NO_SCRIPT: Readonly<Record<string, readonly string[]>> = { python: ['-m'] };

const FAMILY_BY_NAME: ReadonlyMap<string, string> = new Map([
  ['node', 'node'],
  ['nodejs', 'node'],
  ['ruby', 'ruby'],
  ['php', 'php'],
  ['bun', 'bun'],
  ['deno', 'deno'],
  ...[...SHELLS].map((shell): [string, string] => [shell, 'sh']),
]);

/** python3.12 → python, nodejs → node: one entry per language. Runs for every simple command, so the patterns are
 * tried only on names that start like them. */
export function interpreterFamily(program: string): string | undefined {
  const known = FAMILY_BY_NAME.get(program);
  if (known !== undefined) return known;
  if (program.startsWith('python') && /^python(\d+(\.\d+)?)?$/.test(program)) return 'python';
  if (program.startsWith('perl') && /^perl(\d+(\.\d+)*)?$/.test(program)) return 'perl';
  return undefined;
}

export interface InterpreterUse {
  readonly family: string;
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
  const family = interpreterFamily(program);
  if (family === undefined) return undefined;
  if (family === 'deno' || family === 'bun') {
    // `deno run x.ts` / `bun run x.ts` / `bun x.ts`: a script only when the word looks like a file.
    const word = argv[0] === 'run' ? argv[1] : argv[0];
    const script = word !== undefined && /\.[cm]?[jt]sx?$/.test(word) ? word : undefined;
    const at = argv.findIndex((a) => (INLINE[family] ?? []).includes(a));
    const inline = at < 0 ? undefined : argv[at];
    return {
      family,
      inline,
      code: at < 0 ? undefined : argv[at + 1],
      script,
      scriptAt: script === undefined ? undefined : argv.indexOf(script),
      readsStdin: false,
    };
  }
  const parsed = parseArgv(argv, optionsOf(family, undefined), undefined, true);
  const inlineFlag = parsed.flags.find((f) => (INLINE[family] ?? []).includes(f.name));
  const inline = inlineFlag?.name;
  const noScript = parsed.flags.some((f) => (NO_SCRIPT[family] ?? []).includes(f.name));
  const stdinFlag = parsed.flags.some((f) => f.name === '-s' && family === 'sh');
  const first = parsed.positionals[0];
  const script = inline !== undefined || noScript || stdinFlag || first === '-' ? undefined : first;
  const scriptAt = script === undefined ? undefined : parsed.positionalAt[0];
  return {
    family,
    inline,
    code: inlineFlag?.value,
    script,
    scriptAt,
    readsStdin: inline === undefined && !noScript && script === undefined,
  };
}

/** Programs run by absolute path from system directories are programs, not scripts the session could have written. */
export function isSystemPath(path: string): boolean {
  return /^\/(usr\/(local\/)?)?s?bin\//.test(normalise(path));
}
