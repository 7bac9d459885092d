// The shell model: a bash command string → its simple commands (normalised), file effects and opaque execution.
// Pure and synchronous (no I/O, no Node built-in) so it runs inside the engine's step() in Node, Bun and browsers.
export type {
  Flag,
  SimpleCommand,
  EffectKind,
  FileEffect,
  OpaqueReason,
  Opaque,
  ScriptRun,
  ShellModel,
  ShellOptions,
  ShellContext,
  ShellPersistence,
  KubeState,
  KubeChange,
  UnknownWord,
  ShellFile,
  GlobMatch,
  CommandInput,
  ImpliedWord,
} from './types.js';
export { parseShell, sameModel, SHELL_LIMITS } from './model.js';
export { shellQuote } from './words.js';
export { gitConfigRunsLater, keyRunsLater } from './git-config.js';
