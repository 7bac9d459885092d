// Schema primitives shared by triggers, contracts and events: ids, globs, patterns and the one-or-many helper.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';

// Jitless: zod's JIT compiles a parser per schema with new Function() on first use. For a configuration parsed once
// per start that costs more than it saves (about 3 ms of the plugin's cold start), and a strict Content-Security-
// Policy (the configurator's) forbids it anyway.
z.config({ jitless: true });

/** Accepts a single value or a non-empty list of them; the compiler treats both as a list. */
export const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1)]);

/** Normalises a one-or-many value to a list. */
export const asList = <T>(value: T | readonly T[] | undefined): readonly T[] =>
  value === undefined ? [] : Array.isArray(value) ? (value as readonly T[]) : [value as T];

export const KEBAB_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ContractId = z
  .string()
  .regex(KEBAB_ID, 'use lower-case words joined by hyphens, e.g. "no-force-push"')
  .max(80)
  .meta({
    description:
      'Stable identifier of a contract: lower-case words joined by hyphens. Shown in every verdict and log line.',
    examples: ['no-force-push'],
  });

export const RoleId = z
  .string()
  .regex(KEBAB_ID, 'use the role id in kebab-case, e.g. "software-developer"')
  .meta({
    description:
      'A role id: one of the Semantic Anchors catalogue roles (e.g. software-developer, qa-engineer) or one declared under roles.custom.',
    examples: ['software-developer'],
  });

export const AnchorId = z
  .string()
  .min(1)
  .meta({
    description: 'The id of an anchor in the Semantic Anchors catalogue (the last part of its page URL).',
    examples: ['conventional-commits'],
  });

export const Glob = z
  .string()
  .min(1)
  .max(1000)
  .meta({
    description:
      'A glob (picomatch syntax: *, **, ?, [abc], {a,b}). Relative globs match paths relative to the project root ' +
      '(a file outside it looks like "../other/file"); a glob starting with "/" matches the absolute path.',
    examples: ['src/**/*.ts'],
  });

export const Pattern = z
  .string()
  .min(1)
  .max(2000)
  .meta({
    description:
      'A regular expression in RE2 syntax, searched anywhere in the text (anchor it with ^ and $). Matching is ' +
      'linear-time, so no pattern can hang the agent; look-around and back-references are not available. ' +
      'Instead of a back-reference, name two or more groups same1, same2, …: the pattern then holds only where those ' +
      'that took part in the match (two at least) captured the same text, e.g. assert\\s+(?P<same1>[\\w.]+)\\s*==\\s*(?P<same2>[\\w.]+). ' +
      'Start with (?i) to ignore case.',
    examples: ['(?i)\\bgit\\s+push\\b.*--force'],
  });

export const Globs = oneOrMany(Glob);
export const Patterns = oneOrMany(Pattern);

export const Mode = z.enum(['BLOCK', 'WARN']).meta({
  description:
    'BLOCK stops the call and tells the agent what to do instead (a human may bypass it once); WARN lets the call ' +
    'run and shows the agent and the human a note.',
  examples: ['BLOCK'],
});

export const Decision = z.enum(['ALLOW', 'WARN', 'BLOCK']).meta({
  description: 'A verdict: BLOCK dominates WARN, which dominates ALLOW.',
  examples: ['BLOCK'],
});

export type Mode = z.infer<typeof Mode>;
export type Decision = z.infer<typeof Decision>;
