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
  for (const part of parts) if (part.type === 'BraceExpansion' || part.type === 'Glob' || part.type === 'ExtendedGlob') return true;
  return false;
}

export function shellWord(word: Word): ShellWord {
  // unbash resolves parts on first access; a plain word has none, and most words are plain.
  const parts = word.parts;
  if (parts === undefined) {
    return { value: word.value, dynamic: false, pos: word.pos, end: word.end, singleQuoted: false, text: word.text, processSubstitution: false, expands: false };
  }
  const only = parts.length === 1 ? parts[0] : undefined;
  return {
    // unbash's value removes quotes and backslashes but keeps expansions as written ("$HOME/x" → $HOME/x).
    value: word.value,
    dynamic: partsAreDynamic(parts),
    pos: word.pos,
    end: word.end,
    singleQuoted: only?.type === 'SingleQuoted',
    text: word.text,
    processSubstitution: only?.type === 'ProcessSubstitution',
    expands: partsExpand(parts),
  };
}

/** A word made up by the model itself (env -S splitting, eval joining): static, spanning its origin. */
export function syntheticWord(value: string, pos: number, end: number): ShellWord {
  return { value, dynamic: false, pos, end, singleQuoted: false, text: value, processSubstitution: false, expands: false };
}
