// Finds a literal that every match of a pattern must contain, so most non-matching texts are rejected with a plain
// substring search before RE2 runs. Conservative by construction: when in doubt it returns undefined (no prefilter),
// never a literal that a real match could lack. A property test checks it against RE2 on random patterns.

export interface RequiredLiteral {
  readonly text: string;
  /** The pattern ignores case ((?i) at its start): compare lower-cased. */
  readonly ignoreCase: boolean;
}

const ESCAPED_LITERAL = /[\\.+*?()|[\]{}^$/\-#&~ !"',:;<=>@%`]/;

export function requiredLiteral(pattern: string): RequiredLiteral | undefined {
  let src = pattern;
  let ignoreCase = false;
  const flags = /^\(\?([imsU]+)\)/.exec(src);
  if (flags) {
    if (flags[1]!.includes('i')) ignoreCase = true;
    src = src.slice(flags[0].length);
  }
  if (src.includes('(?')) return undefined; // other inline flags or groups with flags: stay safe
  const runs: string[] = [];
  let run = '';
  const cut = () => {
    if (run) runs.push(run);
    run = '';
  };
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '|' && depth === 0) return undefined; // top-level alternation: no literal is required
    if (depth > 0) {
      if (c === '\\') i++;
      else if (c === '[') i = skipClass(src, i);
      else if (c === '(') depth++;
      else if (c === ')') depth--;
      if (depth === 0) {
        cut();
        i = skipQuantifier(src, i + 1) - 1;
      }
      continue;
    }
    if (c === '(') {
      depth = 1;
      cut();
      continue;
    }
    let atom: string | undefined; // the literal character this atom stands for, if it is one
    if (c === '\\') {
      const n = src[i + 1];
      if (n === undefined) return undefined;
      i++;
      if (ESCAPED_LITERAL.test(n)) atom = n;
      else if (n === 'x' || n === 'p' || n === 'P' || /[0-9]/.test(n))
        return undefined; // hex, classes, octal
      else atom = undefined; // \b \s \d \w \A \z \n \t …: not a plain character
    } else if (c === '[') {
      i = skipClass(src, i);
      if (i < 0) return undefined;
    } else if (c === '.' || c === '^' || c === '$') {
      atom = undefined;
    } else if (c === '*' || c === '+' || c === '?' || c === '{' || c === ')') {
      return undefined; // a quantifier or bracket where none can stand: leave it to RE2
    } else {
      atom = c;
    }
    const q = src[i + 1];
    const optional = q === '*' || q === '?' || (q === '{' && /^\{0[,}]/.test(src.slice(i + 1)));
    const repeated = q === '+' || q === '{';
    if (atom === undefined || optional) {
      cut();
    } else {
      run += atom;
      if (repeated) cut(); // the character is required once; what follows is not adjacent for sure
    }
    if (q === '*' || q === '+' || q === '?' || q === '{') i = skipQuantifier(src, i + 1) - 1;
  }
  cut();
  const best = runs.sort((a, b) => b.length - a.length)[0];
  if (!best || best.length < 2) return undefined;
  // Ignoring case, only ASCII literals: other scripts have case-folding orbits a plain toLowerCase does not follow.
  if (ignoreCase && !/^[\x20-\x7e]+$/.test(best)) return undefined;
  return { text: ignoreCase ? best.toLowerCase() : best, ignoreCase };
}

/** Index of the "]" that closes the class opening at i, or -1. */
function skipClass(src: string, i: number): number {
  let j = i + 1;
  if (src[j] === '^') j++;
  if (src[j] === ']') j++;
  for (; j < src.length; j++) {
    if (src[j] === '\\') j++;
    else if (src[j] === '[' && src[j + 1] === ':') {
      const end = src.indexOf(':]', j + 2);
      if (end < 0) return -1;
      j = end + 1;
    } else if (src[j] === ']') return j;
  }
  return -1;
}

/** Index just past a quantifier starting at i (and its lazy "?"), or i when there is none. */
function skipQuantifier(src: string, i: number): number {
  const c = src[i];
  let j = i;
  if (c === '*' || c === '+' || c === '?') j = i + 1;
  else if (c === '{') {
    const end = src.indexOf('}', i);
    j = end < 0 ? i : end + 1;
  }
  if (j > i && src[j] === '?') j++;
  return j;
}
