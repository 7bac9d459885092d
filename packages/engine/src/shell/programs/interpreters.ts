// Interpreters: the options that carry inline code, those after which no script file follows, and their value
// options. What their code calls is read by one-liners.ts; versioned names (python3.12, perl5.36) resolve here.
import { nodeTestRuns, ownTestRuns } from './test-runners.js';
import { perlEffects } from '../file-effects.js';
import { printOutput } from '../print-output.js';
import { perlFilterOutput } from '../filter-output.js';
import { PACKAGE_BINS } from './packages.js';
import type { ProgramDeclaration } from './declaration.js';
import { pythonSiteRuns } from './build-tools.js';

export const PYTHON: ProgramDeclaration = {
  names: ['python', 'python2', 'python3', 'pypy', 'pypy3'],
  about: 'Python: -c carries code, -m runs a module (no script file), else the first word is the script',
  options: { '*': ['-c', '-m', '-W', '-X', '-Q'] },
  interpreter: { family: 'python', inline: ['-c'], noScript: ['-m'] },
  // `python3 -c 'print("…")' | sh`: the literal it prints.
  output: printOutput('python'),
  // `python -m MODULE ARGS` runs the module's command line: `python -m twine upload`, `python -m mkdocs gh-deploy`.
  runs: [{ options: ['-c', '-m', '-W', '-X', '-Q'], programOption: ['-m'], notWhen: ['-c'] }],
  // the site module runs a virtualenv's sitecustomize.py and .pth import lines at every start (build-tools.ts)
  folderRuns: pythonSiteRuns,
};

export const NODE: ProgramDeclaration = {
  names: ['node', 'nodejs'],
  about: 'Node.js: -e/-p carry code, else the first word is the script',
  options: {
    '*': [
      ...['-e', '--eval', '-p', '--print', '-r', '--require', '--import', '--loader', '--input-type', '-C'],
      '--conditions',
    ],
  },
  interpreter: { family: 'node', inline: ['-e', '--eval', '-p', '--print'] },
  output: printOutput('node'),
  // `node --test`: node's own test runner runs the test files it is given, else those its default patterns find
  folderRuns: nodeTestRuns,
  // The package managers' own entry points, run by node directly (a CI image without the npm shim on the PATH).
  runs: [
    {
      options: [
        ...['-e', '--eval', '-p', '--print', '-r', '--require', '--import', '--loader', '--input-type', '-C'],
        '--conditions',
      ],
      entryPoints: {
        'npm-cli.js': 'npm',
        'npx-cli.js': 'npx',
        'yarn.js': 'yarn',
        'yarn.cjs': 'yarn',
        'pnpm.cjs': 'pnpm',
        'pnpm.js': 'pnpm',
        'pnpx.cjs': 'pnpx',
      },
    },
  ],
};

export const TSX: ProgramDeclaration = {
  names: ['tsx', 'ts-node', 'ts-node-esm', 'ts-node-script'],
  about: 'tsx and ts-node: TypeScript on Node; -e/-p carry code, else the first word is the script (tsx watch too)',
  options: { '*': ['-e', '--eval', '-p', '--print', '-r', '--require', '--import', '--tsconfig', '-P', '--project'] },
  interpreter: { family: 'node', inline: ['-e', '--eval', '-p', '--print'] },
  output: printOutput('node'),
};

export const PERL: ProgramDeclaration = {
  names: ['perl'],
  about: 'Perl: -e/-E carry code; -i edits its files in place; -x skips text before a #!perl line of its script',
  // -x takes its directory attached only (`-xdir`): `perl -x notes.txt` runs the script inside notes.txt
  options: { '*': ['-e', '-E', '-M', '-m', '-I'] },
  attached: ['-i', '-0', '-l', '-x'],
  attachedDigits: ['-0', '-l'],
  interpreter: { family: 'perl', inline: ['-e', '-E'] },
  effects: { reads: ['-e', '-E'], effects: perlEffects },
  // `perl -le 'print q{…}'` prints the literal; `perl -pe 's/a/b/' f` prints f with the substitution.
  output: (args, isStatic, stdin, file) =>
    printOutput('perl')(args, isStatic) ?? perlFilterOutput(args, isStatic, stdin, file),
};

export const RUBY: ProgramDeclaration = {
  names: ['ruby'],
  about: 'Ruby: -e carries code; -i edits its files in place (as Perl)',
  options: { '*': ['-e', '-r', '-I', '-C', '-E'] },
  attached: ['-i', '-0', '-l'],
  attachedDigits: ['-0', '-l'],
  interpreter: { family: 'ruby', inline: ['-e'] },
  effects: { reads: ['-e'], effects: perlEffects },
};

export const PHP: ProgramDeclaration = {
  names: ['php'],
  about: 'PHP: -r carries code',
  options: { '*': ['-r', '-c', '-d', '-f', '-B', '-R', '-F', '-E'] },
  interpreter: { family: 'php', inline: ['-r'] },
};

export const R: ProgramDeclaration = {
  names: ['Rscript', 'R'],
  about: 'R: Rscript -e carries code, else the first word is the script; `R -f FILE` / `R --file=FILE` run one',
  options: { '*': ['-e', '-f', '--file'] },
  interpreter: { family: 'r', inline: ['-e'] },
  // `R CMD BATCH [--no-save] FILE [OUT]` runs FILE (round 13)
  runs: [{ subcommands: ['CMD BATCH'], options: [], scriptsBy: { '.R': 'Rscript', '.r': 'Rscript' } }],
};

export const JAVA: ProgramDeclaration = {
  names: ['java'],
  about:
    'Java: `java X.java` runs a source file (its ProcessBuilder calls with literal words are read); -jar runs a jar',
  options: { '*': ['-cp', '-classpath', '--class-path', '-p', '--module-path', '-m', '--module', '-jar'] },
  interpreter: { family: 'java', inline: [], scriptWord: 'js-file', scriptPattern: /\.java$/ },
};

export const RAKU: ProgramDeclaration = {
  names: ['raku', 'rakudo', 'perl6'],
  about: 'Raku: -e carries code (shell q{…} and qx{…} run a command line), else the first word is the script',
  options: { '*': ['-e', '-I', '-M'] },
  interpreter: { family: 'raku', inline: ['-e'] },
};

export const M4: ProgramDeclaration = {
  names: ['m4'],
  about: "m4: its input files (else stdin) are its program; syscmd(`…') and esyscmd run a command line",
  options: {
    '*': [...['-D', '--define', '-U', '--undefine', '-I', '--include', '-o', '--error-output', '-F'], '-R', '-t'],
  },
  interpreter: { family: 'm4', inline: [] },
};

export const OCTAVE: ProgramDeclaration = {
  names: ['octave', 'octave-cli'],
  about: "GNU Octave: --eval carries code (system('…') runs a shell command line), else the first word is the script",
  options: { '*': ['--eval', '-p', '--path', '--exec-path', '--image-path', '--info-file'] },
  interpreter: { family: 'octave', inline: ['--eval'] },
};

export const DENO: ProgramDeclaration = {
  names: ['deno'],
  about: 'Deno: `deno eval CODE`; `deno run x.ts` runs a script',
  options: {},
  interpreter: { family: 'deno', inline: ['eval'], scriptWord: 'js-file' },
  // `deno test` runs the test files it finds (docs.deno.com, "Testing")
  folderRuns: (input) =>
    ownTestRuns(input, 'deno', ['**/*{_,.}test.{ts,tsx,mts,js,mjs,jsx}', '**/test.{ts,tsx,mts,js,mjs,jsx}']),
  // `deno task NAME` runs deno.json's task when the session wrote the file (blind round 7)
  tasks: 'deno',
};

export const BUN: ProgramDeclaration = {
  names: ['bun'],
  about: 'Bun: -e/-p carry code, `bun x.ts`/`bun run x.ts` run a script, `bun x` runs a package command',
  options: {},
  interpreter: { family: 'bun', inline: ['-e', '--eval', '-p', '--print'], scriptWord: 'js-file' },
  runs: [{ subcommands: ['x'], options: ['-p', '--package'], packageBins: PACKAGE_BINS }],
  // `bun test` runs the test files it finds (bun.sh, "bun test": *.test.*, *_test.*, *.spec.*, *_spec.*)
  folderRuns: (input) => ownTestRuns(input, 'bun', ['**/*{.,_}{test,spec}.{ts,tsx,js,jsx,mjs,cjs}']),
  tasks: 'npm-scripts',
};

export const LUA: ProgramDeclaration = {
  names: ['lua', 'luajit'],
  about: 'Lua: -e carries code (os.execute, io.popen, io.open), else the first word is the script',
  options: { '*': ['-e', '-l'] },
  interpreter: { family: 'lua', inline: ['-e'] },
};

export const JULIA: ProgramDeclaration = {
  names: ['julia'],
  about: 'Julia: -e/--eval (-E/--print) carry code (run of a command literal), else the first word is the script',
  options: { '*': ['-e', '--eval', '-E', '--print', '-L', '--load', '-t', '--threads', '-p', '--procs', '--project'] },
  interpreter: { family: 'julia', inline: ['-e', '--eval', '-E', '--print'] },
};

export const ELIXIR: ProgramDeclaration = {
  names: ['elixir'],
  about: 'Elixir: -e carries code (System.shell, System.cmd, File.write), else the first word is the script',
  options: { '*': ['-e', '--eval', '-r', '-pr', '-pa', '-pz', '--app', '--erl', '--cookie', '--name', '--sname'] },
  interpreter: { family: 'elixir', inline: ['-e', '--eval'] },
};

// Guile (Scheme) is a Lisp: its `(system "…")` and `(system* "git" "push" …)` forms are read by the same scan as
// Emacs Lisp's (one-liner-words.ts).
export const GUILE: ProgramDeclaration = {
  names: ['guile'],
  about: 'Guile: -c carries Scheme code ((system "…"), (system* …)), -s FILE or the first word is the script',
  options: { '*': ['-c', '-s', '-l', '-e', '-L', '-C', '-x'] },
  interpreter: { family: 'elisp', inline: ['-c'], scriptOptions: ['-s', '-l'] },
};

export const OSASCRIPT: ProgramDeclaration = {
  names: ['osascript'],
  about:
    'osascript (macOS): -e carries AppleScript (do shell script "…" runs a command line), else the first word is the script',
  options: { '*': ['-e', '-l', '-s'] },
  interpreter: { family: 'applescript', inline: ['-e'] },
};

export const TCLSH: ProgramDeclaration = {
  names: ['tclsh', 'wish', 'jimsh'],
  about: 'Tcl: the first word is the script, else it reads its program from stdin (exec runs a program)',
  options: { '*': ['-encoding'] },
  interpreter: { family: 'tcl', inline: [] },
};

export const EXPECT: ProgramDeclaration = {
  names: ['expect'],
  about: 'expect: -c carries Tcl code (spawn and exec run programs), -f FILE or the first word is the script',
  options: { '*': ['-c', '-f'] },
  interpreter: { family: 'tcl', inline: ['-c'], scriptOptions: ['-f'] },
};

export const EMACS: ProgramDeclaration = {
  names: ['emacs'],
  about:
    'Emacs: --eval carries Emacs Lisp (shell-command, call-process, with-temp-file), -l/--load/--script FILE is a script; its operands are files to edit',
  options: { '*': ['--eval', '-eval', '-l', '--load', '--script', '-script', '-f', '--funcall', '-L', '--directory'] },
  singleDashOptions: true,
  interpreter: {
    family: 'elisp',
    inline: ['--eval', '-eval'],
    scriptOptions: ['-l', '--load', '--script', '-script'],
    operandScript: false,
    noScript: ['-nw', '--no-window-system'],
  },
};

export const ZX: ProgramDeclaration = {
  names: ['zx'],
  about: 'zx: a JavaScript script whose $`…` templates run command lines; -e/--eval carry code',
  options: { '*': ['-e', '--eval', '--shell', '--prefix', '--postfix', '--cwd', '--ext', '--registry'] },
  interpreter: { family: 'node', inline: ['-e', '--eval'] },
};

// Pending in blind round 7: the process calls of Groovy, Erlang, babashka (Clojure) and gnuplot, read by
// one-liner-patterns.ts and one-liner-words.ts.
export const GROOVY: ProgramDeclaration = {
  names: ['groovy'],
  about: 'Groovy: -e carries code ("cmd".execute(), Runtime.exec, ProcessBuilder), else the first word is the script',
  options: {
    '*': ['-e', '-cp', '-classpath', '--classpath', '-c', '--encoding', '-D', '--define', '-b', '--basescript'],
  },
  interpreter: { family: 'groovy', inline: ['-e'] },
};

export const ERL: ProgramDeclaration = {
  names: ['erl'],
  about: 'Erlang: -eval carries an expression (os:cmd, open_port, file:write_file); -s/-run call a function',
  options: {
    '*': ['-eval', '-s', '-run', '-pa', '-pz', '-name', '-sname', '-setcookie', '-config', '-boot', '-args_file'],
  },
  singleDashOptions: true,
  interpreter: { family: 'erlang', inline: ['-eval'], operandScript: false },
};

export const ESCRIPT: ProgramDeclaration = {
  names: ['escript'],
  about: 'escript: the first word is an Erlang script (os:cmd, open_port, file:write_file)',
  options: {},
  interpreter: { family: 'erlang', inline: [] },
};

export const BABASHKA: ProgramDeclaration = {
  names: ['bb', 'nbb'],
  about:
    'babashka: -e carries Clojure ((shell "…"), (process …), (sh …), spit), -f FILE or the first word is the script',
  options: {
    '*': ['-e', '--eval', '-f', '--file', '-m', '--main', '-x', '--exec', '-cp', '--classpath', '--config'],
  },
  interpreter: { family: 'clojure', inline: ['-e', '--eval'], scriptOptions: ['-f', '--file'] },
};

export const GNUPLOT: ProgramDeclaration = {
  names: ['gnuplot'],
  about:
    'gnuplot: -e carries commands (system "…", ! CMD, `CMD`, plot "< CMD"), -c FILE or the first word is the script',
  options: { '*': ['-e', '-c'] },
  interpreter: { family: 'gnuplot', inline: ['-e'], scriptOptions: ['-c'] },
};
