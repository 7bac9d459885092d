// What `grep` prints when what it reads is known (a literal on stdin, a here-string, a file the session wrote, the
// starred line of `git branch`): the lines it selects, or with -o the parts that match, or with -c their count.
// Basic and extended patterns are read as POSIX (sed-regex.ts rewrites them for RE2, leftmost-longest as POSIX
// matches), -F as strings. What would need a guess — -w's word edges, -P, context lines, several files with their
// names — leaves the output unknown.
import { RE2JS } from 're2js';
import { linesOf, singleInput, type Read } from './filter-input.js';
import { posixToRe2 } from './sed-regex.js';

interface GrepOptions {
  invert: boolean;
  only: boolean;
  count: boolean;
  quiet: boolean;
  ignoreCase: boolean;
  wholeLine: boolean;
  syntax: 'basic' | 'extended' | 'fixed';
  max: number | undefined;
  /** Patterns given with -e (each may hold several, one per line). */
  patterns: string[];
  operands: string[];
}

/** Letters that switch something on alone (a cluster such as `-oE` is read letter by letter). */
const SWITCHES: Readonly<Record<string, (o: GrepOptions) => void>> = {
  v: (o) => {
    o.invert = true;
  },
  o: (o) => {
    o.only = true;
  },
  c: (o) => {
    o.count = true;
  },
  q: (o) => {
    o.quiet = true;
  },
  i: (o) => {
    o.ignoreCase = true;
  },
  y: (o) => {
    o.ignoreCase = true;
  },
  x: (o) => {
    o.wholeLine = true;
  },
  E: (o) => {
    o.syntax = 'extended';
  },
  G: (o) => {
    o.syntax = 'basic';
  },
  F: (o) => {
    o.syntax = 'fixed';
  },
  // Messages and file names: nothing changes with one input.
  s: () => {},
  h: () => {},
};

const LONG_SWITCHES: Readonly<Record<string, string>> = {
  '--invert-match': 'v',
  '--only-matching': 'o',
  '--count': 'c',
  '--quiet': 'q',
  '--silent': 'q',
  '--ignore-case': 'i',
  '--line-regexp': 'x',
  '--extended-regexp': 'E',
  '--basic-regexp': 'G',
  '--fixed-strings': 'F',
  '--no-messages': 's',
  '--no-filename': 'h',
  '--color=never': 's',
  '--colour=never': 's',
};

/** grep's words as options, patterns and files; undefined for any option not read here. */
function readArgs(args: readonly string[]): GrepOptions | undefined {
  const o: GrepOptions = {
    invert: false,
    only: false,
    count: false,
    quiet: false,
    ignoreCase: false,
    wholeLine: false,
    syntax: 'basic',
    max: undefined,
    patterns: [],
    operands: [],
  };
  const words: string[] = [];
  let options = true;
  const maxOf = (v: string | undefined): boolean => {
    if (v === undefined || !/^\d{1,7}$/.test(v)) return false;
    o.max = Number(v);
    return true;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (!options || a === '-' || !a.startsWith('-')) words.push(a);
    else if (a === '--') options = false;
    else if (a.startsWith('--')) {
      const letter = LONG_SWITCHES[a];
      if (letter !== undefined) SWITCHES[letter]?.(o);
      else if (a === '--regexp') {
        const v = args[++i];
        if (v === undefined) return undefined;
        o.patterns.push(v);
      } else if (a.startsWith('--regexp=')) o.patterns.push(a.slice(9));
      else if (a === '--max-count') {
        if (!maxOf(args[++i])) return undefined;
      } else if (a.startsWith('--max-count=')) {
        if (!maxOf(a.slice(12))) return undefined;
      } else return undefined;
    } else
      for (let j = 1; j < a.length; j++) {
        const c = a[j] as string;
        if (c === 'e' || c === 'm') {
          // The rest of the cluster, or the next word, is the value.
          const v = j + 1 < a.length ? a.slice(j + 1) : args[++i];
          if (v === undefined) return undefined;
          if (c === 'e') o.patterns.push(v);
          else if (!maxOf(v)) return undefined;
          break;
        }
        const on = SWITCHES[c];
        if (on === undefined) return undefined;
        on(o);
      }
  }
  if (o.patterns.length === 0) {
    const first = words.shift();
    if (first === undefined) return undefined;
    o.patterns.push(first);
  }
  o.operands = words;
  return o;
}

/** The patterns as one RE2, or undefined when one is not read. A pattern's lines are patterns of their own. */
function compiled(o: GrepOptions): RE2JS | undefined {
  const sources: string[] = [];
  for (const p of o.patterns.flatMap((p) => p.split('\n'))) {
    const source = o.syntax === 'fixed' ? RE2JS.quote(p) : posixToRe2(p, o.syntax === 'extended');
    if (source === undefined) return undefined;
    sources.push(`(?:${source})`);
  }
  const body = sources.join('|');
  try {
    return RE2JS.compile(
      o.wholeLine ? `^(?:${body})$` : body,
      RE2JS.LONGEST_MATCH | (o.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0),
    );
  } catch (error) {
    void error; // a pattern RE2 does not take: the output stays unknown
    return undefined;
  }
}

/** The parts of `body` the pattern matches, left to right, empty matches skipped (as `grep -o` prints them). */
function matchesIn(re: RE2JS, body: string): string[] {
  const out: string[] = [];
  const m = re.matcher(body);
  while (m.find()) {
    const part = m.group() ?? '';
    if (part !== '') out.push(part);
  }
  return out;
}

/** `grep [OPTIONS] PATTERN [FILE]` of a known text: what it prints, or undefined when that is not known exactly. */
export function grepOutput(args: readonly string[], _static: boolean, stdin: string | undefined, file: Read) {
  const o = readArgs(args);
  if (o === undefined) return undefined;
  const text = singleInput(o.operands, stdin, file);
  const re = text === undefined ? undefined : compiled(o);
  if (text === undefined || re === undefined) return undefined;
  if (o.quiet) return '';
  let selected = 0;
  let out = '';
  for (const line of linesOf(text)) {
    if (line === '') continue;
    if (o.max !== undefined && selected >= o.max) break;
    const body = line.endsWith('\n') ? line.slice(0, -1) : line;
    if (re.matcher(body).find() === o.invert) continue;
    selected++;
    if (o.count) continue;
    // -o prints each match on a line of its own; with -v there is no match to print.
    if (o.only)
      out += o.invert
        ? ''
        : matchesIn(re, body)
            .map((part) => `${part}\n`)
            .join('');
    else out += `${body}\n`;
  }
  return o.count ? `${selected}\n` : out;
}
