// How a command runs or reads a file as a language, so that a file the session wrote is judged as what it holds: the
// interpreter a file executed directly runs with (its `#!` line), and the files a client reads as its own language
// (its declaration's `input`: `psql -f f`, `mysql -e 'source f'`, `sqlite3 db '.read f'`, `curl -d @body.json`).
import { interpreterFamily } from './interpreters.js';
import type { InputDeclaration } from './programs/declaration.js';
import type { SimpleCommand } from './types.js';

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

/** A client's own include statement: `source f` / `\. f` (mysql), `\i f` / `\ir f` / `\include f` (psql), `.read f`. */
const INCLUDE = /(?:^|[;\n])\s*(?:source|\\\.|\\i(?:r|nclude(?:_relative)?)?|\.read)\s+(['"]?)([^'";\s]+)\1/g;

const valuesOf = (command: SimpleCommand, names: readonly string[] | undefined): string[] => {
  const out: string[] = [];
  if (names === undefined) return out;
  for (const f of command.flags) if (f.value !== undefined && names.includes(f.name)) out.push(f.value);
  return out;
};

/** The files (as written) a client reads as its own language, by its declaration's `input`; `stdin` when one of its
 * file options says `-` (`gh api --input -`, `curl -d @-`): it then reads that language on stdin. */
export function inputFiles(command: SimpleCommand, input: InputDeclaration): { paths: string[]; stdin: boolean } {
  if (input.subcommand !== undefined && command.positionals[0] !== input.subcommand) return { paths: [], stdin: false };
  let stdin = false;
  const paths: string[] = [];
  for (const v of valuesOf(command, input.files)) {
    if (v === '-') stdin = true;
    else paths.push(v);
  }
  for (const v of valuesOf(command, input.atFiles)) {
    if (v === '@-') stdin = true;
    else if (v.startsWith('@')) paths.push(v.slice(1));
  }
  // `gh api graphql -F query=@-` / `-F body=@review.md`: a field's value read from stdin or a file.
  for (const v of valuesOf(command, input.fieldFiles)) {
    const at = v.indexOf('=@');
    if (at <= 0) continue;
    if (v.slice(at + 2) === '-') stdin = true;
    else paths.push(v.slice(at + 2));
  }
  const statements = valuesOf(command, input.statements);
  if (input.positionalStatements) statements.push(...command.positionals);
  for (const statement of statements) for (const m of statement.matchAll(INCLUDE)) paths.push(m[2] as string);
  if (input.scripts !== undefined) for (const p of command.positionals) if (input.scripts.test(p)) paths.push(p);
  return { paths, stdin };
}
