// A value computed at run time inside a text otherwise known (kept apart from one-liners.ts, whose scan it serves,
// so the ledger can know it without loading the shell model).
/**
 * Where a value computed at run time stands in a text written in pieces (and in what echo or printf writes from an
 * unknown word, run.ts): `$` and a NUL. The `$` reads as a reference, as a shell variable written into a file does, so
 * the rules for a literal credential (which leave `${VAR}` alone: the tool expands it itself) stay quiet; the NUL, which
 * no hand-written text holds, lets a rule ask for a value computed at run time (`\$\x00`): the presets block it in the
 * project's own credential files, as they block a variable expanded there.
 */
export const COMPUTED_PIECE = '$\u0000';

/** A text with a computed piece in it is not known whole: the lines without one are its known pieces. */
export function knownLines(text: string): string | undefined {
  const lines = text.split('\n').filter((l) => !l.includes(COMPUTED_PIECE));
  return lines.some((l) => l.trim() !== '') ? lines.join('\n') : undefined;
}

/** A word the shell expanded in part, as the program receives it: each expansion left in it as written (`$(op read
 * …)`, `${TOKEN}`, `$TOKEN`) is a value computed at run time (the literal parts stay as they are). */
export function expansionsComputed(word: string): string {
  return word.replace(/\$(?:\{[^}]*\}|\((?:[^()]|\([^()]*\))*\)|[A-Za-z_]\w*|[0-9@*#?$!-])/g, COMPUTED_PIECE);
}
