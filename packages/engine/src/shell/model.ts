// Facade: source text → ShellModel. (Stub while the walker lands: reports everything as unparseable.)
import type { ShellModel, ShellOptions } from './types.js';

export const SHELL_LIMITS = { maxDepth: 8, maxBytes: 256 * 1024, maxCommands: 1000 } as const;

export function parseShell(source: string, _options?: ShellOptions): ShellModel {
  return {
    commands: [],
    effects: [],
    opaque: [{ reason: 'unparseable', command: undefined, detail: 'shell model not implemented yet' }],
    scripts: [],
    error: { message: 'shell model not implemented yet', offset: 0 },
  };
}
