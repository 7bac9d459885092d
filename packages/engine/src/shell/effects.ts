// What a simple command does to files: redirections plus the file effects of well-known programs (cp, mv, rm, tee,
// sed -i, …). Paths are resolved against the command's cwd; content is kept when the written text is literal.
import type { Redirection } from 'unbash';
import type { EffectKind, Flag } from './types.js';
import { basename, resolve } from './paths.js';
import { printfOutput } from './printf.js';
import { TRANSFER_PROGRAMS, transferEffects } from './transfer-effects.js';

export interface Effect {
  readonly kind: EffectKind;
  readonly path: string;
  readonly content: string | undefined;
  readonly via: string;
}

/** The normalised command the effects are computed from (a SimpleCommand is one). */
export interface EffectInput {
  readonly program: string;
  readonly positionals: readonly string[];
  readonly flags: readonly Flag[];
  readonly cwd: string | undefined;
  /** The words after the program, in order (find's start paths precede its expression; git checkout -- paths). */
  readonly argv: readonly string[];
}

/** Shared by every command without effects (most of them): nothing is allocated for those. */
const NO_EFFECTS: readonly Effect[] = Object.freeze([]);

/** Redirect targets that are not files in the project. */
const NOT_FILES = /^\/dev\/(null|zero|u?random|stdin|stdout|stderr|tty|fd\/\d+)$|^&?-?\d*-?$/;

const has = (flags: readonly Flag[], ...names: string[]): boolean => flags.some((f) => names.includes(f.name));
const flagValue = (flags: readonly Flag[], ...names: string[]): string | undefined =>
  flags.find((f) => names.includes(f.name) && f.value !== undefined)?.value;

/** `-n`, `-e`, `-E` and their clusters (`-ne`): echo's options (what /^-[neE]+$/ matches, without a regex). */
function isEchoOption(word: string): boolean {
  if (word.length < 2 || word.charCodeAt(0) !== 45 /* - */) return false;
  for (let i = 1; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c !== 110 /* n */ && c !== 101 /* e */ && c !== 69 /* E */) return false;
  }
  return true;
}

/** The text a command prints when it is a literal (echo/printf of static words, cat of a heredoc). */
export function literalOutput(
  program: string,
  args: readonly string[],
  allStatic: boolean,
  stdin: string | undefined,
): string | undefined {
  if (program === 'cat' && args.length === 0) return stdin;
  if (!allStatic) return undefined;
  if (program === 'echo') {
    let at = 0;
    let newline = true;
    while (at < args.length && isEchoOption(args[at] as string)) {
      if ((args[at] as string).includes('n')) newline = false;
      at++;
    }
    return args.slice(at).join(' ') + (newline ? '\n' : '');
  }
  if (program === 'printf') return printfOutput(args);
  return undefined;
}

/** File effects of a command's redirections; `output` is the literal text it writes to stdout, if known. */
export function redirectEffects(
  redirects: readonly Redirection[],
  cwd: string | undefined,
  output: string | undefined,
): readonly Effect[] {
  if (redirects.length === 0) return NO_EFFECTS;
  const effects: Effect[] = [];
  for (const r of redirects) {
    if (r.type !== 'Redirect' || r.target === undefined) continue;
    const target = r.target.value;
    if (NOT_FILES.test(target)) continue;
    const fd = r.descriptor?.type === 'FileDescriptor' ? r.descriptor.value : undefined;
    const path = resolve(cwd, target);
    const toStdout = fd === undefined || fd === 1;
    switch (r.operator) {
      case '<':
        effects.push({ kind: 'read', path, content: undefined, via: '<' });
        break;
      case '>':
      case '>|':
      case '<>':
      case '>&':
        effects.push({
          kind: 'write',
          path,
          content: toStdout ? output : undefined,
          via: fd !== undefined && fd !== 1 ? `${fd}${r.operator}` : r.operator,
        });
        break;
      case '>>':
        effects.push({
          kind: 'append',
          path,
          content: toStdout ? output : undefined,
          via: fd !== undefined && fd !== 1 ? `${fd}>>` : '>>',
        });
        break;
      case '&>':
        effects.push({ kind: 'write', path, content: output, via: '&>' });
        break;
      case '&>>':
        effects.push({ kind: 'append', path, content: output, via: '&>>' });
        break;
      case '<&':
        break;
    }
  }
  return effects;
}

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

const READERS = new Set(['cat', 'less', 'more', 'head', 'tail', 'bat', 'nl', 'source', '.', 'tac']);

/** Every program `programEffects` knows (the cases of its switch, and the readers). */
const EFFECT_PROGRAMS: ReadonlySet<string> = new Set([
  ...READERS,
  ...['tee', 'sed', 'perl', 'cp', 'install', 'ln', 'rsync', 'mv', 'rm', 'unlink', 'shred', 'rmdir', 'truncate'],
  ...['touch', 'mkdir', 'chmod', 'chown', 'dd', 'curl', 'wget', 'git', 'find'],
  ...TRANSFER_PROGRAMS,
]);

const TRANSFER_SET: ReadonlySet<string> = new Set(TRANSFER_PROGRAMS);

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

/** File effects of well-known programs, from their normalised argv; `stdin` is the literal text on its stdin (heredoc
 * body, here-string, a literal piped in) when known. */
export function programEffects(input: EffectInput, stdin: string | undefined): readonly Effect[] {
  const { program, flags, cwd } = input;
  // Most commands are none of these: leave before any allocation.
  if (!EFFECT_PROGRAMS.has(program)) return NO_EFFECTS;
  const pos = input.positionals;
  const out: Effect[] = [];
  const add = (kind: EffectKind, path: string, via: string, content?: string): void => {
    // `{}` is find -exec's placeholder for each found file, not a file called '{}'.
    if (path === '{}' || path === '') return;
    out.push({ kind, path: resolve(cwd, path), content, via });
  };
  switch (program) {
    case 'tee': {
      const append = has(flags, '-a', '--append');
      for (const p of pos)
        if (!NOT_FILES.test(p)) add(append ? 'append' : 'write', p, append ? 'tee -a' : 'tee', stdin);
      break;
    }
    case 'sed': {
      if (!has(flags, '-i', '--in-place')) break;
      // Without -e/-f the first positional is the script, the rest are the files edited in place.
      const files = has(flags, '-e', '--expression', '-f', '--file') ? pos : pos.slice(1);
      for (const p of files) add('write', p, 'sed -i');
      break;
    }
    case 'perl': {
      if (!has(flags, '-i')) break;
      const files = has(flags, '-e', '-E') ? pos : pos.slice(1);
      for (const p of files) add('write', p, 'perl -pi');
      break;
    }
    case 'cp':
    case 'install':
    case 'ln':
    case 'rsync':
    case 'mv': {
      if (program === 'install' && has(flags, '-d', '--directory')) {
        for (const p of pos) add('write', p, 'install');
        break;
      }
      const targetDir = flagValue(flags, '-t', '--target-directory') !== undefined;
      const sources = targetDir ? pos : pos.slice(0, -1);
      const dest = targetDir ? undefined : pos[pos.length - 1];
      // `ln -s target` with one operand links into the current directory under the target's name.
      const onlyOne = program === 'ln' && !targetDir && pos.length === 1;
      // rsync copies the contents of a source written with a trailing '/' into DEST itself, not into DEST/name.
      const contentsOnly = program === 'rsync' && dest !== undefined && sources.every((x) => x.endsWith('/'));
      const targets = onlyOne
        ? [basename(pos[0] as string)]
        : contentsOnly
          ? [dest as string]
          : copyTargets(input, sources, dest);
      const moves = program === 'mv' || (program === 'rsync' && has(flags, '--remove-source-files'));
      for (const s of onlyOne ? [] : sources) {
        if (isRemote(s)) continue;
        if (moves) add('delete', s, program === 'mv' ? 'mv' : 'rsync --remove-source-files');
        else if (program !== 'ln') add('read', s, program);
      }
      for (const t of targets) if (!isRemote(t)) add('write', t, program);
      // --delete mirrors the source: whatever DEST holds that the source lacks is deleted.
      if (program === 'rsync' && has(flags, ...RSYNC_DELETES))
        for (const t of targets) if (!isRemote(t)) add('delete', t, 'rsync --delete');
      break;
    }
    case 'rm':
    case 'unlink':
    case 'shred':
    case 'rmdir':
      for (const p of pos) add('delete', p, program);
      break;
    case 'truncate':
      for (const p of pos)
        add(
          'write',
          p,
          'truncate',
          has(flags, '-s', '--size') && /^0+$/.test(flagValue(flags, '-s', '--size') ?? '') ? '' : undefined,
        );
      break;
    case 'touch':
    case 'mkdir':
    case 'chmod':
    case 'chown':
      for (const p of program === 'chmod' || program === 'chown' ? pos.slice(1) : pos) add('write', p, program);
      break;
    case 'dd':
      for (const p of pos) {
        const file = p.slice(3);
        if (NOT_FILES.test(file)) continue;
        if (p.startsWith('of=')) add('write', file, 'dd of=');
        else if (p.startsWith('if=')) add('read', file, 'dd if=');
      }
      break;
    case 'curl': {
      const file = flagValue(flags, '-o', '--output');
      if (file !== undefined && file !== '-') add('write', file, 'curl -o');
      const upload = flagValue(flags, '-T', '--upload-file');
      if (upload !== undefined) add('read', upload, 'curl -T');
      break;
    }
    case 'wget': {
      const file = flagValue(flags, '-O', '--output-document');
      if (file !== undefined && file !== '-') add('write', file, 'wget -O');
      break;
    }
    case 'git':
      gitEffects(input, add);
      break;
    case 'find':
      findEffects(input, add);
      break;
    default:
      if (TRANSFER_SET.has(program)) transferEffects(program, pos, flags, add);
      else if (READERS.has(program)) for (const p of pos) if (!NOT_FILES.test(p)) add('read', p, program);
  }
  return out;
}

type Add = (kind: EffectKind, path: string, via: string, content?: string) => void;

function gitEffects(input: EffectInput, add: Add): void {
  const [sub, ...rest] = input.positionals;
  const dashDash = input.argv.indexOf('--');
  if (sub === 'checkout' && dashDash !== -1 && dashDash + 1 < input.argv.length) {
    for (const p of input.argv.slice(dashDash + 1)) add('write', p, 'git checkout --');
  } else if (sub === 'restore' && !(has(input.flags, '--staged', '-S') && !has(input.flags, '--worktree', '-W'))) {
    for (const p of rest) add('write', p, 'git restore');
  } else if (sub === 'rm' && !has(input.flags, '--cached')) {
    for (const p of rest) add('delete', p, 'git rm');
  } else if (sub === 'mv' && rest.length >= 2) {
    // git mv SOURCE… DEST: like mv, the sources go and the destination (or DEST/basename) is written.
    const dest = rest[rest.length - 1] as string;
    const sources = rest.slice(0, -1);
    for (const src of sources) add('delete', src, 'git mv');
    if (sources.length === 1) add('write', dest, 'git mv');
    else for (const src of sources) add('write', `${dest}/${basename(src)}`, 'git mv');
  }
}

/** find START… -delete / -exec rm: the start paths are deleted from (never glob-expanded). */
function findEffects(input: EffectInput, add: Add): void {
  const roots: string[] = [];
  for (const s of input.argv) {
    if (s.startsWith('-') || s === '(' || s === '!') break;
    roots.push(s);
  }
  const deletes = input.flags.some((f) => f.token === '-delete');
  const execRm = input.flags.some(
    (f) => (f.token === '-exec' || f.token === '-execdir') && /^(\/\S*\/)?(rm|unlink|shred)$/.test(f.value ?? ''),
  );
  if (!deletes && !execRm) return;
  for (const root of roots.length > 0 ? roots : ['.']) add('delete', root, deletes ? 'find -delete' : 'find -exec rm');
}

/** True for a redirection of stdout (`>`, `1>`, `>>`, `&>`): what the command prints goes there, not down a pipe. */
export function isStdoutRedirect(r: Redirection): boolean {
  if (r.type !== 'Redirect' || r.operator === '<' || r.operator === '<&') return false;
  return r.descriptor === undefined || (r.descriptor.type === 'FileDescriptor' && r.descriptor.value === 1);
}

/** The literal text a heredoc or here-string puts on stdin. */
export function stdinText(redirects: readonly Redirection[]): string | undefined {
  let text: string | undefined;
  for (const r of redirects) {
    if (r.type === 'HereDoc') text = r.body.text;
    else if (r.type === 'HereString' && r.target) text = `${r.target.value}\n`;
  }
  return text;
}
