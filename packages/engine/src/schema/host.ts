// What the host knows about the working tree a tool call runs in, passed on the call's event: the branch checked out,
// its upstream, each remote's default branch and git's ignore rules. The engine reads files of no kind; a host (the plugin) reads these cheaply
// and passes them as data. Every field is optional: what is not given is unknown, never assumed.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';

/** Bounds on the ignore rules an event may carry (the plugin stays well within them). */
export const HOST_LIMITS = { ignoreFiles: 64, ignoreChars: 64 * 1024 } as const;

export const HostFacts = z
  .strictObject({
    branch: z
      .string()
      .min(1)
      .max(255)
      .nullable()
      .optional()
      .meta({
        description:
          "The branch checked out in the call's directory (.git/HEAD, worktrees included); null when HEAD is detached " +
          '(no branch). Omitted: unknown — a push that names no branch is then judged as written, never as "not main".',
        examples: ['main', 'feat/pagination', null],
      }),
    upstream: z
      .string()
      .min(1)
      .max(512)
      .optional()
      .meta({
        description:
          "The branch's upstream as remote/branch (branch.<name>.remote and .merge in .git/config). A push with no " +
          'refspec targets it too when it has another name.',
        examples: ['origin/main'],
      }),
    defaultBranches: z
      .record(z.string().min(1), z.string().min(1).max(255))
      .optional()
      .meta({
        description:
          "Each remote's default branch, by remote (refs/remotes/<remote>/HEAD, as git clone or git remote set-head " +
          'wrote it). A remote not listed: unknown, never assumed (init.defaultBranch is not this).',
        examples: [{ origin: 'main' }],
      }),
    gitignore: z
      .record(z.string().max(1024), z.string().max(HOST_LIMITS.ignoreChars))
      .optional()
      .meta({
        description:
          "git's ignore rules: the folder each .gitignore is in, relative to the project root ('.' for the root, " +
          "'..' for a folder above it) → the file's text. .git/info/exclude belongs to the repository's top folder, " +
          "before that folder's .gitignore (lower precedence). Whether a path is ignored is then a fact contracts can " +
          `use (\`effect.ignored\`). The first ${HOST_LIMITS.ignoreFiles} folders are read. Omitted: no path is known ` +
          'to be ignored.',
        examples: [{ '.': 'node_modules/\ndist/\n', 'packages/web': 'lib/\n' }],
      }),
  })
  .meta({
    description: 'What the host knows about the working tree the call runs in.',
    examples: [{ branch: 'main', upstream: 'origin/main' }],
  });

export type HostFacts = z.infer<typeof HostFacts>;
