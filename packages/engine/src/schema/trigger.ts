// Trigger schemas: what a contract reacts to (`when`) and what excuses it (`unless`).
// A trigger is a conjunction: every field it states must hold. A list of triggers is a disjunction.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';
import { Globs, Patterns, oneOrMany } from './primitives.js';
import { CommandMatch, EffectMatch } from './command.js';

export const ToolMatch = z
  .strictObject({
    name: Globs.optional().meta({
      description:
        'Tool-name globs. Host aliases are folded together: "bash" also matches "shell", "task" matches "subagent", ' +
        '"edit" matches "multiedit" and "patch" matches "apply_patch"; "edit" does not match "write" (list both). ' +
        'Omitted: any tool.',
      examples: [['write', 'edit', 'patch']],
    }),
    path: Globs.optional().meta({
      description:
        'Globs on the file paths the tool touches (read, write, edit, patch, glob, grep, list, ...). Holds when a ' +
        'touched path matches one of the globs and none of the globs that start with "!". Relative globs are matched ' +
        'against the path relative to the project root.',
      examples: [['src/**', '!src/**/*.test.ts']],
    }),
    command: Patterns.optional().meta({
      description: 'Patterns on the shell command of a bash/shell call. Holds when any pattern is found.',
      examples: ['(?i)\\brm\\s+-rf\\s+/'],
    }),
    content: Patterns.optional().meta({
      description:
        'Patterns on the content a tool writes: write content, edit replacement text, patch text. Holds when any ' +
        'pattern is found.',
      examples: ['(?i)(api[_-]?key|secret)\\s*[:=]\\s*["\']?[A-Za-z0-9]{16,}'],
    }),
    url: Patterns.optional().meta({
      description: 'Patterns on the URL a web tool fetches (webfetch).',
      examples: ['^https://'],
    }),
    reaches: z
      .strictObject({
        hosts: oneOrMany(z.string().min(1).max(300)).meta({
          description:
            '"loopback" (this machine in every spelling: 127.0.0.0/8, 0.0.0.0, ::1, ::ffff:127.0.0.1, localhost, ' +
            'localhost., *.localhost, and public names that answer 127.0.0.1 such as 127.0.0.1.nip.io), an address in ' +
            'any spelling (2130706433, 0x7f.1, [::1]), a host name, or "*.example.com".',
          examples: [['loopback', 'db.internal']],
        }),
        ports: oneOrMany(z.number().int().min(1).max(65535))
          .optional()
          .meta({
            description: "Ports (the scheme's default when a URL names none). Omitted: any port.",
            examples: [[4096]],
          }),
      })
      .optional()
      .meta({
        description:
          "Holds when a URL in the call reaches one of these hosts on one of these ports: webfetch's url, a URL in an " +
          'argument of a tool the engine does not know (MCP, plugin tools), a URL in a shell command. URLs are read ' +
          'with the WHATWG URL parser, so :04096 is port 4096 and 0177.0.0.1 is 127.0.0.1.',
        examples: [{ hosts: ['loopback'], ports: [5432] }],
      }),
    run: oneOrMany(CommandMatch)
      .optional()
      .meta({
        description:
          'Structured matches on the simple commands of a bash/shell call, which is parsed first (see CommandMatch). ' +
          'Holds when one simple command matches one of them; `unless` is then checked against that same simple command.',
      }),
    effect: oneOrMany(EffectMatch)
      .optional()
      .meta({
        description:
          'Matches on what the call does to files, whichever tool does it: write, edit, patch, or a shell redirect, tee, ' +
          'sed -i, cp, mv, rm … (see EffectMatch). Holds when one effect matches one of them; `unless` is then checked ' +
          'against that same file.',
      }),
    secret: z
      .boolean()
      .optional()
      .meta({
        description:
          'true: the call carries a secret (built-in detection) in what it writes, in its shell command or, for tools ' +
          'the engine does not know, in any argument; false: it does not.',
        examples: [true],
      }),
    opaque: z
      .boolean()
      .optional()
      .meta({
        description:
          'true: the shell call runs code the engine cannot see into (eval of a variable, a command name from a variable, ' +
          '`… | sh`, `python -c`, `node -e`, a script this session wrote, nesting deeper than the parser follows); false: ' +
          'it does not.',
        examples: [true],
      }),
    unparseable: z
      .boolean()
      .optional()
      .meta({
        description:
          'true: the shell command (or part of it) cannot be parsed, so only `command` patterns can judge it; false: it parses.',
        examples: [true],
      }),
    unknown: z
      .boolean()
      .optional()
      .meta({
        description:
          'true: the shell call holds a word whose value the engine cannot know (a variable set outside the call, a ' +
          "program's output, a path built from one); false: every value is known. For one command's arguments, use " +
          '`run.unknown`.',
        examples: [true],
      }),
    args: z
      .record(z.string().min(1).max(200), Patterns)
      .optional()
      .meta({
        description:
          'Patterns on named arguments of the call (strings as they are, other values as JSON), e.g. for MCP tools. ' +
          'Holds when every named argument is present and matches.',
        examples: [{ query: '(?i)\\bdrop\\s+table\\b' }],
      }),
  })
  .meta({
    description: 'Matches a tool call. Every field given must hold; an empty object matches any tool call.',
    examples: [{ name: 'bash', command: '\\bgit\\s+push\\b' }],
  });

export const MessageMatch = z
  .strictObject({
    text: Patterns.optional().meta({
      description: "Patterns on the human's chat message. Holds when any pattern is found.",
      examples: ['(?i)\\bship it\\b'],
    }),
    attachment: Globs.optional().meta({
      description:
        'Globs on files attached to the message. Attached files also count as reads of those paths, so tool triggers ' +
        'on "read" see them too.',
      examples: ['**/.env*'],
    }),
    from: z
      .enum(['human', 'agent', 'subagent', 'any'])
      .optional()
      .meta({
        description:
          "Who wrote the message: human (the default), agent, subagent (a task prompt), or any. Only the human's " +
          'words confirm or match by default, so an agent cannot speak for the human.',
        examples: ['human'],
      }),
    confirmation: z
      .boolean()
      .optional()
      .meta({
        description:
          'true: only messages that are a human confirmation (see settings.confirmations); false: only messages that ' +
          'are not. Omitted: either.',
        examples: [false],
      }),
  })
  .meta({
    description: "Matches a human's chat message. Every field given must hold; an empty object matches any message.",
    examples: [{ text: '(?i)refactor' }],
  });

/** An earlier event in the session, for `after` / `notAfter`: a tool call or a message. */
export const EventMatch = z
  .strictObject({
    tool: ToolMatch.optional(),
    message: MessageMatch.optional(),
  })
  .refine((m) => (m.tool === undefined) !== (m.message === undefined), {
    message: 'give exactly one of "tool" or "message"',
  })
  .meta({
    description: 'Describes an earlier event of the session: either a tool call (tool) or a human message (message).',
    examples: [{ tool: { name: ['write', 'edit'], path: '**/*.test.*' } }],
  });

export const Occurrence = z
  .strictObject({
    atLeast: z
      .int()
      .min(1)
      .max(1_000_000)
      .optional()
      .meta({
        description: 'Holds from the Nth matching event of the session on (counting this one).',
        examples: [3],
      }),
    every: z
      .int()
      .min(1)
      .max(1_000_000)
      .optional()
      .meta({
        description: 'Holds on every Nth matching event of the session (the Nth, 2Nth, ...).',
        examples: [10],
      }),
  })
  .refine((o) => o.atLeast !== undefined || o.every !== undefined, { message: 'give "atLeast", "every" or both' })
  .meta({
    description:
      'Counts the events of this session that matched the same trigger (tool or message part), this one included.',
    examples: [{ atLeast: 3 }],
  });

export const StateMatch = z
  .strictObject({
    toolCalls: z
      .int()
      .min(1)
      .max(1_000_000)
      .optional()
      .meta({
        description:
          'Holds when this call is at least the Nth tool call since the human last confirmed (or since the session, ' +
          'role or configuration started). Blocked calls do not count. This is Step Confirmation: BLOCK every N calls ' +
          'until the human says one of settings.confirmations.',
        examples: [10],
      }),
    occurrence: Occurrence.optional(),
    after: oneOrMany(EventMatch)
      .optional()
      .meta({
        description: 'Holds only if an earlier event of this session matched one of these (a precondition).',
        examples: [{ tool: { name: ['write', 'edit'], path: '**/*.test.*' } }],
      }),
    notAfter: oneOrMany(EventMatch)
      .optional()
      .meta({
        description: 'Holds only if no earlier event of this session matched any of these.',
        examples: [{ message: { text: 'https?://' } }],
      }),
  })
  .meta({
    description: 'Conditions on the session so far. Every field given must hold.',
    examples: [{ toolCalls: 10 }],
  });

const triggerShape = {
  tool: ToolMatch.optional(),
  message: MessageMatch.optional(),
  state: StateMatch.optional(),
};

export const Trigger = z
  .strictObject(triggerShape)
  .refine((t) => (t.tool === undefined) !== (t.message === undefined), {
    message:
      'a trigger names the event it reacts to: give exactly one of "tool" or "message" (use "tool: {}" for any tool call)',
  })
  .meta({
    description:
      'When the contract applies: a tool call (tool) or a human message (message), optionally narrowed by the ' +
      'session state (state). Every part given must hold.',
    examples: [{ tool: { name: 'bash', command: '\\bgit\\s+push\\b.*--force' } }],
  });

export const Exception = z
  .strictObject(triggerShape)
  .refine((t) => t.tool !== undefined || t.message !== undefined || t.state !== undefined, {
    message: 'an exception needs at least one of "tool", "message" or "state"',
  })
  .meta({
    description:
      'What excuses the event: same fields as a trigger, every part given must hold; a state-only exception applies ' +
      'to any event.',
    examples: [{ tool: { path: '**/*.test.*' } }],
  });

export type ToolMatch = z.infer<typeof ToolMatch>;
export type MessageMatch = z.infer<typeof MessageMatch>;
export type EventMatch = z.infer<typeof EventMatch>;
export type StateMatch = z.infer<typeof StateMatch>;
export type Trigger = z.infer<typeof Trigger>;
export type Exception = z.infer<typeof Exception>;
