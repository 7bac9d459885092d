// Feeds the opt-in decision log from the core: which verdicts are recorded, with what. Off unless the plugin
// option `decisionLog: true`, the environment SEMANTIC_ANCHORS_DECISION_LOG=1, or `settings.decisionLog: true`.
import type { CompiledPolicy, Verdict } from '@semantic-anchors/engine/enforce';
import type { Channels } from './channels.js';
import { DecisionLog } from './decision-log.js';
import { decisionLogPath } from './decision-log-path.js';
import { argsDigest, maskSecrets, type DecisionRecord } from './decision-record.js';

export interface AuditOptions {
  readonly directory: string;
  /** Switched on by the host (plugin option or environment) whatever the configuration says. */
  readonly forced?: boolean | undefined;
  /** Overrides for tests: file, sizes. */
  readonly log?: Partial<ConstructorParameters<typeof DecisionLog>[0]>;
}

export const DECISION_LOG_ENV = 'SEMANTIC_ANCHORS_DECISION_LOG';

export const decisionLogForced = (
  option: unknown,
  env: Readonly<Record<string, string | undefined>> = process.env,
): boolean => option === true || /^(1|true|yes|on)$/i.test(env[DECISION_LOG_ENV] ?? '');

export class Audit {
  private log: DecisionLog | undefined;
  private on = false;

  constructor(
    private readonly options: AuditOptions,
    private readonly channels: Channels,
  ) {}

  /** Re-reads the switch after a (re)load: the configuration may have turned the log on or off. */
  configure(policy: CompiledPolicy): void {
    this.on = this.options.forced === true || policy.settings.decisionLog;
    if (this.on && !this.log) {
      this.log = new DecisionLog({
        file: decisionLogPath(this.options.directory),
        onError: (message) => this.channels.log('warn', message, {}),
        ...this.options.log,
      });
    }
  }

  get enabled(): boolean {
    return this.on;
  }

  get file(): string | undefined {
    return this.on ? this.log?.file : undefined;
  }

  /** A tool call or message verdict that was not a plain ALLOW. */
  verdict(
    verdict: Verdict,
    sessionID: string,
    role: string | null | undefined,
    tool: string | undefined,
    args: unknown,
  ): void {
    if (!this.on) return;
    const used = verdict.bypass.used;
    const observed = verdict.observed?.contracts;
    const kind =
      verdict.decision === 'BLOCK'
        ? 'block'
        : used
          ? 'bypass-used'
          : observed
            ? 'observed'
            : verdict.decision === 'WARN'
              ? 'warn'
              : undefined;
    if (kind === undefined) return;
    this.write({
      kind,
      by: used ? 'human-bypass' : 'rule',
      sessionID,
      ...(tool !== undefined ? { tool } : {}),
      verdict: verdict.decision,
      contracts: [...new Set(verdict.matches.map((m) => m.id))],
      ...(observed ? { observed: [...observed] } : {}),
      ...(typeof role === 'string' ? { role } : {}),
      ...(args !== undefined ? { args: argsDigest(args) } : {}),
    });
  }

  /** A bypass the human asked for; `contracts` is what a granted one lets through. */
  bypass(
    granted: boolean,
    sessionID: string,
    role: string | null | undefined,
    reason: string,
    contracts: readonly string[] = [],
  ): void {
    if (!this.on) return;
    this.write({
      kind: granted ? 'bypass-granted' : 'bypass-refused',
      by: 'human',
      sessionID,
      ...(typeof role === 'string' ? { role } : {}),
      ...(contracts.length > 0 ? { contracts: [...contracts] } : {}),
      reason: maskSecrets(reason),
    });
  }

  /** A change to a protected file found after (or between) calls, and undone: a BLOCK by the result check. */
  resultBlock(
    sessionID: string,
    role: string | null | undefined,
    tool: string,
    contracts: readonly string[],
    message: string,
  ): void {
    if (!this.on) return;
    this.write({
      kind: 'block',
      by: 'rule',
      sessionID,
      tool,
      verdict: 'BLOCK',
      contracts: [...contracts],
      ...(typeof role === 'string' ? { role } : {}),
      message: maskSecrets(message),
    });
  }

  /** A call that ran, part of which the OS sandbox refused (categories only: paths come from the command). */
  sandboxRefusal(
    sessionID: string,
    tool: string,
    role: string | null | undefined,
    refused: readonly { readonly kind: string; readonly category: string }[],
  ): void {
    if (!this.on) return;
    this.write({
      kind: 'sandbox-refusal',
      by: 'sandbox',
      sessionID,
      tool,
      ...(typeof role === 'string' ? { role } : {}),
      refused: refused.map((r) => ({ kind: r.kind, category: r.category })),
    });
  }

  problem(message: string): void {
    if (!this.on) return;
    this.write({ kind: 'config-problem', by: 'plugin', message: maskSecrets(message) });
  }

  async flush(): Promise<void> {
    await this.log?.flush();
  }

  private write(record: Omit<DecisionRecord, 'v' | 'time'>): void {
    this.log?.record({ v: 1, time: new Date().toISOString(), ...record });
  }
}
