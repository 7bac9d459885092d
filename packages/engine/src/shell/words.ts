// Words of the AST → their unquoted values, and whether the shell would compute them at run time.
import type { Word, WordPart } from 'unbash';

/** A word with quotes removed. `dynamic` when part of it is computed ($X, ${…}, $(…), `…`, $((…)), <(…)). */
export interface ShellWord {
  readonly value: string;
  readonly dynamic: boolean;
  /** The substitution parts whose scripts must be walked as commands of their own. */
  readonly pos: number;
  readonly end: number;
  /** True when the whole word is one single-quoted string: its inner offsets map 1:1 onto the source. */
  readonly singleQuoted: boolean;
  /** The word as written (for re-parsing offsets and for texts). */
  readonly text: string;
  /** True when the word is a process substitution `<(…)`/`>(…)` standing for a file. */
  readonly processSubstitution: boolean;
  /** True when brace expansion or a glob turns it into other words (`{rm,-rf,x}`, `/bin/r?`). */
  readonly expands: boolean;
  /** True when its text alone showed it plain or quoted without expansions: no substitution inside to walk. */
  readonly simple: boolean;
}

/** A program name the shell computes (from a variable, a substitution, a brace expansion or a glob). */
export const isComputedName = (word: ShellWord): boolean => word.dynamic || word.expands;

/** Whether parts (or the parts of their double quotes) are computed at run time. */
function partsAreDynamic(parts: readonly WordPart[]): boolean {
  for (const part of parts) {
    switch (part.type) {
      case 'SimpleExpansion':
      case 'ParameterExpansion':
      case 'CommandExpansion':
      case 'ArithmeticExpansion':
      case 'ProcessSubstitution':
        return true;
      case 'DoubleQuoted':
      case 'LocaleString':
        if (partsAreDynamic(part.parts)) return true;
    }
  }
  return false;
}

/** Whether brace expansion or a glob turns the word into other words (only top-level parts count). */
function partsExpand(parts: readonly WordPart[]): boolean {
  for (const part of parts)
    if (part.type === 'BraceExpansion' || part.type === 'Glob' || part.type === 'ExtendedGlob') return true;
  return false;
}

/** Characters that never quote, expand, glob or substitute: a word made only of them is its own value. */
const PLAIN = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=,@%+') PLAIN[c.charCodeAt(0)] = 1;

const QUOTE = 39;
const DOUBLE_QUOTE = 34;

/**
 * What a word's text alone tells, without asking unbash for its parts (which re-scans the word): 'plain' (only
 * PLAIN characters: the value is the text), 'single' (one single-quoted string: the value is what is inside),
 * 'double' (one double-quoted string with nothing expanded or escaped inside), or undefined (ask unbash).
 * INVARIANT: for these three shapes unbash yields no substitution, nothing dynamic, no expansion, and the value
 * returned here; anything else falls back to unbash's parts.
 */
export function simpleWordShape(text: string): 'plain' | 'single' | 'double' | undefined {
  const n = text.length;
  if (n === 0) return undefined;
  const first = text.charCodeAt(0);
  if (first === QUOTE || first === DOUBLE_QUOTE) {
    if (n < 2 || text.charCodeAt(n - 1) !== first) return undefined;
    for (let i = 1; i < n - 1; i++) {
      const c = text.charCodeAt(i);
      if (c === first) return undefined;
      // Inside double quotes $, ` and \ keep their meaning (and ! may too); single quotes keep nothing.
      if (first === DOUBLE_QUOTE && (c === 36 || c === 96 || c === 92 || c === 33)) return undefined;
    }
    return first === QUOTE ? 'single' : 'double';
  }
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || PLAIN[c] === 0) return undefined;
  }
  return 'plain';
}

export function shellWord(word: Word): ShellWord {
  const text = word.text;
  const shape = simpleWordShape(text);
  if (shape !== undefined) {
    const value = shape === 'plain' ? text : text.slice(1, -1);
    return {
      value,
      dynamic: false,
      pos: word.pos,
      end: word.end,
      singleQuoted: shape === 'single',
      text,
      processSubstitution: false,
      expands: false,
      simple: true,
    };
  }
  // unbash resolves parts on first access; a word without any has a static value.
  const parts = word.parts;
  if (parts === undefined) {
    return {
      value: word.value,
      dynamic: false,
      pos: word.pos,
      end: word.end,
      singleQuoted: false,
      text,
      processSubstitution: false,
      expands: false,
      simple: false,
    };
  }
  const only = parts.length === 1 ? parts[0] : undefined;
  return {
    // unbash's value removes quotes and backslashes but keeps expansions as written ("$HOME/x" → $HOME/x).
    value: word.value,
    dynamic: partsAreDynamic(parts),
    pos: word.pos,
    end: word.end,
    singleQuoted: only?.type === 'SingleQuoted',
    text,
    processSubstitution: only?.type === 'ProcessSubstitution',
    expands: partsExpand(parts),
    simple: false,
  };
}

/** A word made up by the model itself (env -S splitting, eval joining): static, spanning its origin. */
export function syntheticWord(value: string, pos: number, end: number): ShellWord {
  return {
    value,
    dynamic: false,
    pos,
    end,
    singleQuoted: false,
    text: value,
    processSubstitution: false,
    expands: false,
    simple: true,
  };
}

/** A word as the shell would read it back: as is when it is plain, else in single quotes (`'` written `'\''`). */
export const shellQuote = (word: string): string =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
