// opencode payloads → engine events: a tool call (name + arguments) and a user message (the human's words, the
// files attached, who wrote it). The plugin's adapter and `replay` build their events here and nowhere else.
import type { HostFacts, MessageEvent, ToolEvent } from '../../schema/index.js';

export type ToolCallMapping = { readonly event: ToolEvent } | { readonly problem: string };

/**
 * A tool call: the host's arguments must be an object (a missing one is an empty call). `host`: what the host read of
 * the work tree for this call (branch, upstream, ignore rules), when it read anything.
 */
export function toolCallEvent(tool: string, args: unknown, host?: HostFacts): ToolCallMapping {
  if (tool.length === 0) return { problem: 'the tool has no name' };
  const facts = host === undefined ? {} : { host };
  if (args === undefined || args === null) return { event: { tool, args: {}, ...facts } };
  if (typeof args !== 'object' || Array.isArray(args))
    return { problem: `the tool input is ${Array.isArray(args) ? 'a list' : `a ${typeof args}`}, not an object` };
  // A copy: the engine must not hold (or change) the object the tool will run with.
  return { event: { tool, args: { ...(args as Record<string, unknown>) }, ...facts } };
}

export interface UserMessage {
  readonly text: string;
  readonly attachments: readonly string[];
  /** The message arrived in a subagent (child) session: it is the parent agent's prompt, not the human's words. */
  readonly child: boolean;
}

/**
 * A user message. In a subagent session it is the prompt the parent agent wrote: `from: subagent`, so it never
 * confirms a step and matches only contracts that ask for subagent messages.
 */
export function userMessageEvent(m: UserMessage): MessageEvent {
  return {
    message: m.text,
    ...(m.attachments.length > 0 ? { attachments: [...m.attachments] } : {}),
    ...(m.child ? { from: 'subagent' as const } : {}),
  };
}
