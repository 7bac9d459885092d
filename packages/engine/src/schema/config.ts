// The configuration file schema (`opencode-semantic-anchors.yaml`, schema version 1), preset metadata included.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';
import { ContractId, RoleId } from './primitives.js';
import { Contract } from './contract.js';
import { UnknownValues } from './command.js';
import { Sandbox } from './sandbox.js';

export const SCHEMA_VERSION = 1;

export const DEFAULT_CONFIRMATIONS = [
  'continue',
  'go ahead',
  'proceed',
  'keep going',
  'go on',
  'carry on',
  'weiter',
  'mach weiter',
] as const;
export const DEFAULT_BYPASS_BUDGET = 3;
export const DEFAULT_BYPASS_EXPIRY = 5;

export const Settings = z
  .strictObject({
    bypassBudget: z
      .int()
      .min(0)
      .max(1000)
      .optional()
      .meta({
        description: `How many bypasses a human may grant per session (subagents share their parent's). Default ${DEFAULT_BYPASS_BUDGET}.`,
        examples: [3],
      }),
    bypassExpiresAfter: z
      .int()
      .min(1)
      .max(10_000)
      .optional()
      .meta({
        description: `A bypass that names no contract (it is for the contracts of the last block) expires when not used within this many tool calls; one that names its contracts waits for them. Default ${DEFAULT_BYPASS_EXPIRY}.`,
        examples: [5],
      }),
    confirmations: z
      .array(z.string().min(1).max(200))
      .max(100)
      .optional()
      .meta({
        description:
          'Phrases that count as a human confirmation (case, spacing and trailing punctuation ignored), alone or ' +
          'with an assent before and thanks after ("ok, continue, thanks"), after remarks ending a sentence ' +
          '("Red. Continue."), or with what to go on with ("go on and write the hints"); an assent or a verdict then ' +
          'a next step counts too ("All green! Add a test"). A refusal, condition or question makes it an ordinary ' +
          'message. ' +
          `Default: ${DEFAULT_CONFIRMATIONS.join(', ')}.`,
        examples: [['continue', 'weiter', 'go ahead']],
      }),
    onError: z
      .enum(['allow', 'block'])
      .optional()
      .meta({
        description:
          'What happens when the plugin itself fails: allow (the default: fail open, log and tell the human) or block ' +
          '(strict teams: fail closed).',
        examples: ['allow'],
      }),
    opaque: z
      .enum(['allow', 'warn', 'block'])
      .optional()
      .meta({
        description:
          'What a shell call that runs code the engine cannot see into gets by default (eval of a variable, a command ' +
          'name from a variable, `… | sh`, `python -c`, `node -e`, a file this session wrote whose whole text it does not ' +
          'know; a script whose text it knows is judged as what it contains): allow (the ' +
          'default), warn or block. Contracts can also match it with `opaque: true`.',
        examples: ['warn'],
      }),
    unparseable: z
      .enum(['allow', 'warn', 'block'])
      .optional()
      .meta({
        description: 'What a shell command that cannot be parsed gets by default: allow, warn (the default) or block.',
        examples: ['warn'],
      }),
    unknownValues: UnknownValues.optional().meta({
      description:
        'What a value the engine cannot know counts as in `run` and `effect` matches that do not say (their `unknown`): ' +
        'ignore (the default: honest calls use $HOME-like values all day, and a rule that fires on every one of them ' +
        'teaches people to ignore it) or match (every rule reads an unknown target as the one it forbids).',
      examples: ['ignore'],
    }),
    caseInsensitivePaths: z
      .boolean()
      .optional()
      .meta({
        description:
          'true: path globs ignore case, for projects on case-insensitive file systems (macOS, Windows). Default false.',
        examples: [true],
      }),
    decisionLog: z
      .boolean()
      .optional()
      .meta({
        description:
          'true: the plugin appends one JSON line per block, warning, bypass and configuration problem to ' +
          '.opencode/semantic-anchors-decisions.jsonl (arguments hashed, never in clear). Default false.',
        examples: [true],
      }),
    observe: z
      .union([z.boolean(), z.array(ContractId).max(500)])
      .optional()
      .meta({
        description:
          'Observe mode: a BLOCK only says what it would have blocked; the call runs, the agent is not told, the ' +
          'log records it as observed. true: every BLOCK contract (not the built-ins); a list: these ids. Default false.',
        examples: [true, ['dev-no-force-push-main']],
      }),
    sandbox: Sandbox.optional(),
  })
  .meta({ description: 'Session-wide settings. Values here override those of extended files.' });

export const Roles = z
  .strictObject({
    default: RoleId.optional().meta({
      description: 'The role of a session whose agent is not mapped. Omitted: the first extended preset.',
      examples: ['software-developer'],
    }),
    agents: z
      .record(z.string().min(1), RoleId)
      .optional()
      .meta({
        description: 'Maps opencode agent names to roles.',
        examples: [{ plan: 'software-architect', build: 'software-developer' }],
      }),
    custom: z
      .array(RoleId)
      .optional()
      .meta({
        description: 'Role ids of your own, beyond the catalogue roles.',
        examples: [['release-manager']],
      }),
  })
  .meta({ description: 'Which role each session plays.' });

export const PresetInfo = z
  .strictObject({
    id: RoleId.meta({ description: 'The preset id: the catalogue role it is written for.' }),
    title: z
      .string()
      .min(1)
      .max(120)
      .meta({ description: 'Display title.', examples: ['Software Developer'] }),
    purpose: z
      .string()
      .min(1)
      .max(300)
      .meta({
        description: 'One line: what the preset protects.',
        examples: ['Keeps shared history, tests and secrets safe while the agent writes code.'],
      }),
  })
  .meta({ description: 'Present only in bundled role presets.' });

export const Config = z
  .strictObject({
    $schema: z
      .string()
      .optional()
      .meta({
        description:
          'Optional link to the JSON Schema, for editors (or use a "# yaml-language-server: $schema=..." comment).',
        examples: ['https://unpkg.com/opencode-semantic-anchors/schema/v1.json'],
      }),
    version: z.literal(SCHEMA_VERSION).meta({ description: 'Schema version; always 1.', examples: [1] }),
    preset: PresetInfo.optional(),
    extends: z
      .array(z.string().min(1))
      .max(50)
      .default([])
      .meta({
        description:
          'Role presets by id (e.g. software-developer) and contract files by relative path (./team.yaml), merged in ' +
          'order before this file. A contract here with the same id as an inherited one replaces it.',
        examples: [['software-developer', 'qa-engineer', './team-rules.yaml']],
      }),
    roles: Roles.optional(),
    settings: Settings.optional(),
    disable: z
      .array(ContractId)
      .max(500)
      .default([])
      .meta({
        description: 'Ids of inherited contracts to switch off.',
        examples: [['commit-message-format']],
      }),
    contracts: z.array(Contract).max(5000).default([]).meta({ description: 'The contracts this file defines.' }),
  })
  .meta({
    title: 'opencode-semantic-anchors configuration',
    description: 'Working rules (contracts) that the opencode-semantic-anchors plugin enforces on a coding agent.',
  });

export type Settings = z.output<typeof Settings>;
export type Roles = z.output<typeof Roles>;
export type PresetInfo = z.output<typeof PresetInfo>;
export type Config = z.output<typeof Config>;
export type ConfigInput = z.input<typeof Config>;
