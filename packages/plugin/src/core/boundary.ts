// Small helpers for reading untyped host input at the boundary, shared by both adapters.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';

export const Record_ = z.record(z.string(), z.unknown());

/** The plugin options both hosts pass through from the user's config. */
export const PluginOptions = z.looseObject({
  config: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'Path of the YAML configuration, relative to the project directory.' }),
  decisionLog: z
    .boolean()
    .optional()
    .meta({ description: 'Write the decision log (.opencode/semantic-anchors-decisions.jsonl).' }),
  secretEnv: z
    .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/))
    .optional()
    .meta({ description: 'More environment variables the agent must never read (kept out of its shell).' }),
  // Any variable name parses: a name that is not a provider key is dropped with its own warning at load, rather than
  // failing the whole options object (which would drop `config` and `secretEnv` with it).
  shellProviderKeys: z
    .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/))
    .optional()
    .meta({
      description:
        "Model provider keys opencode was given that the agent's shell may use (a project whose tests call the " +
        'provider): left in its environment, still masked in every tool result. Other names are ignored.',
    }),
});
export type PluginOptions = z.infer<typeof PluginOptions>;

export { isRecord } from './is-record.js';

// A file attachment's path is read by the engine's opencode mapping (no Node built-in, so the site reads it too).
export { attachmentPath } from '@semantic-anchors/engine/opencode/hooks';

/** Parses options; bad options are reported, never fatal. */
export function parseOptions(raw: unknown): { options: PluginOptions; problem: string | undefined } {
  if (raw === undefined || raw === null) return { options: {}, problem: undefined };
  const r = PluginOptions.safeParse(raw);
  if (r.success) return { options: r.data, problem: undefined };
  return {
    options: {},
    problem: `plugin options ignored: ${r.error.issues.map((i) => `${i.path.join('.') || '(options)'}: ${i.message}`).join('; ')}. Expected { "config": "<path to the YAML>", "decisionLog": true, "secretEnv": ["NAME"], "shellProviderKeys": ["OPENAI_API_KEY"] }.`,
  };
}
