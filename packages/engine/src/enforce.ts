// @semantic-anchors/engine/enforce — what enforcing contracts needs at run time: schema, load, compile, evaluate,
// facts, the shell model. The plugin imports this, not the package root: the root adds what only the CLI and the site
// use (examples, scenarios, explain's spans, validate), and a bundle that splits the engine between the plugin and the
// CLI puts every file the plugin's imports reach into the chunk the plugin loads, whether it calls it or not.
export * from './schema/index.js';
export * from './diagnostics.js';
export { catalogue, findAnchor, findRole, findPreset, bundledPresets, closest } from './catalogue.js';
export type { CatalogueAnchor, CatalogueCategory, CatalogueMeta, CatalogueRole, PresetSource } from './catalogue.js';
export { loadConfig, EMPTY_CONFIG, LIMITS, isPresetReference, matcherFields, type LoadOptions } from './load/index.js';
// For bundlers: the schema's reading of a preset, carried with `checked: true` so loading it skips the schema.
export { checkedData, preparsedYaml } from './load/index.js';
export type {
  LoadResult,
  LoadedConfig,
  LoadedContract,
  LoadStatus,
  EffectiveSettings,
  EffectiveSandbox,
  EffectiveRoles,
  ContractOrigin,
} from './load/index.js';
export { compile, DEFAULT_BYPASS_HINT } from './compile/index.js';
export type {
  AnchorLink,
  CompileOptions,
  CompiledContract,
  CompiledPolicy,
  CompiledTrigger,
  SkippedContract,
} from './compile/index.js';
export {
  step,
  evaluate,
  next,
  startState,
  roleForAgent,
  rolesForAgent,
  eventKind,
  type Step,
} from './evaluate/step.js';
export { initialState, bypassesLeft, type SessionState, type BypassState } from './evaluate/state.js';
export {
  sessionContext,
  freshContext,
  type ContextSource,
  type ContextEvent,
  SHELL_SESSION_LIMITS,
  EMPTY_SHELL_SESSION,
  type ShellSession,
} from './evaluate/shell-session.js';
export {
  decide,
  faultMode,
  strongest,
  bypassCovers,
  type Effect,
  type OnError,
  type PendingBypass,
} from './evaluate/decide.js';
export { readBypassWords, type BypassWords } from './evaluate/bypass-words.js';
export { spendNamedBypass } from './evaluate/bypass-spend.js';
export {
  EMPTY_LEDGER,
  LEDGER_LIMITS,
  ledgerFile,
  ledgerFiles,
  recordCalls,
  type Ledger,
  type LedgerFile,
} from './ledger/index.js';
export { observedReport, type ObservedReport } from './evaluate/observe.js';
export { HOUSEKEEPING_AGENTS, STATUS_TOOL, isHousekeepingAgent, isStatusTool } from './evaluate/host-rules.js';
export { appliesToRole } from './evaluate/match.js';
export { hasUnknownNames } from './matchers/glob-may.js';
export {
  toolFacts,
  callSubject,
  messageFacts,
  isConfirmation,
  canonicalToolName,
  KNOWN_TOOLS,
  MAX_EVENT_TEXT,
  urlFact,
  urlsIn,
  canonicalHost,
  isLoopback,
  runLaterKind,
  runLaterEntries,
  runLaterAdded,
  describeRunLater,
  DEPENDENCY_KEY,
  INSTALL_SCRIPTS,
  NPMRC_RUNS,
  EDITOR_RC,
  YARNRC_RUNS,
  yarnBlocks,
  localDependencies,
} from './facts/index.js';
export type {
  Facts,
  ToolFacts,
  MessageFacts,
  EffectFact,
  CommandFact,
  PathFact,
  MessageAuthor,
  UrlFact,
  RunLaterKind,
  RunLaterEntry,
} from './facts/index.js';
// The shell model itself is not exported here: the plugin reaches it through facts/shell-model.ts, which its build
// swaps for the deferred variant (loaded after the start; see there). The package root exports parseShell.
export { gitConfigRunsLater } from './shell/git-config.js';
export { loadShellModel, shellModel, type ShellModelApi } from './facts/shell-model.js';
export type {
  ShellModel,
  SimpleCommand,
  FileEffect,
  Opaque,
  Flag,
  ShellContext,
  ShellPersistence,
  UnknownWord,
  ShellFile,
  GlobMatch,
  CommandInput,
  ImpliedWord,
  ScriptRun,
} from './shell/index.js';
export { findSecrets, SECRET_RULES, type SecretFinding } from './secrets/index.js';
export { redactSecrets } from './secrets/redact.js';
export { BUILTIN_PREFIX, PROTECT_PREFIX, type ProtectOptions, type Unit } from './compile/index.js';
export type {
  Verdict,
  ContractMatch,
  ExcusedMatch,
  BypassReport,
  EventKind,
  ContractFault,
} from './evaluate/verdict.js';
