// @semantic-anchors/engine — the one rule engine: schema → load/validate → compile → evaluate.
// Runtime-neutral: no I/O and no Node built-ins, so the same code runs in opencode's Bun, in Node and in the browser.
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
export { applicability, describeApplicability, type Applicability, type AppliesTo } from './check/applies.js';
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
  INSTALL_SCRIPTS,
  NPMRC_RUNS,
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
export { parseShell, SHELL_LIMITS, gitConfigRunsLater } from './shell/index.js';
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
export {
  runExamples,
  type ExampleReport,
  type ExampleResult,
  type CoverageGap,
  type ExampleOptions,
} from './check/examples.js';
export { runScenario, isScenarioText, type ScenarioReport, type ScenarioStepResult } from './check/scenario.js';
export { parseEvents, type ParsedEvents } from './check/events.js';
export {
  matchSpans,
  verdictSpans,
  describeField,
  maskSecrets,
  type SpanRequest,
  type SessionBefore,
} from './explain/index.js';
export type { MatchSpan, MatchSpans, SpanField, SpanKind } from './explain/index.js';
export { validate, validateLoaded, type ValidateOptions, type ValidateResult } from './check/validate.js';
