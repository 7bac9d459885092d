// Programs that change or read files: cp/mv/install/ln/rsync, rm and friends, truncate, touch/mkdir/chmod/chown, dd,
// tee, sed -i, patch, find, the readers (cat, head, …) and the archives (unzip, tar).
import { cmakeConfigureRuns } from './build-tools.js';
import {
  awkEffects,
  awkPiecedOutput,
  cmakeEffects,
  copyEffects,
  exEffects,
  ddEffects,
  optionFiles,
  outputOptionEffects,
  spongeEffects,
  splitEffects,
  uniqEffects,
  findEffects,
  patchEffects,
  readerEffects,
  removeEffects,
  sedEffects,
  sedPiecedOutput,
  teeEffects,
  touchEffects,
  lineEndingEffects,
  truncateEffects,
} from '../file-effects.js';
import { tarEffects, unzipEffects } from '../transfer-effects.js';
import { tarOutput } from '../tar-archive.js';
import type { ProgramDeclaration } from './declaration.js';
import {
  foldOutput,
  headOutput,
  pasteOutput,
  sedOutput,
  sortOutput,
  tacOutput,
  tailOutput,
  uniqOutput,
} from '../filter-output.js';
import { base64Output, decodeBase64, revOutput, trOutput, xxdOutput } from '../decoders.js';
import { awkOutput, ddOutput } from '../print-output.js';
import { hasGlob } from '../glob-match.js';

const COPY_OPTIONS = ['-t', '--target-directory', '-S', '--suffix'];
const COPY_READS = ['-t', '--target-directory'];

export const CP: ProgramDeclaration = {
  names: ['cp', 'mv', 'ln'],
  about: 'cp, mv and ln: sources read (mv: deleted), destinations written (-t DIR, DEST/ or DEST)',
  options: { '*': COPY_OPTIONS },
  effects: { reads: COPY_READS, effects: copyEffects },
  stdin: { confirm: { flag: '-f' } },
};

export const INSTALL: ProgramDeclaration = {
  names: ['install'],
  about: 'install: copies like cp; -d creates directories',
  options: { '*': ['-t', '--target-directory', '-m', '--mode', '-o', '--owner', '-g', '--group', '-S', '--suffix'] },
  effects: { reads: COPY_READS, effects: copyEffects },
};

export const RSYNC: ProgramDeclaration = {
  names: ['rsync'],
  about: 'rsync: like cp (SRC/ copies into DEST); --delete also deletes in DEST, --remove-source-files deletes sources',
  options: {
    '*': [
      ...['-e', '--rsh', '--exclude', '--include', '--exclude-from', '--include-from', '--filter', '-f', '--chmod'],
      ...['--chown', '--files-from', '--backup-dir', '--suffix', '-T', '--temp-dir'],
    ],
  },
  effects: { reads: [], effects: copyEffects },
  // -e/--rsh CMD: the remote shell is a command line run here (the host and rsync's server words appended).
  runs: [
    {
      options: [
        ...['-e', '--rsh', '--exclude', '--include', '--exclude-from', '--include-from', '--filter', '-f', '--chmod'],
        ...['--chown', '--files-from', '--backup-dir', '--suffix', '-T', '--temp-dir'],
      ],
      commandOption: ['-e', '--rsh'],
      rest: false,
      itself: true,
    },
  ],
};

export const RM: ProgramDeclaration = {
  names: ['rm', 'unlink', 'rmdir'],
  about: 'rm, unlink, rmdir: their operands are deleted; a `yes` on stdin answers rm -i as -f does',
  options: {},
  effects: { reads: [], effects: removeEffects },
  stdin: { confirm: { flag: '-f' } },
};

export const SHRED: ProgramDeclaration = {
  names: ['shred'],
  about: 'shred: its operands are destroyed',
  options: { '*': ['-n', '--iterations', '-s', '--size', '--random-source'] },
  effects: { reads: [], effects: removeEffects },
};

export const TRUNCATE: ProgramDeclaration = {
  names: ['truncate'],
  about: 'truncate: its operands are written (empty with -s 0)',
  options: { '*': ['-s', '--size', '-r', '--reference'] },
  effects: { reads: ['-s', '--size'], effects: truncateEffects },
};

export const DOS2UNIX: ProgramDeclaration = {
  names: ['dos2unix', 'unix2dos', 'mac2unix', 'unix2mac'],
  about: 'dos2unix and its kin: each operand is rewritten in place (-n IN OUT writes OUT)',
  options: { '*': ['-c', '--convmode', '-D', '--display-enc', '-gb', '--gb18030', '-m'] },
  effects: { reads: [], effects: lineEndingEffects },
};

export const TOUCH: ProgramDeclaration = {
  names: ['touch'],
  about: 'touch: its files are written',
  options: { '*': ['-d', '--date', '-r', '--reference', '-t'] },
  effects: { reads: [], effects: touchEffects },
};

export const MKFIFO: ProgramDeclaration = {
  names: ['mkfifo'],
  about:
    "mkfifo: makes named pipes (written, no text); what the call writes into one is its reader's input (follow.ts)",
  options: { '*': ['-m', '--mode', '--context'] },
  effects: { reads: [], effects: touchEffects },
};

export const MKDIR: ProgramDeclaration = {
  names: ['mkdir'],
  about: 'mkdir: its directories are written',
  options: { '*': ['-m', '--mode'] },
  effects: { reads: [], effects: touchEffects },
};

export const CHMOD: ProgramDeclaration = {
  names: ['chmod', 'chown'],
  about: 'chmod and chown: the files after the mode or owner are written',
  options: { '*': ['--reference'] },
  effects: { reads: [], effects: touchEffects },
};

export const DD: ProgramDeclaration = {
  names: ['dd'],
  about: 'dd: of= is written, if= is read; with neither count, skip nor conversion it prints what it reads as it is',
  options: {},
  effects: { reads: [], effects: ddEffects },
  output: ddOutput,
};

export const TEE: ProgramDeclaration = {
  names: ['tee'],
  about: 'tee: writes (-a appends) what it reads to its files, and passes it on',
  options: { '*': ['-p', '--output-error'] },
  effects: { reads: [], effects: teeEffects },
  stdin: { copies: true },
  output: (_args, _static, stdin) => stdin,
};

export const SED: ProgramDeclaration = {
  // gsed: GNU sed as Homebrew installs it on macOS (real CI and READMEs call it by that name)
  names: ['sed', 'gsed'],
  about:
    'sed (and gsed, GNU sed on macOS): -i edits its files in place (the first positional is the script without -e/-f)',
  options: { '*': ['-e', '--expression', '-f', '--file', '-l', '--line-length'] },
  attached: ['-i'],
  effects: { reads: ['-e', '--expression', '-f', '--file'], effects: sedEffects },
  // Without -i it prints its input edited: `sed 's/feature/main/' x.sh | sh` runs that text.
  output: sedOutput,
  piecedOutput: sedPiecedOutput,
  // GNU sed's `e COMMAND` runs COMMAND through a shell (one-liner-words.ts).
  program: { language: 'sed', options: ['-e', '--expression'], fileOptions: ['-f', '--file'] },
};

export const EX: ProgramDeclaration = {
  names: ['ex', 'vim', 'vi', 'nvim', 'gvim'],
  about: 'ex and vim: the files they edit are written when a command given with -c/--cmd/+CMD writes (x, wq, w)',
  options: { '*': ['-c', '--cmd', '-S', '-u', '-U', '-i', '-T', '-t', '-q', '-w', '-W', '-r', '--servername'] },
  effects: { reads: [], effects: exEffects },
  // `-c '!CMD'` and `+'!CMD'` (`:!CMD`, `silent !CMD`) run CMD through a shell; vim itself is recorded too (its files).
  runs: [
    {
      options: ['-c', '--cmd', '-S', '-u', '-U', '-i', '-T', '-t', '-q', '-w', '-W', '-r', '--servername'],
      commandOption: ['-c', '--cmd', '+'],
      commandPrefix: /^\s*:?\s*(?:silent!?\s*)?!/,
      rest: false,
      itself: true,
    },
  ],
  // `vim -S FILE` sources a script: its `:!CMD` lines run CMD (round 13)
  program: { language: 'vim', options: [], fileOptions: ['-S'] },
};

export const ED: ProgramDeclaration = {
  names: ['ed', 'red'],
  about:
    'ed: reads its commands on stdin; its file is written when one of them writes (w, wq), with the text a/i/c put in',
  options: { '*': ['-p', '--prompt'] },
  effects: { reads: [], effects: exEffects },
};

export const AWK: ProgramDeclaration = {
  names: ['awk', 'gawk'],
  about: 'awk: -i inplace (gawk) rewrites its files; -f/-e give the program, else it is the first operand',
  options: { '*': ['-F', '--field-separator', '-v', '--assign', '-f', '--file', '-e', '--source', '-i', '--include'] },
  effects: { reads: ['-f', '--file'], effects: awkEffects },
  // system("…") runs a shell command line. awk is not made opaque for its program: it is in nearly every pipeline.
  program: { language: 'awk', options: ['-e', '--source'], fileOptions: ['-f', '--file'], assign: ['-v', '--assign'] },
  // `awk 1 f`, `awk '{print}' f` print f; `awk 'BEGIN { print "…" }'` prints the literal.
  output: awkOutput,
  piecedOutput: awkPiecedOutput,
};

export const CMAKE: ProgramDeclaration = {
  names: ['cmake'],
  about:
    'cmake: `-E copy|rename|rm|touch` are cp, mv, rm, touch; `-E env|time CMD` run CMD; `-P FILE` runs its execute_process calls',
  // -E is taken out as a global switch so that its command word reads as a subcommand (`cmake -E env` runs a command)
  globals: { value: ['-S', '-B', '-G', '-T', '-A', '-C', '-D', '-U'], flag: ['-E'] },
  options: { '*': ['-P', '--build', '--install', '--target', '-t', '-j', '--parallel', '--config', '--preset'] },
  effects: { reads: ['-P'], effects: cmakeEffects },
  runs: [
    { subcommands: ['env'], options: [], attached: ['--unset', '--modify'], special: 'env' },
    { subcommands: ['time'], options: [] },
  ],
  program: { language: 'cmake', options: [], fileOptions: ['-P'] },
  // configuring (`cmake -B build`) runs the source folder's CMakeLists.txt: its execute_process calls (build-tools.ts)
  folderRuns: cmakeConfigureRuns,
};

export const PATCH: ProgramDeclaration = {
  names: ['patch'],
  about: 'patch: writes the file it is given (-o OUT), or the targets of the diff it reads (stdin, -i FILE, ORIG FILE)',
  options: {
    '*': [
      ...['-p', '--strip', '-o', '--output', '-i', '--input', '-d', '--directory', '-r', '--reject-file', '-B'],
      ...['--prefix', '-D', '--ifdef', '-F', '--fuzz', '-V', '--version-control', '-z', '--suffix'],
    ],
  },
  effects: { reads: ['-p', '--strip', '-o', '--output', '-i', '--input', '-d', '--directory'], effects: patchEffects },
};

export const FIND: ProgramDeclaration = {
  names: ['find'],
  about: 'find: -delete deletes from its start paths; what -exec runs is walked as a command (walk.ts)',
  singleDashOptions: true,
  options: {
    '*': [
      ...['-name', '-iname', '-path', '-ipath', '-wholename', '-type', '-exec', '-execdir', '-ok', '-okdir'],
      ...['-maxdepth', '-mindepth', '-newer', '-size', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin'],
      ...['-user', '-group', '-perm', '-regex', '-iregex', '-printf', '-fprint', '-fprintf', '-regextype'],
    ],
  },
  effects: { reads: [], effects: findEffects },
};

export const READERS: ProgramDeclaration = {
  names: ['less', 'more', 'bat', 'nl'],
  about: 'pagers and printers: their operands are read',
  options: {},
  effects: { reads: [], effects: readerEffects },
};

export const TAC: ProgramDeclaration = {
  names: ['tac'],
  about: 'tac: its operands are read; it prints the lines of a text it knows, last first',
  options: { '*': ['-s', '--separator'] },
  effects: { reads: [], effects: readerEffects },
  output: tacOutput,
};

export const FOLD: ProgramDeclaration = {
  names: ['fold'],
  about: 'fold: its operands are read; it prints the lines of a text it knows cut to a width',
  options: { '*': ['-w', '--width'] },
  effects: { reads: [], effects: readerEffects },
  output: foldOutput,
};

export const PASTE: ProgramDeclaration = {
  names: ['paste'],
  about:
    'paste: its operands are read; with -s it prints the lines of one text it knows joined by -d LIST (a tab by default)',
  options: { '*': ['-d', '--delimiters'] },
  effects: { reads: [], effects: readerEffects },
  output: pasteOutput,
};

export const LS: ProgramDeclaration = {
  names: ['ls'],
  about:
    'ls: lists files; `ls GLOB…` (-1, -d) prints the names the globs match, kept as the globs (bash $(ls tools/*.sh) runs them), and a file the session wrote its name',
  options: { '*': ['-I', '--ignore', '-w', '--width', '--sort', '--format', '--time-style', '-T', '--tabsize'] },
  // Only globs whose last segment is a pattern print names the model can stand for: `ls src` prints src's contents,
  // which are not known, so it prints nothing known.
  // A file the session wrote prints its own name (`bash $(ls tools/x.sh)`).
  output: (args, allStatic, _stdin, file) => {
    if (!allStatic) return undefined;
    const operands = args.filter((a) => !/^-[1dA]+$/.test(a));
    const named = (a: string): boolean => hasGlob(a.slice(a.lastIndexOf('/') + 1)) || file(a) !== undefined;
    if (operands.length === 0 || operands.some((a) => a.startsWith('-') || !named(a))) return undefined;
    return `${operands.join('\n')}\n`;
  },
};

/** openssl's base64 decoder: `openssl base64 -d`, `openssl enc -d -base64 [-A]` (what base64 -d prints). */
export const OPENSSL: ProgramDeclaration = {
  names: ['openssl'],
  about:
    'openssl: `base64 -d` / `enc -d -base64|-a` decode a known input (the text a shell fed by it runs); -in FILE is read, -out FILE written',
  options: {
    '*': [
      ...['-in', '-out', '-pass', '-k', '-kfile', '-md', '-iv', '-K', '-key', '-inkey', '-passin', '-passout'],
      ...['-cipher', '-certfile', '-CAfile', '-CApath', '-CA', '-CAkey', '-config', '-extfile', '-extensions', '-subj'],
      ...['-days', '-signkey', '-iter', '-S', '-servername', '-connect', '-name', '-inform', '-outform', '-keyform'],
      ...['-newkey', '-pkeyopt', '-set_serial', '-sigopt', '-signature', '-sign', '-rand'],
    ],
  },
  singleDashOptions: true,
  effects: { reads: ['-out', '-in'], effects: optionFiles(['-out'], { reads: ['-in'], skip: 1 }) },
  output: (args, allStatic, stdin, file) => {
    const [sub, ...rest] = args;
    const decode = rest.includes('-d');
    const b64 = sub === 'base64' || rest.includes('-base64') || rest.includes('-a');
    const other = rest.filter((a) => !['-d', '-base64', '-a', '-A'].includes(a));
    if (!allStatic || !decode || !b64 || (sub !== 'base64' && sub !== 'enc')) return undefined;
    const input =
      other[0] === '-in' && other.length === 2 ? file(other[1] as string) : other.length === 0 ? stdin : undefined;
    return input === undefined ? undefined : decodeBase64(input, false);
  },
};

const HEAD_TAIL_OPTIONS = ['-n', '--lines', '-c', '--bytes', '--pid', '-s', '--sleep-interval'];

export const HEAD: ProgramDeclaration = {
  names: ['head'],
  about: 'head: its operands are read; it prints the first lines of a text it knows (-n N, -N)',
  options: { '*': HEAD_TAIL_OPTIONS },
  effects: { reads: [], effects: readerEffects },
  output: headOutput,
};

export const TAIL: ProgramDeclaration = {
  names: ['tail'],
  about: 'tail: its operands are read; it prints the last lines of a text it knows (-n N, -n +N)',
  options: { '*': HEAD_TAIL_OPTIONS },
  effects: { reads: [], effects: readerEffects },
  output: tailOutput,
};

export const TR: ProgramDeclaration = {
  names: ['tr'],
  about:
    'tr: reads stdin only; prints it translated (SET1 SET2, ranges and escapes) or with -d SET deleted when it knows it',
  options: {},
  output: trOutput,
};

// The decoders: what they print is the text a shell fed by them runs (`base64 -d <<< … | sh`).
export const BASE64: ProgramDeclaration = {
  names: ['base64', 'gbase64', 'base64url'],
  about: 'base64: its operand is read; with -d/--decode (BSD -D) it prints the decoded text when it knows the input',
  options: { '*': ['-w', '--wrap', '-b', '--break'] },
  effects: { reads: [], effects: readerEffects },
  output: base64Output,
};

export const XXD: ProgramDeclaration = {
  names: ['xxd'],
  about: 'xxd: its operand is read; with -r -p it prints the bytes of a plain hex dump when it knows the input',
  options: { '*': ['-c', '-cols', '-g', '-groupsize', '-l', '-len', '-o', '-offset', '-s', '-seek'] },
  singleDashOptions: true,
  effects: { reads: [], effects: readerEffects },
  output: xxdOutput,
};

export const REV: ProgramDeclaration = {
  names: ['rev'],
  about: 'rev: its operand is read; prints each line reversed when it knows the input',
  options: {},
  effects: { reads: [], effects: readerEffects },
  output: revOutput,
};

export const SPLIT: ProgramDeclaration = {
  names: ['split', 'gsplit'],
  about: 'split [FILE [PREFIX]]: FILE is read; the pieces PREFIX* (xaa, xab, … by default) are written',
  options: {
    '*': [
      ...['-a', '--suffix-length', '-b', '--bytes', '-C', '--line-bytes', '-l', '--lines', '-n', '--number'],
      ...['-t', '--separator', '--additional-suffix', '--filter'],
    ],
  },
  effects: { reads: [], effects: splitEffects },
};

export const SORT: ProgramDeclaration = {
  names: ['sort'],
  about: 'sort: its operands are read; -o/--output FILE is written (the same file as an operand sorts it in place)',
  options: {
    '*': [
      ...['-o', '--output', '-k', '--key', '-t', '--field-separator', '-S', '--buffer-size', '-T'],
      ...['--temporary-directory', '--parallel', '--files0-from', '--compress-program', '--batch-size', '--sort'],
      '--random-source',
    ],
  },
  effects: { reads: ['-o', '--output'], effects: outputOptionEffects },
  // without -o it prints the lines of a text it knows sorted (round 13: `printf … | sort | head -n 1`)
  output: sortOutput,
};

export const SHUF: ProgramDeclaration = {
  names: ['shuf'],
  about: 'shuf: its operand is read; -o/--output FILE is written',
  options: { '*': ['-o', '--output', '-n', '--head-count', '-i', '--input-range', '--random-source'] },
  effects: { reads: ['-o', '--output'], effects: outputOptionEffects },
};

export const UNIQ: ProgramDeclaration = {
  names: ['uniq'],
  about: 'uniq: reads IN, writes OUT when a second operand is given',
  options: { '*': ['-f', '--skip-fields', '-s', '--skip-chars', '-w', '--check-chars', '--group', '--all-repeated'] },
  effects: { reads: [], effects: uniqEffects },
  output: uniqOutput,
};

export const SPONGE: ProgramDeclaration = {
  names: ['sponge'],
  about: 'sponge (moreutils): writes its stdin to FILE once the input ends (-a appends)',
  options: {},
  effects: { reads: [], effects: spongeEffects },
};

export const CAT: ProgramDeclaration = {
  names: ['cat'],
  about: 'cat: its operands are read; it prints its stdin (no operand, or -) and the files the session wrote, in order',
  options: {},
  effects: { reads: [], effects: readerEffects },
  output: (args, _static, stdin, file) => {
    if (args.length === 0) return stdin;
    // Its operands one after the other (`-` is its stdin); an option (-n, -A…) changes what it prints: not known.
    let out = '';
    for (const a of args) {
      const text = a === '-' ? stdin : a.startsWith('-') ? undefined : file(a);
      if (text === undefined) return undefined;
      out += text;
    }
    return out;
  },
};

export const UNZIP: ProgramDeclaration = {
  names: ['unzip'],
  about: 'unzip: writes DIR/** (-d DIR, else .); -l/-t/-p write nothing',
  options: { '*': ['-d', '-P', '-x'] },
  effects: { reads: ['-d'], effects: unzipEffects },
};

/** tar's options whose value is a command line it runs. */
const TAR_COMMAND_OPTIONS = [
  ...['--checkpoint-action', '--to-command', '--use-compress-program', '-I', '--info-script', '-F'],
  ...['--new-volume-script', '--rsh-command'],
];

const TAR_VALUE_OPTIONS = [
  ...['-C', '--directory', '-f', '--file', '-T', '--files-from', '-X', '--exclude-from', '--exclude', '-b', '-H'],
  ...TAR_COMMAND_OPTIONS,
];

export const TAR: ProgramDeclaration = {
  names: ['tar', 'bsdtar', 'gtar'],
  about:
    'tar: -x (or xzf) writes DIR/** (-C DIR, else .); creating (-c, czf) reads what it packs; listing writes nothing; an archive of files the session wrote holds their texts (-xO prints a member)',
  options: { '*': TAR_VALUE_OPTIONS },
  effects: { reads: ['-C', '--directory'], effects: tarEffects(TAR_VALUE_OPTIONS) },
  output: tarOutput(TAR_VALUE_OPTIONS),
  // GNU tar runs command lines of its options: --checkpoint-action=exec=CMD, --to-command, -I/--use-compress-program,
  // -F/--info-script, --rsh-command. Its checkpoint's own actions (dot, echo, bell…) run nothing.
  runs: [
    {
      options: TAR_VALUE_OPTIONS,
      commandOption: TAR_COMMAND_OPTIONS,
      commandPrefix: /^(?!(?:bell|dot|\.|echo|ttyout|sleep|totals|wait)(?:=|$))(?:exec=)?/,
      rest: false,
      itself: true,
    },
  ],
};
