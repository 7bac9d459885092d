// Facade: source text (and what the session knows) → ShellModel. Bounds the input, parses with unbash, walks, and
// memoises recent results: context-free models by source; a call that only asks about the session's files or the
// branch is walked again with its context only when the context answers what the context-free walk asked.
import { symbolicLinks } from './links.js';
import { credentialStores } from './credential-store.js';
import { hasGlob } from './glob-match.js';
import { parse } from 'unbash';
import type { ShellContext, ShellModel, ShellOptions } from './types.js';
import { Collector } from './collector.js';
import { CallFiles } from './call-files.js';
import { Repository } from './git-branch.js';
import { Walker } from './walk.js';
import { POSITIONAL, Vars } from './values.js';
import { SHELL_CACHE_LIMITS, SourceCache } from './source-cache.js';
import { ENVIRONMENT_ARG_NAMES } from './programs/registry.js';

export { SHELL_CACHE_LIMITS } from './source-cache.js';
// What the result check of run-later code reads with the model (facts/run-later-reach.ts, through facts/shell-model.ts).
export { allRecipes } from './project-tasks.js';
export { scanOneLiner } from './one-liners.js';

export const SHELL_LIMITS: { readonly maxDepth: number; readonly maxBytes: number; readonly maxCommands: number } = {
  maxDepth: 8,
  maxBytes: 256 * 1024,
  maxCommands: 1000,
};

/** A source parsed once: the next parse of it is cached. */
const SEEN = 1 as const;

// INVARIANT: bounded (oldest entry evicted first); only default-option, context-free results are cached, keyed by the
// source, and deep-frozen, so no caller can change what the next caller gets. A model is cached the second time its
// source is parsed, never handed out before: the first caller gets a model of its own, unfrozen and never shared.
// Most 1 KB commands an agent writes are parsed once; freezing and keeping each was a fifth of a fresh parse's cost.
const cache = new SourceCache<ShellModel | typeof SEEN>(SHELL_CACHE_LIMITS.entries);
// INVARIANT: bounded; only frozen models that depend on the source and the branch facts alone.
const byBranch = new SourceCache<ShellModel>(SHELL_CACHE_LIMITS.branchEntries);

/** What the caches hold now (tests and benches). */
export const shellCacheStats = (): { readonly entries: number; readonly bytes: number } => {
  const a = cache.stats;
  const b = byBranch.stats;
  return { entries: a.entries + b.entries, bytes: a.bytes + b.bytes };
};

/** What a context-free walk asked about and could not know. */
interface Asked {
  /** Files the session may have written. */
  readonly files: ReadonlySet<string>;
  /** The branch checked out (a git push with no refspec, `$(git branch --show-current)`) or a remote's default
   * branch (`$(git symbolic-ref refs/remotes/origin/HEAD)`). */
  readonly branch: boolean;
  /** A value of ENVIRONMENT_READ (a bare name looked up, a shell, node or python started). */
  readonly environment: boolean;
  /** Names a program read from its environment by name (call-files.ts askedNames). */
  readonly names: ReadonlySet<string>;
}
// INVARIANT: only context-free models are listed (a WeakMap: nothing is kept alive by it).
const asked = new WeakMap<ShellModel, Asked>();

/**
 * Whether the session's values or directory can change the model of `source`: its values only through a `$`, its
 * directory always (paths are resolved against it). Such a call is walked with its whole context, uncached.
 */
/** Values programs read from the environment with no `$` in the call: a PATH the session exported is where a bare
 * name is looked up, BASH_ENV/ENV the startup file a shell runs, NODE_OPTIONS what node preloads, PROMPT_COMMAND what
 * an interactive bash runs before its prompt. */
const ENVIRONMENT_READ = [
  'PATH',
  'BASH_ENV',
  'ENV',
  'NODE_OPTIONS',
  'PYTHONSTARTUP',
  'PYTHONPATH',
  'PROMPT_COMMAND',
] as const;

function valuesMatter(source: string, context: ShellContext): boolean {
  if (context.cwd !== undefined && context.cwd !== '' && context.cwd !== '.') return true;
  // A kubectl context an earlier call switched to reaches any kubectl the call runs, by name or in a script.
  if (context.kube !== undefined) return true;
  // So does a git alias an earlier call defined, to any git the call runs, and a link an earlier call made, to a
  // program the call names by a path through it.
  if (context.gitAliases !== undefined) return true;
  // And a setting an earlier call gave git (`git config remote.origin.push …`), to a git command the call runs.
  if (context.gitConfig !== undefined && source.includes('git')) return true;
  if (context.links !== undefined && source.includes('/')) return true;
  // A work tree an earlier call added holds its own branch: a git command may run there.
  if (context.worktrees !== undefined && source.includes('git')) return true;
  if (context.env !== undefined && source.includes('$')) {
    for (const _ in context.env) return true;
  }
  return false;
}

/** The simple commands, file effects and opaque execution of a bash command. Pure; never throws. */
export function parseShell(source: string, options?: ShellOptions, context?: ShellContext): ShellModel {
  const maxDepth = options?.maxDepth ?? SHELL_LIMITS.maxDepth;
  const maxBytes = options?.maxBytes ?? SHELL_LIMITS.maxBytes;
  if (context !== undefined && valuesMatter(source, context)) return build(source, maxDepth, maxBytes, context).model;
  const defaults = options?.maxDepth === undefined && options?.maxBytes === undefined;
  const cached = defaults ? cache.get(source) : undefined;
  const base =
    cached !== undefined && cached !== SEEN ? cached : buildFree(source, maxDepth, maxBytes, defaults, cached === SEEN);
  recentFree[recentAt] = base;
  recentAt = (recentAt + 1) % recentFree.length;
  if (context === undefined) return base;
  const a = asked.get(base);
  if (a === undefined || !needsContext(a, context)) return base;
  // A call that needs only the branch (no file or value of the session) is cached by source and branch: the plugin asks
  // again for the same `git push` on the same branch.
  const key =
    defaults && !needsFiles(a, context) && !needsEnvironment(a, context) ? branchKey(source, context) : undefined;
  const hit = key === undefined ? undefined : byBranch.get(key);
  if (hit !== undefined) return hit;
  const model = build(source, maxDepth, maxBytes, context).model;
  if (key === undefined) return model;
  byBranch.set(key, deepFreeze(model));
  return model;
}

const branchKey = (source: string, context: ShellContext): string =>
  `${context.branch === null ? '\u0001' : (context.branch ?? '')}\u0000${context.branchFrom ?? ''}\u0000${context.upstream ?? ''}\u0000${defaultsKey(context)}\u0000${source}`;

/** The remotes' default branches, as a part of a cache key ('' when none is known). */
function defaultsKey(context: ShellContext): string {
  const d = context.defaultBranches;
  if (d === undefined) return '';
  let key = '';
  for (const remote in d) key += `${remote}\u0002${d[remote]}\u0003`;
  return key;
}

/** Whether the session has a value of ENVIRONMENT_READ the context-free walk read. */
function needsEnvironment(a: Asked, context: ShellContext): boolean {
  if (context.env !== undefined) for (const name of a.names) if (Object.hasOwn(context.env, name)) return true;
  if (a.environment && context.env !== undefined) {
    for (const name of ENVIRONMENT_READ) if (Object.hasOwn(context.env, name)) return true;
    // Options a program reads from its environment (TF_CLI_ARGS, TF_CLI_ARGS_apply): declared per program.
    for (const name in context.env)
      if (ENVIRONMENT_ARG_NAMES.some((n) => (n.endsWith('_') ? name.startsWith(n) : name === n))) return true;
  }
  return false;
}

/** Whether the context knows a file the context-free walk asked about. */
function needsFiles(a: Asked, context: ShellContext): boolean {
  const file = context.file;
  if (file !== undefined)
    for (const path of a.files) {
      if (file(path) !== undefined) return true;
      // A glob the walk asked about (`bash scripts/*.sh`): the session wrote a file it names.
      if (context.glob !== undefined && hasGlob(path) && context.glob(path).length > 0) return true;
    }
  return false;
}

/** Whether the context knows something the context-free walk asked about. */
function needsContext(a: Asked, context: ShellContext): boolean {
  if (a.branch && (context.branch !== undefined || context.defaultBranches !== undefined)) return true;
  return needsEnvironment(a, context) || needsFiles(a, context);
}

/** The context-free model of a source; with the default options, cached (frozen) when it was `seen` once before. */
function buildFree(source: string, maxDepth: number, maxBytes: number, defaults: boolean, seen: boolean): ShellModel {
  const { model, files, repo } = build(source, maxDepth, maxBytes, undefined);
  if (files.asked.size > 0 || repo.asked || files.askedEnvironment || files.askedNames.size > 0)
    asked.set(model, {
      files: files.asked,
      branch: repo.asked,
      environment: files.askedEnvironment,
      names: files.askedNames,
    });
  if (defaults) cache.set(source, seen ? deepFreeze(model) : SEEN);
  return model;
}

// INVARIANT: only models walked without a context are listed: the last few parseShell handed out or walked, so a
// caller can ask sameModel() about the model it just got (a ring of strong references; a WeakSet's insertion cost a
// third of a microsecond per call).
const recentFree: (ShellModel | undefined)[] = new Array(8).fill(undefined);
let recentAt = 0;

/**
 * Whether parsing `source` with `context` would give `model` again: `model` is the context-free model of `source` that
 * parseShell handed out lately, and the context can change nothing in it (no value or directory it reads, no file or
 * branch it asked about). step() asks right after reading a call, before reading it a second time (a fresh shell), so
 * an identical reading is not made twice. False whenever in doubt: the caller then reads it again.
 */
export function sameModel(source: string, model: ShellModel, context: ShellContext | undefined): boolean {
  if (!recentFree.includes(model)) return false;
  if (context === undefined) return true;
  if (valuesMatter(source, context)) return false;
  const a = asked.get(model);
  return a === undefined || !needsContext(a, context);
}

/**
 * Freezes the model and everything in it (commands, their words, flags, unknown and implied words, effects): a model
 * handed to one caller is handed to the next, so nothing in it may change. Models are plain data (JSON-shaped: own
 * enumerable properties, arrays), so the walk meets each object once; no list of values is made per object.
 */
function deepFreeze<T>(value: T): T {
  if (Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (v !== null && typeof v === 'object') deepFreeze(v);
    }
  } else {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const v = record[key];
      if (v !== null && typeof v === 'object') deepFreeze(v);
    }
  }
  return value;
}

function build(
  source: string,
  maxDepth: number,
  maxBytes: number,
  context: ShellContext | undefined,
): { model: ShellModel; files: CallFiles; repo: Repository } {
  const files = new CallFiles(context);
  const repo = new Repository(context);
  const out = new Collector(SHELL_LIMITS.maxCommands, (e, command) => files.observe(e, command));
  let text = source;
  if (source.length > maxBytes) {
    // Parse what fits, cut at a line end so a half command is not judged as a whole one.
    const cut = source.lastIndexOf('\n', maxBytes);
    text = source.slice(0, cut > 0 ? cut : maxBytes);
    out.fail(`command longer than ${maxBytes} characters: only the first ${text.length} were read`, text.length);
  }
  const start = context?.cwd === undefined || context.cwd === '' || context.cwd === '.' ? undefined : context.cwd;
  const scope = { cwd: start, vars: new Vars(undefined, context?.env) };
  // The host runs each call as `bash -c COMMAND` with no further arguments (opencode 1.18: spawn with `shell`), so
  // the call's own $1, $@ and $# are empty, never inherited from an earlier call: `${1:-rollout}` is `rollout`.
  scope.vars.setArray(POSITIONAL, []);
  const walker = new Walker(out, maxDepth, text.length, files, repo);
  walker.kube.start(context?.kube);
  walker.programLinks.start(context?.links);
  walker.gitAliases.start(context?.gitAliases, context?.gitConfig);
  try {
    walker.script(
      parse(text),
      { text, base: 0, span: [0, text.length], via: [], depth: 0, env: [], remote: undefined },
      scope,
    );
  } catch (error) {
    // The parser or walker met something it cannot handle: what was collected still counts, the rest is opaque.
    out.fail(`shell parser failed: ${error instanceof Error ? error.message : String(error)}`, 0);
  }
  const kube = walker.kube.changes();
  const gitAliases = walker.gitAliases.changes();
  const gitConfig = walker.gitAliases.settingChanges();
  // The files git was told to keep credentials in travel with the links: a write to one is a write to a store.
  const made = symbolicLinks(out.commands);
  const stores = credentialStores(out.commands);
  const links = stores === undefined ? made : { ...made, ...stores };
  const branch = repo.leftCheckedOut();
  const worktrees = repo.leftInWorktrees();
  return {
    model: out.result({
      env: scope.vars.persisted(),
      cwd: scope.cwd,
      ...(kube !== undefined ? { kube } : {}),
      ...(gitAliases !== undefined ? { gitAliases } : {}),
      ...(gitConfig !== undefined ? { gitConfig } : {}),
      ...(links !== undefined ? { links } : {}),
      ...(branch !== undefined ? { branch } : {}),
      ...(worktrees !== undefined ? { worktrees } : {}),
    }),
    files,
    repo,
  };
}
