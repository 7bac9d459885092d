// `$(cd DIR && pwd)`: the absolute path of DIR, the idiom a script uses to find its own folder
// (`SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"`). What it prints is known when DIR is, and is an
// absolute path once resolved: the folder a script the session wrote runs from (script-source.ts) gives one.
import type { Command, ParsedScript, PipelineNode, Word } from 'unbash';
import { resolve } from './paths.js';

/** `cd`'s options that change nothing about the folder it names (physical or logical path, end of options). */
const CD_OPTIONS: ReadonlySet<string> = new Set(['-P', '-L', '--']);
/** `pwd`'s options: the physical or the logical path, the same folder. */
const PWD_OPTIONS: ReadonlySet<string> = new Set(['-P', '-L']);

/**
 * What `$(cd DIR && pwd)` (or `cd DIR; pwd`, `cd -- DIR &>/dev/null && pwd -P`) prints: DIR resolved where the
 * substitution runs, when `word` knows DIR and the result is an absolute path; undefined for any other substitution.
 * Symbolic links are not followed (-P): the folder is the one the path names.
 */
export function changedFolderOutput(
  script: ParsedScript,
  word: (w: Word) => string | undefined,
  cwd: string | undefined,
): string | undefined {
  const steps = folderSteps(script);
  if (steps === undefined) return undefined;
  const [cd, pwd] = steps;
  if (cd.name?.value !== 'cd' || pwd.name?.value !== 'pwd' || pwd.redirects.length > 0) return undefined;
  if (!pwd.suffix.every((a) => a.type === 'Word' && PWD_OPTIONS.has(a.value))) return undefined;
  const args = cd.suffix.filter((a) => a.type !== 'Redirect' && a.type !== 'HereString' && a.type !== 'HereDoc');
  const dirs = args.filter((a) => !(a.type === 'Word' && CD_OPTIONS.has(a.value)));
  const only = dirs[0];
  if (dirs.length !== 1 || only?.type !== 'Word') return undefined;
  const dir = word(only);
  if (dir === undefined || dir === '' || dir.startsWith('~') || dir === '-') return undefined;
  const folder = resolve(cwd, dir);
  return folder.startsWith('/') ? folder : undefined;
}

/** The `cd` and the `pwd` of `cd DIR && pwd` or `cd DIR; pwd`, each a plain command; undefined for any other shape. */
function folderSteps(script: ParsedScript): [Command, Command] | undefined {
  const statements = script.commands;
  if ((script.errors?.length ?? 0) > 0 || statements.some((s) => s.background === true)) return undefined;
  let nodes: readonly PipelineNode[];
  if (statements.length === 2) nodes = statements.map((s) => s.command as PipelineNode);
  else if (statements.length === 1 && statements[0]?.command.type === 'AndOr') {
    const andOr = statements[0].command;
    if (andOr.operators.some((o) => o !== '&&')) return undefined;
    nodes = andOr.commands;
  } else return undefined;
  const [cd, pwd] = nodes;
  if (nodes.length !== 2 || cd?.type !== 'Command' || pwd?.type !== 'Command') return undefined;
  return [cd, pwd];
}
