// The sandbox: a scripted model and a headless opencode in throw-away dirs, shared by `doctor` and the e2e tests.
export { startScriptedModel, type ScriptedModel, type RecordedRequest } from './scripted-model.js';
export { parseDirectives, callDirective, type ScriptStep, type ParsedScript } from './directives.js';
export { nextReply, DEFAULT_FINAL_TEXT, TITLE_TEXT, type ModelReply } from './script-player.js';
export { parseChatRequest, type ChatRequest, type ChatMessage } from './chat-request.js';
export { findOpencode, platformPackages, type FoundBinary } from './find-opencode.js';
export { createSandboxDirs, sandboxEnv, ISOLATION_ENV, type SandboxDirs } from './sandbox-dirs.js';
export {
  sandboxOpencodeConfig,
  SCRIPTED_PROVIDER,
  SCRIPTED_MODEL,
  type PluginEntry,
  type SandboxConfigOptions,
} from './opencode-config.js';
export { launchOpencode, type LaunchOptions, type OpencodeProcess } from './opencode-process.js';
export {
  OpencodeClient,
  EventRecorder,
  serverAuth,
  type StoredMessage,
  type ToolPart,
  type BusEvent,
} from './opencode-client.js';
export { waitUntil, sleep } from './wait.js';
export { freePort } from './free-port.js';
