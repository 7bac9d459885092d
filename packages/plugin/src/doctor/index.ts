// `semantic-anchors doctor`: does enforcement really work here? Checks, in order, that the user's opencode
// configuration loads the plugin, that their contract file (found as the plugin finds it) is valid, and — when an
// opencode binary is installed — that a real headless opencode blocks a call with their contracts.
// Prints one line per check with a remedy under each failure; exits 1 when any check fails, 2 on bad arguments.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CliCommand, CliIO } from '@semantic-anchors/engine/node';
import { checkContractConfig } from './contract-config.js';
import { chooseDemoCall } from './demo-call.js';
import { hostExposureChecks } from './host-exposure.js';
import { liveRun } from './live-run.js';
import { checkOpencodeSettings } from './opencode-check.js';
import { defaultPluginBundle, isPluginBundle } from './plugin-bundle.js';
import { renderReport, type Check } from './report.js';
import { sandboxRuntimeCheck, sandboxSettingCheck } from './sandbox-check.js';

const USAGE = `semantic-anchors doctor [--project <dir>] [--no-run] [--timeout <seconds>] [--plugin <file>]

Checks that enforcement really works for the project (default: the current directory):
  1. an opencode configuration (opencode.json/opencode.jsonc in the project, .opencode/ or
     $XDG_CONFIG_HOME/opencode) loads opencode-semantic-anchors;
  2. the contract file the plugin will use is found and valid (file:line:col for every problem);
  3. warns when opencode's server would run without a password (OPENCODE_SERVER_PASSWORD unset here), and when
     a shell startup file (~/.bashrc, ~/.zshrc, ~/.profile, … and what they source) sets OPENCODE_PURE or
     OPENCODE_CONFIG* or runs opencode --pure (file:line);
  4. the OS sandbox every shell call runs in: warns when settings.sandbox switches it off, or when this machine
     cannot run it (bubblewrap, socat and ripgrep on Linux);
  5. where an opencode binary is installed (PATH or node_modules/.bin): starts it headless in a throw-away
     sandbox with your contract file and a scripted model on 127.0.0.1, shows a contract blocking a call, and
     proves the OS sandbox: a bash call cannot write into .opencode/ nor connect to a service on 127.0.0.1.
Exits 0 when every check passes (warnings included), 1 when one fails, 2 on bad arguments.

  --project <dir>      the project to check
  --no-run             skip the live check in a sandboxed opencode
  --timeout <seconds>  how long opencode may take to start and answer (default 90)
  --plugin <file>      the plugin bundle to load in the sandbox (default: this package's dist/index.js)`;

export const doctor: CliCommand = {
  summary: 'prove enforcement works here: opencode loads the plugin, the config is valid, a real call is blocked',
  usage: USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    // biome-ignore lint/suspicious/noImplicitAnyLet: TypeScript types it from the assignment in the try below
    let values;
    try {
      ({ values } = parseArgs({
        args,
        options: {
          project: { type: 'string' },
          'no-run': { type: 'boolean' },
          timeout: { type: 'string' },
          plugin: { type: 'string' },
        },
        strict: true,
        allowPositionals: false,
      }));
    } catch (error) {
      io.err(`semantic-anchors doctor: ${(error as Error).message}\nRun "semantic-anchors doctor --help" for usage.`);
      return 2;
    }
    const timeoutSeconds = values.timeout === undefined ? 90 : Number(values.timeout);
    if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
      io.err(`semantic-anchors doctor: --timeout must be a positive number of seconds, got "${values.timeout}"`);
      return 2;
    }
    const projectDir = resolve(values.project ?? process.cwd());
    io.out(`semantic-anchors doctor — ${projectDir}`);
    const checks: Check[] = [];
    const settings = checkOpencodeSettings(projectDir, process.env);
    checks.push(settings.check);
    const config = checkContractConfig(projectDir, settings.optionPath, process.env);
    checks.push(config.check);
    // What the host leaves open (a server without a password, startup files that switch the plugin off): warnings.
    checks.push(...hostExposureChecks(process.env));
    checks.push(sandboxSettingCheck(config.policy, config.file));
    if (config.policy?.settings.sandbox.mode !== 'off') checks.push(await sandboxRuntimeCheck());
    if (values['no-run']) {
      checks.push({ name: 'live check', status: 'skip', detail: 'skipped (--no-run)' });
    } else {
      // A CLI file downloaded on its own has no bundle beside it: then prove the drop-in file opencode really loads.
      const dropIn = settings.dropIn !== undefined && isPluginBundle(settings.dropIn) ? settings.dropIn : undefined;
      const pluginBundle = values.plugin ? resolve(values.plugin) : (defaultPluginBundle() ?? dropIn);
      if (pluginBundle === undefined || !existsSync(pluginBundle)) {
        checks.push({
          name: 'live check',
          status: 'fail',
          detail: `no plugin bundle to load (${pluginBundle ?? 'dist/index.js not found'})`,
          remedy: 'build the package (npm run build -w opencode-semantic-anchors) or pass --plugin <file>',
        });
      } else {
        const demo = chooseDemoCall(config.policy, config.contracts);
        checks.push(
          ...(await liveRun({
            projectDir,
            configFile: config.file,
            demo,
            pluginBundle,
            timeoutMs: timeoutSeconds * 1000,
          })),
        );
      }
    }
    const { lines, failed } = renderReport(checks);
    for (const line of lines) io.out(line);
    return failed > 0 ? 1 : 0;
  },
};
