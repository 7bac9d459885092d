// The user's contract file, loaded by the plugin's own loader (core/policy-loader.ts), so doctor reports what the
// plugin really enforces — the default preset when the file is unusable, the other contracts when some are skipped —
// then checked like `semantic-anchors validate` (the examples run on the same load).
// Takes the project dir, the plugin option `config` (if their opencode config passes one) and the environment;
// returns the check line and, when usable, the file path and compiled policy for the live run.

import { formatDiagnostic, validateLoaded, type CompiledPolicy, type LoadedContract } from '@semantic-anchors/engine';
import { discoverConfig } from '../core/config-source.js';
import { loadPolicy } from '../core/policy-loader.js';
import type { Check } from './report.js';

export interface ContractConfig {
  readonly check: Check;
  /** Absolute path of the file found; undefined when the default applies. */
  readonly file: string | undefined;
  /** The policy the plugin would enforce, for choosing a call to demonstrate. */
  readonly policy: CompiledPolicy;
  /** The loaded contracts with their examples (the compiled policy keeps no examples). */
  readonly contracts: readonly LoadedContract[];
}

export function checkContractConfig(
  projectDir: string,
  optionPath: string | undefined,
  env: NodeJS.ProcessEnv,
): ContractConfig {
  const name = 'contract file';
  const host = { directory: projectDir, optionPath, env };
  const { found, tried } = discoverConfig(host);
  const snapshot = loadPolicy(host);
  // The built-in contracts (self-protection, shell defaults) are always there: count the ones the file brings.
  const enforced = snapshot.policy.contracts.filter((c) => !c.builtin).length;
  const result = { file: found?.path, policy: snapshot.policy, contracts: snapshot.contracts };
  if (found === undefined) {
    return {
      ...result,
      check: {
        name,
        status: 'pass',
        detail: `none found, so the plugin uses the default (extends software-developer: ${enforced} contracts, plus the built-in ones)`,
        notes: tried.map((t) => `looked in ${t.path} (${t.place})`),
      },
    };
  }
  if (snapshot.place === 'default') {
    // The plugin could not use the file: it enforces the default preset until the file is fixed and reloaded.
    const notes = snapshot.diagnostics.map(formatDiagnostic).flatMap((text) => text.split('\n'));
    return {
      ...result,
      check: {
        name,
        status: 'fail',
        detail: `${found.path} (${found.place}) cannot be used: the plugin enforces the default instead (extends software-developer: ${enforced} contracts) until it is fixed`,
        notes: notes.length > 0 ? notes : snapshot.warnings,
        remedy: `fix the file, check it with: semantic-anchors validate ${found.path}, then type /anchor reload in opencode`,
      },
    };
  }
  const checked = validateLoaded(snapshot.load, { root: projectDir });
  const errors = checked.diagnostics.filter((d) => d.severity === 'error');
  const notes = checked.diagnostics.map(formatDiagnostic).flatMap((text) => text.split('\n'));
  if (errors.length > 0) {
    const skipped = snapshot.policy.skipped.map((s) => s.id ?? '(no id)');
    return {
      ...result,
      check: {
        name,
        status: 'fail',
        detail: `${found.path} (${found.place}): ${errors.length} error(s); ${enforced} contract(s) still enforced${skipped.length ? `, skipped: ${skipped.join(', ')}` : ''}`,
        notes,
        remedy: `fix the lines above, then check again with: semantic-anchors validate ${found.path}`,
      },
    };
  }
  return {
    ...result,
    check: {
      name,
      status: 'pass',
      detail: `${found.path} (${found.place}) is valid: ${enforced} contract(s) enforced`,
      notes,
    },
  };
}
