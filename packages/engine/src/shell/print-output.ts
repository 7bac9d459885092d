// What small printers print when what they are given is known (a literal in the call, a file the session wrote, a
// literal on stdin): `cut -c/-f`, `dd` as a pass-through, `envsubst` of a text with
// no `$`, `jq -r` of a string literal or a field of known JSON, awk programs that print their input or a literal, and
// an interpreter one-liner that only prints a literal (`python3 -c 'print("…")'`, `node -e 'console.log("…")'`,
// `perl -le 'print q{…}'`). A shell fed by them runs that text. Anything else is unknown, never a guess.
import { parse as parseYaml } from 'yaml';
import { readLiteral, type Language } from './one-liner-strings.js';
import { linesOf, singleInput, type Read } from './filter-input.js';
import { awkFieldsPrinted, awkSubstituted } from './awk-sub.js';

/** `N`, `N-`, `-M`, `N-M` lists (1-based, comma-separated) → whether position p is selected; undefined if invalid. */
function ranges(list: string): ((p: number) => boolean) | undefined {
  const parts: [number, number][] = [];
  for (const r of list.split(',')) {
    const m = /^(\d*)-?(\d*)$/.exec(r);
    if (m === null || r === '' || r === '-') return undefined;
    const from = m[1] === '' ? 1 : Number(m[1]);
    const to = r.includes('-') ? (m[2] === '' ? Infinity : Number(m[2])) : from;
    parts.push([from, to]);
  }
  return (p) => parts.some(([a, b]) => p >= a && p <= b);
}

/** `cut -c LIST` (or `-b` on ASCII text) and `cut -f LIST [-d X]`: each line cut as GNU cut does. */
export function cutOutput(args: readonly string[], _static: boolean, stdin: string | undefined, file: Read) {
  let mode: 'c' | 'f' | undefined;
  let list: string | undefined;
  let delim = '\t';
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const m = /^-([bcfd])(.*)$/.exec(a) ?? /^--(bytes|characters|fields|delimiter)=(.*)$/.exec(a);
    if (m !== null) {
      const key = m[1]![0] === 'd' ? 'd' : m[1]![0] === 'f' ? 'f' : 'c';
      const value = m[2] === '' ? args[++i] : m[2];
      if (value === undefined) return undefined;
      if (key === 'd') delim = value;
      else {
        mode = key;
        list = value;
      }
    } else if (a.startsWith('-') && a !== '-') return undefined;
    else operands.push(a);
  }
  const pick = list === undefined ? undefined : ranges(list);
  const text = singleInput(operands, stdin, file);
  if (mode === undefined || pick === undefined || text === undefined || delim.length !== 1) return undefined;
  return linesOf(text)
    .map((line) => {
      const end = line.endsWith('\n') ? '\n' : '';
      const body = end === '' ? line : line.slice(0, -1);
      if (mode === 'c') return [...body].filter((_, i) => pick(i + 1)).join('') + end;
      const fields = body.split(delim);
      return fields.length === 1 ? line : fields.filter((_, i) => pick(i + 1)).join(delim) + end;
    })
    .join('');
}

/** `dd [if=F] [status=…] [bs=N]` with no count, skip or conversion: what it reads, unchanged (of= prints nothing). */
export function ddOutput(args: readonly string[], _static: boolean, stdin: string | undefined, file: Read) {
  let from: string | undefined;
  for (const a of args) {
    const eq = a.indexOf('=');
    const key = eq === -1 ? a : a.slice(0, eq);
    if (key === 'if') from = a.slice(eq + 1);
    else if (key !== 'status' && key !== 'bs' && key !== 'ibs' && key !== 'obs') return undefined;
  }
  return from === undefined || from === '-' || from === '/dev/stdin' ? stdin : file(from);
}

/** `envsubst [FILE]` reads stdin only: a text with no `$` is printed as it is. */
export function envsubstOutput(
  args: readonly string[],
  _static: boolean,
  stdin: string | undefined,
  _file?: unknown,
  env?: (name: string) => string | null | undefined,
) {
  if (args.length > 0 || stdin === undefined) return undefined;
  if (!stdin.includes('$')) return stdin;
  // `$NAME` and `${NAME}` are put in from its environment (an unset one is empty); a value not known leaves it unknown.
  let unknown = false;
  const out = stdin.replace(/\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g, (_m, braced?: string, bare?: string) => {
    const v = env?.((braced ?? bare) as string);
    if (v === undefined) unknown = true;
    return v ?? '';
  });
  return unknown ? undefined : out;
}

/** The one literal a piece of code is, in `language` (blanks around it, a `;` after): undefined for anything else. */
function onlyLiteral(code: string, language: Language): string | undefined {
  const at = code.length - code.trimStart().length;
  const lit = readLiteral(code, at, language);
  if (lit?.value === undefined) return undefined;
  return /^\s*;?\s*$/.test(code.slice(lit.end)) ? lit.value : undefined;
}

/** `jq -r[n] 'STRING'` and `jq -r '.a.b'` of known JSON: the raw string it prints. */
export function jqOutput(args: readonly string[], _static: boolean, stdin: string | undefined, file: Read) {
  let raw = false;
  let nullInput = false;
  const operands: string[] = [];
  for (const a of args) {
    if (/^-[rnj]+$/.test(a)) {
      raw ||= a.includes('r') || a.includes('j');
      nullInput ||= a.includes('n');
    } else if (a === '--raw-output' || a === '--join-output') raw = true;
    else if (a === '--null-input') nullInput = true;
    else if (a.startsWith('-')) return undefined;
    else operands.push(a);
  }
  const [filter, ...files] = operands;
  if (!raw || filter === undefined) return undefined;
  if (filter.trimStart().startsWith('"')) {
    const value = stringJson(filter.trim());
    return value === undefined ? undefined : `${value}\n`;
  }
  const path = /^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(filter) ? filter.slice(1).split('.') : undefined;
  const text = nullInput ? undefined : singleInput(files, stdin, file);
  if (path === undefined || text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    void error; // not one JSON value: unknown
    return undefined;
  }
  for (const key of path)
    value =
      value !== null && typeof value === 'object' && Object.hasOwn(value, key)
        ? (value as Record<string, unknown>)[key]
        : undefined;
  return typeof value === 'string' ? `${value}\n` : undefined;
}

/**
 * `yq '.a.b' f.yaml` (mikefarah's yq, `e`/`eval` or none): the scalar at that path of known YAML (or JSON), printed as
 * yq prints it, unquoted (blind round 37: a kube context and a dbt target read back from a file the session wrote).
 * A list, a map, an output format other than YAML, or anything beyond a plain path is not followed.
 */
export function yqOutput(args: readonly string[], _static: boolean, stdin: string | undefined, file: Read) {
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '-r' || a === '--unwrapScalar' || a === '-e' || a === '--exit-status' || a === '-M' || a === '-C')
      continue;
    if (
      (a === '-o' || a === '--output-format' || a === '-p' || a === '--input-format') &&
      /^(y|yaml|auto|a)$/.test(args[i + 1] ?? '')
    ) {
      i++;
      continue;
    }
    if (/^-o(y|yaml)$|^--output-format=(y|yaml)$/.test(a)) continue;
    if (a.startsWith('-') && a !== '-') return undefined;
    operands.push(a);
  }
  if (operands[0] === 'e' || operands[0] === 'eval') operands.shift();
  const [expression, ...files] = operands;
  if (expression === undefined || !/^(\.[A-Za-z_][\w-]*|\.\["[^"]+"\])+$/.test(expression)) return undefined;
  const text = singleInput(files, stdin, file);
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (error) {
    void error; // not YAML: unknown
    return undefined;
  }
  for (const m of expression.matchAll(/\.(?:([A-Za-z_][\w-]*)|\["([^"]+)"\])/g)) {
    const key = (m[1] ?? m[2]) as string;
    value =
      value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, key)
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? `${String(value)}\n`
    : undefined;
}

function stringJson(text: string): string | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'string' ? v : undefined;
  } catch (error) {
    void error; // not a JSON string literal
    return undefined;
  }
}

/** awk programs that print their input as it is (`1`, `{print}`, `{ print $0 }`) or a literal in BEGIN. */
export function awkOutput(args: readonly string[], _static: boolean, stdin: string | undefined, file: Read) {
  const operands: string[] = [];
  let separator: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-F') separator = args[++i];
    else if (a.startsWith('-F') && a.length > 2) separator = a.slice(2);
    else if (a === '-v') i++;
    else if (a.startsWith('-') && a !== '-') return undefined;
    else operands.push(a);
  }
  const [program, ...files] = operands;
  if (program === undefined) return undefined;
  if (/^\s*(1|\{\s*print\s*(\$0)?\s*;?\s*\})\s*$/.test(program)) return singleInput(files, stdin, file);
  // `awk 'NR==2' f`, `awk 'NR==2 { print }'` (round 13): that one line.
  const nr = /^\s*NR\s*==\s*(\d{1,6})\s*(\{\s*print\s*(\$0)?\s*;?\s*\})?\s*$/.exec(program);
  if (nr !== null) {
    const input = singleInput(files, stdin, file);
    const line = input === undefined ? undefined : linesOf(input)[Number(nr[1]) - 1];
    return input === undefined ? undefined : line === undefined ? '' : line.endsWith('\n') ? line : `${line}\n`;
  }
  // `awk '{ print $1 " publish" }'`: fields and literals of each line (a -F of one plain character splits on it).
  if (separator === undefined || /^[^\\[\]().*+?^$|{}]$/.test(separator)) {
    const input = singleInput(files, stdin, file);
    const printed = input === undefined ? undefined : awkFieldsPrinted(program, input, separator);
    if (printed !== undefined) return printed;
  }
  // `awk '{sub(/re/,"x")}1' f`: each line rewritten (awk-sub.ts).
  if (/\bg?sub\(/.test(program)) {
    const input = singleInput(files, stdin, file);
    return input === undefined ? undefined : awkSubstituted(program, input);
  }
  const begin = /^\s*BEGIN\s*\{\s*print\s+([\s\S]*?)\s*;?\s*\}\s*$/.exec(program);
  const value = begin === null ? undefined : onlyLiteral(begin[1]!, 'awk');
  return value === undefined ? undefined : `${value}\n`;
}

/** An interpreter given only code that prints one literal: Python `print(…)`, Node `console.log(…)` or `-p LIT`,
 * Perl `print LIT` (`-l` adds the line end, `q{…}` as a literal). */
export function printOutput(family: 'python' | 'node' | 'perl') {
  return (args: readonly string[], _static: boolean): string | undefined => {
    let code: string | undefined;
    let newline = family !== 'perl';
    let printValue = false;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (family === 'perl' && /^-l?e$|^-l?E$/.test(a)) {
        newline ||= a.includes('l');
        code = args[++i];
      } else if (family === 'perl' && a === '-l') newline = true;
      else if ((family === 'python' && a === '-c') || (family === 'node' && (a === '-e' || a === '--eval')))
        code = args[++i];
      else if (family === 'node' && (a === '-p' || a === '--print')) {
        code = args[++i];
        printValue = true;
      } else return undefined;
      if (code !== undefined) {
        if (i !== args.length - 1) return undefined;
        break;
      }
    }
    if (code === undefined) return undefined;
    const language: Language = family === 'node' ? 'js' : family;
    if (printValue) {
      const v = onlyLiteral(code, 'js');
      return v === undefined ? undefined : `${v}\n`;
    }
    const call =
      family === 'python'
        ? /^\s*print\(([\s\S]*)\)\s*;?\s*$/
        : family === 'node'
          ? /^\s*console\.log\(([\s\S]*)\)\s*;?\s*$/
          : /^\s*print\s+([\s\S]*?)\s*;?\s*$/;
    const m = call.exec(code);
    if (m === null) return undefined;
    const inner = m[1]!;
    const v = family === 'perl' ? perlLiteral(inner) : onlyLiteral(inner, language);
    return v === undefined ? undefined : newline ? `${v}\n` : v;
  };
}

/** A Perl literal: quotes, or `q{…}`/`q(…)`/`q[…]` without nesting. */
function perlLiteral(code: string): string | undefined {
  const q = /^\s*q([{([<])([^{}()[\]<>]*)([})\]>])\s*$/.exec(code);
  if (q !== null) return '{([<'.indexOf(q[1]!) === '})]>'.indexOf(q[3]!) ? q[2] : undefined;
  return onlyLiteral(code, 'perl');
}
