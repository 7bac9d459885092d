// A small client for opencode's HTTP server (the parts the tests and doctor drive): takes the server URL;
// returns sessions, prompts, slash commands, the message list and an SSE event recorder. Every call is bounded.

import { request } from 'node:http';

export interface ToolPart {
  readonly tool: string;
  readonly callID: string;
  readonly status: string;
  readonly input: unknown;
  readonly output: string | undefined;
  readonly error: string | undefined;
}

export interface StoredMessage {
  readonly role: string;
  readonly agent: string | undefined;
  readonly texts: readonly string[];
  readonly tools: readonly ToolPart[];
  readonly raw: unknown;
}

export interface BusEvent {
  readonly type: string;
  readonly properties: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The header opencode's server asks for when it runs with OPENCODE_SERVER_PASSWORD (user "opencode"). */
export function serverAuth(password: string | undefined): Record<string, string> {
  if (password === undefined || password === '') return {};
  return { authorization: `Basic ${Buffer.from(`opencode:${password}`).toString('base64')}` };
}

export class OpencodeClient {
  constructor(
    readonly url: string,
    private readonly timeoutMs = 90_000,
    /** The server's password, when it runs with one. */
    private readonly password?: string,
  ) {}

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown; text: string }> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        ...serverAuth(this.password),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined; // not JSON (an error page): callers read `text`
    }
    return { status: response.status, json, text };
  }

  private async ok(method: string, path: string, body?: unknown): Promise<unknown> {
    const result = await this.call(method, path, body);
    if (result.status >= 400)
      throw new Error(`${method} ${path} → HTTP ${result.status}: ${result.text.slice(0, 2000)}`);
    return result.json;
  }

  async createSession(body: Record<string, unknown> = {}): Promise<string> {
    // A session created with a title of its own skips the title opencode asks the small model for after the first
    // message: one model request and its bookkeeping less per session, which no test or doctor check reads.
    const json = await this.ok('POST', '/session', { title: 'scripted session', ...body });
    if (!isRecord(json) || typeof json.id !== 'string')
      throw new Error(`POST /session returned no id: ${JSON.stringify(json)}`);
    return json.id;
  }

  /** Sends a user message and waits for the turn to end; returns the final assistant message as opencode sent it. */
  prompt(
    sessionId: string,
    text: string,
    options: { agent?: string; parts?: readonly unknown[] } = {},
  ): Promise<unknown> {
    const parts = [{ type: 'text', text }, ...(options.parts ?? [])];
    return this.ok('POST', `/session/${sessionId}/message`, {
      ...(options.agent ? { agent: options.agent } : {}),
      parts,
    });
  }

  /** Runs a slash command as a human would type it (`/anchor bypass reason` → command "anchor", arguments "bypass reason"). */
  command(
    sessionId: string,
    command: string,
    args: string,
    options: { agent?: string } = {},
  ): Promise<{ status: number; json: unknown; text: string }> {
    return this.call('POST', `/session/${sessionId}/command`, {
      command,
      arguments: args,
      ...(options.agent ? { agent: options.agent } : {}),
    });
  }

  async commands(): Promise<Array<{ name: string; description?: string }>> {
    const json = await this.ok('GET', '/command');
    return Array.isArray(json)
      ? json.filter(isRecord).map((c) => ({
          name: String(c.name),
          description: typeof c.description === 'string' ? c.description : undefined,
        }))
      : [];
  }

  async sessions(): Promise<Array<{ id: string; parentID: string | undefined }>> {
    const json = await this.ok('GET', '/session');
    return Array.isArray(json)
      ? json
          .filter(isRecord)
          .map((s) => ({ id: String(s.id), parentID: typeof s.parentID === 'string' ? s.parentID : undefined }))
      : [];
  }

  async messages(sessionId: string): Promise<StoredMessage[]> {
    const json = await this.ok('GET', `/session/${sessionId}/message`);
    if (!Array.isArray(json)) return [];
    return json.filter(isRecord).map((m) => {
      const info = isRecord(m.info) ? m.info : {};
      const parts = Array.isArray(m.parts) ? m.parts.filter(isRecord) : [];
      return {
        role: String(info.role),
        agent: typeof info.agent === 'string' ? info.agent : undefined,
        texts: parts.filter((p) => p.type === 'text' && typeof p.text === 'string').map((p) => p.text as string),
        tools: parts.filter((p) => p.type === 'tool').map(toToolPart),
        raw: m,
      };
    });
  }

  /** All tool parts of a session, in order. */
  async toolParts(sessionId: string): Promise<ToolPart[]> {
    return (await this.messages(sessionId)).flatMap((m) => m.tools);
  }

  /** Subscribes to GET /event; events arrive in `events` until close(). */
  subscribe(): EventRecorder {
    return new EventRecorder(`${this.url}/event`, serverAuth(this.password));
  }
}

function toToolPart(part: Record<string, unknown>): ToolPart {
  const state = isRecord(part.state) ? part.state : {};
  return {
    tool: String(part.tool),
    callID: String(part.callID),
    status: String(state.status),
    input: state.input,
    output: typeof state.output === 'string' ? state.output : undefined,
    error: typeof state.error === 'string' ? state.error : undefined,
  };
}

export class EventRecorder {
  readonly events: BusEvent[] = [];
  private readonly req;

  constructor(url: string, headers: Readonly<Record<string, string>> = {}) {
    this.req = request(url, { headers: { ...headers, accept: 'text/event-stream' } }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trim())
            .join('\n');
          if (!data) continue;
          try {
            const event: unknown = JSON.parse(data);
            if (isRecord(event) && typeof event.type === 'string') {
              this.events.push({ type: event.type, properties: isRecord(event.properties) ? event.properties : {} });
            }
          } catch (error) {
            this.events.push({ type: 'recorder.unparsable', properties: { data, error: String(error) } });
          }
        }
      });
    });
    // The stream ends when opencode stops; that is not a test failure, the recorded events stay readable.
    this.req.on('error', (error) => this.events.push({ type: 'recorder.error', properties: { error: String(error) } }));
    this.req.end();
  }

  /** Toast messages shown so far (headless, a toast is only the `tui.toast.show` event). */
  toasts(): Array<{ message: string; variant: string; title: string | undefined }> {
    return this.events
      .filter((e) => e.type === 'tui.toast.show')
      .map((e) => ({
        message: String(e.properties.message),
        variant: String(e.properties.variant),
        title: typeof e.properties.title === 'string' ? e.properties.title : undefined,
      }));
  }

  close(): void {
    this.req.destroy();
  }
}
