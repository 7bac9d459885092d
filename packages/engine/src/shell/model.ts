// Facade: source text (and what the session knows) → ShellModel. Bounds the input, parses with unbash, walks, and
// memoises recent results of calls whose context does not matter.
import { parse } from 'unbash';
import type { ShellContext, ShellModel, ShellOptions } from './types.js';
import { Collector } from './collector.js';
import { Walker } from './walk.js';
import { Vars } from './values.js';

export const SHELL_LIMITS: { readonly maxDepth: number; readonly maxBytes: number; readonly maxCommands: number } = {
  maxDepth: 8,
  maxBytes: 256 * 1024,
  maxCommands: 1000,
};

const CACHE_SIZE = 256;
// INVARIANT: bounded (oldest entry evicted first); only default-option results without a context that matters are
// cached, keyed by the source, and frozen, so no caller can change what the next caller gets.
const cache = new Map<string, ShellModel>();

/**
 * Whether the session's context can change the model of `source`: its values only through a `$`, its directory
 * always (paths are resolved against it), the repository facts only where git is named, the files it wrote whenever
 * they are given (what reads a file is too varied to tell from the text cheaply).
 */
function contextMatters(source: string, context: ShellContext | undefined): boolean {
  if (context === undefined) return false;
  if (context.cwd !== undefined && context.cwd !== '' && context.cwd !== '.') return true;
  if (context.env !== undefined && source.includes('$')) {
    for (const _ in context.env) return true;
  }
  // The repository facts answer what names the branch (`$(git branch --show-current)`, a push with no refspec).
  if ((context.branch !== undefined || context.upstream !== undefined) && source.includes('git')) return true;
  return context.fileText !== undefined;
}

/** The simple commands, file effects and opaque execution of a bash command. Pure; never throws. */
export function parseShell(source: string, options?: ShellOptions, context?: ShellContext): ShellModel {
  const cacheable =
    options?.maxDepth === undefined && options?.maxBytes === undefined && !contextMatters(source, context);
  if (cacheable) {
    const hit = cache.get(source);
    if (hit !== undefined) return hit;
  }
  const model = build(
    source,
    options?.maxDepth ?? SHELL_LIMITS.maxDepth,
    options?.maxBytes ?? SHELL_LIMITS.maxBytes,
    cacheable ? undefined : context,
  );
  if (cacheable) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(source, freeze(model));
  }
  return model;
}

/** Freeze the model and the lists and records in it (one level of records: they hold only strings and lists). */
function freeze(model: ShellModel): ShellModel {
  for (const c of model.commands) Object.freeze(c);
  for (const e of model.effects) Object.freeze(e);
  Object.freeze(model.commands);
  Object.freeze(model.effects);
  Object.freeze(model.opaque);
  Object.freeze(model.scripts);
  Object.freeze(model.persists.env);
  Object.freeze(model.persists);
  return Object.freeze(model);
}

function build(source: string, maxDepth: number, maxBytes: number, context: ShellContext | undefined): ShellModel {
  const out = new Collector(SHELL_LIMITS.maxCommands);
  let text = source;
  if (source.length > maxBytes) {
    // Parse what fits, cut at a line end so a half command is not judged as a whole one.
    const cut = source.lastIndexOf('\n', maxBytes);
    text = source.slice(0, cut > 0 ? cut : maxBytes);
    out.fail(`command longer than ${maxBytes} characters: only the first ${text.length} were read`, text.length);
  }
  const start = context?.cwd === undefined || context.cwd === '' || context.cwd === '.' ? undefined : context.cwd;
  const scope = { cwd: start, vars: new Vars(undefined, context?.env) };
  try {
    new Walker(out, maxDepth, text.length, context).script(
      parse(text),
      { text, base: 0, span: [0, text.length], via: [], depth: 0, env: [], remote: undefined },
      scope,
    );
  } catch (error) {
    // The parser or walker met something it cannot handle: what was collected still counts, the rest is opaque.
    out.fail(`shell parser failed: ${error instanceof Error ? error.message : String(error)}`, 0);
  }
  return out.result({ env: scope.vars.persisted(), cwd: scope.cwd });
}
