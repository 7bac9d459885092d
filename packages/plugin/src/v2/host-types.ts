// opencode 2's plugin context, hand-declared from the V2 documentation (see ../shared/opencode/v2-host.md):
// opencode 2 is not installable here, so these types are the documented API trimmed to what the plugin uses.
// Payload fields arrive as `unknown` where the docs are unsure, and are parsed at the boundary (payloads.ts).

export interface Registration {
  dispose(): Promise<void>;
}

export interface V2ToolBefore {
  tool: string;
  readonly sessionID: string;
  readonly agent: string;
  readonly messageID: string;
  readonly id: string;
  input: unknown;
}

export type V2ToolResult = {
  output?: unknown;
  content?: string | Array<{ type: string; text?: string }>;
  metadata?: Record<string, unknown>;
};

export type V2ToolAfter = {
  readonly tool: string;
  readonly sessionID: string;
  readonly agent: string;
  readonly messageID: string;
  readonly id: string;
  readonly input: unknown;
} & ({ readonly status: 'completed'; result: V2ToolResult } | { readonly status: 'error'; error: { message: string } });

export interface V2Prompt {
  readonly sessionID: string;
  readonly messageID: string;
  prompt: { text: string; files?: unknown[] };
  metadata?: Record<string, unknown>;
  delivery: 'steer' | 'queue';
}

export interface V2ToolDefinition {
  name: string;
  description: string;
  input: Record<string, unknown>;
  options?: { codemode?: boolean };
  execute(input: unknown, tool: unknown): Promise<{ content: string }>;
}

export interface V2CommandDefinition {
  name: string;
  description?: string;
  execute(input: { sessionID: string; prompt: { text: string }; delivery: 'steer' | 'queue' }): Promise<void>;
}

export interface V2Event {
  type: string;
  data?: unknown;
}

export interface V2Context {
  app: { name: string; version: string; channel: string };
  location: { directory: string; workspaceID?: string; project: { id: string; directory: string; canonical?: string } };
  options: Record<string, unknown>;
  tool: {
    hook(name: 'execute.before', cb: (e: V2ToolBefore) => void | Promise<void>): Promise<Registration>;
    hook(name: 'execute.after', cb: (e: V2ToolAfter) => void | Promise<void>): Promise<Registration>;
    transform(cb: (editor: { add(tool: V2ToolDefinition): void }) => void): Promise<Registration>;
  };
  session: {
    hook(name: 'prompt', cb: (e: V2Prompt) => void | Promise<void>): Promise<Registration>;
    synthetic?(input: { sessionID: string; text: string }): Promise<unknown>;
  };
  command: {
    transform(cb: (editor: { add(command: V2CommandDefinition): void }) => void): Promise<Registration>;
  };
  event: { subscribe(options?: { signal?: AbortSignal }): AsyncIterable<V2Event> };
}

export type V2Cleanup = () => Promise<void>;

export interface V2Plugin {
  readonly id: string;
  setup(ctx: V2Context): Promise<V2Cleanup | undefined> | V2Cleanup | undefined;
}
