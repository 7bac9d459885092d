// Facade: source text → ShellModel. Bounds the input, parses with unbash, walks, and memoises recent results.
import { parse } from 'unbash';
import type { ShellModel, ShellOptions } from './types.js';
import { Collector } from './collector.js';
import { Walker } from './walk.js';

export const SHELL_LIMITS: { readonly maxDepth: number; readonly maxBytes: number; readonly maxCommands: number } = {
  maxDepth: 8,
  maxBytes: 256 * 1024,
  maxCommands: 1000,
};

const CACHE_SIZE = 256;
// INVARIANT: bounded (oldest entry evicted first); only default-option results are cached, keyed by the source.
const cache = new Map<string, ShellModel>();

/** The simple commands, file effects and opaque execution of a bash command. Pure; never throws. */
export function parseShell(source: string, options?: ShellOptions): ShellModel {
  const defaults = options?.maxDepth === undefined && options?.maxBytes === undefined;
  if (defaults) {
    const hit = cache.get(source);
    if (hit !== undefined) return hit;
  }
  const model = build(source, options?.maxDepth ?? SHELL_LIMITS.maxDepth, options?.maxBytes ?? SHELL_LIMITS.maxBytes);
  if (defaults) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(source, model);
  }
  return model;
}

function build(source: string, maxDepth: number, maxBytes: number): ShellModel {
  const out = new Collector(SHELL_LIMITS.maxCommands);
  let text = source;
  if (source.length > maxBytes) {
    // Parse what fits, cut at a line end so a half command is not judged as a whole one.
    const cut = source.lastIndexOf('\n', maxBytes);
    text = source.slice(0, cut > 0 ? cut : maxBytes);
    out.fail(`command longer than ${maxBytes} characters: only the first ${text.length} were read`, text.length);
  }
  try {
    new Walker(out, maxDepth, text.length).script(parse(text), {
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
  return out.result();
}
