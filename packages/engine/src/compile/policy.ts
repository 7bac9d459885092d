// The compiled form of a configuration: contracts with predicates ready to run, and the settings they need.
import type { Mode } from '../schema/index.js';
import type { ContractOrigin, EffectiveRoles, EffectiveSettings } from '../load/index.js';
import type { CompiledEventMatch } from './matchers.js';
import type { EventIndex } from './event-index.js';
import type { ProtectOptions } from './builtins.js';

export interface AnchorLink {
  readonly id: string;
  readonly title: string;
  readonly url: string;
}

export interface CompiledTrigger {
  /** "when[0]", "unless[1]": where the trigger sits in the contract, for traces. */
  readonly label: string;
  /** The event part; absent only for state-only exceptions, which apply to any event. */
  readonly event: CompiledEventMatch | undefined;
  readonly toolCalls: number | undefined;
  readonly occurrence:
    | { readonly key: string; readonly atLeast: number | undefined; readonly every: number | undefined }
    | undefined;
  readonly after: readonly CompiledEventMatch[];
  readonly notAfter: readonly CompiledEventMatch[];
}

export interface CompiledContract {
  readonly id: string;
  readonly description: string;
  readonly mode: Mode;
  readonly bypassable: boolean;
  readonly message: string;
  /** Undefined: every role. */
  readonly roles: ReadonlySet<string> | undefined;
  readonly when: readonly CompiledTrigger[];
  readonly unless: readonly CompiledTrigger[];
  readonly anchors: readonly AnchorLink[];
  readonly origin: ContractOrigin;
  /** True for the built-in contracts (self-protection, shell defaults): no configuration can disable them. */
  readonly builtin: boolean;
  /** Observe mode (contract `observe`, settings.observe): a BLOCK that would happen is let through and reported. */
  readonly observe: boolean;
}

export interface CompileOptions {
  /** The project root; absolute paths in events are matched relative to it. */
  readonly root?: string;
  /** How a human grants a bypass in this host, quoted in block messages. */
  readonly bypassHint?: string;
  /** Self-protection the host asks for; compiled into built-in contracts no configuration can switch off. */
  readonly protect?: ProtectOptions;
}

/** A contract that is not enforced: left out by the load stage, or failing to compile. */
export interface Counter {
  readonly key: string;
  readonly event: CompiledEventMatch | undefined;
}

export interface SkippedContract {
  readonly id: string | undefined;
  readonly file: string;
  readonly line: number | undefined;
  readonly error: string;
}

export interface CompiledPolicy {
  readonly contracts: readonly CompiledContract[];
  /** Contracts that are not enforced (reported by the load stage); the others still apply. */
  readonly skipped: readonly SkippedContract[];
  readonly settings: EffectiveSettings;
  readonly roles: EffectiveRoles;
  /** The distinct matchers `after`/`notAfter` need history for. */
  readonly history: readonly CompiledEventMatch[];
  /** Triggers with an occurrence counter, with the event part they count. */
  readonly counters: readonly Counter[];
  /** The same three lists, narrowed per event kind and tool name (see event-index.ts). */
  readonly index: {
    readonly contracts: EventIndex<CompiledContract>;
    readonly history: EventIndex<CompiledEventMatch>;
    readonly counters: EventIndex<Counter>;
  };
  readonly options: {
    readonly root: string | undefined;
    readonly bypassHint: string;
    readonly protect: ProtectOptions | undefined;
  };
}
