// Facade: source text → ShellModel. Bounds the input, parses with unbash, walks, and memoises recent results.
import { parse } from 'unbash';
import type { ShellContext, ShellModel, ShellOptions } from './types.js';
import { Collector } from './collector.js';
import { CallFiles } from './call-files.js';
import { Repository } from './git-branch.js';
import { Walker } from './walk.js';

export const SHELL_LIMITS: { readonly maxDepth: number; readonly maxBytes: number; readonly maxCommands: number } = {
  maxDepth: 8,
  maxBytes: 256 * 1024,
  maxCommands: 1000,
};

const CACHE_SIZE = 256;
// INVARIANT: bounded (oldest entry evicted first); only default-option results are cached, keyed by the source.
const cache = new Map<string, ShellModel>();

/** What a context-free walk asked about and could not know: files the session may have written. */
interface Asked {
  readonly files: ReadonlySet<string>;
  /** A git push whose target is the branch checked out, which the walk did not know. */
  readonly branch: boolean;
}
// INVARIANT: only context-free models are listed (a WeakMap: nothing is kept alive by it).
const asked = new WeakMap<ShellModel, Asked>();

/**
 * The simple commands, file effects and opaque execution of a bash command. Pure; never throws. With a `context`
 * (the session's files), the call is walked again only when the context knows a file the context-free walk asked
 * about; otherwise the cached context-free model is the answer.
 */
export function parseShell(source: string, options?: ShellOptions, context?: ShellContext): ShellModel {
  const defaults = options?.maxDepth === undefined && options?.maxBytes === undefined;
  const free = defaults ? cache.get(source) : undefined;
  const base = free ?? buildFree(source, options, defaults);
  const a = asked.get(base);
  if (context === undefined || !needsContext(a, context)) return base;
  // A call that needs only the branch (no file of the session) is cached by source and branch: the plugin asks
  // again for the same `git push` on the same branch.
  const key = defaults && a !== undefined && !needsFiles(a, context) ? branchKey(source, context) : undefined;
  const hit = key === undefined ? undefined : byBranch.get(key);
  if (hit !== undefined) return hit;
  const model = build(
    source,
    maxDepthOf(options),
    options?.maxBytes ?? SHELL_LIMITS.maxBytes,
    withFiles(context),
  ).model;
  if (key !== undefined) {
    if (byBranch.size >= BRANCH_CACHE_SIZE) byBranch.delete(byBranch.keys().next().value as string);
    byBranch.set(key, model);
  }
  return model;
}

const BRANCH_CACHE_SIZE = 64;
// INVARIANT: bounded; only models that depend on the source and the branch facts alone.
const byBranch = new Map<string, ShellModel>();

const branchKey = (source: string, context: ShellContext): string =>
  `${context.branch === null ? '\u0001' : (context.branch ?? '')}\u0000${context.upstream ?? ''}\u0000${source}`;

function needsFiles(a: Asked, context: ShellContext): boolean {
  const c = withFiles(context);
  if (c.file !== undefined) for (const path of a.files) if (c.file(path) !== undefined) return true;
  return false;
}

const maxDepthOf = (options: ShellOptions | undefined): number => options?.maxDepth ?? SHELL_LIMITS.maxDepth;

function buildFree(source: string, options: ShellOptions | undefined, defaults: boolean): ShellModel {
  const { model, files, repo } = build(
    source,
    maxDepthOf(options),
    options?.maxBytes ?? SHELL_LIMITS.maxBytes,
    undefined,
  );
  if (files.asked.size > 0 || repo.asked) asked.set(model, { files: files.asked, branch: repo.asked });
  if (defaults) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(source, model);
  }
  return model;
}

/** Whether the context knows something the context-free walk asked about. */
function needsContext(a: Asked | undefined, context: ShellContext): boolean {
  if (a === undefined) return false;
  if (a.branch && context.branch !== undefined) return true;
  return needsFiles(a, context);
}

/** A context that gives only `fileText` answers `file` from it (a whole text, no pieces). */
function withFiles(context: ShellContext): ShellContext {
  if (context.file !== undefined || context.fileText === undefined) return context;
  const fileText = context.fileText;
  return {
    ...context,
    file: (path) => {
      const text = fileText(path);
      return text === undefined ? undefined : { text, pieces: [] };
    },
  };
}

function build(
  source: string,
  maxDepth: number,
  maxBytes: number,
  context: ShellContext | undefined,
): { model: ShellModel; files: CallFiles; repo: Repository } {
  const files = new CallFiles(context);
  const repo = new Repository(context);
  const out = new Collector(SHELL_LIMITS.maxCommands, (e) => files.observe(e));
  let text = source;
  if (source.length > maxBytes) {
    // Parse what fits, cut at a line end so a half command is not judged as a whole one.
    const cut = source.lastIndexOf('\n', maxBytes);
    text = source.slice(0, cut > 0 ? cut : maxBytes);
    out.fail(`command longer than ${maxBytes} characters: only the first ${text.length} were read`, text.length);
  }
  try {
    new Walker(out, maxDepth, text.length, files, repo).script(parse(text), {
      text,
      base: 0,
      span: [0, text.length],
      via: [],
      depth: 0,
      env: [],
    });
  } catch (error) {
    // The parser or walker met something it cannot handle: what was collected still counts, the rest is opaque.
    out.fail(`shell parser failed: ${error instanceof Error ? error.message : String(error)}`, 0);
  }
  return { model: out.result(), files, repo };
}
