// Event schemas: what happens in a session, as the host reports it and as examples and fixtures write it.
// One key names the kind of event (tool, message, confirm, bypass, role, agent, reload).
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';
import { Decision, RoleId } from './primitives.js';
import { HostFacts } from './host.js';

const JsonRecord = z.record(z.string(), z.unknown());

export const ToolEvent = z
  .strictObject({
    tool: z
      .string()
      .min(1)
      .meta({ description: 'The tool name as the host reports it.', examples: ['bash'] }),
    args: JsonRecord.optional().meta({
      description:
        'The tool arguments as the host passes them (filePath or path, command, content, newString, patchText, ...).',
      examples: [{ command: 'git push --force origin main' }],
    }),
    realPaths: z
      .record(z.string().min(1).max(4096), z.string().min(1).max(4096))
      .optional()
      .meta({
        description:
          'Paths of the call that lead somewhere else through a symbolic link, as the host resolved them (the path ' +
          'as written, or its absolute form → the real path). The call is judged on both: a write to "cfg/x.yaml" ' +
          'where cfg is a link to .opencode is a write to .opencode/x.yaml too. The engine does no I/O; the host ' +
          'resolves.',
        examples: [{ 'cfg/opencode-semantic-anchors.yaml': '/home/dev/shop/.opencode/opencode-semantic-anchors.yaml' }],
      }),
    host: HostFacts.optional(),
  })
  .meta({
    description: 'The agent calls a tool.',
    examples: [
      { tool: 'edit', args: { filePath: 'src/app.ts' } },
      { tool: 'bash', args: { command: 'git push --force-with-lease' }, host: { branch: 'main' } },
    ],
  });

export const MessageEvent = z
  .strictObject({
    message: z
      .string()
      .meta({ description: "The human's chat message.", examples: ['Add input validation to the signup form'] }),
    attachments: z
      .array(z.string().min(1))
      .optional()
      .meta({
        description: 'Paths of files attached to the message; each counts as a read of that path.',
        examples: [['src/signup.ts']],
      }),
    from: z
      .enum(['human', 'agent', 'subagent'])
      .optional()
      .meta({
        description:
          'Who wrote it: the human (the default), the agent (its own text) or a subagent (a task prompt). Only a ' +
          "human's message can be a confirmation.",
        examples: ['human'],
      }),
  })
  .meta({ description: 'The human sends a chat message.', examples: [{ message: 'continue' }] });

export const ConfirmEvent = z
  .strictObject({
    confirm: z.union([z.literal(true), z.string()]).meta({
      description: 'The human confirms the next steps (true, or the words used). Resets the Step Confirmation count.',
      examples: [true],
    }),
  })
  .meta({ description: 'The human confirms.', examples: [{ confirm: true }] });

export const BypassEvent = z
  .strictObject({
    bypass: z.string().meta({
      description:
        'The reason the human gives for letting a blocked call through. With `typed: true`, everything the human ' +
        'typed after `/anchor bypass` (contract ids first, then the reason).',
      examples: ['hotfix approved in the incident channel'],
    }),
    contract: z
      .union([z.string().min(1).max(80), z.array(z.string().min(1).max(80)).min(1).max(10)])
      .optional()
      .meta({
        description:
          'Scope: the contract (or contracts) whose block the bypass lets through (`/anchor bypass <contract-id> ' +
          '<reason>`); it waits for them. Omitted: only the contracts that blocked the last blocked call may use it, ' +
          'within settings.bypassExpiresAfter tool calls; with no block yet, the bypass is refused. A built-in ' +
          'anchor-protect-* contract is let through only when named here. An id no contract has is refused (with ' +
          'the closest ids).',
        examples: ['dev-no-force-push-main'],
      }),
    typed: z
      .literal(true)
      .optional()
      .meta({
        description:
          'true: `bypass` is the text the human typed after `/anchor bypass`; the engine reads the contract ids at its ' +
          'start (a word close to an id is refused with a did-you-mean; `--` ends the ids) and the rest is the reason — ' +
          'the same reading the plugin uses.',
        examples: [true],
      }),
  })
  .meta({
    description: 'The human grants one bypass.',
    examples: [
      { bypass: 'hotfix', contract: 'dev-no-force-push-main' },
      { bypass: 'approved by the release manager' },
      { bypass: 'dev-no-force-push-main hotfix approved', typed: true },
    ],
  });

export const RoleEvent = z
  .strictObject({ role: RoleId })
  .meta({ description: 'The human switches the session to another role.', examples: [{ role: 'qa-engineer' }] });

export const AgentEvent = z
  .strictObject({
    agent: z
      .string()
      .min(1)
      .meta({ description: 'The opencode agent name now answering.', examples: ['plan'] }),
  })
  .meta({
    description: 'The session is now answered by this agent; its role follows from roles.agents.',
    examples: [{ agent: 'build' }],
  });

export const ReloadEvent = z
  .strictObject({
    reload: z.literal(true).meta({ description: 'Always true: the configuration was read again.', examples: [true] }),
  })
  .meta({
    description: 'The configuration was re-read: counters reset, the role is kept.',
    examples: [{ reload: true }],
  });

export const Event = z
  .union([ToolEvent, MessageEvent, ConfirmEvent, BypassEvent, RoleEvent, AgentEvent, ReloadEvent])
  .meta({
    description: 'One session event: exactly one of tool, message, confirm, bypass, role, agent or reload.',
    examples: [{ tool: 'bash', args: { command: 'npm test' } }],
  });

export const Example = z
  .strictObject({
    name: z
      .string()
      .optional()
      .meta({ description: 'What the example shows.', examples: ['force push to main'] }),
    role: RoleId.optional().meta({
      description: "The session's role for this example. Omitted: the contract's first role, else the default role.",
    }),
    given: z
      .array(Event)
      .max(1000)
      .optional()
      .meta({
        description: 'Events that happen first, in order (the session so far).',
        examples: [[{ message: 'continue' }]],
      }),
    event: Event.meta({ description: 'The event whose verdict is checked.' }),
    expect: Decision.meta({
      description: 'The verdict this contract alone must give for the event: its mode when it applies, ALLOW when not.',
    }),
  })
  .meta({
    description: 'An event with the verdict the contract must give, run by `semantic-anchors test`.',
    examples: [{ event: { tool: 'bash', args: { command: 'git push -f' } }, expect: 'BLOCK' }],
  });

export type ToolEvent = z.infer<typeof ToolEvent>;
export type MessageEvent = z.infer<typeof MessageEvent>;
export type ConfirmEvent = z.infer<typeof ConfirmEvent>;
export type BypassEvent = z.infer<typeof BypassEvent>;
export type RoleEvent = z.infer<typeof RoleEvent>;
export type AgentEvent = z.infer<typeof AgentEvent>;
export type ReloadEvent = z.infer<typeof ReloadEvent>;
export type Event = z.infer<typeof Event>;
export type Example = z.infer<typeof Example>;
