// The opencode 1.18 plugin factory. opencode waits for it at start (and for its import), so it does only what must be
// there before opencode goes on: the `config` hook (opencode reads the configuration while it starts), the status
// tool's definition, and the hooks' shells. The rest — the rules' load and compile, the sandbox, the result checks,
// and the shell parser the first call needs — is imported and started right after, in the background (runtime.ts):
// every hook but `config` waits for it, so no call is judged before the rules are in place.
// INVARIANT: nothing this file imports statically reaches the engine or the schema library (the build's chunk for
// this file stays small); they come with runtime.ts.
import type * as Host from '@opencode-ai/plugin';
import { describeError, SERVICE, type Channels } from '../core/channels.js';
import { hostGapWarnings } from '../core/host-gaps.js';
import { isRecord } from '../core/is-record.js';
import { fenceFormatters, lspWarning } from '../core/project-code-runners.js';
import { v1Channels } from './channels.js';
import type { V1Runtime } from './runtime.js';

export const COMMAND_NAME = 'anchor';
/**
 * The plugin's own read-only tool; the engine exempts it by this name (always allowed, never counted), see its
 * host-rules.ts. Written here, not imported: the engine is not loaded yet when opencode reads the tool's definition
 * (test/v1-commands.test.ts checks the two are the same).
 */
export const STATUS_TOOL = 'anchor_status';
const COMMAND_DESCRIPTION =
  'semantic-anchors: status | bypass <contract-id> <reason> | reload [confirm] | role <id> | explain';
const STATUS_TOOL_DESCRIPTION =
  'Read-only: shows the semantic-anchors rule state of this session (role, active contracts, tool calls since the ' +
  'last confirmation, bypasses left). It changes nothing; only the human can grant a bypass, with /anchor bypass.';

/** The hooks this plugin gives opencode 1.18: the host's `Hooks`, every one it uses present. */
export type V1Hooks = Required<
  Pick<
    Host.Hooks,
    | 'config'
    | 'tool'
    | 'event'
    | 'chat.message'
    | 'command.execute.before'
    | 'tool.execute.before'
    | 'tool.execute.after'
    | 'shell.env'
  >
>;

export async function server(input: Host.PluginInput, options?: Host.PluginOptions): Promise<V1Hooks> {
  const channels = v1Channels(isRecord(input) ? input.client : undefined);
  const ready = startInBackground(input, options, channels);
  // A start that failed was reported when it failed; each hook then lets the call through (the plugin fails open on
  // its own errors, never silently).
  const later = async <T>(use: (runtime: V1Runtime) => T | Promise<T>, failed: T): Promise<T> => {
    const runtime = await ready;
    return runtime === undefined ? failed : use(runtime);
  };

  return {
    async config(cfg) {
      try {
        if (!isRecord(cfg)) return;
        // `shell` is read by opencode 1.18.33 but missing from its Config type: read it as untyped configuration.
        const settings: Record<string, unknown> = cfg;
        const shell = settings.shell;
        void ready.then((runtime) => runtime?.useShell(shell));
        const fenced = fenceFormatters(cfg);
        if (fenced.length > 0)
          channels.log(
            'warn',
            `formatters that run the project's own code outside the OS sandbox are turned off: ${fenced.join(', ')}`,
            {},
          );
        const lsp = lspWarning(cfg);
        for (const gap of [...hostGapWarnings(cfg), ...(lsp === undefined ? [] : [lsp])]) {
          channels.log('warn', gap, {});
          channels.toast(gap, 'warning');
        }
        if (!isRecord(cfg.command)) cfg.command = {};
        if (cfg.command[COMMAND_NAME] !== undefined)
          channels.log('warn', `replacing the /${COMMAND_NAME} command defined in the opencode configuration`, {});
        cfg.command[COMMAND_NAME] = { template: '$ARGUMENTS', description: COMMAND_DESCRIPTION };
      } catch (error) {
        // opencode logs a throw from `config` and goes on; say what failed in our own words instead.
        channels.log('error', `${SERVICE}: reading the opencode configuration failed: ${describeError(error)}`, {});
      }
    },

    tool: {
      [STATUS_TOOL]: {
        description: STATUS_TOOL_DESCRIPTION,
        args: {},
        execute: (args, ctx) =>
          later((runtime) => runtime.status(args, ctx), `${SERVICE} did not start; see opencode's log`),
      },
    },

    'tool.execute.before': (i, o) => later((runtime) => runtime.hooks['tool.execute.before'](i, o), undefined),
    'tool.execute.after': (i, o) => later((runtime) => runtime.hooks['tool.execute.after'](i, o), undefined),
    'chat.message': (i, o) => later((runtime) => runtime.hooks['chat.message'](i, o), undefined),
    'command.execute.before': (i, o) => later((runtime) => runtime.hooks['command.execute.before'](i, o), undefined),
    'shell.env': (i, o) => later((runtime) => runtime.hooks['shell.env'](i, o), undefined),
    event: (i) => later((runtime) => runtime.hooks.event(i), undefined),
  };
}

/** Imports and starts the working part; undefined (reported) when that fails. */
async function startInBackground(
  input: Host.PluginInput,
  options: Host.PluginOptions | undefined,
  channels: Channels,
): Promise<V1Runtime | undefined> {
  try {
    // One turn of the event loop first: Node 22 and later read and compile a dynamic import's files synchronously,
    // before import() returns, so without it opencode would wait for the whole engine inside the factory (about 50 ms
    // in Node 24; Node 20 and Bun already load it after the factory returns). The work is the same, only moved out of
    // what opencode waits for; bench/cold-start.mjs measures both (`total`, and `ready` and the first call's CPU).
    await new Promise<void>((resolve) => setImmediate(resolve));
    const { startV1 } = await import('./runtime.js');
    return startV1(input, options, channels);
  } catch (error) {
    const message = `${SERVICE} could not start, so no rule is enforced in this opencode: ${describeError(error)}`;
    channels.log('error', message, {});
    channels.toast(message, 'error');
    return undefined;
  }
}
