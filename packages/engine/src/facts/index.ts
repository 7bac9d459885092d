// The facts stage: takes an event's untyped host input and returns the facts triggers are matched against.
export * from './types.js';
export { toolFacts, canonicalToolName, callSubject, KNOWN_TOOLS, type CallContext } from './tool.js';
export { messageFacts, isConfirmation } from './message.js';
export { shellFacts, callPaths, type ShellFacts } from './shell.js';
export { ignoreRules, type IgnoreRules, type IgnoredBy } from './ignored.js';
export { callIndex, commandsRunning, type CallIndex } from './call-index.js';
export { urlsIn, urlFact, canonicalHost, isLoopback } from './url-hosts.js';
export {
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
  type RunLaterKind,
  type RunLaterEntry,
} from './run-later.js';
