// The check line for "does opencode load the plugin?": takes the project dir and environment; returns the check and
// the `config` option the loading entry passes (so the contract file is found the way the plugin will find it).

import { join } from 'node:path';
import { PACKAGE_NAME, readOpencodeSettings } from './opencode-settings.js';
import type { Check } from './report.js';

export interface SettingsCheck {
  readonly check: Check;
  readonly optionPath: string | undefined;
  /** A plugin file opencode auto-loads from a plugins folder (the one-file drop-in), when that is how it loads us. */
  readonly dropIn?: string;
}

export function checkOpencodeSettings(projectDir: string, env: NodeJS.ProcessEnv): SettingsCheck {
  const name = 'opencode config';
  const settings = readOpencodeSettings(projectDir, env);
  const add = `add "plugin": ["${PACKAGE_NAME}"] to ${join(projectDir, 'opencode.json')} (or to your user config)`;
  if (settings.errors.length > 0) {
    return {
      optionPath: undefined,
      check: {
        name,
        status: 'fail',
        detail: 'an opencode configuration file does not parse, so opencode will not start with it',
        notes: settings.errors,
        remedy: 'fix the JSON at the position shown',
      },
    };
  }
  const load = settings.loads[0];
  if (load === undefined) {
    const where = settings.files.length
      ? `none of ${settings.files.join(', ')}`
      : 'no opencode.json or opencode.jsonc was found, and no plugin file';
    return {
      optionPath: undefined,
      check: { name, status: 'fail', detail: `${where} loads ${PACKAGE_NAME}`, remedy: add },
    };
  }
  if (load.missingFile) {
    return {
      optionPath: undefined,
      check: {
        name,
        status: 'fail',
        detail: `${load.file} loads ${load.spec}, but ${load.missingFile} does not exist`,
        remedy: `fix the path, or use the npm entry instead: ${add}`,
      },
    };
  }
  const option = load.options?.config;
  const optionPath = typeof option === 'string' ? option : undefined;
  const notes =
    settings.loads.length > 1
      ? [
          `also loaded by: ${settings.loads
            .slice(1)
            .map((l) => `${l.file} (${l.spec})`)
            .join(', ')} — opencode runs each entry, so contracts would be checked twice`,
        ]
      : [];
  // An auto-loaded file is its own spec; a config entry names a package or a URL instead.
  const dropIn = load.spec === load.file ? load.file : undefined;
  return {
    optionPath,
    ...(dropIn ? { dropIn } : {}),
    check: {
      name,
      status: 'pass',
      detail: `${load.file} loads ${load.spec}${optionPath ? ` with config ${optionPath}` : ''}`,
      notes,
    },
  };
}
