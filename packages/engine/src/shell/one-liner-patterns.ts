// DATA + scan for the languages whose process calls are read by a few fixed patterns, not by a call table: Groovy
// (`"git push".execute()`, `['git', 'push'].execute()`, Runtime.exec, ProcessBuilder), Erlang (`os:cmd("…")`,
// `open_port({spawn, "…"}, …)`) and gnuplot (`system "…"`, `! CMD`, backquotes, `"< CMD"` data and `"| CMD"`
// output). As for the other one-liners, only literal arguments are read: an interpolated or computed one adds
// nothing. Each pattern is one linear regex pass over the code, bounded by the same limits as one-liners.ts.
import type { OneLinerFinding } from './one-liners.js';
import { shellQuote } from './words.js';

export type PatternLanguage = 'groovy' | 'erlang' | 'gnuplot';

const MAX_CALLS = 32;
const MAX_CODE = 262144;

/** A double-quoted literal with no interpolation (`$` in a Groovy GString is left unknown), a single-quoted one. */
const DQ = String.raw`"((?:[^"\\$\n]|\\.)*)"`;
const SQ = String.raw`'((?:[^'\\\n]|\\.)*)'`;
/** Either literal (group 1: double, group 2: single). */
const STR = `(?:${DQ}|${SQ})`;
/** A list of such literals, the whole list text in group 1. */
const STR_LIST = String.raw`\[\s*((?:(?:"(?:[^"\\$\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*,?\s*)+)\]`;

const unquote = (s: string): string => s.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
const literal = (m: RegExpExecArray, at: number): string => unquote((m[at] ?? m[at + 1]) as string);
const listItems = (list: string): string[] =>
  [...list.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)].map((w) => unquote((w[1] ?? w[2]) as string));

type Reader = (m: RegExpExecArray) => OneLinerFinding | undefined;
const shellAt =
  (at: number, call: string): Reader =>
  (m) => ({ kind: 'shell', command: literal(m, at), call });
const argvAt =
  (at: number, call: string): Reader =>
  (m) => ({
    kind: 'shell',
    command: listItems(m[at] as string)
      .map(shellQuote)
      .join(' '),
    call,
  });

const PATTERNS: Readonly<Record<PatternLanguage, readonly (readonly [RegExp, Reader])[]>> = {
  groovy: [
    // "git push".execute(): the string split at spaces runs as a program with its words
    [new RegExp(`${STR}\\s*\\.\\s*execute\\s*\\(`, 'g'), shellAt(1, '"…".execute()')],
    [new RegExp(`${STR_LIST}\\s*\\.\\s*execute\\s*\\(`, 'g'), argvAt(1, '[…].execute()')],
    [
      new RegExp(`Runtime\\s*\\.\\s*(?:getRuntime\\s*\\(\\s*\\)|runtime)\\s*\\.\\s*exec\\s*\\(\\s*${STR}\\s*[,)]`, 'g'),
      shellAt(1, 'Runtime.exec'),
    ],
    [new RegExp(`new\\s+ProcessBuilder\\s*\\(\\s*${STR_LIST}`, 'g'), argvAt(1, 'ProcessBuilder')],
    [
      /new\s+ProcessBuilder\s*\(\s*((?:(?:"(?:[^"\\$\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*,?\s*)+)\)/g,
      argvAt(1, 'ProcessBuilder'),
    ],
    [
      new RegExp(`new\\s+File\\s*\\(\\s*${STR}\\s*\\)\\s*(?:\\.\\s*text\\s*=|\\.\\s*write\\s*\\()\\s*${STR}`, 'g'),
      (m) => ({ kind: 'write', path: literal(m, 1), content: literal(m, 3), call: 'File.write' }),
    ],
    [
      new RegExp(`new\\s+File\\s*\\(\\s*${STR}\\s*\\)\\s*\\.\\s*(?:delete|deleteDir)\\s*\\(`, 'g'),
      (m) => ({ kind: 'delete', path: literal(m, 1), content: undefined, call: 'File.delete' }),
    ],
  ],
  erlang: [
    // os:cmd runs its string through /bin/sh
    [new RegExp(`\\bos\\s*:\\s*cmd\\s*\\(\\s*${DQ}\\s*\\)`, 'g'), shellAt(1, 'os:cmd')],
    [new RegExp(`\\bopen_port\\s*\\(\\s*\\{\\s*spawn\\s*,\\s*${DQ}\\s*\\}`, 'g'), shellAt(1, 'open_port spawn')],
    [
      new RegExp(
        `\\bopen_port\\s*\\(\\s*\\{\\s*spawn_executable\\s*,\\s*${DQ}\\s*\\}\\s*,\\s*\\[[^\\]]*?\\{\\s*args\\s*,\\s*${STR_LIST}`,
        'g',
      ),
      (m) => ({
        kind: 'shell',
        command: [unquote(m[1] as string), ...listItems(m[3] as string)].map(shellQuote).join(' '),
        call: 'open_port spawn_executable',
      }),
    ],
    [
      new RegExp(`\\bfile\\s*:\\s*write_file\\s*\\(\\s*${DQ}\\s*,\\s*(?:<<\\s*${DQ}\\s*>>|${DQ})`, 'g'),
      (m) => ({ kind: 'write', path: unquote(m[1] as string), content: literal(m, 2), call: 'file:write_file' }),
    ],
    [
      new RegExp(`\\bfile\\s*:\\s*(?:delete|del_dir_r|del_dir)\\s*\\(\\s*${DQ}`, 'g'),
      (m) => ({ kind: 'delete', path: unquote(m[1] as string), content: undefined, call: 'file:delete' }),
    ],
  ],
  gnuplot: [
    // `! CMD` (at a command's start) hands the rest of the line to a shell
    [/(?:^|[;\n{])[ \t]*!([^\n]+)/g, (m) => ({ kind: 'shell', command: m[1] as string, call: '!' })],
    // system "CMD" (a command) and system("CMD") (a function)
    [new RegExp(`\\bsystem\\s*\\(?\\s*${STR}`, 'g'), shellAt(1, 'system')],
    // backquotes are replaced by the output of the command they hold
    [/`([^`\n]+)`/g, (m) => ({ kind: 'shell', command: m[1] as string, call: '`…`' })],
    // plot "< CMD" reads the command's output; set output|print|table "| CMD" writes into it
    [
      /\b(?:plot|splot|stats|fit|load|output|print|table)\b[^"'\n;]*?(?:"\s*[<|]\s*((?:[^"\\\n]|\\.)+)"|'\s*[<|]\s*([^'\n]+)')/g,
      (m) => ({ kind: 'shell', command: literal(m, 1), call: 'gnuplot pipe' }),
    ],
  ],
};

export function scanPatterns(language: PatternLanguage, code: string): OneLinerFinding[] {
  const text = code.length > MAX_CODE ? code.slice(0, MAX_CODE) : code;
  const found: { readonly at: number; readonly finding: OneLinerFinding }[] = [];
  for (const [pattern, read] of PATTERNS[language]) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null && found.length < MAX_CALLS; m = pattern.exec(text)) {
      const finding = read(m);
      if (finding !== undefined) found.push({ at: m.index, finding });
    }
  }
  // In the order the code has them, as the other scans give them.
  return found.sort((a, b) => a.at - b.at).map((f) => f.finding);
}
