// Helpers the follow-round tests share: a session's written files as a shell context, and the simple commands a
// source runs, each as its program and words.
import { parseShell, type ShellContext } from '../../src/shell/index.js';
import { pathGlobMatch } from '../../src/shell/glob-match.js';

/** The files the session wrote, by path, as the context's `file` reader. */
export const files =
  (known: Record<string, string>): ShellContext['file'] =>
  (path) =>
    Object.hasOwn(known, path) ? { text: known[path], pieces: [] } : undefined;

/** The files the session wrote as a whole context: `file`, and `glob` over their paths as the session's ledger answers. */
export const written = (known: Record<string, string>): ShellContext => ({
  file: files(known),
  glob: (pattern) =>
    Object.keys(known)
      .filter((path) => pathGlobMatch(pattern, path))
      .map((path) => ({ path, file: { text: known[path], pieces: [] } })),
});

/** Each simple command the source runs, as `program word…`. */
export const runs = (source: string, context?: ShellContext): string[] =>
  parseShell(source, undefined, context).commands.map((c) => [c.program, ...c.argv].join(' '));

/** A session that wrote some files whole and put pieces into others (edits of the team's files), as a context. */
export const edited = (whole: Record<string, string>, pieces: Record<string, string[]> = {}): ShellContext => {
  const file = (path: string) =>
    Object.hasOwn(whole, path)
      ? { text: whole[path], pieces: [] }
      : Object.hasOwn(pieces, path)
        ? { text: undefined, pieces: pieces[path] as string[] }
        : undefined;
  return {
    file,
    glob: (pattern) =>
      [...Object.keys(whole), ...Object.keys(pieces)]
        .filter((path) => pathGlobMatch(pattern, path))
        .map((path) => ({ path, file: file(path) as NonNullable<ReturnType<typeof file>> })),
  };
};
