// The user's contract file: found exactly as the plugin finds it, then validated by the engine.
// Takes the project dir, the plugin option `config` (if their opencode config passes one) and the environment;
// returns the check line and, when usable, the file path and compiled policy for the live run.

import {
  compile,
  formatDiagnostic,
  loadConfig,
  validate,
  type CompiledPolicy,
  type LoadedContract,
} from '@semantic-anchors/engine';
import {
  DEFAULT_CONFIG_NAME,
  DEFAULT_CONFIG_TEXT,
  discoverConfig,
  readExtended,
  readText,
} from '../core/config-source.js';
import type { Check } from './report.js';

export interface ContractConfig {
  readonly check: Check;
  /** Absolute path of the file found; undefined when the default applies. */
  readonly file: string | undefined;
  /** The policy the plugin would enforce (the valid contracts), for choosing a call to demonstrate. */
  readonly policy: CompiledPolicy | undefined;
  /** The loaded contracts with their examples (the compiled policy keeps no examples). */
  readonly contracts: readonly LoadedContract[];
}

export function checkContractConfig(
  projectDir: string,
  optionPath: string | undefined,
  env: NodeJS.ProcessEnv,
): ContractConfig {
  const name = 'contract file';
  const { found, tried } = discoverConfig({ directory: projectDir, optionPath, env });
  if (found === undefined) {
    const loaded = loadConfig(DEFAULT_CONFIG_TEXT, { file: DEFAULT_CONFIG_NAME });
    const policy = compile(loaded.config, { root: projectDir });
    return {
      file: undefined,
      policy,
      contracts: loaded.config.contracts,
      check: {
        name,
        status: 'pass',
        detail: `none found, so the plugin uses the default (extends software-developer: ${policy.contracts.filter((c) => !c.builtin).length} contracts, plus the built-in ones)`,
        notes: tried.map((t) => `looked in ${t.path} (${t.place})`),
      },
    };
  }
  const read = readText(found.path);
  if (!read.ok) {
    return {
      file: found.path,
      policy: undefined,
      contracts: [],
      check: {
        name,
        status: 'fail',
        detail: `${found.path} (${found.place}) cannot be read: ${read.error}`,
        remedy: 'make the file readable by your user, or remove it to use the default',
      },
    };
  }
  const result = validate(read.text, { file: found.path, readFile: readExtended, root: projectDir });
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  const notes = result.diagnostics.map(formatDiagnostic).flatMap((text) => text.split('\n'));
  // The built-in contracts (self-protection, shell defaults) are always there: count the ones the file brings.
  const enforced = result.policy.contracts.filter((c) => !c.builtin).length;
  if (errors.length > 0) {
    const skipped = result.policy.skipped.map((s) => s.id ?? '(no id)');
    return {
      file: found.path,
      policy: result.policy,
      contracts: result.load.config.contracts,
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
    file: found.path,
    policy: result.policy,
    contracts: result.load.config.contracts,
    check: {
      name,
      status: 'pass',
      detail: `${found.path} (${found.place}) is valid: ${enforced} contract(s) enforced`,
      notes,
    },
  };
}
