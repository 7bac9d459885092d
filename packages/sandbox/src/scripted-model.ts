// A scripted, OpenAI-compatible model on 127.0.0.1: opencode talks to it like to any provider.
// Takes nothing but an optional port; returns its base URL, every request it received, and a way to stop it.
// Answers `POST /v1/chat/completions` with an SSE stream playing the directives in the latest user message.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseChatRequest, type ChatRequest } from './chat-request.js';
import { nextReply, type ModelReply } from './script-player.js';

export interface RecordedRequest {
  readonly seq: number;
  readonly method: string;
  readonly path: string;
  /** The parsed chat request, or undefined when the request was not one (then `error` says why). */
  readonly chat: ChatRequest | undefined;
  readonly error: string | undefined;
  readonly reply: ModelReply | undefined;
}

export interface ScriptedModel {
  /** Base URL for the provider's `baseURL` option, e.g. `http://127.0.0.1:41234/v1`. */
  readonly baseURL: string;
  readonly port: number;
  /** Every request received, in order. Tests read what the model saw from here. */
  readonly requests: readonly RecordedRequest[];
  /** Every tool result text the model received (role "tool" messages), de-duplicated, in order of first sight. */
  toolResults(): string[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;

export async function startScriptedModel(options: { port?: number } = {}): Promise<ScriptedModel> {
  const requests: RecordedRequest[] = [];
  let callCounter = 0;

  const server = createServer((req, res) => {
    readBody(req)
      .then((body) => handle(req, res, body))
      .catch((error: unknown) => {
        // The model must never hang opencode: any failure is a 500 with the reason, recorded for the test.
        requests.push({
          seq: requests.length,
          method: req.method ?? '',
          path: req.url ?? '',
          chat: undefined,
          error: String(error),
          reply: undefined,
        });
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(error) } }));
      });
  });

  function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const seq = requests.length;
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      requests.push({
        seq,
        method: req.method ?? '',
        path,
        chat: undefined,
        error: 'not a chat completion request',
        reply: undefined,
      });
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `scripted model: no route for ${req.method} ${path}` } }));
      return;
    }
    const parsed = parseChatRequest(JSON.parse(body) as unknown);
    if ('error' in parsed) {
      requests.push({ seq, method: 'POST', path, chat: undefined, error: parsed.error, reply: undefined });
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: parsed.error } }));
      return;
    }
    const reply = nextReply(parsed);
    requests.push({ seq, method: 'POST', path, chat: parsed, error: undefined, reply });
    callCounter += 1;
    const chunks = replyChunks(reply, parsed.model, `call_${callCounter}`);
    if (parsed.stream) {
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      for (const chunk of chunks) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      res.end('data: [DONE]\n\n');
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(completion(reply, parsed.model, `call_${callCounter}`)));
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    toolResults() {
      const seen = new Set<string>();
      for (const r of requests) for (const m of r.chat?.messages ?? []) if (m.role === 'tool') seen.add(m.text);
      return [...seen];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error(`request body larger than ${MAX_BODY_BYTES} bytes`));
      else parts.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function replyChunks(reply: ModelReply, model: string, callId: string): object[] {
  const base = {
    id: `chatcmpl-${callId}`,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
  };
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  if (reply.kind === 'text') {
    return [
      { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: reply.text }, finish_reason: null }] },
      { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage },
    ];
  }
  const toolCall = {
    index: 0,
    id: callId,
    type: 'function',
    function: { name: reply.tool, arguments: JSON.stringify(reply.args) },
  };
  return [
    { ...base, choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [toolCall] }, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }], usage },
  ];
}

function completion(reply: ModelReply, model: string, callId: string): object {
  const message =
    reply.kind === 'text'
      ? { role: 'assistant', content: reply.text }
      : {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: callId, type: 'function', function: { name: reply.tool, arguments: JSON.stringify(reply.args) } },
          ],
        };
  return {
    id: `chatcmpl-${callId}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: reply.kind === 'text' ? 'stop' : 'tool_calls' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}
