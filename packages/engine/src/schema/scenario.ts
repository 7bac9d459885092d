// Scenario files: a sequence of events with the verdicts they must produce, replayed by `semantic-anchors test`.
// Conformance tests and per-role session fixtures are written in this form.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';
import { ContractId, Decision, RoleId } from './primitives.js';
import { Event } from './event.js';

export const ScenarioStep = z
  .strictObject({
    event: Event,
    expect: Decision.optional().meta({ description: 'The verdict the whole policy must give for this event.' }),
    contracts: z
      .array(ContractId)
      .optional()
      .meta({
        description: 'Exactly these contracts must match (in any order); [] means none.',
        examples: [['no-force-push']],
      }),
    granted: z
      .boolean()
      .optional()
      .meta({ description: 'For a bypass event: whether the bypass must be granted (true) or refused (false).' }),
    notice: z
      .string()
      .optional()
      .meta({
        description: 'Text the notice for the human (a bypass granted or refused, a confirmation) must contain.',
        examples: ['Did you mean "no-force-push"?'],
      }),
    note: z.string().optional().meta({ description: 'Why this step matters, for the reader.' }),
  })
  .meta({ description: 'One event and what it must produce.' });

export const Scenario = z
  .strictObject({
    scenario: z
      .string()
      .min(1)
      .meta({ description: 'What the scenario shows.', examples: ['a developer session'] }),
    config: z
      .string()
      .min(1)
      .meta({
        description: 'The configuration to run: a path relative to this file, or a bundled preset id.',
        examples: ['./opencode-semantic-anchors.yaml'],
      }),
    role: RoleId.optional().meta({ description: "The starting role. Omitted: the configuration's default role." }),
    agent: z.string().optional().meta({ description: 'The starting agent; its role follows from roles.agents.' }),
    root: z.string().optional().meta({ description: 'The project root absolute paths are matched against.' }),
    shellSession: z
      .enum(['persistent', 'fresh'])
      .optional()
      .meta({
        description:
          "Whether the host's bash calls share one shell (persistent: a later call sees the values an earlier one " +
          'exported and the directory it moved to) or each runs in a fresh one (fresh, the default, as opencode does: ' +
          'a later call is judged both as the agent believes and as a new shell runs it).',
        examples: ['fresh'],
      }),
    protect: z
      .record(z.string(), z.union([z.array(z.string()), z.boolean()]))
      .optional()
      .meta({
        description:
          "The host's self-protection facts (CompileOptions.protect: contractFiles, hostFiles, servers, secretEnv, " +
          'gitHooks, hostAddresses …), compiled into the built-in anchor-protect-* contracts as the plugin does.',
        examples: [{ contractFiles: ['/home/dev/shop/.opencode/opencode-semantic-anchors.yaml'] }],
      }),
    steps: z.array(ScenarioStep).min(1).max(100_000),
  })
  .meta({ description: 'A replayable session with expected verdicts.' });

export type ScenarioStep = z.infer<typeof ScenarioStep>;
export type Scenario = z.infer<typeof Scenario>;
