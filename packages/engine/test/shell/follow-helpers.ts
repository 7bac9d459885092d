// Helpers the follow-round tests share: a session's written files as a shell context, and the simple commands a
// source runs, each as its program and words.
import { parseShell, type ShellContext } from '../../src/shell/index.js';

/** The files the session wrote, by path, as the context's `file` reader. */
export const files =
  (known: Record<string, string>): ShellContext['file'] =>
  (path) =>
    Object.hasOwn(known, path) ? { text: known[path], pieces: [] } : undefined;

/** Each simple command the source runs, as `program word…`. */
export const runs = (source: string, context?: ShellContext): string[] =>
  parseShell(source, undefined, context).commands.map((c) => [c.program, ...c.argv].join(' '));
