// opencode 2's plugin context, hand-declared and trimmed to what the adapter uses. Its package (`@opencode/plugin`)
// is not installable here, and the `v2/promise` types inside `@opencode-ai/plugin@1.18.33` are an early draft without
// the tool hooks, so each declaration says where its shape comes from: opencode's own promise API upstream
// (github.com/anomalyco/opencode `packages/plugin/src/promise/*`, at the commit named: the stored version the
// search tool could read, upstream moves fast) or, where upstream had no counterpart there, the V2 docs
// (/work/shared/opencode/v2-host.md). Payload fields arrive as `unknown` where upstream says so, and are parsed at
// the boundary (payloads.ts). test/v2-upstream-shapes.test.ts drives the adapter with payloads in these shapes.

/** promise/registration.ts @baf3a6591a154eba7164fd50c8105c6f5b003658 `Registration`. */
export interface Registration {
  dispose(): Promise<void>;
}

/** promise/tool.ts @196e46122874caa1df7d28dab7a64f6fddf0730a `ToolHooks["execute.before"]` (ids as strings). */
export interface V2ToolBefore {
  tool: string;
  readonly sessionID: string;
  readonly agent: string;
  readonly messageID: string;
  readonly id: string;
  input: unknown;
}

/**
 * `Tool.Result` of @opencode/schema/tool, which the search tool did not hold: the fields the V2 docs show
 * (`content` as text or parts, `output`, `metadata`).
 */
export type V2ToolResult = {
  output?: unknown;
  content?: string | Array<{ type: string; text?: string }>;
  metadata?: Record<string, unknown>;
};

/** promise/tool.ts @196e46122874caa1df7d28dab7a64f6fddf0730a `ToolHooks["execute.after"]`; `error` trimmed to its message. */
export type V2ToolAfter = {
  readonly tool: string;
  readonly sessionID: string;
  readonly agent: string;
  readonly messageID: string;
  readonly id: string;
  readonly input: unknown;
} & ({ readonly status: 'completed'; result: V2ToolResult } | { readonly status: 'error'; error: { message: string } });

/**
 * promise/session.ts @03545fd3bb099af708c5f1146c42c10c7f24c359 `SessionPrompt`; `prompt` is `PromptInput.Prompt`
 * (packages/schema/src/prompt-input.ts @1bfd211ce7be89315f628a98698233a267eeac12: `text`, `files?` of
 * `{ uri, name?, mime?, … }`), `delivery` is `SessionInbox.Delivery`. Files stay `unknown[]`: the docs show other shapes.
 */
export interface V2Prompt {
  readonly sessionID: string;
  readonly messageID: string;
  prompt: { text: string; files?: unknown[] };
  metadata?: Record<string, unknown>;
  delivery: 'steer' | 'queue';
}

/**
 * promise/tool.ts @196e46122874caa1df7d28dab7a64f6fddf0730a `Info` (`Tool.Info` of @opencode/schema/tool with a
 * promise `execute`), as the V2 docs write it: `name`, `description`, `input` (a JSON Schema), `options.codemode`.
 */
export interface V2ToolDefinition {
  name: string;
  description: string;
  input: Record<string, unknown>;
  options?: { codemode?: boolean };
  execute(input: unknown, tool: unknown): Promise<{ content: string }>;
}

/**
 * promise/command.ts @35952d997ef061a98b8a6e7cbe3f6eb157dc18ae `CommandDefinition` and `CommandInvocation`
 * (`messageID` is absent at the older @643a70f8d9b764f7b89ae45d0f05ac15d03c954a, so optional here). Resolving with
 * nothing (`void`) finishes the command without admitting a prompt: no model turn.
 */
export interface V2CommandDefinition {
  name: string;
  description?: string;
  execute(input: {
    sessionID: string;
    messageID?: string;
    prompt: { text: string };
    delivery: 'steer' | 'queue';
  }): Promise<void>;
}

/**
 * An event of the stream: `OpenCodeEvent` of opencode's client (promise/event.ts @31ee1d62fe1b1e1bc2a525dc6659da4fb77239a1
 * and @ee1d7f4bf6b14522adbeb69329df0f410c913ae1), which the search tool did not hold; `type` and `data` as the V2 docs show.
 */
export interface V2Event {
  type: string;
  data?: unknown;
}

/** promise/plugin.ts @26b15a99d6549b57b57b9a8f22e7963898030a71 `Context`, trimmed to the domains the adapter uses. */
export interface V2Context {
  /** packages/plugin/src/app.ts @7527ad801f4bfae7917c2e256aa10f25235c7983 `App` (without `server`). */
  app: { name: string; version: string; channel: string };
  /**
   * From the V2 docs (PLG): NOT in promise/plugin.ts `Context` at @26b15a99d6549b57b57b9a8f22e7963898030a71 nor at
   * @0ef9ef4be011358f55c5a01e78d55beb033f4746; third-party plugins typed against @opencode/plugin read
   * `Plugin.Context["location"]`, so later versions have it. The adapter's setup depends on it.
   */
  location: { directory: string; workspaceID?: string; project: { id: string; directory: string; canonical?: string } };
  /** `PluginOptions` (packages/plugin/src/options.ts, not read): the config entry's options object. */
  options: Record<string, unknown>;
  /** promise/tool.ts @196e46122874caa1df7d28dab7a64f6fddf0730a `ToolDomain` (`hook`, `transform`). */
  tool: {
    hook(name: 'execute.before', cb: (e: V2ToolBefore) => void | Promise<void>): Promise<Registration>;
    hook(name: 'execute.after', cb: (e: V2ToolAfter) => void | Promise<void>): Promise<Registration>;
    transform(cb: (editor: { add(tool: V2ToolDefinition): void }) => void): Promise<Registration>;
  };
  /** promise/session.ts @03545fd3bb099af708c5f1146c42c10c7f24c359 `SessionDomain` (`hook`; `synthetic` picked from SessionApi). */
  session: {
    hook(name: 'prompt', cb: (e: V2Prompt) => void | Promise<void>): Promise<Registration>;
    synthetic?(input: { sessionID: string; text: string }): Promise<unknown>;
  };
  /** promise/command.ts @35952d997ef061a98b8a6e7cbe3f6eb157dc18ae `CommandDomain` (`transform`). */
  command: {
    transform(cb: (editor: { add(command: V2CommandDefinition): void }) => void): Promise<Registration>;
  };
  /**
   * From the V2 docs: `subscribe({ signal })`. Upstream differs by version: promise/event.ts
   * @31ee1d62fe1b1e1bc2a525dc6659da4fb77239a1 declares `subscribe()` / `subscribe(type)` (no options), and
   * @ee1d7f4bf6b14522adbeb69329df0f410c913ae1 takes `subscribe` from the client and adds `subscribeGlobal({ signal })`.
   */
  event: { subscribe(options?: { signal?: AbortSignal }): AsyncIterable<V2Event> };
}

/** promise/plugin.ts @26b15a99d6549b57b57b9a8f22e7963898030a71 `Cleanup` (this adapter's is always async). */
export type V2Cleanup = () => Promise<void>;

/**
 * promise/plugin.ts @26b15a99d6549b57b57b9a8f22e7963898030a71 `Plugin` (`id`, `setup`; its optional `tui` and `vcs`
 * are not used). Upstream's setup may return `Promise<Cleanup | void> | Cleanup | void`.
 */
export interface V2Plugin {
  readonly id: string;
  setup(ctx: V2Context): Promise<V2Cleanup | undefined> | V2Cleanup | undefined;
}
