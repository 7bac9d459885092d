// The opencode 1.18 adapter's working part: host payloads → core calls → host actions (throw = block, appended
// note = warn). Loaded by server.ts right after opencode's start, in the background (see there). Thin on purpose:
// every decision is the engine's, every piece of state the core's. Typed against opencode's own plugin package
// (`@opencode-ai/plugin`, type-only: nothing of it is imported at run time); the payloads are still parsed
// (payloads.ts), because the types describe what opencode means to send, not what a given build sends (v1-host.md
// lists where 1.18.33 differs).
import { homedir } from 'node:os';
import type * as Host from '@opencode-ai/plugin';
import { parseOptions } from '../core/boundary.js';
import { decisionLogForced } from '../core/audit.js';
import type { Channels } from '../core/channels.js';
import { Enforcer, type Phase } from '../core/enforcer.js';
import { notProviderKeys, scrubbedEnv } from '../core/secret-env.js';
import { shellModelLoader } from '../core/shell-model.js';
import { agentPythonCacheEnv } from '../integrity/pycache-watch.js';
import { agentGoCacheEnv, agentNpmCacheEnv, linkAgentNpmContent } from '../core/protection.js';
import { isRecord } from '../core/is-record.js';
import { Sandbox } from '../sandbox/index.js';
import { runtimePackageDir } from '../sandbox/runtime.js';
import { attachedPaths, messageText, textPartLike, withholdInPlace } from './parts.js';
import { newPartID } from './part-id.js';
import {
  ChatMessageInput,
  ChatMessageOutput,
  CommandInput,
  HostEvent,
  PluginInput,
  SessionInfoEvent,
  ToolAfterInput,
  ToolBeforeInput,
  ToolBeforeOutput,
  ToolContext,
  ToolPartEvent,
} from './payloads.js';
import { COMMAND_NAME, type V1Hooks } from './server.js';

/** What the background start gives the hooks server.ts returned to opencode. */
export interface V1Runtime {
  /** Every hook but `config` and `tool`, which server.ts answers itself (opencode reads them at start). */
  readonly hooks: Omit<V1Hooks, 'config' | 'tool'>;
  /** The status tool's answer. */
  status(args: unknown, ctx: unknown): Promise<string>;
  /** opencode's `shell` setting, as the config hook read it. */
  useShell(shell: unknown): void;
}

/** The host's server address (PluginInput.serverUrl, a URL behind a getter), as a string; undefined if absent. */
function serverUrlOf(input: Host.PluginInput): string | undefined {
  // Typed a URL, but absent where a host (or a test host) has no server yet: read it as what it may be.
  const url: unknown = isRecord(input) ? input.serverUrl : undefined;
  return url instanceof URL || typeof url === 'string' ? String(url) : undefined;
}

const sessionOf = (input: unknown): string | undefined =>
  isRecord(input) && typeof input.sessionID === 'string' ? input.sessionID : undefined;

export function startV1(
  input: Host.PluginInput,
  options: Host.PluginOptions | undefined,
  channels: Channels,
): V1Runtime {
  const host = PluginInput.safeParse(input);
  const { options: opts, problem } = parseOptions(options);
  const directory = host.success ? host.data.directory : process.cwd();
  if (!host.success) channels.log('error', `opencode passed no project directory; using ${directory}`, {});
  if (problem) channels.log('warn', problem, {});
  const secretEnv = opts.secretEnv ?? [];
  const shellProviderKeys = opts.shellProviderKeys ?? [];
  const unknownKeys = notProviderKeys(shellProviderKeys);
  if (unknownKeys.length > 0)
    channels.log(
      'warn',
      `shellProviderKeys: ${unknownKeys.join(', ')} ignored: only model provider keys opencode reads can be let through to the shell`,
      {},
    );
  const worktree = host.success ? host.data.worktree : undefined;
  const sandbox = new Sandbox({
    directory,
    worktree,
    channels,
    onRefused: (sessionID, tool, refusals) => enforcer.sandboxRefused(sessionID, tool, refusals),
  });
  const runtimeDir = runtimePackageDir();
  const enforcer = new Enforcer(
    {
      directory,
      worktree,
      optionPath: opts.config,
      // A getter on the host's side: the port may only be known once the server listens, so read it each time.
      get serverUrl() {
        return serverUrlOf(input);
      },
      pluginFile: import.meta.url,
      projectID: host.success ? host.data.project?.id : undefined,
      extraSecretEnv: secretEnv,
      // The sandbox library runs in opencode's process too: its files are protected like the plugin's own.
      runtimeDirs: runtimeDir === undefined ? [] : [runtimeDir],
      decisionLog: decisionLogForced(opts.decisionLog),
      sandboxLine: (snapshot) => sandbox.statusLine(snapshot),
      // shell.env below gives every shell a python cache of its own (integrity/pycache-watch.ts).
      agentPythonCacheElsewhere: true,
    },
    channels,
  );
  // In the background: opencode does not wait for the sandbox; the first bash call does.
  sandbox.start(enforcer.snapshot);
  // The shell model too (core/shell-model.ts): the hooks that hand the engine a tool call wait for it.
  const shellModel = shellModelLoader(channels);

  /** Runs a hook body; an error inside it is reported and the call proceeds (unless onError: block). */
  const guard = <T>(phase: Phase, where: string, input: unknown, body: () => T): T | undefined => {
    try {
      return body();
    } catch (error) {
      enforcer.internalError(phase, where, sessionOf(input), error);
      return undefined;
    }
  };

  const hooks: V1Runtime['hooks'] = {
    async 'tool.execute.before'(input, output) {
      let block: string | undefined;
      try {
        await shellModel();
        const i = ToolBeforeInput.parse(input);
        const o = ToolBeforeOutput.parse(output);
        if (i.tool === 'bash') await sandbox.started(enforcer.snapshot);
        block = enforcer.beforeTool({ sessionID: i.sessionID, callID: i.callID, tool: i.tool, args: o.args ?? {} });
        // The host runs the tool with this very object: the sandbox edits it in place (see sandbox/launcher.ts).
        if (block === undefined && isRecord(output) && isRecord(output.args))
          await sandbox.prepare({ ...i, args: output.args }, enforcer.snapshot);
      } catch (error) {
        block = enforcer.internalError('tool-check', 'tool.execute.before', sessionOf(input), error);
      }
      // INVARIANT: the only throw of this plugin — opencode turns it into the tool's error result and skips the tool.
      if (block !== undefined) throw new Error(block);
    },

    async 'tool.execute.after'(input, output) {
      await shellModel();
      guard('tool-result', 'tool.execute.after', input, () => {
        const i = ToolAfterInput.parse(input);
        if (!isRecord(output)) return;
        const notes = [
          sandbox.finish(i.callID, output),
          enforcer.afterTool({ sessionID: i.sessionID, callID: i.callID, tool: i.tool }),
        ];
        // opencode's own server's answers never reach the model, however the request got there.
        enforcer.withholdServerEcho({ sessionID: i.sessionID, tool: i.tool }, output);
        // The host's secret values never reach the model, whichever tool printed them (title, output, metadata).
        enforcer.maskResult(output, i.sessionID);
        const note = notes.filter((n) => n !== undefined).join('\n\n');
        if (note === '') return;
        output.output =
          typeof output.output === 'string' && output.output !== '' ? `${output.output}\n\n${note}` : note;
      });
    },

    async 'chat.message'(input, output) {
      guard('message', 'chat.message', input, () => {
        const i = ChatMessageInput.parse(input);
        const o = ChatMessageOutput.parse(output);
        // The host keeps its own reference to this array: edit it in place (the parsed copy is for reading). Edited
        // as data: a part the plugin adds reuses the ids the host gave (textPartLike), which the type cannot check.
        const parts: unknown[] = isRecord(output) && Array.isArray(output.parts) ? output.parts : [];
        const outcome = enforcer.userMessage({
          sessionID: i.sessionID,
          agent: o.message.agent,
          text: messageText(o.parts),
          attachments: attachedPaths(o.parts),
        });
        if (outcome.note === undefined) return;
        if (outcome.withheld.length > 0) {
          withholdInPlace(parts, outcome.withheld, outcome.note);
        } else {
          parts.push({
            ...textPartLike({ sessionID: o.message.sessionID ?? i.sessionID, messageID: o.message.id }, outcome.note),
            id: newPartID(),
          });
        }
      });
    },

    async 'command.execute.before'(input, output) {
      await shellModel();
      guard('command', 'command.execute.before', input, () => {
        const i = CommandInput.parse(input);
        if (i.command !== COMMAND_NAME) return;
        const answer = enforcer.command(i.sessionID, i.arguments);
        // Typed `Part[]`, but 1.18.33 passes the command's prompt parts, which have no ids yet
        // (test/fixtures/v1/command.execute.before.json): the answer is a prompt part of that shape.
        const parts: unknown[] | undefined = isRecord(output) && Array.isArray(output.parts) ? output.parts : undefined;
        parts?.splice(0, parts.length, { type: 'text', text: answer });
      });
    },

    // The agent's shell (and the human's terminals) start from opencode's own environment, which holds the server
    // password: blank it there, so not even a script the engine cannot see into can read it. Python compiles into a
    // folder of its own there (integrity/pycache-watch.ts), Go and npm keep caches of their own (core/protection.ts).
    async 'shell.env'(input, output) {
      if (!isRecord(output) || !isRecord(output.env)) return;
      const env = output.env;
      guard('shell-env', 'shell.env', input, () =>
        Object.assign(
          env,
          scrubbedEnv(secretEnv, process.env, shellProviderKeys),
          agentPythonCacheEnv(),
          agentGoCacheEnv(),
          agentNpmCacheEnv(homedir(), process.env),
        ),
      );
      guard('shell-env', 'shell.env (npm cache)', input, () => linkAgentNpmContent(homedir(), process.env));
      // A bash call the sandbox prepared gets its wrapped command here (never throws: it fails closed).
      await sandbox.shellEnv(isRecord(input) && typeof input.callID === 'string' ? input.callID : undefined, env);
    },

    async event(input) {
      guard('event', 'event', undefined, () => {
        const event = isRecord(input) ? HostEvent.safeParse(input.event) : undefined;
        if (!event?.success) return;
        if (event.data.type === 'message.part.updated') {
          // A call that ends without tool.execute.after (aborted, refused by a permission) gives its sandbox back.
          const part = ToolPartEvent.safeParse(event.data);
          if (part.success && ['completed', 'error'].includes(part.data.properties.part.state.status))
            sandbox.settle(part.data.properties.part.callID);
          return;
        }
        if (event.data.type === 'session.created' || event.data.type === 'session.deleted') {
          const info = SessionInfoEvent.parse(event.data).properties.info;
          if (event.data.type === 'session.created') enforcer.sessionCreated(info.id, info.parentID);
          else enforcer.sessionDeleted(info.id);
        }
      });
    },
  };
  return {
    hooks,
    async status(_args, ctx) {
      const parsed = ToolContext.safeParse(ctx);
      return parsed.success ? enforcer.status(parsed.data.sessionID) : enforcer.status('<unknown session>');
    },
    useShell: (shell) => sandbox.useShell(shell),
  };
}
