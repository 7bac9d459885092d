// A command's argv → which word each flag and positional came from. The shell model's argv parser returns flags and
// positionals without their word indices (the evaluation path needs none); this replays its reading, on demand.
import type { SimpleCommand } from '../shell/index.js';
import { NO_OPTIONS, type OptionSpec } from '../shell/argv.js';
import { compiledProgram } from '../shell/programs/registry.js';

export interface ArgvLayout {
  /** Per flag of the command (same order): the argv index of its token, and of its value when it is the next word. */
  readonly flags: readonly { readonly at: number; readonly valueAt: number | undefined }[];
  /** Per positional of the command (same order): its argv index. */
  readonly positionals: readonly number[];
}

const DASH = 45;
const isLetterOrDigit = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * The same reading as shell/argv.ts `parseArgv` (combined short flags, `--opt=value`, `--`, value-taking options),
 * recording word indices. INVARIANT: the result is checked against the command's own flags and positionals; on any
 * disagreement it is undefined, so a drift between the two readers never places a mark on the wrong word.
 */
export function argvLayout(cmd: SimpleCommand): ArgvLayout | undefined {
  const table = compiledProgram(cmd.program);
  const base: OptionSpec = table?.base ?? NO_OPTIONS;
  const bySubcommand = table?.bySubcommand;
  const words = cmd.argv;
  const flags: { at: number; valueAt: number | undefined; name: string }[] = [];
  const positionals: number[] = [];
  let spec = base;
  let optionsOver = false;
  for (let i = 0; i < words.length; i++) {
    const token = words[i]!;
    if (optionsOver || token.length < 2 || token.charCodeAt(0) !== DASH) {
      positionals.push(i);
      if (positionals.length === 1 && bySubcommand !== undefined) spec = bySubcommand.get(token) ?? base;
      continue;
    }
    if (token === '--') {
      optionsOver = true;
      continue;
    }
    const eq = token.indexOf('=');
    if (token.charCodeAt(1) === DASH) {
      if (eq !== -1) flags.push({ at: i, valueAt: undefined, name: token.slice(0, eq) });
      else if (i + 1 < words.length && spec.value.has(token)) flags.push({ at: i, valueAt: ++i, name: token });
      else flags.push({ at: i, valueAt: undefined, name: token });
      continue;
    }
    if (eq >= 2) {
      flags.push({ at: i, valueAt: undefined, name: token.slice(0, eq) });
      continue;
    }
    if (token.length > 2 && i + 1 < words.length && spec.value.has(token)) {
      flags.push({ at: i, valueAt: ++i, name: token });
      continue;
    }
    const at = i;
    for (let c = 1; c < token.length; c++) {
      const code = token.charCodeAt(c);
      if (!isLetterOrDigit(code)) continue;
      const name = `-${token[c]}`;
      const last = c + 1 === token.length;
      if (spec.attached.has(name)) {
        flags.push({ at, valueAt: undefined, name });
        break;
      }
      if (spec.value.has(name)) {
        flags.push({ at, valueAt: last && i + 1 < words.length ? ++i : undefined, name });
        break;
      }
      flags.push({ at, valueAt: undefined, name });
    }
  }
  const agrees =
    flags.length === cmd.flags.length &&
    flags.every((f, i) => f.name === cmd.flags[i]!.name) &&
    positionals.length === cmd.positionals.length &&
    positionals.every((p, i) => words[p] === cmd.positionals[i]);
  return agrees ? { flags, positionals } : undefined;
}
