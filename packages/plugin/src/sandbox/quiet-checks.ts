// Variables that turn off a tool's own version check for the sandboxed calls: takes the human's environment; returns
// what to add. The check writes its bookkeeping into a home folder that stays closed (it also holds code or
// configuration the tool loads later), so every run carried a refusal note though the tool carried on.
/**
 * HashiCorp's checkpoint (terraform, packer, vagrant): `~/.terraform.d/checkpoint_signature` and `checkpoint_cache`
 * at every run; ~/.terraform.d also holds local provider plugins and credentials, so it is not opened. Measured by
 * tests/corpus/sandbox-replay.ts: 9 devops-engineer terraform calls refused, none with CHECKPOINT_DISABLE=1.
 */
export const QUIET_CHECKS: Readonly<Record<string, string>> = { CHECKPOINT_DISABLE: '1' };

/** The variables to add, leaving any the human set as they are. */
export function quietChecksEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(Object.entries(QUIET_CHECKS).filter(([name]) => env[name] === undefined));
}
