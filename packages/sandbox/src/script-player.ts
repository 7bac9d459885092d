// The scripted model's brain: given the conversation so far, decide the next step.
// Takes a parsed chat request; returns a tool call to make or text to end the turn with.

import { parseDirectives, type ScriptStep } from './directives.js';
import type { ChatRequest } from './chat-request.js';

export type ModelReply =
  | { readonly kind: 'call'; readonly tool: string; readonly args: Record<string, unknown> }
  | { readonly kind: 'text'; readonly text: string };

export const DEFAULT_FINAL_TEXT = 'DONE';
export const TITLE_TEXT = 'Scripted session';

/**
 * The script lives in the latest user message; each assistant step after it that made a tool call consumed one
 * step. A request without tools is a hidden helper agent (title, summary): it gets plain text.
 */
export function nextReply(request: ChatRequest): ModelReply {
  if (request.toolNames.length === 0) return { kind: 'text', text: TITLE_TEXT };
  const lastUser = findLastIndex(request.messages, (m) => m.role === 'user');
  if (lastUser < 0) return { kind: 'text', text: DEFAULT_FINAL_TEXT };
  const { steps, errors } = parseDirectives(request.messages[lastUser]?.text ?? '');
  if (errors.length > 0) {
    return { kind: 'text', text: `SCRIPT ERROR: ${errors.map((e) => `line ${e.line}: ${e.message}`).join('; ')}` };
  }
  const done = request.messages.slice(lastUser + 1).filter((m) => m.role === 'assistant' && m.toolCalls.length > 0);
  const step: ScriptStep | undefined = steps[done.length];
  if (step === undefined) return { kind: 'text', text: DEFAULT_FINAL_TEXT };
  if (step.kind === 'say') return { kind: 'text', text: step.text };
  const lastResult =
    request.messages
      .slice(lastUser + 1)
      .filter((m) => m.role === 'tool')
      .at(-1)?.text ?? '';
  return { kind: 'call', tool: step.tool, args: fillFromResult(step.args, lastResult) };
}

/**
 * `{{result:<regex>}}` in a string argument becomes the regex's first group matched against the previous tool
 * result (empty when it does not match): a scripted model that acts on what it saw, e.g. a port it found.
 */
export const RESULT_PLACEHOLDER = /\{\{result:(.+?)\}\}/g;

function fillFromResult(args: Record<string, unknown>, result: string): Record<string, unknown> {
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string')
      return value.replace(
        RESULT_PLACEHOLDER,
        (_m, pattern: string) => new RegExp(pattern, 'm').exec(result)?.[1] ?? '',
      );
    if (Array.isArray(value)) return value.map(fill);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  return fill(args) as Record<string, unknown>;
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i] as T)) return i;
  return -1;
}
