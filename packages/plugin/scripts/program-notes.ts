// The engine's program declarations (engine/src/shell/programs/*.ts) each say what the program is in one line
// (`about`): written for the reader of the source and checked by its completeness test, never read at run time. The
// bundle leaves those lines out, so that what the model knows about programs costs the package its data only.
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/** `about: 'text'` (or "text", or literals joined by +): the string, whatever it says. Template literals are kept. */
const ABOUT =
  /(\babout:\s*)(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")(?:\s*\+\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"))*/g;

/** The declarations' text without their `about` lines (exported for the test that pins it). */
export const withoutNotes = (source: string): string => source.replace(ABOUT, "$1''");

export function programNotesPlugin(): Plugin {
  return {
    name: 'program-notes',
    setup(build) {
      build.onLoad({ filter: /[\\/]engine[\\/]src[\\/]shell[\\/]programs[\\/][^\\/]+\.ts$/ }, async (args) => ({
        contents: withoutNotes(await readFile(args.path, 'utf8')),
        loader: 'ts',
      }));
    },
  };
}
