// A necessary condition of a structured command match (`run`), shared by every match that has the same one: the first
// word of its subcommand and the flags it needs. A policy repeats these far more than whole matches (forty-nine
// `git push --force` rules to forty-nine branches have one), so the event index asks each distinct check once per call
// and drops every contract whose check no command of the call meets: a `git commit && git push origin feature` looks
// once for a forced push instead of walking its three git commands through each of the forty-nine rules.
// INVARIANT: a check only ever says "cannot hold"; when it holds the match is tested in full, so a check that is too
// generous costs time, never a verdict. It is therefore built only from parts it reads exactly as the match does
// (flag-match.ts), and gives way (holds) wherever the match has latitude the check does not model: a command with a
// value the engine cannot know may take any subcommand.
import type { ToolFacts } from '../facts/index.js';
import { BoundedCache } from '../matchers/bounded-cache.js';
import { anyFlag, hasFlag } from './flag-match.js';

export interface CommandCheck {
  /** What it tests, as text: equal checks are one object. */
  readonly key: string;
  /** Whether some simple command of the call can meet it (the last call's answer is kept: every contract asks). */
  holdsIn(f: ToolFacts): boolean;
}

export interface CheckParts {
  /** The words one of which the command's first positional must be (a subcommand alternative's first word). */
  readonly firstWords?: readonly string[];
  /** Flags one of which the command must carry (`flags`, abbreviations allowed). */
  readonly anyOf?: readonly string[];
  /** Flags the command must all carry (`allFlags`). */
  readonly allOf?: readonly string[];
}

// Bounded like the compiled matches that hold them; a policy has a few dozen distinct checks.
const interned = new BoundedCache<string, CommandCheck>(1024);

/** The shared check for these parts, or undefined when they constrain nothing. */
export function commandCheck(parts: CheckParts): CommandCheck | undefined {
  const firstWords = parts.firstWords === undefined ? undefined : [...new Set(parts.firstWords)].sort();
  const anyOf = parts.anyOf === undefined ? undefined : [...new Set(parts.anyOf)].sort();
  const allOf = parts.allOf === undefined ? undefined : [...new Set(parts.allOf)].sort();
  if (firstWords === undefined && anyOf === undefined && allOf === undefined) return undefined;
  const key = JSON.stringify([firstWords ?? null, anyOf ?? null, allOf ?? null]);
  return interned.getOrMake(key, () => makeCheck(key, firstWords, anyOf, allOf));
}

function makeCheck(
  key: string,
  firstWords: readonly string[] | undefined,
  anyOf: readonly string[] | undefined,
  allOf: readonly string[] | undefined,
): CommandCheck {
  const words = firstWords === undefined ? undefined : new Set(firstWords);
  const meets = (f: ToolFacts): boolean => {
    for (let i = 0; i < f.commands.length; i++) {
      const cmd = f.commands[i]!.command;
      // A value the engine cannot know may stand for the subcommand (the match's `unknown: match`): give way.
      if (words !== undefined && cmd.unknown.length === 0) {
        const first = cmd.positionals[0];
        // (an alias counts as the command it stands for: `npm r` meets a check on uninstall)
        const alias = cmd.subcommandAlias;
        if (first === undefined || !(words.has(first) || (alias !== undefined && words.has(alias)))) continue;
      }
      if (anyOf !== undefined && !anyFlag(cmd.flags, anyOf, true)) continue;
      if (allOf !== undefined && !allOfFlags(cmd.flags, allOf)) continue;
      return true;
    }
    return false;
  };
  // Facts are immutable and every index (contracts, history, counters) asks about one call before the next exists.
  let lastFacts: ToolFacts | undefined;
  let lastAnswer = false;
  return {
    key,
    holdsIn(f) {
      if (f !== lastFacts) {
        lastAnswer = meets(f);
        lastFacts = f;
      }
      return lastAnswer;
    },
  };
}

function allOfFlags(flags: Parameters<typeof hasFlag>[0], specs: readonly string[]): boolean {
  for (let i = 0; i < specs.length; i++) if (!hasFlag(flags, specs[i]!, true)) return false;
  return true;
}
