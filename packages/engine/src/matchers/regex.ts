// User-written patterns run on RE2 (re2js): matching time is linear in the input, so no pattern can hang the agent.
import { RE2JS } from 're2js';
import { BoundedCache } from './bounded-cache.js';
import { requiredLiterals, type RequiredLiterals } from './literal.js';

export interface TextMatcher {
  readonly source: string;
  test(text: string): boolean;
}

export type CompileResult<T> = { ok: true; value: T } | { ok: false; error: string; hint: string };

/** Inputs longer than this are matched on their first part only, keeping the cost of one check bounded. */
export const MAX_MATCH_INPUT = 256 * 1024;

/** Compiled patterns by source: the validator and the compiler, and every reload, share one compilation. */
const compiled = new BoundedCache<string, CompileResult<TextMatcher>>(4096);

export function compilePattern(source: string): CompileResult<TextMatcher> {
  return compiled.getOrMake(source, () => compileUncached(source));
}

/**
 * A matcher that compiles on first use. For patterns already validated (the load stage compiled them, or CI did
 * for bundled presets), so start-up pays only for the patterns an event actually reaches.
 */
export function lazyPattern(source: string): TextMatcher {
  let matcher: TextMatcher | undefined;
  return {
    source,
    test(text) {
      if (!matcher) {
        const r = compilePattern(source);
        if (!r.ok) throw new Error(`pattern /${source}/ does not compile: ${r.error}`);
        matcher = r.value;
      }
      return matcher.test(text);
    },
  };
}

/**
 * The names of a pattern's "same" groups (`(?P<same1>…)`, `(?P<same2>…)`): RE2 has no back-references, so a pattern
 * that needs two places to hold the same text (a value compared with itself: `assert order.total == order.total`)
 * names them so; it holds where all of them captured the same text. Fewer than two: none.
 */
export function sameGroups(re: RE2JS): readonly string[] {
  const names = Object.keys(re.namedGroups()).filter((n) => /^same\d*$/.test(n));
  return names.length >= 2 ? names : [];
}

/** Whether the matcher's current match captured the same text in every one of the groups that took part in it (at
 * least two: a pattern's alternatives may each name their own pair). */
export function sameHold(m: ReturnType<RE2JS['matcher']>, names: readonly string[]): boolean {
  const texts = names.map((n) => m.group(n)).filter((t): t is string => t !== null);
  return texts.length >= 2 && texts.every((t) => t === texts[0]);
}

/** Whether the pattern matches somewhere with its same groups equal (each place's first match is the one tried). */
function testSame(re: RE2JS, names: readonly string[], input: string): boolean {
  const m = re.matcher(input);
  let from = 0;
  while (from <= input.length && m.find(from)) {
    if (sameHold(m, names)) return true;
    from = m.end() > m.start() ? m.end() : m.end() + 1;
  }
  return false;
}

function compileUncached(source: string): CompileResult<TextMatcher> {
  try {
    const re = RE2JS.compile(source);
    const same = sameGroups(re);
    const literals = requiredLiterals(source);
    // One pattern is asked about the same texts many times in a row: the presets share rules (a composed
    // configuration holds the same rule once per role that has it), and a rule tests each command's normalized text
    // and its raw text in turn. A pattern is a pure function of its input: the last two answers are kept.
    let input0: string | undefined;
    let input1: string | undefined;
    let result0 = false;
    let result1 = false;
    return {
      ok: true,
      value: {
        source,
        test(text) {
          if (text === input0) return result0;
          if (text === input1) return result1;
          const input = text.length > MAX_MATCH_INPUT ? text.slice(0, MAX_MATCH_INPUT) : text;
          // Most texts lack the pattern's required literals: reject those without running RE2.
          const result =
            (literals === undefined || mayContainAll(input, literals)) &&
            (same.length === 0 ? re.test(input) : testSame(re, same, input));
          input1 = input0;
          result1 = result0;
          input0 = text;
          result0 = result;
          return result;
        },
      },
    };
  } catch (error) {
    const message = String((error as Error).message ?? error).replace(/^error parsing regexp: /, '');
    return { ok: false, error: message, hint: patternHint(message) };
  }
}

function patternHint(message: string): string {
  if (/Perl syntax: `\(\?[=!<]/.test(message)) {
    return 'look-ahead and look-behind are not available in RE2; split the rule into a trigger and an "unless" exception';
  }
  if (/\\[1-9]/.test(message) || /backreference/i.test(message)) {
    return 'back-references are not available in RE2; match each alternative explicitly';
  }
  if (/missing closing|missing argument|unexpected \)/.test(message)) {
    return 'balance the brackets, or escape a literal bracket with a backslash (\\( \\[)';
  }
  if (/invalid escape/.test(message)) {
    return 'in YAML single quotes a backslash is literal: write \'\\d\'; in double quotes write "\\\\d"';
  }
  return 'patterns use RE2 syntax (like JavaScript regular expressions without look-around and back-references)';
}

// Texts folded to lower case, by text: one event's texts (the call's command, each simple command's normalized and raw
// text) are tested against many patterns, contract after contract, so they come round again and again. Cleared when
// full: the next event brings new texts.
const FOLDED = 64;
const NON_ASCII_FOLDS = /[\u017f\u212a]/g;
const foldedTexts = new Map<string, string>();

function folded(text: string): string {
  let f = foldedTexts.get(text);
  if (f === undefined) {
    if (foldedTexts.size >= FOLDED) foldedTexts.clear();
    // One scan for both letters (most texts have neither, and replace then returns the same string).
    f = text.toLowerCase().replace(NON_ASCII_FOLDS, (c) => (c === '\u017f' ? 's' : 'k'));
    foldedTexts.set(text, f);
  }
  return f;
}

/**
 * Whether `text` contains one literal of every group. Ignoring case, the text is lower-cased with the two non-ASCII
 * letters whose RE2 case folding reaches ASCII (ſ → s, Kelvin K → k), so the prefilter never rejects a text RE2
 * would match.
 */
function mayContainAll(text: string, literals: RequiredLiterals): boolean {
  const t = literals.ignoreCase ? folded(text) : text;
  for (const group of literals.all) {
    let found = false;
    for (let i = 0; i < group.length && !found; i++) found = t.includes(group[i]!);
    if (!found) return false;
  }
  return true;
}
