// opencode runs some programs itself, outside the shell's sandbox and with its own environment (the server's
// password included): its formatters, after the write and edit tools, and its LSP servers, when a file is touched.
// Both are off unless the configuration turns them on. A formatter that runs code from the project is the agent's
// code run as the human the moment it writes a file: pint runs `./vendor/bin/pint` when composer.json requires it;
// prettier loads the project's JavaScript config and plugins; rubocop and standardrb load the `require:`s of
// `.rubocop.yml`; mix evaluates `.formatter.exs`. The config hook turns exactly those off and says so; the other
// formatters run the human's own programs on a file with a data-only config (gofmt, ruff, clang-format, …).
import { isRecord } from './is-record.js';

/** opencode 1.18.33's built-in formatters whose run executes code the project holds (see the header). */
export const PROJECT_CODE_FORMATTERS: readonly string[] = ['pint', 'prettier', 'rubocop', 'standardrb', 'mix'];

/**
 * Turns off, in opencode's configuration object, the formatters that run project code, when formatters are on.
 * Returns what it turned off (empty when formatters are off or those were off already).
 * INVARIANT: only ever disables; a formatter the human turned off stays off, nothing is turned on.
 */
export function fenceFormatters(cfg: Record<string, unknown>): string[] {
  const current = cfg.formatter;
  if (current === undefined || current === false || current === null) return [];
  const formatters: Record<string, unknown> = isRecord(current) ? current : {};
  const turnedOff: string[] = [];
  for (const name of PROJECT_CODE_FORMATTERS) {
    const entry = formatters[name];
    if (isRecord(entry) && entry.disabled === true) continue;
    formatters[name] = { ...(isRecord(entry) ? entry : {}), disabled: true };
    turnedOff.push(name);
  }
  // `true` means every built-in: the object form keeps the others on (opencode merges it over its built-ins).
  cfg.formatter = formatters;
  return turnedOff;
}

/** The warning for LSP servers turned on: they run build scripts and configs of the project outside the sandbox. */
export function lspWarning(cfg: Record<string, unknown>): string | undefined {
  const lsp = cfg.lsp;
  if (lsp === undefined || lsp === false || lsp === null) return undefined;
  return "opencode's LSP servers are on: they run outside the OS sandbox, and many run the project's own code (TypeScript's tsserver from node_modules, ESLint's config, rust-analyzer's build scripts and proc macros, Gradle and Maven builds). Code the agent wrote there runs as you when the server starts. Turn `lsp` off, or run opencode itself in a container, to keep the agent's code sandboxed.";
}
