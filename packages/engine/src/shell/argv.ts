// Command-line words → flags and positionals: combined short flags split, `--opt=value` split, `--` ends options,
// and options that take a value (from the programs table) keep it on the Flag instead of leaving a positional.
import type { Flag } from './types.js';

/** Which options of a program (or of one of its subcommands) take a value. */
export interface OptionSpec {
  /** Take the next word as value unless given attached (`-mmsg`, `--message=msg`). */
  readonly value: ReadonlySet<string>;
  /** Take only an attached value, never the next word (`sed -i.bak`, `perl -i.orig`). */
  readonly attached: ReadonlySet<string>;
}

export const NO_OPTIONS: OptionSpec = { value: new Set(), attached: new Set() };

export interface ParsedArgv {
  readonly flags: Flag[];
  readonly positionals: string[];
  /** Index in the input words of each positional (for wrappers that run "the rest" as a command). */
  readonly positionalAt: number[];
  /** Index of the `--` word that ended options, or -1. */
  readonly endOfOptions: number;
}

const LETTER = /[A-Za-z0-9]/;

/**
 * Split `words` into flags and positionals. `specFor` receives the first positional seen so far (the subcommand)
 * so subcommand-specific options are known once the subcommand is. `stopAtPositional`: everything after the first
 * positional is positional too (wrappers and interpreters: their options end where the command begins).
 */
export function parseArgv(
  words: readonly string[],
  specFor: (subcommand: string | undefined) => OptionSpec,
  stopAtPositional = false,
): ParsedArgv {
  const flags: Flag[] = [];
  const positionals: string[] = [];
  const positionalAt: number[] = [];
  let endOfOptions = -1;
  let spec = specFor(undefined);
  for (let i = 0; i < words.length; i++) {
    const token = words[i] as string;
    const optionsOver = endOfOptions !== -1 || (stopAtPositional && positionals.length > 0);
    if (optionsOver || token === '-' || !token.startsWith('-')) {
      positionals.push(token);
      positionalAt.push(i);
      if (positionals.length === 1) spec = specFor(token);
      continue;
    }
    if (token === '--') {
      endOfOptions = i;
      continue;
    }
    if (token.startsWith('--')) {
      const eq = token.indexOf('=');
      if (eq !== -1) flags.push({ name: token.slice(0, eq), value: token.slice(eq + 1), token });
      else if (spec.value.has(token) && i + 1 < words.length) flags.push({ name: token, value: words[++i], token });
      else flags.push({ name: token, value: undefined, token });
      continue;
    }
    // Single dash. A whole-token option (`-chdir=dir`, `-var x`, terraform/find style) is matched first.
    const eq = token.indexOf('=');
    if (eq >= 2) {
      flags.push({ name: token.slice(0, eq), value: token.slice(eq + 1), token });
      continue;
    }
    if (token.length > 2 && spec.value.has(token) && i + 1 < words.length) {
      flags.push({ name: token, value: words[++i], token });
      continue;
    }
    // Short flags, possibly combined (`-fu`); a value-taking letter ends the cluster and owns the rest.
    for (let at = 1; at < token.length; at++) {
      const letter = token[at] as string;
      if (!LETTER.test(letter)) continue;
      const name = `-${letter}`;
      const rest = token.slice(at + 1);
      if (spec.attached.has(name)) {
        flags.push({ name, value: rest === '' ? undefined : rest, token });
        break;
      }
      if (spec.value.has(name)) {
        if (rest !== '') flags.push({ name, value: rest, token });
        else if (i + 1 < words.length) flags.push({ name, value: words[++i], token });
        else flags.push({ name, value: undefined, token });
        break;
      }
      flags.push({ name, value: undefined, token });
    }
  }
  return { flags, positionals, positionalAt, endOfOptions };
}

/** Build an OptionSpec from the data tables' string lists. */
export function optionSpec(value: readonly string[] = [], attached: readonly string[] = []): OptionSpec {
  return { value: new Set(value), attached: new Set(attached) };
}
