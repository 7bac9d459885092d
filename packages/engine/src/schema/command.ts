// Structured matches on what a tool call does: one simple command of a parsed shell command (`run`) and one file
// effect of any tool (`effect`). Both are judged unit by unit: an exception is checked against the same unit.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';
import { Globs, Patterns, oneOrMany } from './primitives.js';

const Words = oneOrMany(z.string().min(1).max(500));

/** What a value the engine cannot know counts as (see settings.unknownValues for the default). */
export const UnknownValues = z.enum(['match', 'ignore']).meta({
  description:
    'What a value the engine cannot know counts as: a shell word set outside the call ("$BRANCH" with BRANCH from the ' +
    'environment), computed by a program ("$(git branch --show-current)"), or a path built from one ("$DIR/build"). ' +
    'match: it may be any value, so it counts as a match ("a force push to main or to a branch we cannot know"); ' +
    'ignore: it is only its text as written, which rarely matches. An exception (`unless`) is never met by an unknown ' +
    'value, whatever this says.',
});

/** What a file path only partly known counts as in an effect match: UnknownValues, and `names`. */
// Described where it is used (effect.unknown): the JSON Schema's size budget has no room for a second text.
export const EffectUnknownValues = z.enum(['match', 'names', 'ignore']);

export const OptionMatch = z
  .strictObject({
    name: Words.meta({
      description:
        'The option, by any of its names ("-m", "--message"), global ones too. A condition holds when any ' +
        'occurrence matches, an exception when all do.',
      examples: [['-m', '--message']],
    }),
    value: Patterns.meta({
      description:
        'Patterns on that option\'s value (quotes removed; a "$(cat <<EOF … EOF)" value is read as the heredoc text). ' +
        'Holds when the option is present and a pattern is found in its value.',
      examples: ['^(feat|fix|docs)(\\([^)]+\\))?!?: \\S'],
    }),
    first: z
      .boolean()
      .optional()
      .meta({
        description: 'true: only the first one counts (a commit subject).',
        examples: [true],
      }),
  })
  .meta({ description: 'An option of the command and a condition on its value.' });

export const EnvMatch = z
  .strictObject({
    name: Words.meta({
      description: 'The variables, by name ("KUBECONFIG", "HELM_KUBECONTEXT"). Any of them may hold.',
      examples: [['KUBECONFIG']],
    }),
    value: Patterns.meta({
      description:
        "Patterns on that variable's value as the command sees it (quotes removed, known values put in). Holds when " +
        'one of the named variables is set and a pattern is found in its value.',
      examples: ['(?i)(^|[^a-z0-9])prod([^a-z0-9]|$)'],
    }),
  })
  .meta({
    description:
      "A variable of the command's environment and a condition on its value: its NAME=value prefix " +
      '(`KUBECONFIG=… kubectl`), `env NAME=value`, a value assigned or exported earlier in the call, or one an earlier ' +
      'call of the session left in its shell (not when a wrapper cleared the environment: sudo, env -i, ssh). A value ' +
      'the engine cannot know does not hold.',
  });

export const CommandMatch = z
  .strictObject({
    program: Globs.meta({
      description:
        'The program, by its base name (/usr/bin/git is "git"), as globs. Wrappers (sudo, env, bash -c, timeout, xargs, ' +
        '…) are unwrapped first, so "git" also matches `sudo git …` and `bash -lc "git …"`.',
      examples: [['terraform', 'tofu']],
    }),
    subcommand: Words.optional().meta({
      description:
        'Alternatives for the leading words after the program and its global options (git -C, kubectl --context, …). ' +
        'Words in one alternative are separated by spaces and may be globs: "delete namespace" or "delete ns".',
      examples: [['delete namespace', 'delete ns']],
    }),
    flags: Words.optional().meta({
      description:
        'Holds when ANY of these options is present. "-f" matches combined short flags (-fu), "--force" also ' +
        '"--force=…" and an unambiguous abbreviation (--forc), "-auto-approve" a single-dash long option.',
      examples: [['-f', '--force', '--force-if-includes']],
    }),
    allFlags: Words.optional().meta({
      description: 'Holds only when EVERY one of these options is present (same spelling rules as flags).',
      examples: [['-r', '-f']],
    }),
    notFlags: Words.optional().meta({
      description: 'Holds only when NONE of these options is present (global ones too).',
      examples: [['--force-with-lease', '--dry-run', '-n']],
    }),
    args: Globs.optional().meta({
      description:
        'Globs on the positional arguments after the subcommand words: holds when one of them matches a glob and no ' +
        '"!" glob. "*" matches any characters, "/" included.',
      examples: [['main', 'master', '+main', '*:main', '*:refs/heads/main']],
    }),
    maxArgs: z
      .int()
      .min(0)
      .max(1000)
      .optional()
      .meta({
        description:
          'Holds only when there are at most this many positional arguments after the subcommand words (0 with ' +
          '`git push -f` and no remote; 1 with a remote but no branch).',
        examples: [1],
      }),
    option: OptionMatch.optional(),
    env: EnvMatch.optional(),
    text: Patterns.optional().meta({
      description:
        "Patterns on this simple command's normalised text: program and arguments joined by single spaces, quotes " +
        'removed, global options left out; for a SQL or data client (psql, mysql, sqlite3, redis-cli, mongosh) the ' +
        'commands it reads on stdin follow on the next line. For what the fields above cannot say.',
      examples: ['(?i)\\bdrop\\s+table\\b'],
    }),
    unknown: UnknownValues.optional().meta({
      description:
        'What an argument whose value the engine cannot know counts as for `subcommand`, `args`, `maxArgs` and ' +
        '`option`: match (it may be main: the rule holds) or ignore. Omitted: settings.unknownValues.',
      examples: ['match'],
    }),
    followed: z
      .boolean()
      .optional()
      .meta({
        description:
          'true: a command running a file this session wrote (read: judged by what it holds); false: one running ' +
          "a file not read (the team's own Makefile). Omitted: either.",
        examples: [false],
      }),
    remote: z
      .boolean()
      .optional()
      .meta({
        description:
          'true: only a command that runs on another host or in a container (the command of `ssh host …`, ' +
          '`docker exec`/`docker run`, `kubectl exec`, `parallel -S`); false: only one that runs here. Omitted: either.',
        examples: [false],
      }),
  })
  .meta({
    description:
      'Matches one simple command of a shell call (every part of a chain, pipe, subshell, $(…) and wrapper is its ' +
      'own). Every field given must hold for the same simple command.',
    examples: [
      {
        program: 'git',
        subcommand: 'push',
        flags: ['-f', '--force'],
        notFlags: ['--force-with-lease'],
        args: ['main', '+main', '*:main'],
      },
    ],
  });

export const EffectKind = z.enum(['write', 'append', 'delete', 'read', 'change']).meta({
  description: 'write (create or replace), append, delete, read; "change" is write, append or delete.',
});

export const EffectMatch = z
  .strictObject({
    kind: oneOrMany(EffectKind)
      .optional()
      .meta({
        description: 'What the call does to the file. Omitted: change (write, append or delete).',
        examples: [['write', 'append']],
      }),
    path: Globs.optional().meta({
      description:
        'Globs on the file path, relative to the project root ("**/dist/**" matches in any package of a monorepo), or ' +
        'absolute when they start with "/". A "!" glob excludes.',
      examples: [['**/.env', '**/.env.*', '!**/.env.example']],
    }),
    content: Patterns.optional().meta({
      description:
        "Patterns on the content written, when it is known: write content, an edit's new text, a patch's added " +
        'lines, a heredoc or echo body in a shell call.',
      examples: ['\\bit\\.only\\('],
    }),
    secret: z
      .boolean()
      .optional()
      .meta({
        description:
          'true: the content written contains a secret (built-in detection, see the reference); false: it does not.',
        examples: [true],
      }),
    unknown: EffectUnknownValues.optional().meta({
      description:
        'What a partly known path counts as: match (a shell value, "$DIR/x", or unknown names, ' +
        'where the globs may match), names (only unknown names in a known folder: `unzip -d src/x`, `find … -exec`, ' +
        '`$(git ls-files)`), ignore (as written). Omitted: settings.unknownValues.',
      examples: ['names'],
    }),
    remote: z
      .boolean()
      .optional()
      .meta({
        description:
          'true: only an effect of a command that runs on another host or in a container (`ssh host rm -rf /srv`); ' +
          'false: only one on this machine. Omitted: either.',
        examples: [false],
      }),
    sessionWrote: z
      .boolean()
      .optional()
      .meta({
        description: 'true: an earlier call of this session wrote the whole file (a draft it is still writing).',
        examples: [true],
      }),
    ignored: z
      .boolean()
      .optional()
      .meta({
        description:
          "true: git ignores the file (the project's .gitignore files and .git/info/exclude, as the host passed them): " +
          'build output, caches, dependencies. false: it does not, or the host gave no ignore rules. An ignore file the ' +
          'session itself wrote does not count. For exceptions: deleting or recreating ignored output is honest work.',
        examples: [true],
      }),
  })
  .meta({
    description:
      'Matches one effect on a file, whichever tool has it: write/edit/patch, or a shell redirect, tee, sed -i, cp, ' +
      'mv, rm, heredoc … Every field given must hold for the same file.',
    examples: [{ kind: 'change', path: ['**/package-lock.json', '**/yarn.lock'] }],
  });

export type OptionMatch = z.infer<typeof OptionMatch>;
export type EnvMatch = z.infer<typeof EnvMatch>;
export type CommandMatch = z.infer<typeof CommandMatch>;
export type EffectMatch = z.infer<typeof EffectMatch>;
export type EffectKind = z.infer<typeof EffectKind>;
export type UnknownValues = z.infer<typeof UnknownValues>;
