// Finds literals that every match of a pattern must contain, so most non-matching texts are rejected with plain
// substring searches before RE2 runs. Conservative by construction: when in doubt it requires nothing (no prefilter),
// never a literal that a real match could lack. A property test checks it against RE2 on random patterns.
//
// The answer is a conjunction of alternatives: every group must have one of its literals in the text. A sequence
// requires each of its literal runs and each of its required groups; an alternation (`a|b`, at the top or inside a
// required group) requires one literal of each branch. The presets' rules are long alternations of URLs and paths
// (`/dispatches\b|/actions/runs/…|/_apis/build/builds\b`): one required literal would never be found for them, and
// RE2 then ran over every 1 KB command of every call.

export interface RequiredLiterals {
  /** Each entry: the text must contain at least one of these (lower-cased when ignoring case). */
  readonly all: readonly (readonly string[])[];
  /** The pattern ignores case ((?i) at its start): compare lower-cased. */
  readonly ignoreCase: boolean;
}

const ESCAPED_LITERAL = /[\\.+*?()|[\]{}^$/\-#&~ !"',:;<=>@%`]/;

/** Literals shorter than this make a weak filter (nearly every text has them): such a group is not kept. */
const MIN_LITERAL = 2;

type Groups = string[][];

export function requiredLiterals(pattern: string): RequiredLiterals | undefined {
  let src = pattern;
  let ignoreCase = false;
  const flags = /^\(\?([imsU]+)\)/.exec(src);
  if (flags) {
    if (flags[1]!.includes('i')) ignoreCase = true;
    src = src.slice(flags[0].length);
  }
  if (src.includes('\\Q')) return undefined; // quoted spans read differently: stay safe
  const groups = requirements(src, 0);
  if (groups === undefined) return undefined;
  // Ignoring case, only ASCII literals: other scripts have case-folding orbits a plain toLowerCase does not follow.
  const kept = groups
    .filter((g) => g.every((t) => t.length >= MIN_LITERAL && (!ignoreCase || /^[\x20-\x7e]+$/.test(t))))
    .map((g) => [...new Set(ignoreCase ? g.map((t) => t.toLowerCase()) : g)]);
  if (kept.length === 0) return undefined;
  // Cheapest and most selective first: a group is one substring search per literal, so single literals go first,
  // longest first (a long literal is rarer in a text), and most texts are rejected by the first search.
  kept.sort((a, b) => a.length - b.length || shortest(b) - shortest(a));
  return { all: kept, ignoreCase };
}

/** What a match of `src` must contain; undefined when the pattern uses something this reader does not follow. */
function requirements(src: string, nesting: number): Groups | undefined {
  if (nesting > 8) return [];
  const branches = splitAlternation(src);
  if (branches === undefined) return undefined;
  if (branches.length > 1) {
    const any: string[] = [];
    for (const b of branches) {
      const r = requirements(b, nesting + 1);
      if (r === undefined) return undefined;
      const best = r
        .filter((g) => g.every((t) => t.length >= MIN_LITERAL))
        .sort((a, b) => shortest(b) - shortest(a))[0];
      if (best === undefined) return []; // a branch that requires nothing: the alternation requires nothing
      any.push(...best);
    }
    return [any];
  }
  const groups: Groups = [];
  let run = '';
  const cut = () => {
    if (run) groups.push([run]);
    run = '';
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '(') {
      const close = closingParen(src, i);
      if (close < 0) return undefined;
      let inner = src.slice(i + 1, close);
      if (inner.startsWith('?')) {
        const named = /^\?P?<[A-Za-z_]\w*>/.exec(inner);
        if (inner.startsWith('?:')) inner = inner.slice(2);
        else if (named) inner = inner.slice(named[0].length);
        else return undefined; // inline flags or other group kinds: stay safe
      }
      cut();
      const q = src[close + 1];
      const optional = q === '*' || q === '?' || (q === '{' && atLeastZero(src, close + 1));
      if (!optional) {
        const r = requirements(inner, nesting + 1);
        if (r === undefined) return undefined;
        groups.push(...r);
      }
      i = skipQuantifier(src, close + 1) - 1;
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
    } else if (c === '*' || c === '+' || c === '?' || c === '{' || c === ')' || c === '|') {
      return undefined; // a quantifier or bracket where none can stand: leave it to RE2
    } else {
      atom = c;
    }
    const q = src[i + 1];
    const optional = q === '*' || q === '?' || (q === '{' && atLeastZero(src, i + 1));
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
  return groups;
}

/** The branches of a top-level alternation (one branch when there is none); undefined when brackets do not balance. */
function splitAlternation(src: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '\\') i++;
    else if (c === '[') {
      i = skipClass(src, i);
      if (i < 0) return undefined;
    } else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth < 0) return undefined;
    } else if (c === '|' && depth === 0) {
      out.push(src.slice(from, i));
      from = i + 1;
    }
  }
  if (depth !== 0) return undefined;
  out.push(src.slice(from));
  return out;
}

/** Index of the ")" that closes the group opening at i, or -1. */
function closingParen(src: string, i: number): number {
  let depth = 0;
  for (let j = i; j < src.length; j++) {
    const c = src[j]!;
    if (c === '\\') j++;
    else if (c === '[') {
      j = skipClass(src, j);
      if (j < 0) return -1;
    } else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) return j;
    }
  }
  return -1;
}

const shortest = (g: readonly string[]): number => Math.min(...g.map((t) => t.length));

/** Whether the counted repetition starting at i (`{n}`, `{n,}`, `{n,m}`) allows none: n is zero however written. */
const atLeastZero = (src: string, i: number): boolean => {
  const n = /^\{(\d+)/.exec(src.slice(i, i + 12));
  return n === null || Number(n[1]) === 0;
};

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
