// What well-known programs do to files, one reader per program family (cp, mv, rm, tee, sed -i, dd, curl -o, git,
// find, patch, …). Each reader is attached to its program in programs/*.ts; the paths it adds are resolved by the
// caller. A reader that needs a file's text (a patch applied, a text carried by cp) asks `files` for it.
import { COMPUTED_PIECE } from './computed-piece.js';
import { parseEdits, parseSed, type SedCommand, sedScripts } from './sed-script.js';
import type { Flag } from './types.js';
import type { AddEffect, EffectInput, FileAccess } from './programs/declaration.js';
import { basename, treeOf as tree } from './paths.js';
import { parsePatch, type PatchOptions } from './patch-text.js';

/** Redirect targets and arguments that are not files in the project. */
export const NOT_FILES = /^\/dev\/(null|zero|u?random|stdin|stdout|stderr|tty|fd\/\d+)$|^&?-?\d*-?$/;

export const has = (flags: readonly Flag[], ...names: string[]): boolean => flags.some((f) => names.includes(f.name));
export const flagValue = (flags: readonly Flag[], ...names: string[]): string | undefined =>
  flags.find((f) => names.includes(f.name) && f.value !== undefined)?.value;

/** Destination paths of cp/mv/install/ln/rsync: `-t DIR`, else the last positional (a directory when it ends in
 * '/' or there are several sources, then DIR/basename(source)). */
function copyTargets(input: EffectInput, sources: readonly string[], dest: string | undefined): string[] {
  const intoDir = flagValue(input.flags, '-t', '--target-directory');
  if (intoDir !== undefined) return sources.map((s) => `${intoDir}/${basename(s)}`);
  if (dest === undefined) return [];
  if (dest.endsWith('/') || sources.length > 1) return sources.map((s) => `${dest}/${basename(s)}`);
  return [dest];
}

const isRemote = (path: string): boolean => /^[^/]*:/.test(path) && !path.startsWith('./');

/** rsync options that delete, in the destination, what the source does not have. */
const RSYNC_DELETES = [
  '--delete',
  '--del',
  '--delete-before',
  '--delete-during',
  '--delete-delay',
  '--delete-after',
  '--delete-excluded',
];

export function teeEffects(input: EffectInput, add: AddEffect, stdin: string | undefined): void {
  const append = has(input.flags, '-a', '--append');
  for (const p of input.positionals)
    if (!NOT_FILES.test(p)) add(append ? 'append' : 'write', p, append ? 'tee -a' : 'tee', stdin);
}

export function sedEffects(input: EffectInput, add: AddEffect, stdin?: string, access?: FileAccess): void {
  sedWrites(input, add, stdin, access);
  if (!has(input.flags, '-i', '--in-place')) return;
  // Without -e/-f the first positional is the script, the rest are the files edited in place.
  const files = has(input.flags, '-e', '--expression', '-f', '--file') ? input.positionals : input.positionals.slice(1);
  // A script file the call or the session wrote (`sed -i -f fix.sed f`) is read as its lines of script.
  const scripts = has(input.flags, '-e', '--expression') || !has(input.flags, '-f', '--file') ? sedScripts(input) : [];
  for (const f of input.flags)
    if ((f.name === '-f' || f.name === '--file') && f.value !== undefined) {
      const text = access?.read(f.value, 'sed');
      if (text !== undefined) scripts.push(...text.split('\n').filter((l) => l.trim() !== ''));
    }
  for (const p of files) add('write', p, 'sed -i', replacements(scripts));
}

/** sed's `w FILE` command and `s///w FILE` flag (`sed -n 'w out' in`, `sed -n '/x/w out'`) write FILE: the lines
 * they write are among its input, taken whole as the content (its files' text, else its stdin) when known. */
function sedWrites(input: EffectInput, add: AddEffect, stdin: string | undefined, access?: FileAccess): void {
  const named = has(input.flags, '-e', '--expression', '-f', '--file');
  const scripts = named ? sedScripts(input) : input.positionals.slice(0, 1);
  const files = named ? input.positionals : input.positionals.slice(1);
  let text: string | undefined = files.length === 0 ? stdin : '';
  for (const f of files) {
    const t = access?.text(f);
    text = t === undefined || text === undefined ? undefined : text + t;
  }
  for (const script of scripts)
    for (const line of script.split(/[\n;]/)) {
      const w =
        /^\s*(?:(?:\d+|\$|\/(?:[^/\\]|\\.)*\/)(?:\s*,\s*(?:\d+|\$|\/(?:[^/\\]|\\.)*\/))?\s*!?)?\s*w\s+(\S.*)$/.exec(
          line,
        );
      if (w !== null && !NOT_FILES.test(w[1] as string)) add('write', (w[1] as string).trim(), 'sed w', text);
    }
}

/**
 * What a sed script puts into a file: its replacement texts and the text of its `a`, `i` and `c` commands (`/^x:/a
 * TEXT`, `$a\` and lines), one a line, as the effect's content, so that content patterns and secret detection judge
 * what an in-place edit writes (`s/^password:.*$/password: hunter2/`, `/^\[pypi\]/a password = …`). `perl`: the
 * scripts are Perl's `s` commands (`s{…}{…}` too). The file's text after the edit is the ledger's business
 * (call-files.ts, ledger/record.ts read the script, not this).
 */
function replacements(scripts: readonly string[], perl = false): string | undefined {
  const commands: readonly SedCommand[] = perl
    ? scripts.flatMap((s) => parseEdits(s, true).edits.map((edit) => ({ ...NO_ADDRESS, name: 's', edit })))
    : parseSed(scripts.join('\n')).commands;
  // A back-reference (sed's \1, perl's $1 and ${1}) puts matched text of its own there: a space stands for it, so the
  // text after it starts a word (`s/^(\s*)it\(/$1fit(/` writes `fit(`, not `1fit(`; blind round 23).
  const to = addedTexts(commands, (to) => to.replace(/\\[1-9]|\$\{?[1-9]\}?/g, ' '));
  return to.length === 0 ? undefined : to.join('\n');
}

const NO_ADDRESS = { from: undefined, to: undefined, negated: false } as const;

/** The texts sed commands add, in order (in blocks too): a replacement as `replaced` gives it, a/i/c text as is. */
function addedTexts(commands: readonly SedCommand[], replaced: (to: string) => string): string[] {
  return commands.flatMap((c) =>
    c.block !== undefined
      ? addedTexts(c.block, replaced)
      : c.edit !== undefined
        ? [replaced(c.edit.to)]
        : c.text !== undefined && c.text !== ''
          ? [c.text]
          : [],
  );
}

/**
 * What sed prints (no -i) when its script substitutes and its input is not known (`sed 's/it(/it.only(/' a.test.ts >
 * /tmp/x && mv /tmp/x a.test.ts`): the replacements among a computed piece, for a redirect's content (the rest of
 * the text is not known).
 */
export function sedPiecedOutput(argv: readonly string[]): string | undefined {
  const scripts: string[] = [];
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '-i' || a.startsWith('-i') || a.startsWith('--in-place') || a === '-f' || a === '--file')
      return undefined;
    if (a === '-e' || a === '--expression' || /^-[nErsuz]+e$/.test(a)) scripts.push(argv[++i] ?? '');
    else if (a.startsWith('--expression=')) scripts.push(a.slice('--expression='.length));
    else if (!a.startsWith('-')) positionals.push(a);
  }
  if (scripts.length === 0 && positionals[0] !== undefined) scripts.push(positionals[0]);
  const wrapped = wrappedValue(scripts);
  if (wrapped !== undefined) return wrapped;
  const to = replacements(scripts);
  return to === undefined ? undefined : `${COMPUTED_PIECE}\n${to}\n`;
}

/**
 * A script that only puts text before and after each line (`s#^#https://me:#; s#$#@github.com#`, the way a value
 * printed by a program is turned into a URL or a setting): the line it prints is that text around the value, known
 * whole but for the value (blind round 40: `gh auth token | sed 's#^#https://u:#; s#$#@github.com#' > store`).
 */
function wrappedValue(scripts: readonly string[]): string | undefined {
  let line: string = COMPUTED_PIECE;
  let edits = 0;
  for (const script of scripts) {
    const { edits: read, rest } = parseEdits(script, false);
    if (rest.trim() !== '') return undefined;
    for (const e of read) {
      // `&` is the empty match here; a back-reference or an escape is not read.
      if (e.to.includes('\\') || !/^g?$/.test(e.flags)) return undefined;
      const to = e.to.replaceAll('&', '');
      if (e.pattern === '^') line = `${to}${line}`;
      else if (e.pattern === '$') line = `${line}${to}`;
      else return undefined;
      edits++;
    }
  }
  return edits === 0 ? undefined : `${line}\n`;
}

/** What awk prints when its program substitutes (`awk '{ sub(/x/, "y") } 1' f > tmp`): as sedPiecedOutput. */
export function awkPiecedOutput(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (/^(-[Fv]|--field-separator|--assign)$/.test(a)) i++;
    else if (/^(-[fei]|--file|--source|--include)$/.test(a)) return undefined;
    else if (!a.startsWith('-')) {
      const to = awkReplacements(a);
      return to === undefined ? undefined : `${COMPUTED_PIECE}\n${to}\n`;
    }
  }
  return undefined;
}

/** ex commands that write the file being edited (`x`, `wq`, `w`, `update`, and their all-buffer forms). */
const EX_WRITES = /^(?:w|wq|x|xi|xit|exi|exit|up|update|wa|wall|wqa|wqall|xa|xall)!?(?:\s|$)/;

/**
 * `ex -sc '%s/a/b/g|x' FILE`, `vim -c '%s/a/b/' -c wq FILE`, `vim +'%s/a/b/|x' FILE`: when one of its commands (`-c`,
 * `--cmd`, `+CMD`) writes, its files are written, with the replacements of its substitutions as the content.
 */
export function exEffects(input: EffectInput, add: AddEffect, stdin?: string): void {
  const commands: string[] = [];
  for (const f of input.flags)
    if ((f.name === '-c' || f.name === '--cmd') && f.value !== undefined) commands.push(f.value);
  for (const a of input.argv) if (a.length > 1 && a.startsWith('+')) commands.push(a.slice(1));
  // Commands read on stdin (`ex -s f <<EOF`, `printf 'a\n…\n.\nw\n' | ed -s f`): the text of a/i/c is what they
  // put in, as is vim's `normal! iTEXT`.
  const inserted: string[] = [];
  if (stdin !== undefined) commands.push(...edScript(stdin, inserted));
  for (const c of commands) {
    const typed = /^\s*:?\s*norm(?:al)?!?\s+[iaoOIA](.+)$/.exec(c);
    if (typed?.[1] !== undefined) inserted.push(typed[1]);
  }
  // Each command may chain several with `|`; a range (`%`, `1,$`, `.`, `/^describe(/`, `'<,'>`) may precede one,
  // and so may a global command's pattern (`g/re/s//x/`).
  const parts = commands
    .flatMap((c) => c.split('|'))
    .map((p) =>
      p
        .trim()
        .replace(/^:+/, '')
        .replace(ED_RANGE, '')
        .replace(/^[gGvV]\/(?:[^/\\]|\\.)*\//, '')
        .replace(/^[%.$,\d'<>]+/, ''),
    );
  if (!parts.some((p) => EX_WRITES.test(p))) return;
  const subs = parts.flatMap((p) => (/^s(?:ubstitute)?[^\w\s]/.test(p) ? [p.replace(/^substitute/, 's')] : []));
  const content = inserted.length > 0 ? `${inserted.join('\n')}\n` : replacements(subs);
  for (const file of input.positionals)
    if (!file.startsWith('+')) add('write', file, input.program === 'ed' ? 'ed' : 'ex', content);
}

/** One ed/ex address: a line number, `.`, `$`, `%`, a mark (`'a`), a regex forwards or backwards (`/^spike:/`,
 * `?x?`), each with offsets (`/x/+1`, `$-2`); or offsets alone (`+`, `-3`). */
const ED_ADDRESS = String.raw`(?:(?:\d+|[.$%]|'[a-z]|\/(?:[^/\\]|\\.)*\/|\?(?:[^?\\]|\\.)*\?)(?:\s*[+-]\d*)*|[+-]\d*(?:\s*[+-]\d*)*)`;

/** An ed/ex command's range (`/^describe(/`, `1,/^$/`, `.,$`) before its name. */
const ED_RANGE = new RegExp(String.raw`^(?:${ED_ADDRESS}(?:\s*[,;]\s*(?:${ED_ADDRESS})?)?|[,;])\s*`);

/** A line of an ed/ex script that starts text input: a/i/c (append, insert, change) after an address or a range
 * (`$a`, `3i`, `/^spike:/a`, `1,/^$/c`, `,c`), the text lines following up to a lone `.`. */
const ED_TEXT_COMMAND = new RegExp(
  String.raw`^\s*:?\s*(?:${ED_ADDRESS}(?:\s*[,;]\s*(?:${ED_ADDRESS})?)?|[,;])?\s*(?:a|i|c|append|insert|change)!?\s*$`,
);

/** An ed/ex script's commands, line by line; the text lines of `a`, `i`, `c` (up to a lone `.`) go to `inserted`. */
function edScript(script: string, inserted: string[]): string[] {
  const commands: string[] = [];
  let text = false;
  for (const line of script.split('\n')) {
    if (text) {
      if (line === '.') text = false;
      else inserted.push(line);
    } else if (ED_TEXT_COMMAND.test(line)) text = true;
    else commands.push(line);
  }
  return commands;
}

/** `gawk -i inplace PROGRAM FILE…` (and `-i inplace` among other -i libraries) rewrites its files. */
export function awkEffects(input: EffectInput, add: AddEffect): void {
  if (!input.flags.some((f) => (f.name === '-i' || f.name === '--include') && f.value === 'inplace')) return;
  const hasProgram = input.flags.some(
    (f) => f.name === '-f' || f.name === '--file' || f.name === '-e' || f.name === '--source',
  );
  const files = hasProgram ? input.positionals : input.positionals.slice(1);
  const program = hasProgram ? undefined : input.positionals[0];
  const content = program === undefined ? undefined : awkReplacements(program);
  for (const file of files) if (!/^\w+=/.test(file)) add('write', file, 'awk -i inplace', content);
}

/** The replacement strings of awk's `sub`/`gsub` (`gsub(/__TOKEN__/, "npm_…")`), one a line: the new text an in-place
 * edit writes, as sed's and perl's replacements are. */
const AWK_SUB = /\bg?sub\s*\(\s*(?:\/(?:[^/\\\n]|\\.)*\/|"(?:[^"\\\n]|\\.)*")\s*,\s*"((?:[^"\\\n]|\\.)*)"/g;
/** A string literal awk prints as a line of its own (`/it "refunds" do/ { print "    expect(1).to eq(1)" }`): text the
 * program puts among its input's lines (blind round 37: awk's output then moved over the spec it read). */
const AWK_PRINT = /\bprint\s*\(?\s*"((?:[^"\\\n]|\\.)*)"\s*\)?\s*(?=[;}\n]|$)/g;
export function awkReplacements(program: string): string | undefined {
  const to = [...program.matchAll(AWK_SUB), ...program.matchAll(AWK_PRINT)].map((m) =>
    (m[1] ?? '').replace(/\\n/g, '\n').replace(/\\(.)/g, '$1'),
  );
  return to.length === 0 ? undefined : to.join('\n');
}

export function perlEffects(input: EffectInput, add: AddEffect): void {
  if (!has(input.flags, '-i')) return;
  const files = has(input.flags, '-e', '-E') ? input.positionals : input.positionals.slice(1);
  const scripts = input.flags.flatMap((f) =>
    (f.name === '-e' || f.name === '-E') && f.value !== undefined ? [f.value] : [],
  );
  if (scripts.length === 0 && input.positionals[0] !== undefined) scripts.push(input.positionals[0]);
  const content = input.program === 'ruby' ? rubyReplacements(scripts) : replacements(scripts, true);
  for (const p of files) add('write', p, `${input.program} -i`, content);
}

/** The replacement strings of Ruby's `sub`/`gsub` (`ruby -pi -e 'gsub(/it\(/, "it.only(")'`, or `%q(…)`), one a line. */
const RUBY_SUB =
  /\bg?sub!?\s*(?:\(\s*)?(?:\/(?:[^/\\\n]|\\.)*\/[a-z]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*,\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|%[qQ]?\(((?:[^()\\\n]|\\.)*)\))/g;
function rubyReplacements(scripts: readonly string[]): string | undefined {
  const to = scripts.flatMap((s) => [...s.matchAll(RUBY_SUB)].map((m) => m[1] ?? m[2] ?? m[3] ?? ''));
  return to.length === 0 ? undefined : to.join('\n');
}

/** cp, install, ln, rsync and mv: sources read (or deleted by a move), destinations written — with the source's text
 * when the call or the session wrote it (`cp x.sh run.sh` carries what x.sh holds). A folder's contents copied in
 * (`rsync -a SRC/ DEST`, `cp -r SRC/. DEST`) write the files inside the destination, whose names are not known:
 * `DEST/**`, as `tar -x -C DEST` and `aws s3 sync … DEST` do. A dry run (`rsync -n`) writes and deletes nothing. */
export function copyEffects(input: EffectInput, add: AddEffect, stdin?: string, files?: FileAccess): void {
  const { program, flags } = input;
  const pos = input.positionals;
  if (program === 'install' && has(flags, '-d', '--directory')) {
    for (const p of pos) add('write', p, 'install');
    return;
  }
  const intoDir = flagValue(flags, '-t', '--target-directory');
  const sources = intoDir !== undefined ? pos : pos.slice(0, -1);
  const dest = intoDir !== undefined ? undefined : pos[pos.length - 1];
  // `ln -s target` with one operand links into the current directory under the target's name.
  const onlyOne = program === 'ln' && intoDir === undefined && pos.length === 1;
  const moves = program === 'mv' || (program === 'rsync' && has(flags, '--remove-source-files'));
  for (const s of onlyOne ? [] : sources) {
    if (isRemote(s)) continue;
    if (moves) add('delete', s, program === 'mv' ? 'mv' : 'rsync --remove-source-files');
    else if (program !== 'ln') add('read', s, program);
  }
  if (program === 'rsync' && has(flags, ...RSYNC_DRY_RUNS)) return;
  if (onlyOne) {
    add('write', basename(pos[0] as string), program);
    return;
  }
  const into = intoDir ?? dest;
  const targets = copyTargets(input, sources, dest);
  // A copy, a move or a link writes each source's text to its target (one target per source, in order): a link reads
  // as what it points at (`ln -s x.sh run.sh && bash run.sh` runs x.sh). A symbolic link's relative target is found
  // from the link's own folder.
  const carries = targets.length === sources.length;
  const symbolic = program === 'ln' && has(flags, '-s', '--symbolic');
  // A source that is the command's own stdin (`cp /dev/stdin f <<< …`, `install -m 644 /dev/stdin f`) carries it.
  const sourceText = (source: string, target: string): string | undefined =>
    STDIN_FILES.has(source)
      ? stdin
      : files?.text(symbolic && !source.startsWith('/') ? besideLink(target, source) : source);
  const written = new Set<string>();
  const deleted = new Set<string>();
  targets.forEach((t, i) => {
    const source = sources[i] as string;
    const contents = into !== undefined && copiesContents(program, source);
    const target = contents ? tree(into) : t;
    if (isRemote(target) || written.has(target)) return;
    written.add(target);
    add('write', target, program, carries && !contents ? sourceText(source, target) : undefined);
    deleted.add(contents ? (into as string) : t);
  });
  // --delete mirrors the source: whatever DEST holds that the source lacks is deleted.
  if (program === 'rsync' && has(flags, ...RSYNC_DELETES)) for (const t of deleted) add('delete', t, 'rsync --delete');
}

/** A symbolic link's relative target, from the link's folder (`ln -s x.sh bin/run`: bin/x.sh). */
function besideLink(link: string, target: string): string {
  const slash = link.replace(/\/+$/, '').lastIndexOf('/');
  return slash < 0 ? target : `${link.slice(0, slash)}/${target}`;
}

/** rsync options that only show what would be done. */
const RSYNC_DRY_RUNS = ['-n', '--dry-run', '--list-only'];

/** Whether a source stands for a folder's contents: rsync's `SRC/` (copied into DEST itself), cp's `SRC/.` and `.`. */
function copiesContents(program: string, source: string): boolean {
  if (program === 'rsync') return source.endsWith('/');
  return program === 'cp' && (source === '.' || source.endsWith('/.'));
}

export function removeEffects(input: EffectInput, add: AddEffect): void {
  for (const p of input.positionals) add('delete', p, input.program);
}

export function truncateEffects(input: EffectInput, add: AddEffect): void {
  const size = flagValue(input.flags, '-s', '--size');
  for (const p of input.positionals)
    add('write', p, 'truncate', size !== undefined && /^0+$/.test(size) ? '' : undefined);
}

/** dos2unix and its kin rewrite each operand in place (old-file mode, the default); -n/--newfile IN OUT writes each
 * OUT from its IN; -O (stdout) and -i (information) write no file. */
export function lineEndingEffects(input: EffectInput, add: AddEffect): void {
  if (input.flags.some((f) => f.name === '-O' || f.name === '--to-stdout' || f.name === '-i' || f.name === '--info'))
    return;
  const pairs = input.flags.some((f) => f.name === '-n' || f.name === '--newfile');
  input.positionals.forEach((p, i) => {
    if (!pairs || i % 2 === 1) add('write', p, input.program);
  });
}

/** touch and mkdir write their operands; chmod and chown change the files after the mode or owner. */
export function touchEffects(input: EffectInput, add: AddEffect): void {
  const { program } = input;
  const files = program === 'chmod' || program === 'chown' ? input.positionals.slice(1) : input.positionals;
  for (const p of files) add('write', p, program);
}

/**
 * The value of each of `writes` is written, of each of `reads` read; the operands are read, after the first `skip`
 * (a subcommand such as `openssl enc` or `xsv sort` is no file).
 */
export const optionFiles =
  (writes: readonly string[], { reads = [], skip = 0 }: { reads?: readonly string[]; skip?: number } = {}) =>
  (input: EffectInput, add: AddEffect): void => {
    for (const f of input.flags) {
      if (f.value === undefined || NOT_FILES.test(f.value)) continue;
      if (writes.includes(f.name)) add('write', f.value, `${input.program} ${f.name}`);
      else if (reads.includes(f.name)) add('read', f.value, `${input.program} ${f.name}`);
    }
    for (const p of input.positionals.slice(skip)) if (!NOT_FILES.test(p)) add('read', p, input.program);
  };

/** `sort -o FILE`, `shuf -o FILE`: the output file is written (sort reads its operands first, so in place is allowed). */
export function outputOptionEffects(input: EffectInput, add: AddEffect): void {
  const out = flagValue(input.flags, '-o', '--output');
  if (out !== undefined && !NOT_FILES.test(out)) add('write', out, `${input.program} -o`);
  for (const p of input.positionals) if (!NOT_FILES.test(p)) add('read', p, input.program);
}

/** `uniq [IN [OUT]]`: OUT is written. */
export function uniqEffects(input: EffectInput, add: AddEffect): void {
  const [inFile, outFile] = input.positionals;
  if (inFile !== undefined && !NOT_FILES.test(inFile)) add('read', inFile, 'uniq');
  if (outFile !== undefined && !NOT_FILES.test(outFile)) add('write', outFile, 'uniq');
}

/** `sponge FILE` (moreutils) soaks up its stdin, then writes FILE: `sort x | sponge x` rewrites x in place. */
export function spongeEffects(input: EffectInput, add: AddEffect, stdin: string | undefined): void {
  const append = has(input.flags, '-a');
  for (const p of input.positionals)
    if (!NOT_FILES.test(p)) add(append ? 'append' : 'write', p, append ? 'sponge -a' : 'sponge', stdin);
}

export function ddEffects(input: EffectInput, add: AddEffect, stdin?: string, files?: FileAccess): void {
  // Without if= (or with if=/dev/stdin) dd copies its stdin; with a file the call or the session wrote, that text.
  const from = input.positionals.find((p) => p.startsWith('if='))?.slice(3);
  const plain = input.positionals.every((p) => /^(?:if|of|status|bs|obs|ibs)=/.test(p));
  const text = !plain ? undefined : from === undefined || STDIN_FILES.has(from) ? stdin : files?.text(from);
  for (const p of input.positionals) {
    const file = p.slice(3);
    if (NOT_FILES.test(file)) continue;
    if (p.startsWith('of=')) add('write', file, 'dd of=', text);
    else if (p.startsWith('if=')) add('read', file, 'dd if=');
  }
}

/** Paths that name the command's own stdin. */
const STDIN_FILES: ReadonlySet<string> = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0', '-']);

export function curlEffects(input: EffectInput, add: AddEffect): void {
  const file = flagValue(input.flags, '-o', '--output');
  if (file !== undefined && file !== '-') add('write', file, 'curl -o');
  const upload = flagValue(input.flags, '-T', '--upload-file');
  if (upload !== undefined) add('read', upload, 'curl -T');
  // -O (--remote-name, --remote-name-all): each URL saved by its last name in --output-dir, else the current folder;
  // with -J the server names the file (`cd data/raw && curl -LO https://…/train.csv`, real download steps, round 22).
  if (!has(input.flags, '-O', '--remote-name', '--remote-name-all')) return;
  const dir = trimSlash(flagValue(input.flags, '--output-dir') ?? '.');
  const into = (name: string) => (dir === '.' ? name : `${dir}/${name}`);
  // Names the engine cannot know, in a known folder: its tree (files of any name there, never a folder a rule names).
  const unnamed = () => add('write', tree(dir), 'curl -O');
  if (has(input.flags, '-J', '--remote-header-name')) {
    unnamed();
    return;
  }
  for (const url of input.positionals) {
    const name = urlFileName(url, true);
    // No name in the URL (or a glob curl expands, `file[1-3].txt`): a file of a name not known.
    if (name === undefined || name === '' || /[[\]{}]/.test(name)) unnamed();
    else add('write', into(name), 'curl -O');
  }
}

/**
 * The last name of a URL's path, as curl -O and wget save it ('' when the path has none); undefined when the word is no
 * URL (with `bare`, a URL without a scheme counts, as curl reads `example.com/x.csv`).
 */
function urlFileName(url: string, bare: boolean): string | undefined {
  const path = (bare ? /^(?:[a-z][a-z0-9+.-]*:\/\/)?[^/?#]*([^?#]*)/i : /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i).exec(
    url,
  )?.[1];
  return path === undefined ? undefined : path.slice(path.lastIndexOf('/') + 1);
}

/**
 * A dataset downloader that saves into a folder option, else the current folder, under names only the server knows:
 * `kaggle datasets|competitions download` (-p), `zenodo_get` (-o).
 */
export function downloadIntoFolder(option: readonly string[], via: string) {
  return (input: EffectInput, add: AddEffect): void => {
    const dir = trimSlash(flagValue(input.flags, ...option) ?? '.');
    // As a tree of names not known (`data/**`): a guarded folder the rule names (data/raw) is not taken to be among
    // them (glob-may.ts), a download into the guarded folder itself is.
    add('write', tree(dir), via);
  };
}

/**
 * wget: `-O FILE` is written; otherwise each URL is saved under its last name (index.html when it has none) in the
 * `-P` folder, else the current one, and a recursive fetch (`-r`, `-m`) writes that folder's tree. `-o` is its log.
 */
export function wgetEffects(input: EffectInput, add: AddEffect): void {
  const log = flagValue(input.flags, '-o', '--output-file');
  if (log !== undefined) add('write', log, 'wget -o');
  const file = flagValue(input.flags, '-O', '--output-document');
  if (file !== undefined) {
    if (file !== '-') add('write', file, 'wget -O');
    return;
  }
  if (has(input.flags, '--spider')) return;
  const dir = flagValue(input.flags, '-P', '--directory-prefix') ?? '.';
  if (has(input.flags, '-r', '--recursive', '-m', '--mirror')) {
    add('write', tree(dir), 'wget -r');
    return;
  }
  for (const url of input.positionals) {
    const name = urlFileName(url, false);
    if (name === undefined) continue;
    add('write', dir === '.' ? name || 'index.html' : `${dir.replace(/\/+$/, '')}/${name || 'index.html'}`, 'wget');
  }
}

/** split: its input is read and its pieces written, named by the prefix (`x` by default) and a suffix. */
export function splitEffects(input: EffectInput, add: AddEffect): void {
  const [from, prefix] = input.positionals;
  if (from !== undefined && from !== '-') add('read', from, 'split');
  add('write', `${prefix ?? 'x'}*`, 'split');
}

/** cat, less, head, source, …: their operands are read. */
export function readerEffects(input: EffectInput, add: AddEffect): void {
  for (const p of input.positionals) if (!NOT_FILES.test(p)) add('read', p, input.program);
}

export function gitEffects(input: EffectInput, add: AddEffect, stdin?: string, files?: FileAccess): void {
  const [sub, ...rest] = input.positionals;
  if (sub === 'apply' || sub === 'am') {
    gitApplyEffects(input, sub, stdin, files, add);
    return;
  }
  const dashDash = input.argv.indexOf('--');
  if (sub === 'checkout' && dashDash !== -1 && dashDash + 1 < input.argv.length) {
    for (const p of input.argv.slice(dashDash + 1)) addTree('write', p, 'git checkout --', add);
  } else if (sub === 'restore' && !(has(input.flags, '--staged', '-S') && !has(input.flags, '--worktree', '-W'))) {
    for (const p of rest) addTree('write', p, 'git restore', add);
  } else if (sub === 'clean' && has(input.flags, '-f', '--force') && !has(input.flags, '-n', '--dry-run')) {
    // Untracked files (with -x ignored ones too) under each path are deleted: raw data, local config, build output.
    for (const p of rest.length > 0 ? rest : ['.'])
      add('delete', p === '.' || p === './' ? '**' : `${trimSlash(p)}/**`, 'git clean');
  } else if (sub === 'config') {
    // `git config --file F KEY VALUE` writes KEY = VALUE into F, a file of the project's like any other (round 50).
    const file = input.flags.find((f) => (f.name === '--file' || f.name === '-f') && f.value !== undefined)?.value;
    const [first, second, third] = rest;
    const [key, value] = first === 'set' ? [second, third] : [first, second];
    const reads = ['--get', '--get-all', '--get-regexp', '-l', '--list', '--unset', '--unset-all', '--remove-section'];
    // (git's own config files are git's to write: the rules on them read the command, as for any git config)
    const gits = file !== undefined && /(^|\/)(\.gitconfig|\.gitmodules|\.git\/config|git\/config)$/.test(file);
    if (file !== undefined && !gits && key !== undefined && value !== undefined && !has(input.flags, ...reads)) {
      const dot = key.lastIndexOf('.');
      const first = key.indexOf('.');
      const header =
        first === dot ? `[${key.slice(0, dot)}]` : `[${key.slice(0, first)} "${key.slice(first + 1, dot)}"]`;
      if (dot > 0) add('append', file, 'git config --file', `${header}\n\t${key.slice(dot + 1)} = ${value}\n`);
    }
  } else if (sub === 'rm' && !has(input.flags, '--cached')) {
    for (const p of rest) add('delete', p, 'git rm');
  } else if (sub === 'mv' && rest.length >= 2) {
    // git mv SOURCE… DEST: like mv, the sources go and the destination (or DEST/basename) is written.
    const dest = rest[rest.length - 1] as string;
    const sources = rest.slice(0, -1);
    for (const src of sources) add('delete', src, 'git mv');
    // Into a folder (several sources, a glob of them, or a destination ending in /): each keeps its name there.
    if (sources.length === 1 && !dest.endsWith('/') && !/[*?[]/.test(sources[0] as string))
      add('write', dest, 'git mv');
    else for (const src of sources) add('write', `${trimSlash(dest)}/${basename(src)}`, 'git mv');
  }
}

const trimSlash = (p: string): string => p.replace(/\/+$/, '') || '/';

/**
 * A path git writes or deletes the files of: the path, and what is under it when it names a folder (no extension in
 * its last part, or a trailing slash: `git checkout -- data/raw` rewrites every tracked file there). `.` is left as
 * written: the whole tree is the destructive-shell rules' to judge, not every folder rule's.
 */
function addTree(kind: 'write' | 'delete', p: string, via: string, add: AddEffect): void {
  add(kind, p, via);
  if (p === '.' || p === './' || p.startsWith('-')) return;
  const last = trimSlash(p).split('/').pop() ?? '';
  if (p.endsWith('/') || (!last.includes('.') && !/[*?[]/.test(last))) add(kind, `${trimSlash(p)}/**`, via);
}

/** find's start paths: the words before its expression (never glob-expanded). */
export function findRoots(argv: readonly string[]): string[] {
  const roots: string[] = [];
  for (const s of argv) {
    if (s.startsWith('-') || s === '(' || s === '!') break;
    roots.push(s);
  }
  return roots.length > 0 ? roots : ['.'];
}

/**
 * The files `find ROOT -name NAME` finds, as one path for its `-exec` placeholder `{}`: `ROOT/NAME` with -maxdepth 1,
 * else `ROOT/**\/NAME` (NAME may be a glob: `src/**\/*.ts` stands for every .ts file under src). Undefined when the
 * expression names no file (-type f alone, -newer …): then the files stay unknown. With -maxdepth 0 and no name test
 * it is ROOT itself.
 */
export function findPlaceholder(argv: readonly string[], start?: string): string | undefined {
  const depth = argv.indexOf('-maxdepth');
  const at = argv.findIndex((a, i) => (a === '-name' || a === '-iname') && !negated(argv, i));
  // -maxdepth 0 and no name test: only the start path itself is found
  if (depth !== -1 && argv[depth + 1] === '0') return at === -1 ? (start ?? findRoots(argv)[0]) : undefined;
  const root = (start ?? (findRoots(argv)[0] as string)).replace(/\/+$/, '') || '/';
  const shallow = depth !== -1 && argv[depth + 1] === '1';
  // Only tests that keep names out (`! -name .git`): every name but those, below the start folder.
  if (at === -1 && argv.some((a, i) => NAME_TESTS.has(a) && negated(argv, i))) return `${root}/${shallow ? '*' : '**'}`;
  const name = at === -1 ? undefined : argv[at + 1];
  if (name === undefined) {
    // A path test instead (`find ./ -type f -path "*.pb.go" | xargs sed -i …`, a real generator script, round 22).
    // With -prune or an -o, a path test may keep a folder out rather than pick the files: unknown.
    if (argv.some((a) => a === '-prune' || a === '-o' || a === '-or' || a === ',')) return undefined;
    const p = argv.findIndex((a, i) => PATH_TESTS.has(a) && !negated(argv, i));
    const pattern = p === -1 ? undefined : argv[p + 1];
    return pattern === undefined || shallow ? undefined : findPathGlob(pattern, root);
  }
  if (name.includes('/')) return undefined;
  return `${root}/${shallow ? '' : '**/'}${name}`;
}

const PATH_TESTS = new Set(['-path', '-ipath', '-wholename', '-iwholename']);

/**
 * find's `-path PATTERN` as a glob below `root`: the pattern matches the whole path as find prints it, and its `*`
 * matches `/` too, so a part with a star may lie at any depth (`*.pb.go` → `ROOT/**\/*.pb.go`, `*\/gen/*` →
 * `ROOT/**\/gen/**`, `./src/*.ts` → `ROOT/src/**\/*.ts`). Wider than find, never narrower. Undefined when the pattern
 * does not start at the start folder or with a star (it then finds nothing below it that a glob could name).
 */
function findPathGlob(pattern: string, root: string): string | undefined {
  const prefix = root === '/' ? '/' : `${root}/`;
  let rest: string;
  if (pattern.startsWith(prefix)) rest = pattern.slice(prefix.length);
  else if (pattern.startsWith('*')) rest = pattern;
  else return undefined;
  const parts = rest.split('/').filter((s) => s !== '');
  if (parts.length === 0) return undefined;
  const glob = parts.map((s) => (s === '*' || s === '**' ? '**' : s.includes('*') ? `**/${s}` : s)).join('/');
  return `${root === '/' ? '' : root}/${glob.replace(/(\*\*\/)+/g, '**/').replace(/\*\*\/\*\*$/, '**')}`;
}

/** find's tests that pick files by name or path: with one, -delete removes what they match, not the start folder. */
const NAME_TESTS = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex']);

/** Whether find's test at `i` is negated (`-not -name .git`, `! -path './.git/*'`): it keeps files out, it does not
 * pick them. */
const negated = (argv: readonly string[], i: number): boolean => argv[i - 1] === '-not' || argv[i - 1] === '!';

/** Whether a name or path test picks what find finds (`-name '*.pyc'`): then the start folder is not among the files
 * it finds (its name is not *.pyc). A test only negated (`-not -name .git`) keeps names out and picks everything else. */
export const findPicksByName = (argv: readonly string[]): boolean =>
  argv.some((a, i) => NAME_TESTS.has(a) && !negated(argv, i));

/** find START… -delete: the start paths are deleted from (what -exec runs is judged by the walk, walk.ts). */
export function findEffects(input: EffectInput, add: AddEffect): void {
  findPrints(input.argv, add);
  if (!input.flags.some((f) => f.token === '-delete')) return;
  const roots = findRoots(input.argv);
  // `find . -name '*.pyc' -delete` deletes the .pyc files below, never `.` itself (its name is not *.pyc): the start
  // folder is reported deleted only when no name or path test narrows what is found.
  const named = findPicksByName(input.argv);
  // Only negated tests (`find . -mindepth 1 -not -path './.git/*' -delete`): everything below but what they keep out.
  const allBut = !named && input.argv.some((a, i) => NAME_TESTS.has(a) && negated(input.argv, i));
  for (const root of roots) {
    // …and, when -name names them, the files themselves (`find src -name x.ts -delete` deletes src/**/x.ts); with a
    // path or regex test, files of unknown names below the start folder.
    const found = findPlaceholder(input.argv, root);
    if (!named) add('delete', root, 'find -delete');
    if (found !== undefined) add('delete', found, 'find -delete');
    else if (named || allBut) add('delete', tree(root), 'find -delete');
  }
}

/** find's actions that write a file of their own (`-fprint F`, `-fls F`, `-fprintf F FORMAT`): F is written, with
 * -fprintf's format as the content when it prints no file data (no `%` directive besides `%%`), its escapes read. */
function findPrints(argv: readonly string[], add: AddEffect): void {
  for (let i = 0; i + 1 < argv.length; i++) {
    const a = argv[i] as string;
    if (a !== '-fprint' && a !== '-fprint0' && a !== '-fls' && a !== '-fprintf') continue;
    const format = a === '-fprintf' ? argv[i + 2] : undefined;
    const literal =
      format !== undefined && !/%[^%]/.test(format.replace(/%%/g, ''))
        ? format.replace(/%%/g, '%').replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\\\/g, '\\')
        : undefined;
    add('write', argv[i + 1] as string, `find ${a}`, literal);
  }
}

/** CMake's portable file commands (`cmake -E copy|rename|rm|touch …`) are cp, mv, rm and touch under other names:
 * judged as those. */
export function cmakeEffects(input: EffectInput, add: AddEffect, stdin?: string, files?: FileAccess): void {
  const [sub, ...rest] = input.positionals;
  const as = (program: string): EffectInput => ({ ...input, program, positionals: rest, argv: rest });
  if (
    sub === 'copy' ||
    sub === 'copy_if_different' ||
    sub === 'copy_directory' ||
    sub === 'copy_directory_if_different'
  )
    copyEffects(as('cp'), add, stdin, files);
  else if (sub === 'rename') copyEffects(as('mv'), add, stdin, files);
  else if (sub === 'rm' || sub === 'remove' || sub === 'remove_directory') removeEffects(as('rm'), add);
  else if (sub === 'touch' || sub === 'touch_nocreate' || sub === 'make_directory') touchEffects(as('touch'), add);
}

/** `git apply` and `git am` options after which nothing is written (a check, a summary, a sequencer step). */
const APPLY_WRITES_NOTHING = [
  '--check',
  '--stat',
  '--numstat',
  '--summary',
  '--abort',
  '--continue',
  '--skip',
  '--quit',
  '--show-current-patch',
];

/** The file effects of a patch's text applied in `dir`: each target written with the lines the patch adds. */
function applyPatch(text: string, options: PatchOptions, dir: string | undefined, via: string, add: AddEffect): void {
  for (const p of parsePatch(text, options)) {
    const path = dir === undefined ? p.path : `${dir}/${p.path}`;
    if (p.kind === 'delete') add('delete', path, via);
    else add('write', path, via, p.added.join('\n'));
  }
}

/** `git apply FILE…` and `git am FILE…` of a patch the call or the session wrote: its targets are written with what
 * it adds (paths stripped of one component, `-pN`, `--directory`; `-R` reverses; `--check`/`--stat` write nothing). */
function gitApplyEffects(
  input: EffectInput,
  sub: string,
  stdin: string | undefined,
  files: FileAccess | undefined,
  add: AddEffect,
): void {
  const strip = Number(flagValue(input.flags, '-p') ?? '1');
  const dir = flagValue(input.flags, '--directory');
  const writes = !has(input.flags, ...APPLY_WRITES_NOTHING) || has(input.flags, '--apply');
  const options: PatchOptions = {
    strip: Number.isInteger(strip) && strip >= 0 ? strip : 1,
    reverse: has(input.flags, '-R', '--reverse'),
  };
  if (!writes) return;
  const named = input.positionals.slice(1).filter((p) => p !== '-');
  // No patch named (or `-`): it is read from standard input.
  const texts = named.length === 0 ? [stdin] : named.map((patch) => files?.read(patch, 'patch'));
  for (const text of texts) {
    if (text !== undefined) applyPatch(text, options, dir, `git ${sub}`, add);
    // A patch the engine cannot read writes files whose names it does not know, under the tree: as an archive
    // unpacked there (`tar -x`), a rule on a folder that holds code counts it; `git apply --check` writes nothing.
    else add('write', tree(dir ?? '.'), `git ${sub}`);
  }
}

/**
 * patch: the file named on its command line (`patch FILE < diff`, `-o OUT`) is written; otherwise the targets of the
 * diff it reads — on stdin (a heredoc, a literal pipe, a file the session wrote), from `-i FILE` or `patch ORIG FILE`
 * when the call or the session wrote FILE — are written with the lines it adds. `--dry-run` writes nothing.
 */
export function patchEffects(input: EffectInput, add: AddEffect, stdin: string | undefined, files?: FileAccess): void {
  const { flags } = input;
  const option = flagValue(flags, '-i', '--input');
  if (option !== undefined) add('read', option, 'patch -i');
  // `patch ORIGINAL PATCHFILE`: the second operand is the patch.
  const patchFile = option ?? input.positionals[1];
  if (has(flags, '--dry-run', '-C', '--check')) return;
  const diff = patchFile === undefined ? stdin : files?.read(patchFile, 'patch');
  const stripValue = Number(flagValue(flags, '-p', '--strip') ?? '');
  const options: PatchOptions = {
    strip: Number.isInteger(stripValue) && stripValue >= 0 ? stripValue : 'basename',
    reverse: has(flags, '-R', '--reverse'),
  };
  const out = flagValue(flags, '-o', '--output');
  if (out !== undefined && out !== '-') {
    add('write', out, 'patch -o');
    return;
  }
  const [target] = input.positionals;
  if (target !== undefined) {
    // The diff's lines go into the file named, whatever names the diff gives.
    const added = diff === undefined ? undefined : parsePatch(diff, options)[0]?.added.join('\n');
    add('write', target, 'patch', added);
    return;
  }
  const dir = flagValue(flags, '-d', '--directory');
  // A diff the engine cannot read writes files it cannot name, under the tree (see gitApplyEffects).
  if (diff === undefined) add('write', tree(dir ?? '.'), 'patch');
  else applyPatch(diff, options, dir, 'patch', add);
}
