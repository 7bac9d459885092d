// DATA + scan: the inline code of `python -c`, `node -e`, `perl -e`, `ruby -e`, `php -r` → the well-known calls in it
// whose arguments are plain string literals: shell commands it runs and files it writes or deletes. Not a parser of
// those languages: one bounded, linear scan that skips strings and comments and reads a few call shapes.
import { putInFileReads } from './one-liner-file-reads.js';
import type { EffectKind } from './types.js';
import {
  blankComments,
  opensString,
  PIECE,
  partialLiteral,
  readLiteral,
  regexLiteralEnd,
  startsRegex,
  STRING_LANGUAGES,
  type Language,
} from './one-liner-strings.js';
import { perlQuoteOperators, rubyEnvironmentHashes, rubyQuoteOperators } from './perl-quotes.js';
import { foldPaths, importsSpelled } from './one-liner-fold.js';
import { scanWords, type WordLanguage } from './one-liner-words.js';
import { scanPatterns, type PatternLanguage } from './one-liner-patterns.js';
import { scanJsSdkCalls, scanSdkCalls } from './one-liner-sdks.js';
import { helperExpansions } from './one-liner-helpers.js';
import { spellScriptFolder } from './one-liner-script-dir.js';

/** Python calls that only spell a path: their literal argument is the path (`open(os.path.expanduser('~/.netrc'), 'w')`). */
const PATH_CALL = /^(?:os\.path\.(?:expanduser|abspath|normpath|realpath)|(?:pathlib\.)?Path|str)\(\s*/;
/** ... and R's (`path.expand('~/.Renviron')`, `normalizePath('x')`). */
const R_PATH_CALL = /^(?:path\.expand|normalizePath|fs::path_expand)\(\s*/;
/** `with open(…) as NAME:` right after the call's closing bracket. */
const WITH_AS = /^\s+as\s+([A-Za-z_]\w*)\s*:/;
import { shellQuote } from './words.js';
import { COMPUTED_PIECE } from './computed-piece.js';
import { isSerialised, serialisedPairs } from './one-liner-data.js';
import { putInEnvironment } from './one-liner-env.js';
import { withoutDeadBranches } from './one-liner-dead-branches.js';
import { adjacentLiterals, operandPieces, templateEnd } from './one-liner-pieces.js';

/** What a recognised call does with its literal arguments. */
type Action =
  /** arg 0 is a command line the system shell runs. */
  | 'shell'
  /** subprocess.*: a list is an argv; a string is a shell command with shell=True, else a program name. */
  | 'python-subprocess'
  /** execFile/spawn: arg 0 the program, arg 1 (a list) its arguments. */
  | 'program-args'
  /** Perl/Ruby system: one string is a shell command, several strings or a list an argv. */
  | 'system'
  /** os.execvp(program, [argv0, …]): arg 1, a list, is the whole argv. */
  | 'argv-list'
  /** os.execlp(program, argv0, …): the words after the program are the whole argv. */
  | 'argv-words'
  /** os.spawnvp(mode, program, [argv0, …]): arg 2, a list, is the whole argv. */
  | 'spawn-list'
  /** os.spawnlp(mode, program, argv0, …): the words after the program are the whole argv. */
  | 'spawn-words'
  /** Ruby's IO.popen / Open3.*: a list or several strings are an argv, one string (with a mode after it) a command line. */
  | 'popen'
  /** arg 0 the path, arg 1 the content. */
  | 'write'
  | 'append'
  /** arg 0 the path. */
  | 'delete'
  /** arg 1 the destination written. */
  | 'copy'
  /** arg 0 deleted, arg 1 written. */
  | 'move'
  /** Python open(path, mode): a write/append when the mode says so, with `.write('…')` right after as content. */
  | 'python-open'
  /** Path('p').write_text('…') / .unlink(): the path is the receiver's argument. */
  | 'path-write'
  | 'path-delete'
  /** Path('p').open('w'): a write/append when the mode says so, as open(p, mode). */
  | 'path-open'
  /** Perl open(F, '>', 'p') or open(F, '>p'). */
  | 'perl-open'
  /** R's writers: write.csv(df, 'p') or write.csv(df, file = 'p') (content unknown). */
  | 'write-second'
  /** R's writeLines('text', 'p'): the content first, the path second (or `con =`). */
  | 'write-lines'
  /** R's cat('a', 'b', file = 'p', append = TRUE): the strings joined by a space, written or appended to `file`. */
  | 'r-cat'
  /** A tagged template that runs its text as a command line: zx's and Bun's $`git status`. */
  | 'template-shell'
  /** new Deno.Command('prog', { args: ['a', …] }), Deno.run({ cmd: ['prog', 'a'] }): the program and its args. */
  | 'deno-command'
  /** Lua's io.open('p', 'w'): a write/append when the mode says so, with the next `:write('…')` as content. */
  | 'lua-open'
  /** A file of the language loaded and run (`dofile('x.lua')`, `load 'x.rb'`, `import('./x.mjs')`): read as the
   * interpreter running it. */
  | 'load'
  /** Python's exec(open('p').read()): p runs. */
  | 'python-exec';

interface CallTable {
  /** Full dotted names as written (`require('fs')` reads as `fs`, `fs.promises.x` as `fs.x`); `*.name` matches any
   * receiver (names distinctive enough on their own). */
  readonly calls: Readonly<Record<string, Action>>;
  /** Calls that may go without parentheses (`system "…"`, `unlink 'p'`). */
  readonly bare: boolean;
  /** The comment start to skip to the line end. */
  readonly comment: '#' | '//' | '--';
}

const NODE_CALLS: Readonly<Record<string, Action>> = {
  // import('./x.mjs') runs the file (a package name is not a file: LOCAL_FILE)
  import: 'load',
  // zx's and Bun's shell: $`…` runs its text, each ${…} a word not known (imported by name: bun.$, zx.$)
  $: 'template-shell',
  'Bun.$': 'template-shell',
  'bun.$': 'template-shell',
  'zx.$': 'template-shell',
  'Deno.Command': 'deno-command',
  'Deno.run': 'deno-command',
  'Deno.writeTextFileSync': 'write',
  'Deno.writeTextFile': 'write',
  'Deno.writeFileSync': 'write',
  'Deno.writeFile': 'write',
  'Deno.removeSync': 'delete',
  'Deno.remove': 'delete',
  'Deno.copyFileSync': 'copy',
  'Deno.copyFile': 'copy',
  'Deno.renameSync': 'move',
  'Deno.rename': 'move',
  'Bun.write': 'write',
  // Bun.spawn(['git', 'push']): a list is the argv
  'Bun.spawn': 'system',
  'Bun.spawnSync': 'system',
  'child_process.exec': 'shell',
  'child_process.execSync': 'shell',
  'cp.exec': 'shell',
  'cp.execSync': 'shell',
  exec: 'shell',
  execSync: 'shell',
  '*.execSync': 'shell',
  // shelljs (`sh.exec('netlify deploy --prod')`, under the names its docs import it as) and execa's command form run a
  // command line; execa (`execa('cdk', ['deploy'])`) a program with its argv (round 44). A bare `.exec` is a regex's.
  'sh.exec': 'shell',
  'shell.exec': 'shell',
  'shelljs.exec': 'shell',
  execaCommand: 'shell',
  execaCommandSync: 'shell',
  execa: 'program-args',
  execaSync: 'program-args',
  'child_process.execFile': 'program-args',
  'child_process.spawn': 'program-args',
  execFile: 'program-args',
  spawn: 'program-args',
  '*.execFileSync': 'program-args',
  '*.spawnSync': 'program-args',
  execFileSync: 'program-args',
  spawnSync: 'program-args',
  'cp.spawn': 'program-args',
  'cp.execFile': 'program-args',
  '*.writeFileSync': 'write',
  '*.appendFileSync': 'append',
  'fs.writeFile': 'write',
  'fs.appendFile': 'append',
  writeFileSync: 'write',
  appendFileSync: 'append',
  '*.rmSync': 'delete',
  '*.unlinkSync': 'delete',
  '*.rmdirSync': 'delete',
  'fs.rm': 'delete',
  'fs.unlink': 'delete',
  'fs.rmdir': 'delete',
  rmSync: 'delete',
  unlinkSync: 'delete',
  '*.copyFileSync': 'copy',
  '*.cpSync': 'copy',
  'fs.copyFile': 'copy',
  'fs.cp': 'copy',
  '*.renameSync': 'move',
  'fs.rename': 'move',
};

/** Where a bracketed literal closes (`%x(a (b) c)` nests its own brackets); -1 when it does not. */
function closingDelimiter(code: string, from: number, open: string, close: string): number {
  if (open === close) return code.indexOf(close, from);
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i];
    if (c === '\\') i++;
    else if (c === open) depth++;
    else if (c === close) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** Per language: the calls recognised. Adding one is a line here (and a case in test/shell/cases/one-liners.yaml). */
const TABLES: Readonly<Record<Language, CallTable>> = {
  python: {
    comment: '#',
    bare: false,
    calls: {
      'os.system': 'shell',
      'os.popen': 'shell',
      'subprocess.run': 'python-subprocess',
      'subprocess.call': 'python-subprocess',
      'subprocess.check_call': 'python-subprocess',
      'subprocess.check_output': 'python-subprocess',
      'subprocess.Popen': 'python-subprocess',
      'subprocess.getoutput': 'shell',
      // task runners' own calls (round 13): invoke's and fabric's `c.run("CMD")`, nox's `session.run("prog", "a", …)`
      'c.run': 'shell',
      'ctx.run': 'shell',
      'c.sudo': 'shell',
      'c.local': 'shell',
      'session.run': 'system',
      'subprocess.getstatusoutput': 'shell',
      // os.exec*/spawn*: the v/vp/ve forms take the argv as a list after the program, the l/lp forms as words
      'os.execv': 'argv-list',
      'os.execvp': 'argv-list',
      'os.execve': 'argv-list',
      'os.execvpe': 'argv-list',
      'os.execl': 'argv-words',
      'os.execlp': 'argv-words',
      'os.execle': 'argv-words',
      'os.execlpe': 'argv-words',
      'os.posix_spawn': 'argv-list',
      'os.posix_spawnp': 'argv-list',
      'os.spawnv': 'spawn-list',
      'os.spawnvp': 'spawn-list',
      'os.spawnve': 'spawn-list',
      'os.spawnvpe': 'spawn-list',
      'os.spawnl': 'spawn-words',
      'os.spawnlp': 'spawn-words',
      'os.spawnle': 'spawn-words',
      'os.spawnlpe': 'spawn-words',
      // pty.spawn(['git', 'push']) runs the argv in a pseudo-terminal (a string is a program name, as subprocess)
      'pty.spawn': 'python-subprocess',
      open: 'python-open',
      'io.open': 'python-open',
      exec: 'python-exec',
      'runpy.run_path': 'load',
      'Path.write_text': 'path-write',
      'Path.write_bytes': 'path-write',
      'pathlib.Path.write_text': 'path-write',
      'pathlib.Path.write_bytes': 'path-write',
      'Path.unlink': 'path-delete',
      'Path.open': 'path-open',
      'pathlib.Path.open': 'path-open',
      'pathlib.Path.unlink': 'path-delete',
      'os.remove': 'delete',
      'os.unlink': 'delete',
      'os.rmdir': 'delete',
      'shutil.rmtree': 'delete',
      'shutil.copy': 'copy',
      'shutil.copy2': 'copy',
      'shutil.copyfile': 'copy',
      'shutil.copytree': 'copy',
      'shutil.move': 'move',
      'os.rename': 'move',
      'os.replace': 'move',
      // pandas and numpy writers: a data frame or an array written over a file (arg 0 the path)
      '*.to_csv': 'write',
      '*.to_parquet': 'write',
      '*.to_json': 'write',
      '*.to_excel': 'write',
      '*.to_pickle': 'write',
      '*.to_feather': 'write',
      '*.to_hdf': 'write',
      '*.to_stata': 'write',
      '*.to_orc': 'write',
      '*.to_xml': 'write',
      'np.save': 'write',
      'np.savetxt': 'write',
      'np.savez': 'write',
      'np.savez_compressed': 'write',
      'numpy.save': 'write',
      'numpy.savetxt': 'write',
      'numpy.savez': 'write',
      'numpy.savez_compressed': 'write',
      // polars writers (arg 0 the path), and the savers whose path comes second
      '*.write_csv': 'write',
      '*.write_parquet': 'write',
      '*.write_ipc': 'write',
      '*.write_json': 'write',
      '*.write_ndjson': 'write',
      '*.write_excel': 'write',
      '*.write_avro': 'write',
      '*.write_delta': 'write',
      // pyarrow's writers take the table first, the path second (pq.write_table(t, 'data/raw/x.parquet'): round 28)
      'pq.write_table': 'write-second',
      'parquet.write_table': 'write-second',
      'pyarrow.parquet.write_table': 'write-second',
      'feather.write_feather': 'write-second',
      'pyarrow.feather.write_feather': 'write-second',
      'joblib.dump': 'write-second',
      'torch.save': 'write-second',
    },
  },
  js: { comment: '//', bare: false, calls: NODE_CALLS },
  // awk's system("cmd") runs a shell command line.
  awk: { comment: '#', bare: false, calls: { system: 'shell' } },
  perl: {
    comment: '#',
    bare: true,
    calls: {
      system: 'system',
      exec: 'system',
      unlink: 'delete',
      open: 'perl-open',
      rmtree: 'delete',
      'File::Path::rmtree': 'delete',
      remove_tree: 'delete',
      'File::Path::remove_tree': 'delete',
      do: 'load',
      require: 'load',
    },
  },
  ruby: {
    comment: '#',
    bare: true,
    calls: {
      system: 'system',
      exec: 'system',
      // Rake's (FileUtils') sh, as a Rakefile task runs it: one string a command line, several an argv
      sh: 'system',
      'Kernel.system': 'system',
      spawn: 'system',
      'Process.spawn': 'system',
      'IO.popen': 'popen',
      'Open3.capture2': 'popen',
      'Open3.capture2e': 'popen',
      'Open3.capture3': 'popen',
      'Open3.popen2': 'popen',
      'Open3.popen2e': 'popen',
      'Open3.popen3': 'popen',
      'Open3.pipeline': 'popen',
      'Open3.pipeline_r': 'popen',
      'Open3.pipeline_w': 'popen',
      'File.write': 'write',
      'IO.write': 'write',
      'File.delete': 'delete',
      'File.unlink': 'delete',
      'FileUtils.rm': 'delete',
      'FileUtils.rm_f': 'delete',
      'FileUtils.rm_r': 'delete',
      'FileUtils.rm_rf': 'delete',
      'FileUtils.remove_dir': 'delete',
      'FileUtils.cp': 'copy',
      'FileUtils.cp_r': 'copy',
      'FileUtils.mv': 'move',
      'File.rename': 'move',
      load: 'load',
      require_relative: 'load',
    },
  },
  // R: system("…"), the writers of base R, readr, data.table and arrow (the path is the second argument or `file =`),
  // file.remove/unlink, file.copy/file.rename.
  r: {
    comment: '#',
    bare: false,
    calls: {
      system: 'shell',
      // system2('git', c('push', 'origin')) / system2('git', args = c(…)): the program and its arguments
      system2: 'program-args',
      'write.csv': 'write-second',
      'write.csv2': 'write-second',
      'write.table': 'write-second',
      writeLines: 'write-lines',
      cat: 'r-cat',
      // write(x, file = 'p', append = TRUE) is cat's front end (usethis' and happygitwithr's ~/.Renviron steps)
      write: 'r-cat',
      saveRDS: 'write-second',
      write_csv: 'write-second',
      'readr::write_csv': 'write-second',
      write_tsv: 'write-second',
      'readr::write_tsv': 'write-second',
      fwrite: 'write-second',
      'data.table::fwrite': 'write-second',
      write_parquet: 'write-second',
      'arrow::write_parquet': 'write-second',
      'file.remove': 'delete',
      unlink: 'delete',
      'file.copy': 'copy',
      'file.rename': 'move',
      source: 'load',
    },
  },
  // Lua: os.execute/io.popen run a command line; io.open(p, 'w') then `:write('…')` writes.
  lua: {
    comment: '--',
    bare: false,
    calls: {
      'os.execute': 'shell',
      'io.popen': 'shell',
      'os.remove': 'delete',
      'os.rename': 'move',
      'io.open': 'lua-open',
      dofile: 'load',
    },
  },
  // Julia: run/success/pipeline of a command literal (`run(\`git push\`)`); write(p, text), rm, cp, mv.
  julia: {
    comment: '#',
    bare: false,
    calls: {
      run: 'shell',
      'Base.run': 'shell',
      success: 'shell',
      pipeline: 'shell',
      write: 'write',
      rm: 'delete',
      cp: 'copy',
      mv: 'move',
      include: 'load',
    },
  },
  // Elixir (elixir -e): System.shell runs a command line, System.cmd a program with a list of arguments.
  elixir: {
    comment: '#',
    bare: false,
    calls: {
      'System.shell': 'shell',
      'System.cmd': 'program-args',
      'File.write': 'write',
      'File.write!': 'write',
      'File.rm': 'delete',
      'File.rm!': 'delete',
      'File.rm_rf': 'delete',
      'File.rm_rf!': 'delete',
    },
  },
  php: {
    comment: '//',
    // include/require are language constructs, mostly written without brackets
    bare: true,
    calls: {
      shell_exec: 'shell',
      system: 'shell',
      exec: 'shell',
      passthru: 'shell',
      popen: 'shell',
      proc_open: 'shell',
      file_put_contents: 'write',
      unlink: 'delete',
      rmdir: 'delete',
      copy: 'copy',
      rename: 'move',
      include: 'load',
      include_once: 'load',
      require: 'load',
      require_once: 'load',
    },
  },
};

/** A path a JavaScript require/import names as a file (not a package): `./x.js`, `../x`, `/abs/x.mjs`. */
const LOCAL_FILE = /^\.{0,2}\//;
/** exec(open('p').read()) — the argument's text. */
const PY_EXEC_OPEN = /^open\(\s*((['"]).*?\2)\s*\)\.read\(\s*\)$/s;

/** The program that runs a file of each language, for the files a one-liner loads. */
const LOADERS: Readonly<Partial<Record<Language, string>>> = {
  js: 'node',
  python: 'python3',
  ruby: 'ruby',
  perl: 'perl',
  php: 'php',
  lua: 'lua',
  r: 'Rscript',
  julia: 'julia',
};

/** The closing delimiter of a quote-like operator's bracket. */
const PAIRS: Readonly<Record<string, string>> = { '(': ')', '{': '}', '[': ']', '<': '>' };

/** Interpreter family (interpreters.ts) → the language of its inline code (tcl and elisp: one-liner-words.ts). */
const LANGUAGE_OF: Readonly<Record<string, Language | WordLanguage | PatternLanguage>> = {
  groovy: 'groovy',
  erlang: 'erlang',
  gnuplot: 'gnuplot',
  clojure: 'clojure',
  lua: 'lua',
  julia: 'julia',
  elixir: 'elixir',
  tcl: 'tcl',
  elisp: 'elisp',
  applescript: 'applescript',
  sed: 'sed',
  python: 'python',
  node: 'js',
  bun: 'js',
  deno: 'js',
  perl: 'perl',
  ruby: 'ruby',
  php: 'php',
  r: 'r',
  awk: 'awk',
  // Octave's system("…") and unlink/rename read as R's (`octave --eval 'system("…")'`)
  octave: 'r',
  cmake: 'cmake',
  go: 'go',
  java: 'java',
  rust: 'rust',
  raku: 'raku',
  m4: 'm4',
  gdb: 'gdb',
  vim: 'vim',
};

export const ONE_LINER_LIMITS: { readonly maxCalls: number; readonly maxArgsSpan: number } = {
  /** Recognised call names whose arguments are read, per one-liner: past it the rest is only opaque. */
  maxCalls: 32,
  /** Characters one call's argument list may span before it is given up as unknown. */
  maxArgsSpan: 4096,
};

/** The command of a finding whose code hands a shell what the program reads (awk's `system($0)`, Perl's
 * `system(<STDIN>)`, `os.system(sys.stdin.read())`): the caller puts in the program's input, when known. */
export const INPUT_COMMAND = '\u0000input';

/** An argument that is the program's input: its stdin (or awk's current line, Perl's `<>` of the operand files). */
const INPUT_READ =
  /^(?:sys\.stdin\.read(?:line)?\(\)|input\(\)|(?:scalar\s*)?<(?:STDIN)?>|\$0|\$_|(?:\$stdin|STDIN|ARGF)\.read|gets|(?:require\(\s*['"](?:node:)?fs['"]\s*\)\.|fs\.)?readFileSync\(\s*(?:0|['"]\/dev\/stdin['"]|process\.stdin\.fd)\s*(?:,\s*(?:['"]utf-?8['"]|\{[^{}]*\}))?\s*\)(?:\.toString\(\s*\))?)$/;

export type OneLinerFinding =
  | { readonly kind: 'shell'; readonly command: string; readonly call: string }
  | { readonly kind: EffectKind; readonly path: string; readonly content: string | undefined; readonly call: string };

/** One argument as far as the scan understands it: a literal string, a list of literal strings, or anything else. */
type Arg = { readonly s: string } | { readonly list: readonly string[] } | { readonly other: string };

interface Args {
  readonly args: readonly Arg[];
  /** Python keyword arguments, name → the value's text (shell=True, mode='w'). */
  readonly keywords: ReadonlyMap<string, Arg>;
  readonly end: number;
}

/** `shlex.split('…')` of one plain literal (no escapes), as a subprocess argument. */
const SHLEX_SPLIT = /^(?:shlex\.)?split\(\s*(['"])((?:(?!\1)[^\\\n])*)\1\s*\)$/;

const isIdentStart = (c: number): boolean =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36; /* A-Z a-z _ $ */
const isIdent = (c: number): boolean => isIdentStart(c) || (c >= 48 && c <= 57);
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

/** Whether the scan knows an interpreter family's language (the completeness test asks it of every declaration). */
export const knowsFamily = (family: string): boolean => LANGUAGE_OF[family] !== undefined;

/** The languages whose code the string readers (one-liner-strings.ts) read; the others are scanned by words or patterns. */
const READ_AS_STRINGS: ReadonlySet<string> = new Set(STRING_LANGUAGES);

/** The language an interpreter family's code is read as, when it is one the string readers know (node, deno, bun: js). */
export function codeLanguage(family: string): Language | undefined {
  const language = LANGUAGE_OF[family];
  return language !== undefined && READ_AS_STRINGS.has(language) ? (language as Language) : undefined;
}

/** The shell commands and file effects of an interpreter's inline code, for families it knows; [] otherwise. */
export function scanOneLiner(
  family: string,
  written: string,
  /** A variable of the program's environment, when its value is known (put in where the code reads it by name). */
  env?: (name: string) => string | undefined,
  /** The program file the code is, when it was run by its path: its own folder (`__file__`, `__dirname`) is known. */
  script?: string,
  /** A file's whole text, when the session wrote it (put in where the code reads it by a literal path). */
  read?: (path: string) => string | undefined,
): OneLinerFinding[] {
  const language = LANGUAGE_OF[family];
  if (language === undefined) return [];
  const live = language === 'python' ? withoutDeadBranches(written) : written;
  const located = language === 'python' || language === 'js' ? spellScriptFolder(live, language, script) : live;
  const withEnv =
    env === undefined || (language !== 'js' && language !== 'python' && language !== 'ruby' && language !== 'perl')
      ? located
      : putInEnvironment(located, language, env);
  const code =
    read === undefined || (language !== 'js' && language !== 'python' && language !== 'ruby')
      ? withEnv
      : putInFileReads(withEnv, language, read);
  if (language === 'groovy' || language === 'erlang' || language === 'gnuplot') return scanPatterns(language, code);
  if (
    language === 'tcl' ||
    language === 'elisp' ||
    language === 'clojure' ||
    language === 'sed' ||
    language === 'applescript' ||
    language === 'cmake' ||
    language === 'go' ||
    language === 'java' ||
    language === 'rust' ||
    language === 'raku' ||
    language === 'm4' ||
    language === 'gdb' ||
    language === 'vim'
  )
    return scanWords(language, code);
  if (language === 'awk') {
    // awk's variables set once to a literal are put in where a command is named (`cmd = "…"; system(cmd)`).
    const folded = foldAwkVariables(code);
    return [...new Scan(foldPaths(folded, language), language).run(), ...awkRedirects(folded), ...awkPipes(folded)];
  }
  // Perl's q{…}/qq{…}/qw(…) are read as the quoted literals they stand for (perl-quotes.ts); Julia's Cmd([…]) of
  // string literals as the command literal it builds.
  const plain =
    language === 'perl'
      ? perlQuoteOperators(code)
      : language === 'julia'
        ? juliaCmdVectors(code)
        : language === 'ruby'
          ? rubyEnvironmentHashes(rubyQuoteOperators(blankComments(code, language)))
          : blankComments(code, language);
  const folded = foldPaths(plain, language);
  const found = new Scan(folded, language).run();
  // the program's own helpers, put in where they are called (`aws("s3", "rm", url)` of `def aws(*args): …`)
  if (language === 'python' || language === 'js')
    for (const snippet of helperExpansions(folded, language))
      for (const f of new Scan(foldPaths(snippet, language), language).run())
        if (!found.some((g) => sameFinding(g, f))) found.push(f);
  // SDK calls that do what a CLI does (boto3, huggingface_hub, Octokit, …): read as that command too.
  if (language === 'python') return [...found, ...scanSdkCalls(code)];
  if (language === 'js') {
    const sdk = scanJsSdkCalls(importsSpelled(code) ?? code);
    return sdk.length === 0 ? found : [...found, ...sdk];
  }
  return found;
}

const sameFinding = (a: OneLinerFinding, b: OneLinerFinding): boolean =>
  a.kind === 'shell' || b.kind === 'shell'
    ? a.kind === b.kind && (a as { command: string }).command === (b as { command: string }).command
    : a.kind === b.kind && a.path === b.path && a.content === b.content;

const AWK_STRING = '"(?:[^"\\\\\\n]|\\\\.)*"';

/**
 * Julia's `Cmd(["sh", "-c", "…"])` builds the same command as the literal `` `sh -c '…'` ``: a vector of plain string
 * literals (no `$` interpolation) is rewritten as that literal, each element one word, so `run(Cmd([…]))` reads as
 * `run(`…`)` does. Any other Cmd(…) is left as written (not read).
 */
function juliaCmdVectors(code: string): string {
  if (!code.includes('Cmd(')) return code;
  return code.replace(
    /\bCmd\(\s*\[\s*("(?:[^"\\$]|\\[^$])*"(?:\s*,\s*"(?:[^"\\$]|\\[^$])*")*)\s*,?\s*\]\s*\)/g,
    (_all, items: string) => {
      const words = [...items.matchAll(/"((?:[^"\\$]|\\[^$])*)"/g)].map((m) =>
        (m[1] as string).replace(/\\(.)/g, '$1'),
      );
      return `\`${words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ')}\``;
    },
  );
}

/** awk code with each variable assigned exactly once, to a string literal, replaced by that literal where it names a
 * command or a printed text: `system(NAME)`, `NAME | getline`, `print NAME | …`, `| NAME`. */
function foldAwkVariables(code: string): string {
  const values = new Map<string, string | undefined>();
  const assign = new RegExp(`(?:^|[;{\\s])([A-Za-z_]\\w*)\\s*=(?!=)\\s*(${AWK_STRING}|[^;}\\n]*)`, 'g');
  for (let m = assign.exec(code); m !== null; m = assign.exec(code)) {
    const name = m[1] as string;
    const value = (m[2] as string).trim();
    values.set(name, values.has(name) || !/^"/.test(value) || !value.endsWith('"') ? undefined : value);
  }
  if (![...values.values()].some((v) => v !== undefined)) return code;
  const put = (name: string): string | undefined => values.get(name);
  // `system(p " push")`: literals and such variables side by side are one string (awk joins them)
  const joined = (parts: string): string | undefined => {
    let inner = '';
    for (const t of parts.match(new RegExp(`[A-Za-z_]\\w*|${AWK_STRING}`, 'g')) ?? []) {
      const literal = t.startsWith('"') ? t : put(t);
      if (literal === undefined) return undefined;
      inner += literal.slice(1, -1);
    }
    return `"${inner}"`;
  };
  return code
    .replace(/\bsystem\s*\(\s*([A-Za-z_]\w*)\s*\)/g, (all, n: string) => (put(n) ? `system(${put(n)})` : all))
    .replace(
      new RegExp(
        `\\bsystem\\s*\\(\\s*((?:[A-Za-z_]\\w*|${AWK_STRING})(?:\\s+(?:[A-Za-z_]\\w*|${AWK_STRING}))+)\\s*\\)`,
        'g',
      ),
      (all, parts: string) => {
        const s = joined(parts);
        return s === undefined ? all : `system(${s})`;
      },
    )
    .replace(/(\bprintf?\s+)([A-Za-z_]\w*)(\s*\|)/g, (all, a: string, n: string, b: string) =>
      put(n) ? `${a}${put(n)}${b}` : all,
    )
    .replace(/(\|\s*)([A-Za-z_]\w*)\b(?!\s*\()/g, (all, a: string, n: string) =>
      n !== 'getline' && put(n) ? `${a}${put(n)}` : all,
    )
    .replace(/([A-Za-z_]\w*)(\s*\|\s*getline)/g, (all, n: string, b: string) => (put(n) ? `${put(n)}${b}` : all));
}

const unAwk = (literal: string): string =>
  literal.slice(1, -1).replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\(.)/g, '$1');

/** A shell program a pipe's command names (`"sh"`, `"bash -s"`, `"/bin/sh"`): what is printed into it runs. */
const AWK_SHELL = /^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|dash|zsh|ksh)(?:\s+-s)?$/;

/** awk's pipes: `"CMD" | getline` and `print … | "CMD"` run CMD; a literal printed into a shell is a line it runs. */
function awkPipes(code: string): OneLinerFinding[] {
  const out: OneLinerFinding[] = [];
  const getline = new RegExp(`(${AWK_STRING})\\s*\\|\\s*getline`, 'g');
  for (let m = getline.exec(code); m !== null && out.length < ONE_LINER_LIMITS.maxCalls; m = getline.exec(code))
    out.push({ kind: 'shell', command: unAwk(m[1] as string), call: '"…" | getline' });
  const printed = new RegExp(`\\bprintf?\\s*\\(?\\s*(${AWK_STRING})?[^|;}\\n]*?\\|\\s*(${AWK_STRING})`, 'g');
  for (let m = printed.exec(code); m !== null && out.length < ONE_LINER_LIMITS.maxCalls; m = printed.exec(code)) {
    const target = unAwk(m[2] as string);
    if (AWK_SHELL.test(target.trim())) {
      if (m[1] !== undefined) out.push({ kind: 'shell', command: unAwk(m[1]), call: `print | "${target}"` });
    } else out.push({ kind: 'shell', command: target, call: 'print | "…"' });
  }
  return out;
}

/** awk's `print "text" > "file"` (and `>>`, `printf`): a write of that literal text, when both are literals. */
function awkRedirects(code: string): OneLinerFinding[] {
  const out: OneLinerFinding[] = [];
  const re = /\bprintf?\s*\(?\s*"((?:[^"\\\n]|\\.)*)"\s*\)?\s*(>>?)\s*"((?:[^"\\\n]|\\.)*)"/g;
  for (let m = re.exec(code); m !== null && out.length < ONE_LINER_LIMITS.maxCalls; m = re.exec(code)) {
    const text = `${(m[1] as string).replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\(.)/g, '$1')}\n`;
    out.push({ kind: m[2] === '>>' ? 'append' : 'write', path: m[3] as string, content: text, call: `print ${m[2]}` });
  }
  return out;
}

/**
 * A list item that is not a literal (`tag`, `*files`, `f'v{n}'`): its value is unknown, and a splat may be any number
 * of words. It stands in the argv as an unset variable the shell model reads as unknown (the call's literal words
 * still say what it runs: `['twine', 'upload', *files]` is a twine upload of unknown files).
 */
export const UNKNOWN_ITEM = '\u0000unknown';
/** The names a language gives its own interpreter's path, as the program a list runs. */
const INTERPRETER_NAMES: Partial<Record<Language, Readonly<Record<string, string>>>> = {
  python: { 'sys.executable': 'python3' },
  js: { 'process.execPath': 'node', 'process.argv[0]': 'node', 'process.argv0': 'node' },
  ruby: { 'Gem.ruby': 'ruby', 'RbConfig.ruby': 'ruby' },
};
const UNKNOWN_WORD = '$__one_liner_value';

/** Quote an argv back into one shell command line (single quotes, `'` as `'\''`). */
export function quoteArgv(argv: readonly string[]): string {
  return argv
    .map((w) =>
      w === UNKNOWN_ITEM
        ? UNKNOWN_WORD
        : w.includes(PIECE)
          ? w
              .split(PIECE)
              .map((part) => (part === '' ? '' : shellQuote(part)))
              .join(`"${UNKNOWN_WORD}"`)
          : shellQuote(w),
    )
    .join(' ');
}

/**
 * The names a module's members are imported under (`import subprocess as s` → s: subprocess; `from os import system
 * as run_it` → run_it: os.system; `const { execSync: x } = require('child_process')` → x: child_process.execSync;
 * `const cp = require('node:child_process')` → cp: child_process), so `s.run(…)` and `x('…')` are the table's calls.
 * A bounded pass of plain patterns over the code (a name bound again later is not tracked: the stricter reading).
 */
function importAliases(code: string, language: Language): Map<string, string> | undefined {
  if (language !== 'python' && language !== 'js') return undefined;
  let out: Map<string, string> | undefined;
  const set = (name: string, target: string): void => {
    if (name !== target && /^[A-Za-z_$][\w$]*$/.test(name) && (out ??= new Map()).size < 32) out.set(name, target);
  };
  const text = code.length > 16_384 ? code.slice(0, 16_384) : code;
  if (language === 'python') {
    for (const m of text.matchAll(/(?:^|[;\n])\s*import\s+([\w.]+)\s+as\s+(\w+)/g)) set(m[2] as string, m[1] as string);
    for (const m of text.matchAll(/(?:^|[;\n])\s*from\s+([\w.]+)\s+import\s+\(?([\w\s,]+)\)?/g))
      for (const part of (m[2] as string).split(',')) {
        const [name, alias] = part.trim().split(/\s+as\s+/);
        if (name !== undefined && name !== '') set(alias ?? name, `${m[1]}.${name}`);
      }
    return out;
  }
  const req = String.raw`(?:require|import)\(\s*['"](?:node:)?([\w./@-]+)['"]\s*\)`;
  for (const m of text.matchAll(new RegExp(String.raw`(?:const|let|var)\s+([\w$]+)\s*=\s*(?:await\s+)?${req}`, 'g')))
    set(m[1] as string, m[2] as string);
  for (const m of text.matchAll(
    new RegExp(String.raw`(?:const|let|var)\s*\{([^}]{1,400})\}\s*=\s*(?:await\s+)?${req}`, 'g'),
  ))
    for (const part of (m[1] as string).split(',')) {
      const [name, alias] = part.trim().split(/\s*:\s*/);
      if (name !== undefined && name !== '') set(alias ?? name, `${m[2]}.${name}`);
    }
  for (const m of text.matchAll(/import\s*\{([^}]{1,400})\}\s*from\s*['"](?:node:)?([\w./@-]+)['"]/g))
    for (const part of (m[1] as string).split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name !== undefined && name !== '') set(alias ?? name, `${m[2]}.${name}`);
    }
  for (const m of text.matchAll(/import\s+(?:\*\s+as\s+)?([\w$]+)\s+from\s*['"](?:node:)?([\w./@-]+)['"]/g))
    set(m[1] as string, m[2] as string);
  return out;
}

/** Where the line (or the statement: `;`) that i is on ends, at most maxArgsSpan on. */
const lineEnd = (text: string, i: number): number => {
  const limit = Math.min(text.length, i + ONE_LINER_LIMITS.maxArgsSpan);
  let j = i;
  while (j < limit && text.charCodeAt(j) !== 10 && text.charCodeAt(j) !== 59) j++;
  return j;
};

class Scan {
  private readonly table: CallTable;
  private readonly found: OneLinerFinding[] = [];
  private budget = ONE_LINER_LIMITS.maxCalls;
  /** Names modules and their members were imported under (importAliases). */
  private readonly aliases: Map<string, string> | undefined;

  constructor(
    private readonly code: string,
    private readonly language: Language,
  ) {
    this.table = TABLES[language];
    this.aliases = importAliases(code, language);
  }

  run(): OneLinerFinding[] {
    const code = this.code;
    let i = 0;
    // INVARIANT: every step moves i forward; a call's arguments are read at most maxCalls times, each within
    // maxArgsSpan characters, so the whole scan is linear in the code's length.
    while (i < code.length && this.budget > 0) {
      const c = code.charCodeAt(i);
      if (this.commentAt(i)) {
        const eol = code.indexOf('\n', i);
        i = eol < 0 ? code.length : eol + 1;
      } else if (c === 96 && (this.language === 'perl' || this.language === 'ruby' || this.language === 'php')) {
        // Backticks run a shell command in Perl, Ruby and PHP.
        const end = code.indexOf('`', i + 1);
        const body = code.slice(i + 1, end < 0 ? code.length : end);
        if (end > 0 && !this.interpolates(body)) this.found.push({ kind: 'shell', command: body, call: '`…`' });
        i = end < 0 ? code.length : end + 1;
      } else if (this.quoteLikeAt(i)) {
        // Perl's qx(…) / qx{…} and Ruby's %x(…): the same as backticks, with delimiters of their own.
        const open = code[i + 2] as string;
        const close = PAIRS[open] ?? open;
        const end = closingDelimiter(code, i + 3, open, close);
        const body = code.slice(i + 3, end < 0 ? code.length : end);
        if (end > 0 && !this.interpolates(body))
          this.found.push({ kind: 'shell', command: body, call: `${code.slice(i, i + 2)}…` });
        i = end < 0 ? code.length : end + 1;
      } else if (opensString(this.language, c)) {
        i = (readLiteral(code, i, this.language) as { end: number }).end;
      } else if (isIdentStart(c) && (i === 0 || !isIdent(code.charCodeAt(i - 1)))) {
        i = this.chain(i);
      } else i++;
    }
    return this.found;
  }

  /** Whether a command literal's body interpolates (then its text is not the command): Ruby's `#{…}`, `#@x`, `#$x`;
   * Perl's and PHP's `$x` and `@x` (an `@` before a non-name character, as in an address, is only a character). */
  private interpolates(body: string): boolean {
    if (this.language === 'ruby' || this.language === 'elixir') return /#[{$@]/.test(body);
    return /\$|@[\w{:]/.test(body);
  }

  /** `qx(` / `qx{` … in Perl, `%x(` in Ruby, where a name does not go on before it. */
  private quoteLikeAt(i: number): boolean {
    const code = this.code;
    const lead = this.language === 'perl' ? 'qx' : this.language === 'ruby' ? '%x' : undefined;
    if (lead === undefined || !code.startsWith(lead, i) || (i > 0 && isIdent(code.charCodeAt(i - 1)))) return false;
    const open = code[i + 2];
    return open !== undefined && /[({[<|/!]/.test(open);
  }

  private commentAt(i: number): boolean {
    const c = this.code.charCodeAt(i);
    if (this.table.comment === '#') return c === 35 && (this.language !== 'perl' || this.code.charCodeAt(i - 1) !== 36);
    if (this.table.comment === '--') return c === 45 && this.code.charCodeAt(i + 1) === 45;
    return c === 47 && this.code.charCodeAt(i + 1) === 47;
  }

  /** A dotted name (`os.system`, `require('fs').writeFileSync`, `Path('p').write_text`) at i: recognise it as a call
   * of the table and read its arguments. Returns where scanning goes on. */
  private chain(at: number): number {
    const code = this.code;
    if (this.language === 'python') {
      const literal = readLiteral(code, at, 'python');
      if (literal !== undefined) return literal.end; // r'…', f"…": a string, not a name
    }
    // `x.exec(…)` where x is not a name (`/re/.exec`, `f().run`): a member of something unknown, not a bare call.
    const segments: string[] = at > 0 && code.charCodeAt(at - 1) === 46 ? ['?'] : [];
    let receiverPath: string | undefined;
    let i = at;
    for (;;) {
      let j = i;
      while (j < code.length && (isIdent(code.charCodeAt(j)) || (this.language === 'perl' && code.startsWith('::', j))))
        j += code.startsWith('::', j) ? 2 : 1;
      const name = code.slice(i, j);
      i = j;
      // `require('fs')` reads as the module's name; `Path('p')` as Path with its literal path.
      const importing = name === 'require' || name === '__import__';
      if (code.charCodeAt(i) === 40 && (importing || name === 'Path') && segments.length <= 1) {
        const literal = readLiteral(code, i + 1, this.language);
        if (literal?.value === undefined || code.charCodeAt(literal.end) !== 41) return i;
        // require('./x.js'): the file runs (a file the session wrote is read as what it contains).
        if (name === 'require' && this.language === 'js' && LOCAL_FILE.test(literal.value)) {
          this.load(literal.value, 'require');
          return literal.end + 1;
        }
        if (importing) segments.length = 0;
        segments.push(importing ? literal.value.replace(/^node:/, '') : name);
        if (name === 'Path') receiverPath = literal.value;
        i = literal.end + 1;
      } else if (name !== 'promises' || segments.length === 0) segments.push(name);
      if (code.charCodeAt(i) === 46 && isIdentStart(code.charCodeAt(i + 1))) i++;
      else break;
    }
    const alias =
      this.aliases === undefined || segments[0] === '?' ? undefined : this.aliases.get(segments[0] as string);
    if (alias !== undefined) segments.splice(0, 1, ...alias.split('.'));
    const name = segments.join('.');
    const action =
      this.table.calls[name] ?? (segments.length > 1 ? this.table.calls[`*.${segments.at(-1)}`] : undefined);
    if (action === undefined) return i;
    if (action === 'template-shell') {
      // $`git push` — the tagged template's text, when it holds no ${…}.
      if (code.charCodeAt(i) !== 96) return i;
      this.budget--;
      const literal = readLiteral(code, i, this.language);
      if (literal?.value !== undefined)
        this.found.push({ kind: 'shell', command: literal.value, call: `${name}\`…\`` });
      else {
        // $`docker push ${tag}`: each interpolation is one word whose value is not known (zx and Bun quote it), so
        // the command is still read: a rule on `docker push` holds whatever the tag.
        const end = templateEnd(code, i);
        if (end !== undefined)
          this.found.push({
            kind: 'shell',
            command: interpolatedCommand(code.slice(i + 1, end - 1)),
            call: `${name}\`…\``,
          });
        return end ?? i + 1;
      }
      return literal?.end ?? i + 1;
    }
    // `system ('git', …)`, `os.system ("…")`: blanks before the parenthesis are still a call in each language.
    let open = i;
    while (code.charCodeAt(open) === 32 || code.charCodeAt(open) === 9) open++;
    const paren = code.charCodeAt(open) === 40;
    if (paren) i = open;
    else if (!(this.table.bare && isSpace(code.charCodeAt(i)))) return i;
    this.budget--;
    const args = this.args(paren ? i + 1 : i, paren);
    if (args === undefined) return i;
    this.record(action, name, args, receiverPath, at);
    return args.end;
  }

  /** The arguments from `at` (just past `(`, or after a bare call's name) to the closing `)` or the statement's end. */
  private args(at: number, paren: boolean): Args | undefined {
    const code = this.code;
    const limit = Math.min(code.length, at + ONE_LINER_LIMITS.maxArgsSpan);
    const args: Arg[] = [];
    const keywords = new Map<string, Arg>();
    let i = at;
    for (;;) {
      while (i < limit && isSpace(code.charCodeAt(i))) i++;
      if (i >= limit) return paren ? undefined : { args, keywords, end: i };
      if (paren && code.charCodeAt(i) === 41) return { args, keywords, end: i + 1 };
      let keyword: string | undefined;
      if (this.language === 'python' || this.language === 'r') {
        let j = i;
        while (j < limit && isIdent(code.charCodeAt(j))) j++;
        const name = j;
        // R writes `file = "p"` with blanks around the `=`.
        if (this.language === 'r') while (j < limit && isSpace(code.charCodeAt(j))) j++;
        if (name > i && code.charCodeAt(j) === 61 && code.charCodeAt(j + 1) !== 61) {
          keyword = code.slice(i, name);
          i = j + 1;
          while (i < limit && isSpace(code.charCodeAt(i))) i++;
        }
      }
      const [arg, next] = this.arg(i, limit, paren);
      if (keyword === undefined) args.push(arg);
      else keywords.set(keyword, arg);
      i = next;
      while (i < limit && isSpace(code.charCodeAt(i))) i++;
      const c = code.charCodeAt(i);
      if (c === 44 /* , */) i++;
      else if (paren && c === 41) return { args, keywords, end: i + 1 };
      else if (!paren) return { args, keywords, end: i };
      else return undefined;
    }
  }

  /** One argument at i: a literal (followed by `,` or the end of the list), a list of literals, or anything else. */
  private wordList(at: number, limit: number, paren: boolean): [Arg, number] | undefined {
    const code = this.code;
    let i = at;
    if (this.language === 'ruby' && code.charCodeAt(i) === 42 /* * */) i++;
    const lead = this.language === 'perl' ? 'qw' : this.language === 'ruby' ? '%w' : undefined;
    if (lead === undefined || !code.startsWith(lead, i)) return undefined;
    const open = code[i + 2] as string;
    if (open === undefined || !/[({[<|/!]/.test(open)) return undefined;
    const end = closingDelimiter(code, i + 3, open, PAIRS[open] ?? open);
    if (end < 0 || end >= limit || !this.argEnds(end + 1, limit, paren)) return undefined;
    const body = code.slice(i + 3, end);
    if (body.includes('\\')) return undefined;
    return [{ list: body.split(/\s+/).filter((w) => w !== '') }, end + 1];
  }

  private arg(at: number, limit: number, paren: boolean): [Arg, number] {
    const code = this.code;
    const literal = readLiteral(code, at, this.language);
    if (literal !== undefined && literal.value !== undefined && this.argEnds(literal.end, limit, paren))
      return [{ s: literal.value }, literal.end];
    // Ruby's `sh "glab mr approve #{iid}"`: the interpolation is a value computed at run time, the rest is the command.
    if (
      literal !== undefined &&
      (this.language === 'ruby' || this.language === 'elixir') &&
      this.argEnds(literal.end, limit, paren)
    ) {
      const partial = partialLiteral(code, at, this.language);
      if (partial !== undefined) return [{ s: partial.split(PIECE).join(UNKNOWN_WORD) }, literal.end];
    }
    // Python's plain literals side by side are one (`open('out/' 'a.txt', 'w')`, a command split over lines).
    const run = literal?.value !== undefined && this.language === 'python' ? adjacentLiterals(code, at) : undefined;
    if (run?.plain && run.count > 1 && this.argEnds(run.end, limit, paren)) return [{ s: run.text }, run.end];
    const wrapped = this.language === 'python' || this.language === 'r' ? this.pathOf(at, limit, paren) : undefined;
    if (wrapped !== undefined) return wrapped;
    // A word list: Perl's qw(a b), Ruby's %w[a b] (splatted: *%w[…]); its words, split on blanks.
    const words = this.wordList(at, limit, paren);
    if (words !== undefined) return words;
    // A list: [a, b] (Python, JavaScript, Julia), or R's c(a, b).
    const rList = this.language === 'r' && code.startsWith('c(', at);
    if (code.charCodeAt(at) === 91 /* [ */ || rList) {
      const close = rList ? 41 : 93;
      const items: string[] = [];
      let i = at + (rList ? 2 : 1);
      for (;;) {
        while (i < limit && isSpace(code.charCodeAt(i))) i++;
        if (code.charCodeAt(i) === close && this.argEnds(i + 1, limit, paren)) {
          // A list of nothing but unknowns says nothing of what runs.
          if (items.length > 0 && items[0] === UNKNOWN_ITEM) break;
          return [{ list: items }, i + 1];
        }
        // A splat of a literal list (`[*['-n', 'payments'], 'get']`, JavaScript's `...['-n', 'x']`): its items, in
        // place (a splat of a name stays one unknown word, below).
        const spread = code.startsWith('...', i)
          ? 3
          : code.charCodeAt(i) === 42 && code.charCodeAt(i + 1) === 91
            ? 1
            : 0;
        if (spread > 0 && code.charCodeAt(i + spread) === 91 && !rList) {
          const [inner, innerEnd] = this.arg(i + spread, limit, false);
          if ('list' in inner) {
            items.push(...inner.list);
            i = innerEnd;
            while (i < limit && isSpace(code.charCodeAt(i))) i++;
            if (code.charCodeAt(i) === 44) i++;
            else if (code.charCodeAt(i) !== close) break;
            continue;
          }
        }
        const item = readLiteral(code, i, this.language);
        const itemEnd = item?.end ?? i;
        const ends = (j: number): boolean => {
          while (j < limit && isSpace(code.charCodeAt(j))) j++;
          return code.charCodeAt(j) === 44 || code.charCodeAt(j) === close;
        };
        // an f-string or a template with a literal part (`f"-chdir={TF_DIR}"`): a word partly known
        const partial = item?.value === undefined && ends(itemEnd) ? partialLiteral(code, i, this.language) : undefined;
        if (partial !== undefined) {
          items.push(partial);
          i = itemEnd;
          while (i < limit && isSpace(code.charCodeAt(i))) i++;
          if (code.charCodeAt(i) === 44) i++;
          else if (code.charCodeAt(i) !== close) break;
          continue;
        }
        if (item?.value === undefined || !ends(itemEnd)) {
          // Not a plain literal (a name, a splat, an f-string, a sum): an unknown word, the list read on past it —
          // partly known when it joins literals to values (`'https://oauth2:' + t + '@gitlab.com/…'`).
          const past = this.skip(i, limit, true);
          if (past >= limit || past === i) break;
          const name = code.slice(i, past).trim();
          // The interpreter itself (`[sys.executable, '-m', 'twine', 'upload', …]`, node's `process.execPath`).
          const self = INTERPRETER_NAMES[this.language]?.[name];
          items.push(self ?? this.piecedWord(code.slice(i, past)) ?? UNKNOWN_ITEM);
          i = past;
          if (code.charCodeAt(i) === 44) i++;
          else if (code.charCodeAt(i) !== close) break;
          continue;
        }
        items.push(item.value);
        i = item.end;
        while (i < limit && isSpace(code.charCodeAt(i))) i++;
        if (code.charCodeAt(i) === 44) i++;
        else if (code.charCodeAt(i) !== close) break;
      }
    }
    const end = this.skip(at, limit, paren);
    return [{ other: code.slice(at, end).trim() }, end];
  }

  /** True when the argument that ended at i is followed by `,` or the list's end (not `+`, `%`, `.format`…). */
  private argEnds(i: number, limit: number, paren: boolean): boolean {
    let j = i;
    while (j < limit && isSpace(this.code.charCodeAt(j))) j++;
    const c = this.code.charCodeAt(j);
    if (c === 44 || (paren && c === 41)) return true;
    if (paren) return false;
    // A bare call ends at the statement: `;`, a line end, `or die`, `if …` — anything but an operator joining it.
    return !((c === 46 || c === 43 || c === 37 || c === 120) /* . + % x */);
  }

  /** Past an argument that is not a literal: to the next top-level `,` or the closing bracket, strings skipped. */
  private skip(at: number, limit: number, paren: boolean): number {
    const code = this.code;
    let depth = 0;
    let i = at;
    while (i < limit) {
      const c = code.charCodeAt(i);
      if (opensString(this.language, c)) {
        i = (readLiteral(code, i, this.language) as { end: number }).end;
        continue;
      }
      // A JS regular expression literal (`.replace(/^describe\(/m, …)`): its brackets are not the code's.
      if (c === 47 && this.language === 'js' && startsRegex(code, i)) {
        const end = regexLiteralEnd(code, i);
        if (end !== undefined) {
          i = end;
          continue;
        }
      }
      if (c === 40 || c === 91 || c === 123) depth++;
      else if (c === 41 || c === 93 || c === 125) {
        if (depth === 0) return i;
        depth--;
      } else if (depth === 0 && (c === 44 || (!paren && (c === 59 || c === 10)))) return i;
      i++;
    }
    return limit;
  }

  /** A command line built from literals joined to values (`'git remote set-url origin https://u:' + t + '@h/r'`, a
   * template `${t}`): the literal pieces as written, each value an unset variable the shell model reads as unknown. */
  private piecedCommand(arg: Arg | undefined): string | undefined {
    if (arg === undefined || !('other' in arg)) return undefined;
    const pieced = piecedText(arg.other, this.language);
    return pieced === undefined || !pieced.includes(COMPUTED_PIECE)
      ? undefined
      : pieced.split(COMPUTED_PIECE).join(UNKNOWN_WORD);
  }

  /** A list item built from literals joined to values: a partly known word (its values as PIECE), else undefined. */
  private piecedWord(text: string): string | undefined {
    const trimmed = text.trim();
    if (trimmed.startsWith('*')) return undefined; // a splat: any number of words
    const pieced = piecedText(trimmed, this.language);
    return pieced === undefined || !pieced.includes(COMPUTED_PIECE) || pieced === COMPUTED_PIECE
      ? undefined
      : pieced.split(COMPUTED_PIECE).join(PIECE);
  }

  private record(
    action: Action,
    call: string,
    { args, keywords, end }: Args,
    receiverPath: string | undefined,
    at: number,
  ): void {
    const found = this.found;
    const str = (arg: Arg | undefined): string | undefined => (arg !== undefined && 's' in arg ? arg.s : undefined);
    const first = args[0];
    const path = str(first);
    // (a shell call's options after it, `execSync(readFileSync(0, 'utf8'), { stdio: 'inherit' })`, change nothing)
    if (
      (args.length === 1 || action === 'shell') &&
      first !== undefined &&
      'other' in first &&
      INPUT_READ.test(first.other.trim()) &&
      (action === 'shell' || action === 'system' || action === 'python-subprocess')
    ) {
      found.push({ kind: 'shell', command: INPUT_COMMAND, call });
      return;
    }
    switch (action) {
      case 'shell': {
        const command = path ?? this.piecedCommand(first);
        if (command !== undefined) found.push({ kind: 'shell', command, call });
        return;
      }
      case 'python-subprocess': {
        const shell = keywords.get('shell');
        // subprocess.run(shlex.split('git push …')): the string split as a shell splits it, i.e. that command line.
        const split = first !== undefined && 'other' in first ? SHLEX_SPLIT.exec(first.other.trim()) : null;
        if (split !== null) found.push({ kind: 'shell', command: split[2] as string, call });
        else if (first !== undefined && 'list' in first)
          found.push({ kind: 'shell', command: quoteArgv(first.list), call });
        else if (path !== undefined)
          found.push({
            kind: 'shell',
            command: shell !== undefined && 'other' in shell && shell.other === 'True' ? path : quoteArgv([path]),
            call,
          });
        else if (shell !== undefined && 'other' in shell && shell.other === 'True') {
          const command = this.piecedCommand(first);
          if (command !== undefined) found.push({ kind: 'shell', command, call });
        }
        return;
      }
      case 'program-args': {
        const rest = args[1] ?? keywords.get('args');
        if (path === undefined) return;
        if (rest === undefined || 'list' in rest)
          found.push({ kind: 'shell', command: quoteArgv([path, ...(rest === undefined ? [] : rest.list)]), call });
        return;
      }
      case 'argv-list': {
        const list = args[1];
        if (list !== undefined && 'list' in list && list.list.length > 0)
          found.push({ kind: 'shell', command: quoteArgv([path ?? list.list[0]!, ...list.list.slice(1)]), call });
        return;
      }
      case 'spawn-list': {
        const program = str(args[1]);
        const list = args[2];
        if (list !== undefined && 'list' in list && list.list.length > 0)
          found.push({ kind: 'shell', command: quoteArgv([program ?? list.list[0]!, ...list.list.slice(1)]), call });
        return;
      }
      case 'spawn-words': {
        const program = str(args[1]);
        const words = args.slice(2);
        if (program !== undefined && words.length > 0 && words.every((a) => 's' in a))
          found.push({
            kind: 'shell',
            command: quoteArgv([program, ...words.slice(1).map((a) => str(a) as string)]),
            call,
          });
        return;
      }
      case 'popen': {
        if (first !== undefined && 'list' in first) found.push({ kind: 'shell', command: quoteArgv(first.list), call });
        else if (path === undefined) return;
        else if (args.length > 1 && args.every((a) => 's' in a) && !/^[rwa]\+?[bt]?$/.test(str(args[1]) as string))
          found.push({ kind: 'shell', command: quoteArgv(args.map((a) => str(a) as string)), call });
        else found.push({ kind: 'shell', command: path, call });
        return;
      }
      case 'argv-words': {
        const words = args.slice(1);
        if (path !== undefined && words.length > 0 && words.every((a) => 's' in a))
          found.push({
            kind: 'shell',
            command: quoteArgv([path, ...words.slice(1).map((a) => str(a) as string)]),
            call,
          });
        return;
      }
      case 'system': {
        if (first !== undefined && 'list' in first) found.push({ kind: 'shell', command: quoteArgv(first.list), call });
        else if (args.length === 1 && path !== undefined) found.push({ kind: 'shell', command: path, call });
        else if (args.length > 1 && args.every((a) => 's' in a))
          found.push({ kind: 'shell', command: quoteArgv(args.map((a) => str(a) as string)), call });
        return;
      }
      case 'write':
      case 'append': {
        // The path by keyword where a writer takes one (pandas' `path=`/`path_or_buf=`, polars' `file=`).
        const to = path ?? str(keywords.get('path')) ?? str(keywords.get('path_or_buf')) ?? str(keywords.get('file'));
        // Content built at run time (`'…=' + token`, a template, `.replace(…)` of the text read): what is known of it.
        const body = args[1];
        const content =
          str(body) ?? (body !== undefined && 'other' in body ? this.computedText(body.other) : undefined);
        if (to !== undefined) found.push({ kind: action, path: to, content, call });
        return;
      }
      case 'delete':
        for (const a of args) {
          const p = str(a);
          if (p !== undefined) found.push({ kind: 'delete', path: p, content: undefined, call });
          if (this.language !== 'perl') return; // only Perl's unlink takes a list of paths
        }
        return;
      case 'write-lines': {
        const to = str(args[1]) ?? str(keywords.get('con'));
        const text = str(args[0]) ?? str(keywords.get('text'));
        if (to !== undefined)
          found.push({ kind: 'write', path: to, content: text === undefined ? undefined : `${text}\n`, call });
        return;
      }
      case 'deno-command': {
        // new Deno.Command('git', { args: [...] }) or Deno.run({ cmd: ['git', ...] }): read the list from the object.
        const object =
          first !== undefined && 'other' in first
            ? first.other
            : args[1] !== undefined && 'other' in args[1]
              ? args[1].other
              : undefined;
        const list = object === undefined ? undefined : this.objectList(object, path === undefined ? 'cmd' : 'args');
        if (path !== undefined && (list !== undefined || args.length === 1))
          found.push({ kind: 'shell', command: quoteArgv([path, ...(list ?? [])]), call });
        else if (path === undefined && list !== undefined && list.length > 0)
          found.push({ kind: 'shell', command: quoteArgv(list), call });
        return;
      }
      case 'lua-open': {
        const mode = str(args[1]) ?? 'r';
        if (path === undefined || !/[wa+]/.test(mode)) return;
        found.push({ kind: mode.includes('a') ? 'append' : 'write', path, content: this.luaWritten(end), call });
        return;
      }
      case 'template-shell':
        return;
      case 'load':
        if (path !== undefined && (this.language !== 'js' || LOCAL_FILE.test(path))) this.load(path, call);
        return;
      case 'python-exec': {
        const m = first !== undefined && 'other' in first ? PY_EXEC_OPEN.exec(first.other) : null;
        const p = m === null ? undefined : readLiteral(m[1] as string, 0, 'python');
        if (p?.value !== undefined) this.load(p.value, call);
        return;
      }
      case 'r-cat': {
        // Without `file =` cat prints (nothing written); a `sep =` other than the default is not read.
        const to = str(keywords.get('file'));
        if (to === undefined || keywords.has('sep')) return;
        const parts = args.map(str);
        const text = parts.every((p) => p !== undefined) ? parts.join(' ') : undefined;
        const append = keywords.get('append');
        const appends = append !== undefined && 'other' in append && /^(TRUE|T)$/.test(append.other.trim());
        found.push({ kind: appends ? 'append' : 'write', path: to, content: text, call });
        return;
      }
      case 'write-second': {
        const to = str(args[1]) ?? str(keywords.get('file')) ?? str(keywords.get('path')) ?? str(keywords.get('con'));
        if (to !== undefined) found.push({ kind: 'write', path: to, content: undefined, call });
        return;
      }
      case 'copy': {
        const to = str(args[1]);
        if (to !== undefined) found.push({ kind: 'write', path: to, content: undefined, call });
        return;
      }
      case 'move': {
        const to = str(args[1]);
        if (path !== undefined) found.push({ kind: 'delete', path, content: undefined, call });
        if (to !== undefined) found.push({ kind: 'write', path: to, content: undefined, call });
        return;
      }
      case 'python-open': {
        const mode = str(args[1]) ?? str(keywords.get('mode'));
        if (path === undefined || mode === undefined) return;
        const kind = mode.includes('a') ? 'append' : /[wx+]/.test(mode) ? 'write' : undefined;
        if (kind === undefined) return;
        found.push({ kind, path, content: this.writtenAfter(end) ?? this.serialisedInto(at), call });
        return;
      }
      case 'path-write':
        // `p.write_text(p.read_text().replace('it(', 'it.only('))`: what the replacements put into the file, as sed -i's.
        if (receiverPath !== undefined)
          found.push({
            kind: 'write',
            path: receiverPath,
            content: path ?? (first !== undefined && 'other' in first ? this.computedText(first.other) : undefined),
            call,
          });
        return;
      case 'path-delete':
        if (receiverPath !== undefined) found.push({ kind: 'delete', path: receiverPath, content: undefined, call });
        return;
      case 'path-open': {
        const mode = str(args[0]) ?? str(keywords.get('mode'));
        if (receiverPath === undefined || mode === undefined) return;
        const kind = mode.includes('a') ? 'append' : /[wx+]/.test(mode) ? 'write' : undefined;
        if (kind !== undefined) found.push({ kind, path: receiverPath, content: this.writtenAfter(end), call });
        return;
      }
      case 'perl-open': {
        // open(F, '>', 'p') / open(my $f, '>>p'): the mode is the second argument or the path's leading > / >>.
        const spec = str(args[1]);
        // open(F, '-|', 'cmd') / open(F, '|-', 'git', 'push') / open(F, 'cmd |'): a pipe from or to a command.
        if ((spec === '-|' || spec === '|-') && args.length > 2) {
          const rest = args.slice(2);
          if (rest.length === 1 && str(rest[0]) !== undefined)
            found.push({ kind: 'shell', command: str(rest[0]) as string, call });
          else if (rest.every((a) => 's' in a))
            found.push({ kind: 'shell', command: quoteArgv(rest.map((a) => str(a) as string)), call });
          return;
        }
        const piped = args.length === 2 ? spec?.match(/^\s*\|\s*(.+?)\s*$|^\s*(.+?)\s*\|\s*$/) : undefined;
        if (piped) {
          found.push({ kind: 'shell', command: (piped[1] ?? piped[2]) as string, call });
          return;
        }
        const target = args.length > 2 ? str(args[2]) : spec;
        const mode = args.length > 2 ? spec : spec?.match(/^\s*(\+?[<>]{1,2})/)?.[1];
        if (target === undefined || mode === undefined || !mode.includes('>')) return;
        const p = args.length > 2 ? target : target.replace(/^\s*\+?[<>]{1,2}\s*/, '');
        const handle = first !== undefined && 'other' in first ? first.other.replace(/^my\s+/, '') : undefined;
        found.push({
          kind: mode.includes('>>') ? 'append' : 'write',
          path: p,
          content: handle === undefined ? undefined : this.perlPrinted(handle, end),
          call,
        });
        return;
      }
    }
  }

  /** The literal list of `key: [...]` in an object literal's text (`{ args: ['push', 'origin'] }`); undefined when
   * there is none or an item is not a literal. */
  private objectList(object: string, key: string): string[] | undefined {
    const m = new RegExp(`(?:^|[{,\\s])${key}\\s*:\\s*\\[`).exec(object);
    if (m === null) return undefined;
    const items: string[] = [];
    let i = m.index + m[0].length;
    for (;;) {
      while (i < object.length && isSpace(object.charCodeAt(i))) i++;
      if (object.charCodeAt(i) === 93) return items;
      const item = readLiteral(object, i, this.language);
      if (item?.value === undefined) return undefined;
      items.push(item.value);
      i = item.end;
      while (i < object.length && isSpace(object.charCodeAt(i))) i++;
      if (object.charCodeAt(i) === 44) i++;
      else if (object.charCodeAt(i) !== 93) return undefined;
    }
  }

  /** A file of this language loaded and run: the command line that runs it (`node './x.js'`), so that a file the
   * session wrote is read as what it contains (and another is a script run by path). */
  private load(path: string, call: string): void {
    const runner = LOADERS[this.language];
    if (runner === undefined) return;
    const file = this.language === 'ruby' && call === 'require_relative' && !/\.rb$/.test(path) ? `${path}.rb` : path;
    this.found.push({ kind: 'shell', command: `${runner} ${shellQuote(file)}`, call });
  }

  /** What a Perl handle opened for writing is given: the literals of `print HANDLE "…"` / `print {$fh} '…'` after the
   * open (joined; unknown as soon as one is not a literal). */
  private perlPrinted(handle: string, end: number): string | undefined {
    if (!/^\$?\w+$/.test(handle)) return undefined;
    const name = handle.replace('$', '\\$');
    const re = new RegExp(`\\bprint\\s+(?:\\{\\s*${name}\\s*\\}|${name})\\s+`, 'g');
    re.lastIndex = end;
    let out = '';
    let seen = 0;
    for (let m = re.exec(this.code); m !== null && seen < ONE_LINER_LIMITS.maxCalls; m = re.exec(this.code)) {
      const literal = readLiteral(this.code, m.index + m[0].length, 'perl');
      if (literal?.value === undefined) return undefined;
      out += literal.value;
      seen++;
    }
    return seen === 0 ? undefined : out;
  }

  /** What a Lua io.open(…) writes: the literal of the next `:write('…')` (chained, or on the handle), if any. */
  private luaWritten(end: number): string | undefined {
    const at = this.code.indexOf(':write(', end);
    if (at < 0 || at - end > ONE_LINER_LIMITS.maxArgsSpan) return undefined;
    const literal = readLiteral(this.code, at + 7, this.language);
    return literal !== undefined && this.code.charCodeAt(literal.end) === 41 ? literal.value : undefined;
  }

  /**
   * A Python path spelled through a call that only names it: `os.path.expanduser('~/.netrc')` is `~/.netrc`,
   * `Path('x')`/`str('x')`/`os.path.abspath('x')` are `x` (a relative path stays relative: the facts stage resolves
   * it). Undefined for anything else.
   */
  private pathOf(at: number, limit: number, paren: boolean): [Arg, number] | undefined {
    const code = this.code;
    if (this.language === 'r' && code.startsWith('file.path(', at)) return this.rFilePath(at, limit, paren);
    const m = (this.language === 'r' ? R_PATH_CALL : PATH_CALL).exec(code.slice(at, Math.min(limit, at + 40)));
    if (m === null) return undefined;
    let i = at + m[0].length;
    const literal = readLiteral(code, i, this.language);
    if (literal?.value === undefined) return undefined;
    i = literal.end;
    while (i < limit && isSpace(code.charCodeAt(i))) i++;
    if (code.charCodeAt(i) !== 41 || !this.argEnds(i + 1, limit, paren)) return undefined;
    return [{ s: literal.value }, i + 1];
  }

  /** R's `file.path(normalizePath('~/'), '.Renviron')`: its parts, each a literal or a path call, joined by `/`. */
  private rFilePath(at: number, limit: number, paren: boolean): [Arg, number] | undefined {
    const code = this.code;
    const parts: string[] = [];
    let i = at + 'file.path('.length;
    while (parts.length < 8) {
      while (i < limit && isSpace(code.charCodeAt(i))) i++;
      const [part, end] = this.arg(i, limit, true);
      if (!('s' in part) || end <= i) return undefined;
      parts.push(part.s);
      i = end;
      while (i < limit && isSpace(code.charCodeAt(i))) i++;
      if (code.charCodeAt(i) === 44 /* , */) {
        i++;
        continue;
      }
      if (code.charCodeAt(i) !== 41 || !this.argEnds(i + 1, limit, paren)) return undefined;
      const joined = parts.map((x, n) => (n < parts.length - 1 ? x.replace(/\/+$/, '') : x)).join('/');
      return [{ s: joined }, i + 1];
    }
    return undefined;
  }

  /**
   * What a Python open(…) writes: the text of a `.write(…)` right after it, or of the `NAME.write(…)` calls of a `with
   * open(…) as NAME:` block (joined in order, what is known of each); else undefined (unknown).
   */
  private writtenAfter(end: number): string | undefined {
    const code = this.code;
    // A text computed by replacing (`.write(open(f).read().replace('a', 'b'))`) keeps what it puts in.
    // Else what is known of a text built in pieces (`f'password = {token}'`, `'…=' + token`).
    const computed = (at: number) =>
      (isSerialised(code.slice(at, at + 64)) ? serialisedPairs(code, this.language) : undefined) ??
      replacedWith(code.slice(at, lineEnd(code, at))) ??
      piecedText(
        code.slice(at, this.skip(at, Math.min(code.length, at + ONE_LINER_LIMITS.maxArgsSpan), true)),
        'python',
      );
    if (code.startsWith('.write(', end)) {
      const literal = readLiteral(code, end + 7, 'python');
      return literal?.value !== undefined && code.charCodeAt(literal.end) === 41 ? literal.value : computed(end + 7);
    }
    const as = WITH_AS.exec(code.slice(end, end + 80));
    if (as === null) return undefined;
    const call = `${as[1]}.write(`;
    // The block's writes: up to where the name is bound again (`with open(q, 'w') as f:`, `f = …`), each a literal or
    // what is known of the text it computes, joined in order (COMPUTED_PIECE for a write of which nothing is known).
    const rebound = new RegExp(`\\bas\\s+${as[1]}\\s*:|(?:^|[;\\n])[ \\t]*${as[1]}[ \\t]*=(?!=)`, 'g');
    rebound.lastIndex = end + as[0].length;
    const until = rebound.exec(code)?.index ?? code.length;
    const pieces: (string | undefined)[] = [];
    for (
      let i = code.indexOf(call, end);
      i !== -1 && i < until && pieces.length < ONE_LINER_LIMITS.maxCalls;
      i = code.indexOf(call, i + 1)
    ) {
      if (i > 0 && (isIdent(code.charCodeAt(i - 1)) || code.charCodeAt(i - 1) === 46)) continue; // buf.write(, x.f.write(
      const at = i + call.length;
      const literal = readLiteral(code, at, 'python');
      pieces.push(literal?.value !== undefined && code.charCodeAt(literal.end) === 41 ? literal.value : computed(at));
    }
    if (pieces.length === 1) return pieces[0];
    if (pieces.length > 1)
      return pieces.some((p) => p !== undefined) ? pieces.map((p) => p ?? COMPUTED_PIECE).join('') : undefined;
    // The file handed to a serialiser (`json.dump(cfg, f)`, `yaml.safe_dump(d, f)`, `config.write(f)`).
    const handed = new RegExp(`[(,]\\s*(?:\\w+\\s*=\\s*)?${as[1]}\\s*[,)]`).exec(code.slice(end));
    return handed === null ? undefined : serialisedPairs(code, this.language);
  }

  /** The file opened as a serialiser's argument (`yaml.safe_dump(wf, open(p, 'w'))`, `cfg.write(open(p, 'w'))`). */
  private serialisedInto(at: number): string | undefined {
    const before = this.code.slice(Math.max(0, this.code.lastIndexOf('\n', at - 1) + 1), at);
    return SERIALISED_INTO.test(before) ? serialisedPairs(this.code, this.language) : undefined;
  }

  /** What is known of a text an argument computes: a serialiser's pairs, a replacement's text, or literal pieces. */
  private computedText(argument: string): string | undefined {
    if (isSerialised(argument)) return serialisedPairs(this.code, this.language);
    return replacedWith(argument) ?? piecedText(argument, this.language);
  }
}

/** A line that hands what follows to a serialiser as its file: `json.dump(x, `, `yaml.safe_dump(d, `, `cfg.write(`. */
const SERIALISED_INTO =
  /(?:\b(?:json|yaml|toml|tomli_w|pickle|plistlib)\.(?:safe_)?dump\s*\([^()\n]*(?:\([^()\n]*\)[^()\n]*)*,\s*(?:\w+\s*=\s*)?|\.write\(\s*)$/;

/** The replacement texts of the `.replace('old', 'new')` and `re.sub(r'pattern', 'new', …)` calls in an argument's
 * code (Python), one a line: a pattern matches text already there, the replacement is what the call puts in. */
function replacedWith(code: string): string | undefined {
  const to: string[] = [];
  for (const m of code.matchAll(REPLACING)) {
    if (to.length >= 16) break;
    let j = (m.index ?? 0) + m[0].length;
    while (code.charCodeAt(j) === 32) j++;
    // The text replaced: a string, or a JS regular expression literal (`.replace(/^describe\(/m, 'fdescribe(')`).
    const regexEnd = code.charCodeAt(j) === 47 ? regexLiteralEnd(code, j) : undefined;
    const from = regexEnd === undefined ? readLiteral(code, j, 'python') : undefined;
    if (regexEnd === undefined && from?.value === undefined) continue;
    j = regexEnd ?? (from as { end: number }).end;
    while (code.charCodeAt(j) === 32) j++;
    if (code.charCodeAt(j) !== 44) continue;
    j++;
    while (code.charCodeAt(j) === 32) j++;
    const into = readLiteral(code, j, 'python');
    if (into?.value !== undefined) to.push(into.value);
  }
  return to.length === 0 ? undefined : to.join('\n');
}
const REPLACING = /\.replace(?:All)?\(|\bre\.subn?\(|\bregex\.subn?\(/g;

/**
 * The text an argument builds from literals and computed values joined by `+` (`'…_authToken=' + token`), a JS
 * template (`` `…${process.env.T}` ``), a Python f-string (`f'…{t}'`), Python literals side by side or formatted with
 * `%` / `.format` (one-liner-pieces.ts): the literal pieces as written, each computed one as COMPUTED_PIECE. Undefined
 * when no literal piece is there (nothing of the text is known).
 */
export function piecedText(code: string, language: Language): string | undefined {
  if (code.length > ONE_LINER_LIMITS.maxArgsSpan) return undefined;
  const joined = joinedList(code.trim(), language);
  if (joined !== undefined) return joined;
  let out = '';
  let literal = false;
  let depth = 0;
  let piece = 0;
  const flush = (to: number): void => {
    const text = code.slice(piece, to).trim();
    if (text === '') return;
    const pieces = operandPieces(text, language);
    if (pieces !== undefined) {
      out += pieces;
      literal = true;
    } else out += COMPUTED_PIECE;
  };
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c === 96 || opensString(language, c) || (language === 'python' && /[fFrRbB]/.test(code[i] as string))) {
      const lit = c === 96 && language === 'js' ? templateEnd(code, i) : readLiteral(code, i, language)?.end;
      if (lit !== undefined) {
        i = lit - 1;
        continue;
      }
    }
    if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) depth--;
    else if (c === 43 && depth === 0) {
      flush(i);
      piece = i + 1;
    }
  }
  flush(code.length);
  return literal ? out : undefined;
}

/** `['a', 'b'].join('\n')` (JS) or `'\n'.join(['a', 'b'])` (Python) of literals: the joined text. */
function joinedList(code: string, language: Language): string | undefined {
  const items = (from: number): [string[], number] | undefined => {
    const out: string[] = [];
    let i = from;
    for (;;) {
      while (/\s/.test(code[i] ?? '')) i++;
      if (code[i] === ']') return [out, i + 1];
      const lit = readLiteral(code, i, language);
      if (lit?.value === undefined) return undefined;
      out.push(lit.value);
      i = lit.end;
      while (/\s/.test(code[i] ?? '')) i++;
      if (code[i] === ',') i++;
      else if (code[i] !== ']') return undefined;
    }
  };
  if (language === 'js' && code.startsWith('[')) {
    const list = items(1);
    if (list === undefined) return undefined;
    const rest = /^\.join\(\s*/.exec(code.slice(list[1]));
    if (rest === null) return undefined;
    const at = list[1] + rest[0].length;
    const sep = readLiteral(code, at, language);
    return sep?.value !== undefined && /^\s*\)$/.test(code.slice(sep.end)) ? list[0].join(sep.value) : undefined;
  }
  if (language === 'python') {
    const sep = readLiteral(code, 0, language);
    if (sep?.value === undefined) return undefined;
    const rest = /^\.join\(\s*\[/.exec(code.slice(sep.end));
    if (rest === null) return undefined;
    const list = items(sep.end + rest[0].length);
    return list !== undefined && /^\s*\)$/.test(code.slice(list[1])) ? list[0].join(sep.value) : undefined;
  }
  return undefined;
}

/** A zx/Bun command template's text with each `${…}` as a quoted shell variable no one set (a word not known). */
function interpolatedCommand(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '\\' && i + 1 < body.length) out += body[++i];
    else if (c === '$' && body[i + 1] === '{') {
      let depth = 1;
      i += 2;
      while (i < body.length && depth > 0) {
        if (body[i] === '{') depth++;
        else if (body[i] === '}') depth--;
        if (depth > 0) i++;
      }
      out += '"$__interpolated"';
    } else out += c;
  }
  return out;
}
