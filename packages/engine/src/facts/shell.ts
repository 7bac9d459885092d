// Shell calls → facts: the shell model's simple commands with their normalised text, and their file effects with
// paths resolved against the directory each command runs in (the call's workdir, then `cd`, `git -C`, …).
import { isAbsolutePath, joinPath, pathForms } from '../matchers/paths.js';
import { ledgerFile, type Ledger } from '../ledger/index.js';
import type { ShellContext, ShellModel } from '../shell/index.js';
import type { HostFacts } from '../schema/index.js';
import type { CommandFact, EffectFact } from './types.js';

export interface ShellFacts {
  readonly model: ShellModel;
  readonly commands: readonly CommandFact[];
  readonly effects: readonly EffectFact[];
  /** Script files the call runs, resolved like effect paths. */
  readonly scripts: readonly string[];
}

/** A model path (relative to where the call starts, or absolute) → the path as the project root sees it. */
export function callPaths(workdir: string | undefined, root: string | undefined): (path: string) => string {
  const start =
    workdir === undefined ? root : root !== undefined && !isAbsolutePath(workdir) ? joinPath(root, workdir) : workdir;
  // The model already resolved each path against the directory its command runs in (cd, git -C, …), relative to
  // where the call starts: only the start (the call's workdir, else the project root) is left to join.
  return (path: string): string => {
    // $PWD and $(pwd) are the directory the call runs in: `rm -rf "$PWD"` deletes it.
    const here = /^(?:\$PWD|\$\{PWD\}|\$\(pwd\)|`pwd`)(?=\/|$)/.exec(path);
    if (here) path = `.${path.slice(here[0].length)}`;
    if (isAbsolutePath(path) || path.startsWith('~') || path.startsWith('$')) return path;
    return start === undefined ? path : joinPath(start, path);
  };
}

/** The context a shell call is walked in: the files the session wrote, looked up by the model's paths, and the
 * repository's branch as the host read it. */
export function shellContext(
  ledger: Ledger,
  workdir: string | undefined,
  root: string | undefined,
  host?: HostFacts,
): ShellContext {
  const repo =
    host?.branch === undefined
      ? undefined
      : { branch: host.branch, ...(host.upstream ? { upstream: host.upstream } : {}) };
  if (ledger.count === 0) return repo ?? NO_FILES;
  const resolve = callPaths(workdir, root);
  return {
    ...repo,
    file: (path) => {
      const f = ledgerFile(ledger, pathForms(resolve(path), root).relative);
      return f === undefined ? undefined : { text: f.text, pieces: f.pieces };
    },
  };
}

const NO_FILES: ShellContext = {};

export function shellFacts(model: ShellModel, workdir: string | undefined, root: string | undefined): ShellFacts {
  const resolve = callPaths(workdir, root);
  const commands: CommandFact[] = model.commands.map((command) => ({
    command,
    // A client's own language (the SQL of `psql -f f`) is part of its text, after its words.
    normalized:
      command.input === undefined
        ? [command.program, ...command.argv].join(' ')
        : `${[command.program, ...command.argv].join(' ')} ${command.input.text}`,
  }));
  const effects: EffectFact[] = model.effects.map((e) => ({
    kind: e.kind,
    path: pathForms(resolve(e.path), root),
    content: e.content,
    via: e.via,
    command: e.command,
  }));
  const scripts = model.scripts.map((s) => pathForms(resolve(s.path), root).relative);
  return { model, commands, effects, scripts };
}
