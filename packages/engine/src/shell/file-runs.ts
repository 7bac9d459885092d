// DATA + reading: how a command runs or applies a file, so that a file the session wrote is judged as what it holds.
// Shell scripts and interpreter files are run (the walk reads them); database clients read a file (or stdin) as
// their own language, which becomes the command's input text; git apply, git am and patch write what a patch adds.
import type { CallFiles } from './call-files.js';
import type { Effect } from './effects.js';
import { interpreterFamily } from './interpreters.js';
import { parsePatch, type PatchOptions } from './patch-text.js';
import { resolve } from './paths.js';
import type { CommandInput, SimpleCommand } from './types.js';

/** The interpreter family a file runs with when executed directly (`./f`): its `#!` line, else the shell's. */
export function shebangFamily(text: string | undefined): string {
  const first = text?.startsWith('#!') ? text.slice(2, text.indexOf('\n') >>> 0).trim() : undefined;
  if (first === undefined) return 'sh'; // no #!: the calling shell runs it as a shell script
  const words = first.split(/\s+/);
  // `#!/usr/bin/env [-S] python3 -u`: the program is the first word after env and its options.
  const program = words[0]?.endsWith('/env') ? words.slice(1).find((w) => !w.startsWith('-')) : words[0];
  const name = program?.slice(program.lastIndexOf('/') + 1) ?? '';
  return interpreterFamily(name) ?? 'sh';
}

interface Client {
  /** Options whose value is a file of the client's language. */
  readonly files: readonly string[];
  /** Whether it reads its language from stdin when no file or command option is given. */
  readonly stdin: boolean;
  /** A positional argument that names a script file (mongosh x.js). */
  readonly script?: RegExp;
  /** Options whose value is a statement of the client's own that may include a file (`mysql -e 'source f'`). */
  readonly statements?: readonly string[];
  /** Options whose `@file` value sends the file as the request body (`curl -d @body.json`). */
  readonly atFiles?: readonly string[];
  /** Only with this subcommand (`gh api`). */
  readonly subcommand?: string;
}

/** A client's own include statement: `source f` / `\. f` (mysql), `\i f` / `\ir f` / `\include f` (psql), `.read f`. */
const INCLUDE = /(?:^|[;\n])\s*(?:source|\\\.|\\i(?:r|nclude(?:_relative)?)?|\.read)\s+(['"]?)([^'";\s]+)\1/g;

const SQL: Client = { files: [], stdin: true, statements: ['-e', '--execute'] };

/** DATA: database and data clients whose input is a language of their own. */
const CLIENTS: Readonly<Record<string, Client>> = {
  psql: { files: ['-f', '--file'], stdin: true, statements: ['-c', '--command'] },
  mysql: SQL,
  mariadb: SQL,
  sqlite3: SQL,
  duckdb: { files: ['-f'], stdin: true },
  sqlcmd: { files: ['-i', '--input-file'], stdin: true },
  'clickhouse-client': { files: ['--queries-file'], stdin: true },
  cockroach: { files: ['-f', '--file'], stdin: true },
  cqlsh: { files: ['-f', '--file'], stdin: true },
  snowsql: { files: ['-f', '--filename'], stdin: false },
  'redis-cli': SQL,
  mongosh: { files: ['-f', '--file'], stdin: true, script: /\.(m?js|cjs)$/ },
  mongo: { files: [], stdin: true, script: /\.(m?js|cjs)$/ },
  // HTTP clients: a request body read from a file is what the request says (an API call's JSON)
  gh: { files: ['--input'], stdin: false, subcommand: 'api' },
  curl: { files: [], stdin: false, atFiles: ['-d', '--data', '--data-binary', '--json', '--data-ascii'] },
};

/** The values of `names` in argv: `-f x`, `-fx`, `--file x`, `--file=x`. */
function optionValues(argv: readonly string[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '--') break;
    for (const n of names) {
      if (w === n && i + 1 < argv.length) out.push(argv[++i]!);
      else if (n.startsWith('--') && w.startsWith(`${n}=`)) out.push(w.slice(n.length + 1));
      else if (!n.startsWith('--') && n.length === 2 && w.startsWith(n) && w.length > 2 && w[2] !== '=')
        out.push(w.slice(2));
    }
  }
  return out;
}

export interface ClientRead {
  /** The input text, when it is known (the files' texts and stdin, in that order). */
  readonly input: CommandInput | undefined;
  /** The files it reads as its language, as the model resolves them. */
  readonly files: readonly string[];
}

/** What a database client reads as its language: `psql -f f`, `sqlite3 db ".read f"`, `mysql < f`, a heredoc. */
export function clientRead(
  command: SimpleCommand,
  stdin: string | undefined,
  files: CallFiles,
): ClientRead | undefined {
  const client = Object.hasOwn(CLIENTS, command.program) ? CLIENTS[command.program] : undefined;
  if (client === undefined) return undefined;
  if (client.subcommand !== undefined && command.positionals[0] !== client.subcommand) return undefined;
  const paths = optionValues(command.argv, client.files);
  for (const v of optionValues(command.argv, client.atFiles ?? []))
    if (v.startsWith('@') && v !== '@-') paths.push(v.slice(1));
  for (const p of command.positionals) {
    const read = /^\.read\s+(\S+)/.exec(p);
    if (read) paths.push(read[1]!);
    else if (client.script?.test(p)) paths.push(p);
  }
  for (const statement of optionValues(command.argv, client.statements ?? []))
    for (const m of statement.matchAll(INCLUDE)) paths.push(m[2]!);
  const resolved = paths.map((p) => resolve(command.cwd, p));
  const texts: string[] = [];
  for (const p of resolved) {
    const f = files.file(p);
    if (f === undefined) continue;
    if (f.text !== undefined) texts.push(f.text);
    else texts.push(...f.pieces);
  }
  if (stdin !== undefined && client.stdin) texts.push(stdin);
  const from = resolved.length > 0 ? resolved.join(', ') : 'stdin';
  return { input: texts.length > 0 ? { text: texts.join('\n'), from } : undefined, files: resolved };
}

export interface PatchApply {
  readonly via: string;
  /** The patch files it applies, as the model resolves them ([] when it reads the patch from stdin). */
  readonly files: readonly string[];
  readonly options: PatchOptions;
  /** Where the patched paths are relative to. */
  readonly cwd: string | undefined;
  /** Whether it writes anything (--check, --stat, --dry-run do not). */
  readonly writes: boolean;
}

/** `git apply`, `git am` and `patch`: which patch files, how paths are stripped, whether anything is written. */
export function patchApply(command: SimpleCommand): PatchApply | undefined {
  const argv = command.argv;
  if (command.program === 'git') {
    const sub = command.positionals[0];
    if (sub !== 'apply' && sub !== 'am') return undefined;
    const rest = argv.slice(argv.indexOf(sub) + 1);
    let strip = 1;
    let directory: string | undefined;
    let reverse = false;
    let writes = true;
    const files: string[] = [];
    for (let i = 0; i < rest.length; i++) {
      const w = rest[i]!;
      if (/^-p\d+$/.test(w)) strip = Number(w.slice(2));
      else if (w === '-p' && /^\d+$/.test(rest[i + 1] ?? '')) strip = Number(rest[++i]);
      else if (w.startsWith('--directory=')) directory = w.slice(12);
      else if (w === '-R' || w === '--reverse') reverse = true;
      else if (
        [
          '--check',
          '--stat',
          '--numstat',
          '--summary',
          '--abort',
          '--continue',
          '--skip',
          '--quit',
          '--show-current-patch',
        ].includes(w)
      )
        writes = writes && rest.includes('--apply');
      else if (!w.startsWith('-') && w !== '') files.push(resolve(command.cwd, w));
    }
    return {
      via: `git ${sub}`,
      files,
      options: { strip, reverse },
      cwd: directory === undefined ? command.cwd : resolve(command.cwd, directory),
      writes,
    };
  }
  if (command.program !== 'patch') return undefined;
  let strip: number | 'basename' = 'basename';
  let directory: string | undefined;
  let reverse = false;
  let writes = true;
  const files: string[] = [];
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i]!;
    if (/^-p\d+$/.test(w)) strip = Number(w.slice(2));
    else if ((w === '-p' || w === '--strip') && /^\d+$/.test(argv[i + 1] ?? '')) strip = Number(argv[++i]);
    else if (w.startsWith('--strip=')) strip = Number(w.slice(8)) || 0;
    else if (w === '-i' || w === '--input') files.push(resolve(command.cwd, argv[++i] ?? ''));
    else if (w.startsWith('--input=')) files.push(resolve(command.cwd, w.slice(8)));
    else if (w === '-d' || w === '--directory') directory = argv[++i];
    else if (w.startsWith('--directory=')) directory = w.slice(12);
    else if (w === '-R' || w === '--reverse') reverse = true;
    else if (w === '--dry-run' || w === '-C' || w === '--check') writes = false;
    else if (!w.startsWith('-')) positional.push(w);
  }
  // `patch ORIGINAL [PATCHFILE]`: the second operand is the patch.
  if (positional[1] !== undefined) files.push(resolve(command.cwd, positional[1]));
  return {
    via: 'patch',
    files,
    options: { strip, reverse },
    cwd: directory === undefined ? command.cwd : resolve(command.cwd, directory),
    writes,
  };
}

/** The file effects of applying these patch texts: each target written with the lines the patch adds. */
export function patchEffects(apply: PatchApply, texts: readonly string[]): Effect[] {
  if (!apply.writes) return [];
  const out: Effect[] = [];
  for (const text of texts)
    for (const p of parsePatch(text, apply.options)) {
      const path = resolve(apply.cwd, p.path);
      out.push(
        p.kind === 'delete'
          ? { kind: 'delete', path, content: undefined, via: apply.via }
          : { kind: 'write', path, content: p.added.join('\n'), via: apply.via },
      );
    }
  return out;
}
