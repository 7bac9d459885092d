// What the load stage hands to the compiler: validated contracts with their origin, and merged settings.
import type { Contract } from '../schema/index.js';
import type { Diagnostic } from '../diagnostics.js';
import type { ParsedFile } from './parse.js';
import type { SkippedContract } from './file.js';

export type { SkippedContract } from './file.js';

export interface ContractOrigin {
  /** The file the contract was written in (a preset's path for bundled presets). */
  readonly file: string;
  /** Index in that file's `contracts` list. */
  readonly index: number;
  /** The preset the contract came from, if any. */
  readonly preset?: string;
}

export interface LoadedContract {
  readonly contract: Contract;
  /** The roles it applies to after defaults (a preset's contract applies to its role); undefined = every role. */
  readonly roles: readonly string[] | undefined;
  readonly origin: ContractOrigin;
}

export interface EffectiveSettings {
  readonly bypassBudget: number;
  readonly confirmations: readonly string[];
  readonly onError: 'allow' | 'block';
  /** Tool calls after which an unscoped bypass that was not used expires. */
  readonly bypassExpiresAfter: number;
  /** The default for shell calls that run code the engine cannot see into. */
  readonly opaque: 'allow' | 'warn' | 'block';
  /** The default for shell commands that cannot be parsed. */
  readonly unparseable: 'allow' | 'warn' | 'block';
  /** What a value the engine cannot know counts as in run/effect matches that do not say. */
  readonly unknownValues: 'match' | 'ignore';
  readonly caseInsensitivePaths: boolean;
  /** Whether the host keeps a decision log (the plugin writes it; the engine only carries the setting). */
  readonly decisionLog: boolean;
  /** Observe mode: every BLOCK contract (true), these contract ids, or none (false). */
  readonly observe: boolean | readonly string[];
  /** The OS sandbox of shell calls (the plugin runs it; the engine only carries the setting). */
  readonly sandbox: EffectiveSandbox;
}

/**
 * settings.sandbox after defaults: `off` (a human switched it off), or on with what the team opened. Paths and
 * destinations are as written (the host resolves `~` and relative paths against the project directory).
 */
export type EffectiveSandbox =
  | { readonly mode: 'off' }
  | {
      readonly mode: 'on';
      readonly writable: readonly string[];
      /** undefined: any public host (the default, [public]); a list: only these, plus any public host when it holds `public`. */
      readonly network: readonly string[] | undefined;
      readonly localPorts: readonly number[];
    };

export interface EffectiveRoles {
  /** The first of `defaults`, for display; null when there is none. */
  readonly default: string | null;
  /**
   * The roles a session holds when its agent is not mapped: roles.default when a file sets it, otherwise every
   * preset the configuration extends, so a file extending two presets enforces both.
   */
  readonly defaults: readonly string[];
  readonly agents: Readonly<Record<string, string>>;
  readonly known: readonly string[];
}

export interface LoadedConfig {
  readonly contracts: readonly LoadedContract[];
  readonly settings: EffectiveSettings;
  readonly roles: EffectiveRoles;
  /** Preset ids extended, directly or through other files, in order. */
  readonly presets: readonly string[];
  /** Every file read, the entry file first. */
  readonly files: readonly string[];
  /** Contracts left out because of their errors (reported in the diagnostics); the others still apply. */
  readonly skipped: readonly SkippedContract[];
}

export type LoadStatus =
  /** Everything loaded. */
  | 'ok'
  /** Loaded, but some contracts or settings were skipped; see the diagnostics. */
  | 'partial'
  /** The entry file could not be read at all; the config is empty and the host should use its defaults. */
  | 'unreadable';

export interface LoadResult {
  readonly status: LoadStatus;
  readonly config: LoadedConfig;
  readonly diagnostics: readonly Diagnostic[];
  /** Parsed files by name, so later stages can point at positions (examples). */
  readonly sources: ReadonlyMap<string, ParsedFile>;
}
