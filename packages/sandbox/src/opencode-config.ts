// The opencode configuration for a sandbox: takes the scripted model's URL and the plugin entries; returns the
// JSON object to write as opencode.json. Only the scripted provider is enabled, so no other model can be reached.

export type PluginEntry = string | readonly [string, Record<string, unknown>];

export interface SandboxConfigOptions {
  readonly modelBaseURL: string;
  readonly plugins?: readonly PluginEntry[];
  /** Merged over the generated object at top level (agents, permissions, …). */
  readonly extra?: Record<string, unknown>;
}

export const SCRIPTED_PROVIDER = 'scripted';
export const SCRIPTED_MODEL = 'scripted-model';

export function sandboxOpencodeConfig(options: SandboxConfigOptions): Record<string, unknown> {
  const model = `${SCRIPTED_PROVIDER}/${SCRIPTED_MODEL}`;
  return {
    $schema: 'https://opencode.ai/config.json',
    model,
    small_model: model,
    enabled_providers: [SCRIPTED_PROVIDER],
    autoupdate: false,
    share: 'disabled',
    permission: { bash: 'allow', read: 'allow', edit: 'allow', external_directory: 'allow' },
    provider: {
      [SCRIPTED_PROVIDER]: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Scripted model',
        options: { baseURL: options.modelBaseURL, apiKey: 'scripted' },
        models: {
          [SCRIPTED_MODEL]: { name: 'Scripted model', tool_call: true, limit: { context: 128000, output: 4096 } },
        },
      },
    },
    plugin: options.plugins ?? [],
    ...options.extra,
  };
}
