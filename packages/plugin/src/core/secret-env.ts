// Keeps the host's secrets out of the agent's shell. opencode 1.18 builds a shell's environment as
// { ...process.env, ...output.env } from the `shell.env` hook, so a variable set to '' here replaces the secret.
import { HOST_SECRET_ENV, PROVIDER_KEY_ENV } from './protection.js';

/**
 * The overrides for a shell's environment: every host secret blanked, and the model provider keys opencode was given
 * (one it was not given stays unset: a program that tells '' from unset sees what it would without the plugin) but
 * for those the human lets through (`shellProviderKeys`: only provider keys; the host's secrets and `secretEnv` never).
 */
export function scrubbedEnv(
  extra: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
  letThrough: readonly string[] = [],
): Record<string, string> {
  const given = PROVIDER_KEY_ENV.filter((name) => env[name] !== undefined && !letThrough.includes(name));
  return Object.fromEntries([...HOST_SECRET_ENV, ...given, ...extra].map((name) => [name, '']));
}

/** The names of `shellProviderKeys` that are not provider keys opencode reads: ignored, and said so at load. */
export function notProviderKeys(names: readonly string[]): string[] {
  return names.filter((name) => !PROVIDER_KEY_ENV.includes(name));
}
