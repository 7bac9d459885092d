// Shell calls → facts: the shell model's simple commands with their normalised text, and their file effects with
// paths resolved against the directory each command runs in (the call's workdir, then `cd`, `git -C`, …).
import { isAbsolutePath, joinPath, pathForms } from '../matchers/paths.js';
import type { ShellModel } from '../shell/index.js';
import type { CommandFact, EffectFact } from './types.js';

export interface ShellFacts {
  readonly model: ShellModel;
  readonly commands: readonly CommandFact[];
  readonly effects: readonly EffectFact[];
  /** Script files the call runs, resolved like effect paths. */
  readonly scripts: readonly string[];
}

export function shellFacts(model: ShellModel, workdir: string | undefined, root: string | undefined): ShellFacts {
  const start = workdir === undefined ? root : root !== undefined && !isAbsolutePath(workdir) ? joinPath(root, workdir) : workdir;
  const resolve = (path: string, command: number | undefined): string => {
    if (isAbsolutePath(path) || path.startsWith('~') || path.startsWith('$')) return path;
    const cwd = command === undefined ? undefined : model.commands[command]?.cwd;
    const dir = cwd === undefined ? start : start === undefined ? cwd : joinPath(start, cwd);
    return dir === undefined ? path : joinPath(dir, path);
  };
  const commands: CommandFact[] = model.commands.map((command) => ({
    command,
    normalized: [command.program, ...command.argv].join(' '),
  }));
  const effects: EffectFact[] = model.effects.map((e) => ({
    kind: e.kind,
    path: pathForms(resolve(e.path, e.command), root),
    content: e.content,
    via: e.via,
    command: e.command,
  }));
  const scripts = model.scripts.map((s) => pathForms(resolve(s.path, s.command), root).relative);
  return { model, commands, effects, scripts };
}
