// DATA + scan for the languages whose calls are words, not `name(args)`: Tcl (tclsh, expect) and Emacs Lisp (emacs
// --batch --eval). As for the other one-liners (one-liners.ts), only well-known calls with literal arguments are
// read — `exec git push …` / `spawn …` in Tcl, `(shell-command "…")`, `(call-process "git" nil t nil "push" …)`,
// `(with-temp-file "p" (insert "…"))` in Emacs Lisp — and anything computed (`$x`, `[cmd]`, a symbol) leaves the
// call unknown: nothing is added for it. One forward pass, bounded like the other scans.
import { INPUT_COMMAND, type OneLinerFinding } from './one-liners.js';
import { shellQuote } from './words.js';

export type WordLanguage =
  | 'tcl'
  | 'elisp'
  | 'clojure'
  | 'sed'
  | 'applescript'
  | 'cmake'
  | 'go'
  | 'java'
  | 'rust'
  | 'raku'
  | 'm4'
  | 'gdb'
  | 'vim';

/** Calls read per one-liner, and characters scanned (the same bounds as one-liners.ts). */
const MAX_CALLS = 32;
const MAX_CODE = 262144;
/** Nested Tcl bodies scanned (each level rescans its body once: the work stays linear times this). */
const MAX_NESTING = 8;

/** Tcl's exec operators, kept as the shell writes them (`exec git log | head > x`). */
const TCL_OPERATORS: ReadonlySet<string> = new Set(['|', '|&', '<', '<<', '>', '>>', '2>', '2>>', '>&', '>>&', '&']);

export function scanWords(language: WordLanguage, code: string): OneLinerFinding[] {
  const text = code.length > MAX_CODE ? code.slice(0, MAX_CODE) : code;
  if (language === 'applescript') return scanAppleScript(text);
  if (language === 'cmake') return scanCmake(text);
  if (language === 'raku' || language === 'm4') return scanShellCalls(text, SHELL_CALLS[language]);
  if (language === 'gdb' || language === 'vim') return scanLineCalls(text, LINE_CALLS[language], language);
  if (language === 'rust') return scanRustCommands(text);
  if (language === 'go' || language === 'java')
    return scanArgvCalls(text, ARGV_CALLS[language], language === 'go' ? 'exec.Command' : 'ProcessBuilder');
  if (language === 'clojure') return scanLisp(text, CLOJURE_NAMES, clojureCall);
  return language === 'tcl'
    ? scanTcl(text)
    : language === 'sed'
      ? scanSed(text)
      : scanLisp(text, ELISP_NAMES, elispCall);
}

/** AppleScript (osascript -e): `do shell script "…"` runs the string literal through sh; a string joined with `&`
 * or a variable is not read. */
function scanAppleScript(code: string): OneLinerFinding[] {
  const found: OneLinerFinding[] = [];
  for (const m of code.matchAll(/\bdo\s+shell\s+script\s+"((?:[^"\\]|\\.)*)"(?!\s*&)/g)) {
    if (found.length >= MAX_CALLS) break;
    found.push({ kind: 'shell', command: (m[1] as string).replace(/\\(.)/g, '$1'), call: 'do shell script' });
  }
  return found;
}

/** Calls that hand one literal command line to a shell: Raku's `shell q{…}` / `shell '…'` / `qx{…}`, m4's
 * `syscmd(`…')` and `esyscmd(`…')` (its quotes are ` and '). A string with a variable in it is not read. */
const SHELL_CALLS: Readonly<Record<'raku' | 'm4', RegExp>> = {
  raku: /\b(?:shell\s*\(?\s*(?:q\s*\{([^{}]*)\}|'((?:[^'\\]|\\.)*)'|"([^"$\\{}]*)")|qx\s*\{([^{}]*)\})/g,
  m4: /\be?syscmd\(\s*(?:`([^`']*)'|([^,()`'$]+))\s*\)/g,
};

function scanShellCalls(code: string, call: RegExp): OneLinerFinding[] {
  const found: OneLinerFinding[] = [];
  for (const m of code.matchAll(call)) {
    if (found.length >= MAX_CALLS) break;
    const command = m.slice(1).find((g) => g !== undefined);
    if (command !== undefined && command.trim() !== '')
      found.push({
        kind: 'shell',
        command: command.replace(/\\(['\\])/g, '$1'),
        call: m[0].split(/[\s({'"`]/)[0] as string,
      });
  }
  return found;
}

/** CMake's words after COMMAND up to the next keyword of execute_process (cmake -P script.cmake). */
const CMAKE_KEYWORDS: ReadonlySet<string> = new Set([
  ...['COMMAND', 'WORKING_DIRECTORY', 'TIMEOUT', 'RESULT_VARIABLE', 'RESULTS_VARIABLE', 'OUTPUT_VARIABLE'],
  ...['ERROR_VARIABLE', 'INPUT_FILE', 'OUTPUT_FILE', 'ERROR_FILE', 'OUTPUT_QUIET', 'ERROR_QUIET', 'COMMAND_ECHO'],
  ...['OUTPUT_STRIP_TRAILING_WHITESPACE', 'ERROR_STRIP_TRAILING_WHITESPACE', 'ENCODING', 'ECHO_OUTPUT_VARIABLE'],
  ...['ECHO_ERROR_VARIABLE', 'COMMAND_ERROR_IS_FATAL'],
]);

/** CMake (cmake -P): each `COMMAND prog args…` of execute_process runs prog with those words (no shell between);
 * a word with a variable (`${X}`) leaves that command unknown. */
function scanCmake(code: string): OneLinerFinding[] {
  const found: OneLinerFinding[] = [];
  for (const m of code.matchAll(/\bexecute_process\s*\(((?:[^()"]|"(?:[^"\\]|\\.)*")*)\)/gi)) {
    const words = [...(m[1] as string).matchAll(/"((?:[^"\\]|\\.)*)"|([^\s"]+)/g)].map((w) =>
      w[1] !== undefined
        ? { text: w[1].replace(/\\(.)/g, '$1'), raw: w[1] }
        : { text: w[2] as string, raw: w[2] as string },
    );
    let argv: string[] | undefined;
    const flush = (): void => {
      if (argv !== undefined && argv.length > 0 && found.length < MAX_CALLS)
        found.push({ kind: 'shell', command: argv.map(shellQuote).join(' '), call: 'execute_process' });
      argv = undefined;
    };
    for (const w of words) {
      if (CMAKE_KEYWORDS.has(w.raw)) {
        flush();
        if (w.raw === 'COMMAND') argv = [];
      } else if (argv !== undefined) {
        if (w.raw.includes('${')) argv = undefined;
        else argv.push(w.text);
      }
    }
    flush();
  }
  return found;
}

/** The calls of Go and Java that start a program from literal words: all of them are the argv (program first). */
const ARGV_CALLS: Readonly<Record<'go' | 'java', RegExp>> = {
  // exec.Command("git", "push", …); exec.CommandContext(ctx, "git", …) has the context first
  // and Mage's sh.Run("git", …), sh.RunV, sh.Output; sh.RunWith(env, …), sh.OutputWith; sh.Exec(env, out, err, …)
  go: /\b(?:exec\.Command(?:Context\s*\(\s*[A-Za-z_][\w.]*(?:\(\s*\))?\s*,|\s*\()|sh\.(?:RunV?|Output)\s*\(|sh\.(?:RunWithV?|OutputWith)\s*\(\s*[A-Za-z_][\w.]*\s*,|sh\.Exec\s*\(\s*[\w.]+\s*,\s*[\w.]+\s*,\s*[\w.]+\s*,)\s*((?:"(?:[^"\\\n]|\\.)*"\s*,?\s*)+)\)/g,
  // new ProcessBuilder("git", "push", …); Runtime.getRuntime().exec(new String[] {"git", …}) as the same list
  java: /\b(?:new\s+ProcessBuilder\s*\(|\.exec\s*\(\s*new\s+String\s*\[\s*\]\s*\{)\s*((?:"(?:[^"\\\n]|\\.)*"\s*,?\s*)+)[)}]/g,
};

/** Go's exec.Command and Java's ProcessBuilder given only string literals: the program and its words, as a command. */
function scanArgvCalls(code: string, call: RegExp, name: string): OneLinerFinding[] {
  const found: OneLinerFinding[] = [];
  for (const m of code.matchAll(call)) {
    if (found.length >= MAX_CALLS) break;
    const argv = [...(m[1] as string).matchAll(/"((?:[^"\\\n]|\\.)*)"/g)].map((w) =>
      (w[1] as string)
        .replace(/\\(["\\])/g, '$1')
        .replace(/\\n/g, '\n')
        .replace(/\\t/g, '\t'),
    );
    if (argv.length > 0) found.push({ kind: 'shell', command: argv.map(shellQuote).join(' '), call: name });
  }
  return found;
}

/** A Rust string literal's text (its common escapes). */
const rustString = (raw: string): string =>
  raw
    .replace(/\\(["\\])/g, '$1')
    .replace(/\\n/g, '\n')
    .replace(/\\t/g, '\t');

/** The text inside the parentheses that open just before `from`, up to the matching one (string literals skipped). */
function parenthesised(code: string, from: number): { inner: string; end: number } | undefined {
  let depth = 1;
  for (let i = from; i < code.length && i < from + 4096; i++) {
    const c = code[i];
    if (c === '"') {
      for (i++; i < code.length && code[i] !== '"'; i++) if (code[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return { inner: code.slice(from, i), end: i + 1 };
  }
  return undefined;
}

const RUST_LITERAL = /^\s*"((?:[^"\\\n]|\\.)*)"\s*$/;
const RUST_LIST = /^\s*(?:&\s*)?(?:vec!\s*)?\[((?:\s*"(?:[^"\\\n]|\\.)*"\s*,?)*)\s*\]\s*$/;

/** The words one `.arg(…)`/`.args(…)` adds; undefined when they are not literals. */
function rustWords(method: string, inner: string): string[] | undefined {
  if (method === 'arg') {
    const lit = RUST_LITERAL.exec(inner);
    return lit === null ? undefined : [rustString(lit[1] as string)];
  }
  const list = RUST_LIST.exec(inner);
  if (list === null) return undefined;
  return [...(list[1] as string).matchAll(/"((?:[^"\\\n]|\\.)*)"/g)].map((w) => rustString(w[1] as string));
}

/**
 * Rust's std::process::Command built from literals (a Cargo build script, build.rs): `Command::new("git")` and the
 * `.arg("…")`/`.args([…])` (an array, a slice `&[…]`, `vec![…]`) chained after it, or called on the variable it was
 * bound to (`let mut c = Command::new("git"); c.arg("push");`) until the command runs (`status`, `output`, `spawn`).
 * A word that is not a literal leaves the call unknown: nothing is added for it.
 */
function scanRustCommands(code: string): OneLinerFinding[] {
  const found: OneLinerFinding[] = [];
  for (const m of code.matchAll(/\b(?:\w+::)*Command::new\s*\(\s*"((?:[^"\\\n]|\\.)*)"\s*\)/g)) {
    if (found.length >= MAX_CALLS) break;
    const argv = [rustString(m[1] as string)];
    let at = (m.index as number) + m[0].length;
    let known = true;
    // the chain: .arg(…) .args(…) and the builder methods that add no word (current_dir, env, stdout…)
    for (;;) {
      const step = /^\s*\.\s*(\w+)\s*\(/.exec(code.slice(at, at + 256));
      if (step === null) break;
      const body = parenthesised(code, at + step[0].length);
      if (body === undefined) break;
      const method = step[1] as string;
      if (method === 'arg' || method === 'args') {
        const words = rustWords(method, body.inner);
        if (words === undefined) known = false;
        else argv.push(...words);
      }
      at = body.end;
      if (method === 'status' || method === 'output' || method === 'spawn') break;
    }
    // … or the variable it was bound to, statement by statement, until it runs
    const bound = /\blet\s+(?:mut\s+)?([A-Za-z_]\w*)\s*(?::\s*[\w:]+\s*)?=\s*$/.exec(
      code.slice(Math.max(0, (m.index as number) - 80), m.index),
    );
    if (bound !== null) {
      const name = bound[1] as string;
      const calls = new RegExp(`\\b${name}\\s*\\.\\s*(arg|args|status|output|spawn)\\s*\\(`, 'g');
      calls.lastIndex = at;
      for (let c = calls.exec(code); c !== null; c = calls.exec(code)) {
        const method = c[1] as string;
        if (method === 'status' || method === 'output' || method === 'spawn') break;
        const body = parenthesised(code, c.index + c[0].length);
        const words = body === undefined ? undefined : rustWords(method, body.inner);
        if (words === undefined) known = false;
        else argv.push(...words);
      }
    }
    if (known) found.push({ kind: 'shell', command: argv.map(shellQuote).join(' '), call: 'Command::new' });
  }
  return [...found, ...rustWrites(code)].slice(0, MAX_CALLS);
}

/** The names bound to the home folder: `let home = env::var("HOME").unwrap();`, `dirs::home_dir()`, `home_dir()`. */
function rustHomeNames(code: string): Set<string> {
  const names = new Set<string>();
  const bind =
    /\blet\s+(?:mut\s+)?([A-Za-z_]\w*)\s*(?::\s*[\w:<>]+\s*)?=\s*(?:(?:std::path::)?(?:PathBuf::from|Path::new)\(\s*)?(?:std::)?(?:env::var\(\s*"HOME"\s*\)|(?:dirs::|home::|std::env::)?home_dir\(\s*\))/g;
  for (const m of code.matchAll(bind)) names.add(m[1] as string);
  return names;
}

/**
 * Files a Rust program writes with `fs::write(PATH, "…")` (a build script writing a credentials file): PATH a literal,
 * or `format!("{home}/x")` / `format!("{}/x", home)` with `home` the home folder (`~/x`); the content a literal, else
 * not known. Any other path leaves the call unknown.
 */
function rustWrites(code: string): OneLinerFinding[] {
  const found: OneLinerFinding[] = [];
  const homes = rustHomeNames(code);
  for (const m of code.matchAll(/\b(?:std::)?fs::write\s*\(/g)) {
    if (found.length >= MAX_CALLS) break;
    const body = parenthesised(code, (m.index as number) + m[0].length);
    if (body === undefined) continue;
    // `home.join(".cargo/credentials.toml")`, `home` the home folder
    const joined = /^\s*&?\s*([A-Za-z_]\w*)\.join\(\s*"((?:[^"\\\n]|\\.)*)"\s*\)\s*,/.exec(body.inner);
    if (joined !== null && homes.has(joined[1] as string)) {
      const content = /^\s*(?:&\s*)?b?"((?:[^"\\]|\\.)*)"\s*,?\s*$/.exec(body.inner.slice(joined[0].length))?.[1];
      const path = `~/${rustString(joined[2] as string).replace(/^\/+/, '')}`;
      found.push({
        kind: 'write',
        path,
        content: content === undefined ? undefined : rustString(content),
        call: 'fs::write',
      });
      continue;
    }
    const pathArg =
      /^\s*(?:&\s*)?(?:"((?:[^"\\\n]|\\.)*)"|format!\(\s*"((?:[^"\\\n]|\\.)*)"\s*(?:,\s*&?\s*([A-Za-z_]\w*)\s*)?\))\s*,/.exec(
        body.inner,
      );
    if (pathArg === null) continue;
    let path = pathArg[1] === undefined ? undefined : rustString(pathArg[1]);
    if (pathArg[2] !== undefined) {
      const template = pathArg[2];
      const named = /^\{([A-Za-z_]\w*)\}(\/.*)$/.exec(template);
      const positional = /^\{\}(\/.*)$/.exec(template);
      if (named !== null && homes.has(named[1] as string) && pathArg[3] === undefined) path = `~${named[2]}`;
      else if (positional !== null && pathArg[3] !== undefined && homes.has(pathArg[3])) path = `~${positional[1]}`;
      else if (!template.includes('{')) path = rustString(template);
    }
    if (path === undefined) continue;
    const rest = body.inner.slice(pathArg[0].length);
    const content = /^\s*(?:&\s*)?(?:b)?"((?:[^"\\]|\\.)*)"\s*,?\s*$/.exec(rest)?.[1];
    found.push({
      kind: 'write',
      path,
      content: content === undefined ? undefined : rustString(content),
      call: 'fs::write',
    });
  }
  return found;
}

/** A sed address (a line, `$`, a /regex/, a range of them, negated) before a command. */
const SED_ADDRESS = /^\s*(?:(?:\d+|\$|\/(?:[^/\\]|\\.)*\/)(?:\s*[,~]\s*(?:\d+|\$|\/(?:[^/\\]|\\.)*\/))?\s*!?)?\s*/;

/**
 * GNU sed's `e COMMAND` (with an address or not: `1e git push`, `$e …`) runs COMMAND through a shell; the command
 * is the rest of its line. `e` alone runs the pattern space (its input, when known); `s///e` the replaced text: not known.
 */
function scanSed(script: string): OneLinerFinding[] {
  const found: OneLinerFinding[] = [];
  for (const line of script.split('\n')) {
    let rest = line;
    while (rest.length > 0 && found.length < MAX_CALLS) {
      rest = rest.slice((SED_ADDRESS.exec(rest)?.[0] ?? '').length);
      const e = /^e\s+(\S.*)$/.exec(rest);
      if (e !== null) {
        found.push({ kind: 'shell', command: e[1] as string, call: 'sed e' });
        break;
      }
      // `e` alone runs each line of its input (the pattern space) as a command: its input, when known
      if (/^e\s*(?:;|}|$)/.test(rest)) {
        found.push({ kind: 'shell', command: INPUT_COMMAND, call: 'sed e' });
        break;
      }
      // On to the next command of the line: past a `;` outside a s/// or y/// (whose delimiters may be any character).
      const sub = /^[sy](.)/.exec(rest);
      let i = 0;
      if (sub !== null) {
        const d = sub[1] as string;
        let seen = 0;
        for (i = 2; i < rest.length && seen < 2; i++)
          if (rest[i] === '\\') i++;
          else if (rest[i] === d) seen++;
      }
      const next = rest.indexOf(';', i);
      if (next < 0) break;
      rest = rest.slice(next + 1);
    }
  }
  return found;
}

/** One Tcl word: its value, or undefined when it substitutes (`$x`, `[cmd]` outside braces). */
interface TclWord {
  readonly value: string | undefined;
}

/**
 * Tcl: the commands of the script (split at newlines and `;`, and the bodies of `[…]` and of braces given to
 * control words are scanned too, since `if`, `proc`, `foreach` run them). `exec WORDS` runs a program with its
 * words; expect's `spawn WORDS` too; `system WORDS` runs them through /bin/sh; `file delete PATH…` deletes.
 */
function scanTcl(code: string, depth = 0, sent: string[] = []): OneLinerFinding[] {
  const found: OneLinerFinding[] = [];
  let words: TclWord[] = [];
  const flush = (): void => {
    const head = words[0]?.value;
    const rest = words.slice(1);
    words = [];
    if (head === undefined || found.length >= MAX_CALLS) return;
    // expect's `send "yes\r"` answers what the spawned program asks: its input (read below).
    if (head === 'send' && rest.length > 0) {
      const text = rest[rest.length - 1]?.value;
      if (text !== undefined && sent.length < MAX_CALLS) sent.push(text.replace(/\r\n?/g, '\n'));
      return;
    }
    if (head === 'exec' || head === 'spawn' || head === 'system') {
      let args = rest;
      // exec's own switches (-ignorestderr, -keepnewline, --) and spawn's (-noecho, -console …) come first.
      while (args[0]?.value?.startsWith('-') === true && args.length > 1) {
        const done = args[0].value === '--';
        args = args.slice(1);
        if (done) break;
      }
      if (args.length === 0 || args.some((w) => w.value === undefined)) return;
      const values = args.map((w) => w.value as string);
      const command =
        head === 'system' ? values.join(' ') : values.map((v) => (TCL_OPERATORS.has(v) ? v : shellQuote(v))).join(' ');
      found.push({ kind: 'shell', command, call: head });
      return;
    }
    if (head === 'file' && rest[0]?.value === 'delete')
      for (const w of rest.slice(1))
        if (w.value !== undefined && !w.value.startsWith('-'))
          found.push({ kind: 'delete', path: w.value, content: undefined, call: 'file delete' });
  };
  let i = 0;
  while (i < code.length && found.length < MAX_CALLS) {
    const c = code[i] as string;
    if (c === '\n' || c === ';') {
      flush();
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r') i++;
    else if (c === '#' && words.length === 0) {
      const eol = code.indexOf('\n', i);
      i = eol < 0 ? code.length : eol;
    } else if (c === '\\' && code[i + 1] === '\n') i += 2;
    else if (c === '{') {
      const end = closing(code, i, '{', '}');
      const body = code.slice(i + 1, end);
      // A braced body given to a control word runs as a script: its commands count too.
      if (words.length > 0 && depth < MAX_NESTING)
        for (const f of scanTcl(body, depth + 1, sent)) if (found.length < MAX_CALLS) found.push(f);
      words.push({ value: body });
      i = end + 1;
    } else if (c === '[') {
      const end = closing(code, i, '[', ']');
      if (depth < MAX_NESTING)
        for (const f of scanTcl(code.slice(i + 1, end), depth + 1, sent)) if (found.length < MAX_CALLS) found.push(f);
      words.push({ value: undefined });
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      let out = '';
      let plain = true;
      while (j < code.length && code[j] !== '"') {
        if (code[j] === '\\' && j + 1 < code.length) {
          out += code[j + 1] === 'n' ? '\n' : code[j + 1] === 't' ? '\t' : code[j + 1] === 'r' ? '\r' : code[j + 1];
          j += 2;
          continue;
        }
        if (code[j] === '$' || code[j] === '[') plain = false;
        out += code[j];
        j++;
      }
      words.push({ value: plain ? out : undefined });
      i = j + 1;
    } else {
      let j = i;
      let plain = true;
      while (j < code.length && !/[\s;]/.test(code[j] as string)) {
        if (code[j] === '$' || code[j] === '[') plain = false;
        j++;
      }
      words.push({ value: plain ? code.slice(i, j) : undefined });
      i = j;
    }
  }
  flush();
  if (depth > 0 || sent.length === 0) return found;
  // The answers the script sends are what each program it spawned reads on stdin (`yes` to terraform's question).
  const answers = shellQuote(sent.join(''));
  return found.map((f) =>
    f.kind === 'shell' && f.call === 'spawn' ? { ...f, command: `printf %s ${answers} | ${f.command}` } : f,
  );
}

/** Where the bracket opened at `at` closes (nested, backslash escapes skipped); the code's end when it does not. */
function closing(code: string, at: number, open: string, close: string): number {
  let depth = 0;
  for (let i = at; i < code.length; i++) {
    const c = code[i];
    if (c === '\\') i++;
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return i;
  }
  return code.length;
}

/** An Emacs Lisp form's argument: a string, a symbol (nil, t), or a nested form (its text). */
type Sexp = { readonly s: string } | { readonly sym: string } | { readonly form: string };

/** Emacs Lisp calls: the argument that is the command line, or where the program and its arguments start. */
const ELISP_CALLS: Readonly<Record<string, { shell?: number; argv?: number; skip?: number; delete?: true }>> = {
  'shell-command': { shell: 0 },
  'shell-command-to-string': { shell: 0 },
  'async-shell-command': { shell: 0 },
  'call-process-shell-command': { shell: 0 },
  'process-file-shell-command': { shell: 0 },
  'start-process-shell-command': { shell: 2 },
  'start-file-process-shell-command': { shell: 2 },
  // (call-process PROGRAM INFILE DESTINATION DISPLAY ARGS…)
  'call-process': { argv: 0, skip: 3 },
  'process-file': { argv: 0, skip: 3 },
  // (process-lines PROGRAM ARGS…), (start-process NAME BUFFER PROGRAM ARGS…)
  'process-lines': { argv: 0, skip: 0 },
  'start-process': { argv: 2, skip: 0 },
  'make-process': {},
  'delete-file': { delete: true },
  'delete-directory': { delete: true },
  // Scheme (guile -c): (system "…") runs a command line, (system* PROGRAM ARGS…) a program
  system: { shell: 0 },
  'system*': { argv: 0, skip: 0 },
};

const ELISP_NAMES: ReadonlySet<string> = new Set([
  ...Object.keys(ELISP_CALLS),
  ...['with-temp-file', 'write-region', 'copy-file', 'rename-file'],
]);

/**
 * Emacs Lisp: `(NAME ARGS…)` forms of the table with literal arguments; `(with-temp-file "p" … (insert "…") …)`
 * writes the inserted literals to p, `(write-region "text" nil "p")` writes text, `(copy-file a "b")`/`(rename-file
 * a "b")` write b.
 */
function scanLisp(
  code: string,
  names: ReadonlySet<string>,
  call: (name: string, form: string, found: OneLinerFinding[]) => void,
): OneLinerFinding[] {
  const found: OneLinerFinding[] = [];
  // INVARIANT: a form's end is looked for (a scan to its close) only for a name of the table, at most MAX_CALLS
  // times, so hostile nesting cannot make the scan quadratic.
  let budget = MAX_CALLS;
  let i = 0;
  while (i < code.length && found.length < MAX_CALLS && budget > 0) {
    const c = code[i];
    if (c === ';') {
      const eol = code.indexOf('\n', i);
      i = eol < 0 ? code.length : eol;
    } else if (c === '"') i = readString(code, i).end;
    else if (c === '(') {
      const name = /^\(\s*([\w:*+/<>=!?.-]+)/.exec(code.slice(i, i + 64))?.[1];
      if (name !== undefined && names.has(name)) {
        budget--;
        call(name, code.slice(i, closing(code, i, '(', ')') + 1), found);
      }
      i += 1; // nested forms are scanned on their own
    } else i++;
  }
  return found;
}

function elispCall(name: string, form: string, found: OneLinerFinding[]): void {
  const args = sexpArgs(form);
  const str = (a: Sexp | undefined): string | undefined => (a !== undefined && 's' in a ? a.s : undefined);
  const call = ELISP_CALLS[name];
  if (call?.shell !== undefined) {
    const line = str(args[call.shell]);
    if (line !== undefined) found.push({ kind: 'shell', command: line, call: name });
  } else if (call?.argv !== undefined) {
    const program = str(args[call.argv]);
    const rest = args.slice(call.argv + 1 + (call.skip ?? 0));
    if (program !== undefined && rest.every((a) => 's' in a))
      found.push({
        kind: 'shell',
        command: [program, ...rest.map((a) => str(a) as string)].map(shellQuote).join(' '),
        call: name,
      });
  } else if (name === 'make-process') {
    // (make-process :name "x" :command '("git" "push")): the :command list.
    const m = /:command\s+'?\(((?:\s*"(?:[^"\\]|\\.)*")+)\s*\)/.exec(form);
    if (m !== null) {
      const words = [...(m[1] as string).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((w) => unescapeElisp(w[1] as string));
      found.push({ kind: 'shell', command: words.map(shellQuote).join(' '), call: name });
    }
  } else if (call?.delete === true) {
    const path = str(args[0]);
    if (path !== undefined) found.push({ kind: 'delete', path, content: undefined, call: name });
  } else if (name === 'with-temp-file') {
    const path = str(args[0]);
    if (path === undefined) return;
    const inserts = [...form.matchAll(/\(insert((?:\s+"(?:[^"\\]|\\.)*")+)\s*\)/g)];
    const dynamic = /\(insert\s+[^"\s)]/.test(form);
    const content =
      inserts.length === 0 || dynamic
        ? undefined
        : inserts
            .flatMap((m) =>
              [...(m[1] as string).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((w) => unescapeElisp(w[1] as string)),
            )
            .join('');
    found.push({ kind: 'write', path, content, call: name });
  } else if (name === 'write-region') {
    const path = str(args[2]);
    if (path !== undefined) found.push({ kind: 'write', path, content: str(args[0]), call: name });
  } else if (name === 'copy-file' || name === 'rename-file') {
    const to = str(args[1]);
    const from = str(args[0]);
    if (name === 'rename-file' && from !== undefined)
      found.push({ kind: 'delete', path: from, content: undefined, call: name });
    if (to !== undefined) found.push({ kind: 'write', path: to, content: undefined, call: name });
  }
}

/** Clojure (babashka's bb -e, clojure -e): what each call does with its literal arguments. */
const CLOJURE_CALLS: Readonly<Record<string, 'line' | 'argv' | 'write' | 'delete'>> = {
  // babashka.process: (shell "git push" "origin") splits its first string into words and adds the others; an
  // options map may come first, and (process ["git" "push"]) takes a vector
  ...Object.fromEntries(
    ['shell', 'process', 'exec']
      .flatMap((f) => [f, `p/${f}`, `proc/${f}`, `babashka.process/${f}`, `babashka.tasks/${f}`])
      .map((n) => [n, 'line' as const]),
  ),
  // clojure.java.shell/sh: a program and its arguments
  sh: 'argv',
  'shell/sh': 'argv',
  'clojure.java.shell/sh': 'argv',
  spit: 'write',
  ...Object.fromEntries(
    ['delete', 'delete-tree', 'delete-if-exists']
      .flatMap((f) => [`fs/${f}`, `babashka.fs/${f}`])
      .map((n) => [n, 'delete' as const]),
  ),
  'io/delete-file': 'delete',
  'clojure.java.io/delete-file': 'delete',
};
const CLOJURE_NAMES: ReadonlySet<string> = new Set(Object.keys(CLOJURE_CALLS));

function clojureCall(name: string, form: string, found: OneLinerFinding[]): void {
  let args = sexpArgs(form);
  const action = CLOJURE_CALLS[name];
  const str = (a: Sexp | undefined): string | undefined => (a !== undefined && 's' in a ? a.s : undefined);
  if (action === 'write' || action === 'delete') {
    const path = str(args[0]);
    if (path === undefined) return;
    if (action === 'write') found.push({ kind: 'write', path, content: str(args[1]), call: name });
    else found.push({ kind: 'delete', path, content: undefined, call: name });
    return;
  }
  // An options map first ({:dir "x" :out :string}) is not a word; a vector is the words.
  if (args[0] !== undefined && 'form' in args[0] && args[0].form.startsWith('{')) args = args.slice(1);
  if (args.length === 1 && args[0] !== undefined && 'form' in args[0] && args[0].form.startsWith('['))
    args = sexpArgs(`(v ${args[0].form.slice(1, -1)})`);
  const words = args.map(str);
  if (words.length === 0 || words.some((w) => w === undefined)) return;
  const [first = '', ...rest] = words as string[];
  const command =
    action === 'line' ? [first, ...rest.map(shellQuote)].join(' ') : [first, ...rest].map(shellQuote).join(' ');
  found.push({ kind: 'shell', command, call: name });
}

/** The arguments of a form `(name a b …)`, top level only. */
function sexpArgs(form: string): Sexp[] {
  const out: Sexp[] = [];
  let i = form.indexOf('(') + 1;
  while (i < form.length && /\s/.test(form[i] as string)) i++;
  while (i < form.length && !/[\s()]/.test(form[i] as string)) i++; // the name
  while (i < form.length) {
    const c = form[i] as string;
    if (/\s/.test(c) || c === "'") i++;
    else if (c === ')') break;
    else if (c === '"') {
      const s = readString(form, i);
      out.push({ s: s.value });
      i = s.end;
    } else if (c === '(' || c === '[' || c === '{') {
      const end = closing(form, i, c, c === '(' ? ')' : c === '[' ? ']' : '}');
      out.push({ form: form.slice(i, end + 1) });
      i = end + 1;
    } else {
      let j = i;
      while (j < form.length && !/[\s()[\]{}]/.test(form[j] as string)) j++;
      out.push({ sym: form.slice(i, j) });
      i = j;
    }
  }
  return out;
}

function readString(code: string, at: number): { value: string; end: number } {
  let j = at + 1;
  let out = '';
  while (j < code.length && code[j] !== '"') {
    if (code[j] === '\\' && j + 1 < code.length) {
      out += unescapeElisp(code.slice(j, j + 2));
      j += 2;
      continue;
    }
    out += code[j];
    j++;
  }
  return { value: out, end: j + 1 };
}

function unescapeElisp(s: string): string {
  return s.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

/** Command files whose lines run a shell command line (round 13): gdb's `shell CMD` / `!CMD` (`gdb -x FILE`), vim's
 * `:!CMD` / `silent !CMD` (`vim -S FILE`). Any other line is the program's own. */
const LINE_CALLS: Readonly<Record<'gdb' | 'vim', RegExp>> = {
  gdb: /^[ \t]*(?:shell[ \t]+|!)([^\n]+)$/gm,
  vim: /^[ \t]*:?[ \t]*(?:silent!?[ \t]*)?!([^\n]+)$/gm,
};

function scanLineCalls(code: string, pattern: RegExp, language: 'gdb' | 'vim'): OneLinerFinding[] {
  const found: OneLinerFinding[] = [];
  for (const m of code.matchAll(pattern)) {
    if (found.length >= MAX_CALLS) break;
    found.push({ kind: 'shell', command: (m[1] as string).trim(), call: language === 'gdb' ? 'gdb shell' : 'vim !' });
  }
  return found;
}
