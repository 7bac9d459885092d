// What the core asks of the host side of self-protection around each call, in one place: the result check of the
// protected files, the real paths of file tools, and the masking of the host's secrets in tool results. Every method
// fails open: an error is handed to `onError` (logged and toasted by the core) and the call goes on unchecked.
import type { Verdict } from '@semantic-anchors/engine/enforce';
import type { Channels } from '../core/channels.js';
import { homedir } from 'node:os';
import { credentialSource, opencodeDataDir } from '../core/opencode-credentials.js';
import { secretMask, type SecretMask } from '../core/secret-mask.js';
import { ResultCheck, type ResultBlock, type Snapshot } from './result-check.js';
import { realPathsOf } from './tool-paths.js';
import type { WatchContext } from './watch-list.js';
import type { Bounds } from './watch-set.js';

export interface HostGuardOptions extends WatchContext {
  readonly extraSecretEnv?: readonly string[] | undefined;
  readonly bounds?: Bounds | undefined;
}

export interface HostGuardEvents {
  readonly onError: (where: string, sessionID: string | undefined, error: unknown) => void;
  readonly onBlock: (block: ResultBlock) => void;
  /** Spends the session's waiting bypass when it names this contract (a change seen only after the call). */
  readonly approve?: (sessionID: string, contract: string) => boolean;
}

interface Call {
  readonly sessionID: string;
  readonly callID: string;
  readonly tool: string;
}

export class HostGuard {
  private readonly results: ResultCheck;
  private readonly secrets: SecretMask;

  constructor(
    private readonly options: HostGuardOptions,
    private readonly channels: Channels,
    private readonly events: HostGuardEvents,
  ) {
    this.results = new ResultCheck(options, channels, events.onBlock, options.bounds, events.approve);
    const env = options.env ?? process.env;
    this.secrets = secretMask(
      options.extraSecretEnv ?? [],
      env,
      credentialSource(opencodeDataDir(env, options.home ?? homedir())),
    );
    if (this.secrets.tooShort.length > 0)
      channels.log(
        'warn',
        `secret values shorter than 6 characters are not masked in tool results: ${this.secrets.tooShort.join(', ')}`,
        {},
      );
  }

  /** A (re)load: watch what the new protect facts name, as the disk holds it now. */
  follow(snapshot: Snapshot): void {
    this.safely('load', undefined, () => this.results.follow(snapshot));
  }

  /** A BLOCK when protected files changed since the last call (a process left running): the call must not run. */
  beforeCall(call: Call): string | undefined {
    return this.safely('tool.execute.before', call.sessionID, () => this.results.beforeCall(call));
  }

  /** The real paths a file tool's paths lead to through symbolic links (ToolEvent.realPaths), when any differ. */
  realPaths(call: Call & { readonly args: Readonly<Record<string, unknown>> }): Record<string, string> | undefined {
    return this.safely('tool.execute.before', call.sessionID, () =>
      realPathsOf(call.tool, call.args, this.options.directory, (problem) =>
        this.channels.log('debug', `symbolic links: ${problem}`, { sessionID: call.sessionID, tool: call.tool }),
      ),
    );
  }

  /** The call runs: which contracts a bypass let it through, and (a file tool) which paths it writes. */
  started(call: Call & { readonly args?: Readonly<Record<string, unknown>> }, verdict: Verdict): void {
    this.safely('tool.execute.before', call.sessionID, () =>
      this.results.started(call.callID, call.tool, verdict, call.args),
    );
  }

  /** The BLOCK for what the call changed in protected files (undone by now), if anything. */
  afterCall(call: Call): string | undefined {
    return this.safely('tool.execute.after', call.sessionID, () => this.results.afterCall(call));
  }

  /** Masks the host's secret values in every string of a tool result, in place. */
  mask(result: unknown, sessionID: string): void {
    this.safely('tool.execute.after', sessionID, () => this.secrets.apply(result));
  }

  /** The human speaks: changes since the last check are theirs (or cannot be told from theirs) — kept, said. */
  humanActs(sessionID: string): void {
    this.safely('human turn', sessionID, () => this.results.humanActs());
  }

  reloadGate(confirm: boolean): string | undefined {
    return this.results.reloadGate(confirm);
  }

  statusLines(): string[] {
    return this.safely('status', undefined, () => this.results.statusLines()) ?? [];
  }

  private safely<T>(where: string, sessionID: string | undefined, body: () => T): T | undefined {
    try {
      return body();
    } catch (error) {
      this.events.onError(where, sessionID, error);
      return undefined;
    }
  }
}
