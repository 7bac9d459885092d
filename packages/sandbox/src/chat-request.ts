// The OpenAI-compatible chat request as the scripted model reads it: parsed at the boundary from untyped JSON.
// Takes the decoded request body; returns the messages as role + plain text (+ tool calls), nothing guessed.

export interface ChatToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

export interface ChatMessage {
  readonly role: string;
  /** Every text part of the message joined with newlines; non-text parts (images, files) are left out. */
  readonly text: string;
  readonly toolCalls: readonly ChatToolCall[];
  readonly toolCallId: string | undefined;
}

export interface ChatRequest {
  readonly model: string;
  readonly stream: boolean;
  readonly toolNames: readonly string[];
  readonly messages: readonly ChatMessage[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isRecord(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}

function toolCallsOf(value: unknown): ChatToolCall[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((call): ChatToolCall[] => {
    if (!isRecord(call) || !isRecord(call.function)) return [];
    const fn = call.function;
    return [
      {
        id: typeof call.id === 'string' ? call.id : '',
        name: typeof fn.name === 'string' ? fn.name : '',
        arguments: typeof fn.arguments === 'string' ? fn.arguments : '',
      },
    ];
  });
}

/** Returns the parsed request, or a message saying what about the body is not a chat completion request. */
export function parseChatRequest(body: unknown): ChatRequest | { readonly error: string } {
  if (!isRecord(body)) return { error: 'request body is not a JSON object' };
  if (!Array.isArray(body.messages)) return { error: 'request body has no "messages" array' };
  const messages = body.messages.flatMap((raw): ChatMessage[] => {
    if (!isRecord(raw) || typeof raw.role !== 'string') return [];
    return [
      {
        role: raw.role,
        text: textOf(raw.content),
        toolCalls: toolCallsOf(raw.tool_calls),
        toolCallId: typeof raw.tool_call_id === 'string' ? raw.tool_call_id : undefined,
      },
    ];
  });
  const toolNames = Array.isArray(body.tools)
    ? body.tools.flatMap((tool) =>
        isRecord(tool) && isRecord(tool.function) && typeof tool.function.name === 'string' ? [tool.function.name] : [],
      )
    : [];
  return {
    model: typeof body.model === 'string' ? body.model : '',
    stream: body.stream === true,
    toolNames,
    messages,
  };
}
