// The contract schema: one working rule, its triggers, exceptions, message and examples.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';
import { AnchorId, ContractId, Mode, RoleId, oneOrMany } from './primitives.js';
import { Exception, Trigger } from './trigger.js';
import { Example } from './event.js';

export const Contract = z
  .strictObject({
    id: ContractId,
    description: z
      .string()
      .min(1)
      .max(2000)
      .meta({
        description: 'What the rule is and why it exists, in a sentence or two. Shown to the agent as the reason.',
        examples: ['Force-pushing rewrites shared history on a branch others build on.'],
      }),
    mode: Mode,
    anchorRefs: z
      .array(AnchorId)
      .max(20)
      .default([])
      .meta({
        description:
          'Semantic Anchors catalogue ids the rule rests on; linked in every message. Name the nearest anchor when the ' +
          'idea has none of its own, and say so in the description.',
        examples: [['github-flow']],
      }),
    roles: z
      .array(RoleId)
      .min(1)
      .optional()
      .meta({
        description:
          "The roles the contract applies to. Omitted: every role (for a contract in a role preset: that preset's role).",
        examples: [['software-developer', 'devops-engineer']],
      }),
    when: oneOrMany(Trigger).meta({
      description: 'The triggers. The contract applies when any one of them holds (and no exception does).',
    }),
    unless: oneOrMany(Exception).optional().meta({
      description: 'The exceptions. The contract does not apply when any one of them holds.',
    }),
    message: z
      .string()
      .min(1)
      .max(2000)
      .meta({
        description: 'What the agent should do instead. Shown with the contract id, the reason and the anchors.',
        examples: ['Push to a feature branch and open a pull request instead.'],
      }),
    bypassable: z
      .boolean()
      .default(true)
      .meta({
        description: 'Whether a human may let one blocked call through with a bypass. false for rules nobody may skip.',
        examples: [true],
      }),
    observe: z
      .boolean()
      .optional()
      .meta({ description: 'true: observe mode for this contract (see settings.observe).', examples: [true] }),
    examples: z.array(Example).max(200).default([]).meta({
      description:
        'Events with the verdict the contract must give; give at least one that triggers it and one near miss that must not.',
    }),
  })
  .meta({
    description: 'A working rule the agent must follow, enforced at run time.',
    examples: [
      {
        id: 'no-force-push',
        description: 'Force-pushing rewrites shared history.',
        mode: 'BLOCK',
        anchorRefs: ['github-flow'],
        when: { tool: { name: 'bash', command: '\\bgit\\s+push\\b.*(--force|-f\\b)' } },
        message: 'Push a new commit instead, or ask a human.',
      },
    ],
  });

export type Contract = z.output<typeof Contract>;
export type ContractInput = z.input<typeof Contract>;
