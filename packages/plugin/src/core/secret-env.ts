// Keeps the host's secrets out of the agent's shell. opencode 1.18 builds a shell's environment as
// { ...process.env, ...output.env } from the `shell.env` hook, so a variable set to '' here replaces the secret.
import { HOST_SECRET_ENV } from './protection.js';

/** The overrides for a shell's environment: every host secret blanked. */
export function scrubbedEnv(extra: readonly string[]): Record<string, string> {
  return Object.fromEntries([...HOST_SECRET_ENV, ...extra].map((name) => [name, '']));
}
