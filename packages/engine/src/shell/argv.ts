// Command-line words → flags and positionals: combined short flags split, `--opt=value` split, `--` ends options,
// and options that take a value (from the programs table) keep it on the Flag instead of leaving a positional.
// Runs once per simple command: it scans by char code and allocates only what it returns.
import type { Flag } from './types.js';

/** Which options of a program (or of one of its subcommands) take a value. */
export interface OptionSpec {
  /** Take the next word as value unless given attached (`-mmsg`, `--message=msg`). */
  readonly value: ReadonlySet<string>;
  /** Take only an attached value, never the next word (`sed -i.bak`, `perl -i.orig`). */
  readonly attached: ReadonlySet<string>;
  /** Single-dash words are whole options, never clusters of letters (terraform's -auto-approve, find's -delete). */
  readonly singleDashWords?: boolean;
  /** Attached options whose value is digits only (`perl -0777pi`): the cluster goes on after the digits. */
  readonly digits?: ReadonlySet<string>;
}

const OCTAL_DIGIT = /[0-7]/;
const HEX_DIGIT = /[0-9a-fA-F]/;

export const NO_OPTIONS: OptionSpec = { value: new Set(), attached: new Set() };

export interface ParsedArgv {
  readonly flags: Flag[];
  readonly positionals: string[];
  /** Index in the input words of each positional (for wrappers that run "the rest" as a command). */
  readonly positionalAt: number[];
  /** Index of the `--` word that ended options, or -1. */
  readonly endOfOptions: number;
}

const DASH = 45;

/** `-a`…`-z`, `-A`…`-Z`, `-0`…`-9`: the names a short-flag cluster is made of (other characters are skipped). */
const SHORT_NAMES: readonly string[] = Array.from({ length: 128 }, (_, c) => `-${String.fromCharCode(c)}`);
const isLetterOrDigit = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * Split `words` (from `from` on) into flags and positionals. `base` holds the options known before a subcommand;
 * once the first positional (the subcommand) is seen, `bySubcommand` may name a spec of its own, and once the second
 * is, a two-word subcommand ('pr merge') may name one that replaces it. `stopAtPositional`:
 * everything after the first positional is positional too (wrappers and interpreters: their options end where the
 * command begins). `positionalAt` and `endOfOptions` index `words` as given minus `from`.
 */
export function parseArgv(
  words: readonly string[],
  base: OptionSpec,
  bySubcommand: ReadonlyMap<string, OptionSpec> | undefined,
  stopAtPositional = false,
  from = 0,
  /** What a two-word key of `bySubcommand` can start with (`subcommandPrefixes`): other first words skip the lookup. */
  pairs?: ReadonlySet<string>,
): ParsedArgv {
  const flags: Flag[] = [];
  const positionals: string[] = [];
  const positionalAt: number[] = [];
  let endOfOptions = -1;
  let spec = base;
  const count = words.length;
  for (let i = from; i < count; i++) {
    const token = words[i] as string;
    const optionsOver = endOfOptions !== -1 || (stopAtPositional && positionals.length > 0);
    if (optionsOver || token.length < 2 || token.charCodeAt(0) !== DASH) {
      // Not an option: a word, '-' (stdin) or '' — or options are over.
      positionals.push(token);
      positionalAt.push(i - from);
      if (positionals.length === 1 && bySubcommand !== undefined) spec = bySubcommand.get(token) ?? base;
      // A two-word subcommand with options of its own (`gh pr merge`, whose -s and -m take no value).
      else if (
        positionals.length === 2 &&
        bySubcommand !== undefined &&
        (pairs === undefined || pairs.has(positionals[0]!))
      )
        spec = bySubcommand.get(`${positionals[0]} ${token}`) ?? spec;
      continue;
    }
    if (token === '--') {
      endOfOptions = i - from;
      continue;
    }
    if (token.charCodeAt(1) === DASH) {
      const eq = token.indexOf('=');
      if (eq !== -1) flags.push({ name: token.slice(0, eq), value: token.slice(eq + 1), token });
      else if (i + 1 < count && spec.value.has(token)) flags.push({ name: token, value: words[++i], token });
      else flags.push({ name: token, value: undefined, token });
      continue;
    }
    // Single dash. A whole-token option (`-chdir=dir`, `-var x`, terraform/find style) is matched first.
    const eq = token.indexOf('=');
    // ... unless its first letter is a short option that takes a value, attached (`curl -F"file=@x.tar"`, `-dk=v`: the
    // value is `file=@x.tar`, round 38), and the program reads no such whole-token option.
    const attachedValue =
      eq >= 2 &&
      spec.singleDashWords !== true &&
      !spec.value.has(token.slice(0, eq)) &&
      spec.value.has(token.slice(0, 2));
    if (eq >= 2 && !attachedValue) {
      flags.push({ name: token.slice(0, eq), value: token.slice(eq + 1), token });
      continue;
    }
    if (token.length > 2 && i + 1 < count && spec.value.has(token)) {
      flags.push({ name: token, value: words[++i], token });
      continue;
    }
    if (spec.singleDashWords === true && token.length > 2) {
      flags.push({ name: token, value: undefined, token });
      continue;
    }
    // Short flags, possibly combined (`-fu`); a value-taking letter ends the cluster and owns the rest.
    for (let at = 1; at < token.length; at++) {
      const code = token.charCodeAt(at);
      if (!isLetterOrDigit(code)) continue;
      const name = SHORT_NAMES[code] as string;
      const last = at + 1 === token.length;
      if (spec.digits?.has(name) === true) {
        // perl's -0 takes octal digits or x and hex digits (-0777, -0x1F); -l octal digits.
        let stop = at + 1;
        const hex = name === '-0' && (token[stop] === 'x' || token[stop] === 'X');
        if (hex) stop++;
        while (stop < token.length && (hex ? HEX_DIGIT : OCTAL_DIGIT).test(token[stop] as string)) stop++;
        flags.push({ name, value: stop > at + 1 ? token.slice(at + 1, stop) : undefined, token });
        at = stop - 1;
        continue;
      }
      if (spec.attached.has(name)) {
        flags.push({ name, value: last ? undefined : token.slice(at + 1), token });
        break;
      }
      if (spec.value.has(name)) {
        if (!last) flags.push({ name, value: token.slice(at + 1), token });
        else if (i + 1 < count) flags.push({ name, value: words[++i], token });
        else flags.push({ name, value: undefined, token });
        break;
      }
      flags.push({ name, value: undefined, token });
    }
  }
  return { flags, positionals, positionalAt, endOfOptions };
}

/**
 * Every text a key of `bySubcommand` holds before one of its spaces: a first positional `p` can make a two-word key
 * `${p} ${second}` only when `p` is one of them (so the lookup, which makes and hashes a new string, is skipped for
 * the rest).
 */
export function subcommandPrefixes(bySubcommand: ReadonlyMap<string, OptionSpec>): ReadonlySet<string> {
  const out = new Set<string>();
  for (const key of bySubcommand.keys())
    for (let i = key.indexOf(' '); i !== -1; i = key.indexOf(' ', i + 1)) out.add(key.slice(0, i));
  return out;
}

/** Build an OptionSpec from the data tables' string lists. */
export function optionSpec(
  value: readonly string[] = [],
  attached: readonly string[] = [],
  singleDashWords = false,
  digits: readonly string[] = [],
): OptionSpec {
  return {
    value: new Set(value),
    attached: new Set(attached),
    ...(singleDashWords ? { singleDashWords } : {}),
    ...(digits.length > 0 ? { digits: new Set(digits) } : {}),
  };
}
