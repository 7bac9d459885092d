// Shell calls → facts: the shell model's simple commands with their normalised text, and their file effects with
// paths resolved against the directory each command runs in (the call's workdir, then `cd`, `git -C`, …).
import { isAbsolutePath, joinPath, pathForms } from '../matchers/paths.js';
import type { ShellModel, SimpleCommand } from '../shell/index.js';
import { throughLinks } from '../shell/links.js';
import { resolve as resolveIn } from '../shell/paths.js';
import { modulesSpelled } from '../shell/one-liner-fold.js';
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

export function shellFacts(
  model: ShellModel,
  workdir: string | undefined,
  root: string | undefined,
  /** The values the session's shell holds before the call (ShellContext.env). */
  sessionEnv?: Readonly<Record<string, string>>,
  /** The symbolic links the session's earlier calls made (ShellContext.links), relative to the project root. */
  sessionLinks?: Readonly<Record<string, string>>,
): ShellFacts {
  const resolve = callPaths(workdir, root);
  const session = sessionEnv !== undefined && Object.keys(sessionEnv).length > 0 ? sessionEnv : undefined;
  let followed: Set<number> | undefined;
  for (const s of model.scripts) if (s.read !== undefined) (followed ??= new Set()).add(s.command);
  const commands: CommandFact[] = model.commands.map((command, i) => ({
    command,
    ...environmentOf(command, session),
    ...(followed?.has(i) === true ? { followed: true as const } : {}),
    // What a client reads as its language (psql <<SQL, `psql -f f` of a file the session wrote) is part of what it
    // runs: `run.text` and `command:` see it after its words, as if it were more of them (`gh api …/reviews --input
    // f` reads as `… {"event": "APPROVE"}`).
    normalized: normalizedText(command),
  }));
  const effects: EffectFact[] = model.effects.map((e) => ({
    kind: e.kind,
    path: pathForms(resolve(e.path), root),
    content: e.content,
    via: e.via,
    command: e.command,
    ...(e.unknown ? { unknown: true } : {}),
    ...(e.remote !== undefined ? { remote: e.remote } : {}),
  }));
  const scripts = model.scripts.map((s) => pathForms(resolve(s.path), root).relative);
  const links = linkTable(model.persists.links, resolve, root, sessionLinks);
  return {
    model,
    commands: withReachedWords(commands, links, resolve, root),
    effects: links === undefined ? effects : withLinks(effects, links, root),
    scripts,
  };
}

/** A command's normalised text: program and arguments, then what a client reads as its language. */
function normalizedText(command: SimpleCommand): string {
  const words = [command.program, ...command.argv].join(' ');
  return withModulesSpelled(command, command.input === undefined ? words : `${words} ${command.input.text}`);
}

/**
 * Each command, followed by a copy whose path words are the paths they reach: from the folder the command runs in
 * when a `cd` (in the call, or an earlier one) moved it (`cd deploy/overlays/production && kubectl apply -k .` applies
 * deploy/overlays/production), and through a symbolic link the session or the call made (`ln -sfn overlays/production
 * current`, then `kubectl apply -k current`). A rule on the command's words judges both, as withLinks does for file
 * effects. The copy names the command it reads (CommandFact.reachedOf). From the folder, only words written as paths
 * are read (`.`, `..`, a `/`), never a URL, an option or the first argument (a subcommand); through a link, any
 * argument or option value that is a link's name (`current`).
 */
function withReachedWords(
  commands: readonly CommandFact[],
  links: Readonly<Record<string, string>> | undefined,
  resolve: (path: string) => string,
  root: string | undefined,
): readonly CommandFact[] {
  let copies: CommandFact[] | undefined;
  commands.forEach((fact, i) => {
    const c = fact.command;
    // A command where the call starts reaches no other path, unless through a link.
    if (c.cwd === undefined && links === undefined) return;
    const reached = new Map<string, string>();
    const look = (word: string | undefined): void => {
      if (word === undefined || reached.has(word) || !PATH_WORD.test(word)) return;
      const here = pathForms(resolve(resolveIn(c.cwd, word)), root).relative;
      // Any word may be a link's name (`kubectl apply -k current`); only one written as a path is read from the folder
      // the command runs in (`--context kind-dev` names no file).
      const to =
        (links === undefined ? undefined : throughLinks(here, links)) ??
        (c.cwd === undefined || !WRITTEN_AS_PATH.test(word) ? undefined : here);
      if (to === undefined || to === word) return;
      reached.set(word, to.startsWith('../') ? (pathForms(to, root).absolute ?? to) : to);
    };
    c.positionals.forEach((p, at) => {
      if (at > 0 || links !== undefined) look(p);
    });
    for (const f of c.flags) look(f.value);
    if (reached.size === 0) return;
    const read = (w: string): string => reached.get(w) ?? w;
    const command: SimpleCommand = {
      ...c,
      argv: c.argv.map((w) =>
        w.startsWith('-') && w.includes('=') ? w.replace(/=(.*)$/s, (_, v: string) => `=${read(v)}`) : read(w),
      ),
      positionals: c.positionals.map((p, at) => (at === 0 && links === undefined ? p : read(p))),
      flags: c.flags.map((f) => (f.value === undefined || !reached.has(f.value) ? f : { ...f, value: read(f.value) })),
    };
    (copies ??= []).push({ ...fact, command, normalized: normalizedText(command), reachedOf: i });
  });
  return copies === undefined ? commands : [...commands, ...copies];
}

/** A word written as a path: `.`, `..`, or with a `/` (`./x`, `deploy/overlays/prod`). */
const WRITTEN_AS_PATH = /^\.\.?(\/|$)|\//;
/** A word that may name a path: not an option, a URL or text with blanks. */
const PATH_WORD = /^(?!-)(?![a-z][a-z0-9+.-]*:\/\/)[^\s]+$/i;

/** Python's code, and after it the same code with its modules under their own names when it imported some under
 * another (`import requests as r`): a rule on `requests.post(` reads both (blind round 25). */
function withModulesSpelled(command: SimpleCommand, text: string): string {
  if (!/^python[\d.]*$/.test(command.program)) return text;
  const spelled = modulesSpelled(text);
  return spelled === undefined ? text : `${text} ${spelled}`;
}

/** The links a call may reach through, relative to the project root: the session's, then the call's own. */
function linkTable(
  own: Readonly<Record<string, string>> | undefined,
  resolve: (path: string) => string,
  root: string | undefined,
  session: Readonly<Record<string, string>> | undefined,
): Readonly<Record<string, string>> | undefined {
  return own === undefined ? session : { ...session, ...rootRelativeLinks(own, resolve, root) };
}

/** The links a call made (the model's paths), link and target each relative to the project root. */
export function rootRelativeLinks(
  made: Readonly<Record<string, string>>,
  resolve: (path: string) => string,
  root: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [link, target] of Object.entries(made))
    out[pathForms(resolve(link), root).relative] = pathForms(resolve(target), root).relative;
  return out;
}

/**
 * Each effect, followed by a copy on the path it reaches through a symbolic link the session or the call made: the
 * call is judged on both, as on a link the host resolved (tool.ts, withReal). Making the link itself writes no file
 * through it.
 */
export function withLinks(
  effects: readonly EffectFact[],
  links: Readonly<Record<string, string>>,
  root: string | undefined,
): EffectFact[] {
  const out: EffectFact[] = [];
  for (const e of effects) {
    out.push(e);
    if (e.via === 'ln') continue;
    const reached = throughLinks(e.path.relative, links);
    if (reached !== undefined) out.push({ ...e, path: pathForms(reached, root) });
  }
  return out;
}

/** A command's environment: the session's values (a persistent shell passes what earlier calls set to the programs it
 * starts), unless a wrapper cleared them, overlaid with what the call gave it. */
function environmentOf(
  command: SimpleCommand,
  session: Readonly<Record<string, string>> | undefined,
): { environment?: Readonly<Record<string, string>> } {
  const own = command.environment;
  const inherited = command.cleanEnvironment ? undefined : session;
  if (inherited === undefined) return own === undefined ? {} : { environment: own };
  return { environment: own === undefined ? inherited : { ...inherited, ...own } };
}
