// The opencode 2 adapter over the same core. Host differences handled here and nowhere else: tool names
// (shell/subagent — folded by the engine), `path` vs `filePath` (read by the engine), the agent arriving on the
// tool event instead of the message, the prompt hook instead of chat.message, a registered command instead of
// command.execute.before, and events as an async stream. No toast API exists in the V2 server context: toasts go
// to the log.
import { attachmentPath, isRecord, parseOptions } from '../core/boundary.js';
import { SERVICE, type Channels } from '../core/channels.js';
import { decisionLogForced } from '../core/audit.js';
import { Enforcer, STATUS_TOOL, type Phase } from '../core/enforcer.js';
import { shellModelLoader } from '../core/shell-model.js';
import { NOT_WIRED_LINE } from '../sandbox/status.js';
import type { Registration, V2Cleanup, V2Context, V2Prompt, V2ToolAfter, V2ToolResult } from './host-types.js';
import { PromptFile, SessionCreated, ToolCallContext, ToolInput } from './payloads.js';

const COMMAND_DESCRIPTION =
  'semantic-anchors: status | bypass <contract-id> <reason> | reload [confirm] | role <id> | explain';

export function v2Channels(): Channels {
  const write = (line: string) => process.stderr.write(`[${SERVICE}] ${line}\n`);
  return {
    log: (level, message, extra) => write(`${level}: ${message}${extra ? ` ${JSON.stringify(extra)}` : ''}`),
    toast: (message, variant) => write(`toast ${variant}: ${message}`),
  };
}

export async function setup(ctx: V2Context): Promise<V2Cleanup> {
  const channels = v2Channels();
  const { options, problem } = parseOptions(ctx.options);
  if (problem) channels.log('warn', problem);
  const enforcer = new Enforcer(
    {
      directory: ctx.location.directory,
      optionPath: options.config,
      pluginFile: import.meta.url,
      extraSecretEnv: options.secretEnv ?? [],
      decisionLog: decisionLogForced(options.decisionLog),
      sandboxLine: () => NOT_WIRED_LINE,
    },
    channels,
  );
  channels.log('warn', NOT_WIRED_LINE);
  // opencode 2 waits for setup: the shell model (core/shell-model.ts) is there before the first hook is registered.
  await shellModelLoader(channels)();
  const guard = (phase: Phase, where: string, sessionID: string | undefined, body: () => void): void => {
    try {
      body();
    } catch (error) {
      enforcer.internalError(phase, where, sessionID, error);
    }
  };

  const registrations: Registration[] = [];
  registrations.push(
    await ctx.tool.hook('execute.before', (e) => {
      let block: string | undefined;
      try {
        const args = ToolInput.parse(e.input) ?? {};
        block = enforcer.beforeTool({ sessionID: e.sessionID, callID: e.id, tool: e.tool, args, agent: e.agent });
      } catch (error) {
        block = enforcer.internalError('tool-check', 'execute.before', e.sessionID, error);
      }
      if (block !== undefined) throw new Error(block);
    }),
    await ctx.tool.hook('execute.after', (e) =>
      guard('tool-result', 'execute.after', e.sessionID, () => {
        // opencode's own server's answers never reach the model, however the request got there (server-echo.ts).
        if (e.status === 'completed') enforcer.withholdServerEcho({ sessionID: e.sessionID, tool: e.tool }, e.result);
        appendNote(e, enforcer.afterTool({ sessionID: e.sessionID, callID: e.id, tool: e.tool }));
        enforcer.maskResult(e.status === 'completed' ? e.result : e.error, e.sessionID);
      }),
    ),
    await ctx.session.hook('prompt', (e) => guard('message', 'prompt', e.sessionID, () => onPrompt(e, enforcer))),
    await ctx.tool.transform((editor) =>
      editor.add({
        name: STATUS_TOOL,
        description:
          'Read-only: shows the semantic-anchors rule state of this session. Only the human can grant a bypass, with /anchor bypass.',
        input: { type: 'object', properties: {}, additionalProperties: false },
        options: { codemode: false },
        async execute(_input, tool) {
          const call = ToolCallContext.safeParse(tool);
          return { content: enforcer.status(call.success ? call.data.sessionID : '<unknown session>') };
        },
      }),
    ),
    await ctx.command.transform((editor) =>
      editor.add({
        name: 'anchor',
        description: COMMAND_DESCRIPTION,
        async execute(input) {
          const answer = enforcer.command(input.sessionID, input.prompt.text);
          // Show the answer in the session without a model turn, where the host offers it.
          if (typeof ctx.session.synthetic === 'function')
            await ctx.session.synthetic({ sessionID: input.sessionID, text: answer });
        },
      }),
    ),
  );

  const abort = new AbortController();
  void followEvents(ctx, enforcer, abort.signal);
  return async () => {
    abort.abort();
    await Promise.all(registrations.map((r) => r.dispose()));
  };
}

function onPrompt(e: V2Prompt, enforcer: Enforcer): void {
  const files = e.prompt.files ?? [];
  const paths = files.map(filePath);
  const outcome = enforcer.userMessage({
    sessionID: e.sessionID,
    text: e.prompt.text,
    attachments: paths.filter((p): p is string => p !== undefined),
  });
  if (outcome.note === undefined) return;
  if (outcome.withheld.length > 0) e.prompt.files = files.filter((_, i) => !outcome.withheld.includes(paths[i] ?? ''));
  e.prompt.text = `${e.prompt.text}\n\n${outcome.note}`;
}

function filePath(file: unknown): string | undefined {
  const f = PromptFile.safeParse(file);
  if (!f.success) return undefined;
  return typeof f.data === 'string' ? f.data : attachmentPath(f.data.uri ?? f.data.url, f.data.path);
}

function appendNote(e: V2ToolAfter, note: string | undefined): void {
  if (note === undefined || e.status !== 'completed') return;
  const result: V2ToolResult = e.result;
  if (Array.isArray(result.content)) result.content.push({ type: 'text', text: note });
  else if (typeof result.content === 'string') result.content = `${result.content}\n\n${note}`;
  else if (typeof result.output === 'string') result.output = `${result.output}\n\n${note}`;
  else result.content = note;
}

async function followEvents(ctx: V2Context, enforcer: Enforcer, signal: AbortSignal): Promise<void> {
  try {
    for await (const event of ctx.event.subscribe({ signal })) {
      if (!isRecord(event) || event.type !== 'session.created') continue;
      const created = SessionCreated.safeParse(event);
      if (created.success) enforcer.sessionCreated(created.data.data.info.id, created.data.data.info.parentID);
    }
  } catch (error) {
    if (!signal.aborted) enforcer.internalError('event', 'event stream', undefined, error);
  }
}
