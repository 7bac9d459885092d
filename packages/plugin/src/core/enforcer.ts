// The host-neutral core: host events in (already parsed by an adapter), engine verdicts out as plain decisions.
// Adapters stay thin: they turn their host's payloads into these calls and these results into host actions.
// INVARIANT: no public method throws; an internal error fails open (or closed when settings.onError is block).
import {
  bypassesLeft,
  faultMode,
  readBypassWords,
  spendNamedBypass,
  step,
  type Event,
  type HostFacts as WorkTreeFacts,
  type Verdict,
} from '@semantic-anchors/engine/enforce';
import {
  agentSighting,
  answerText,
  humanChoseRole,
  toolCallEvent,
  userMessageEvent,
} from '@semantic-anchors/engine/opencode/hooks';
import { HostGuard } from '../integrity/host-guard.js';
import { serverEcho, withhold } from '../integrity/server-echo.js';
import { HostFactsReader } from '../git/host-facts.js';
import { Audit, type AuditOptions } from './audit.js';
import { SERVICE, describeError, type Channels } from './channels.js';
import { parseAnchorCommand } from '@semantic-anchors/engine/opencode/hooks';
import { FailOpen } from './fail-open.js';
import { reportObserved } from './observed.js';
import { loadPolicy, type LoaderOptions, type PolicySnapshot } from './policy-loader.js';
import { SessionRegistry, type SessionEntry } from './sessions.js';
import { ANSWER_PREFIX, COMMAND_HELP, explainText, statusText } from './text.js';

// The plugin's own read-only tool; the engine exempts it (always allowed, never counted), see its host-rules.ts.
export { STATUS_TOOL } from '@semantic-anchors/engine/enforce';
const MAX_PENDING_NOTES = 1000;

export interface ToolCall {
  readonly sessionID: string;
  readonly callID: string;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** The agent running the call, when the host says (opencode 2 does, opencode 1 does not). */
  readonly agent?: string | undefined;
}

export interface UserMessage {
  readonly sessionID: string;
  readonly agent?: string | undefined;
  readonly text: string;
  /** Paths of attached files (absolute, or relative to the project). */
  readonly attachments: readonly string[];
}

export interface MessageOutcome {
  /** Attached files a contract blocked: the adapter removes them from the message. */
  readonly withheld: readonly string[];
  /** Text to add to the message (why files were withheld, or a contract's note), visible to model and transcript. */
  readonly note: string | undefined;
}

const NOTHING: MessageOutcome = { withheld: [], note: undefined };

/**
 * Where an internal error happened. Only a failure while checking a tool call ('tool-check') can fail closed
 * (settings.onError: block): that is the one place where blocking means the call does not run. Each adapter names
 * the phase with this type, not with its host's hook name, so a host with other hook names cannot fail open by
 * accident.
 */
export type Phase = 'tool-check' | 'tool-result' | 'message' | 'command' | 'event' | 'config' | 'status' | 'shell-env';

export interface EnforcerOptions extends LoaderOptions {
  /** The decision log switched on by the host (plugin option or environment). */
  readonly decisionLog?: boolean | undefined;
  readonly audit?: Partial<AuditOptions>;
  /** Bounds of the result check (tests and the bench make them small). */
  readonly resultBounds?: import('../integrity/watch-set.js').Bounds;
  /** The OS sandbox's one-line state for /anchor status (hosts without a sandbox leave it out). */
  readonly sandboxLine?: (snapshot: PolicySnapshot) => string;
  /** The host's shells compile python elsewhere than the project (see WatchContext.agentPythonCacheElsewhere). */
  readonly agentPythonCacheElsewhere?: boolean | undefined;
  /** opencode's id of this project (its server's records carry it: integrity/server-echo.ts). */
  readonly projectID?: string | undefined;
}

export class Enforcer {
  private current: PolicySnapshot;
  private readonly sessions = new SessionRegistry();
  private readonly failOpen: FailOpen;
  /** WARN notes computed before a tool ran, waiting for its result (keyed by call id). */
  private readonly pendingNotes = new Map<string, string>();
  private readonly audit: Audit;
  /** The server address the current policy protects (see followServer). */
  private compiledServer: string | undefined;
  /** The result check of the protected files, real paths through links, secrets masked in results (src/integrity). */
  private readonly guard: HostGuard;
  /** Reads the work tree's branch and ignore rules for each call (cached; no process started). */
  private readonly workTree: HostFactsReader;
  /** Errors reading the work tree already reported (each once: the call goes on with the facts unknown). */
  private readonly workTreeErrors = new Set<string>();

  constructor(
    private readonly options: EnforcerOptions,
    private readonly channels: Channels,
  ) {
    this.failOpen = new FailOpen(channels);
    this.audit = new Audit({ directory: options.directory, forced: options.decisionLog, ...options.audit }, channels);
    this.guard = new HostGuard({ ...options, bounds: options.resultBounds }, channels, {
      onError: (where, sessionID, error) =>
        this.failOpen.report(
          `the result check (${where})`,
          sessionID,
          error,
          'protected files were not checked this time',
        ),
      onBlock: (b) =>
        this.audit.resultBlock(
          b.sessionID,
          this.sessions.entry(b.sessionID, this.current.policy).state.role,
          b.tool,
          b.contracts,
          b.message,
        ),
      approve: (sessionID, contract) => {
        const entry = this.sessions.entry(sessionID, this.current.policy);
        const next = spendNamedBypass(entry.state, contract);
        if (next === undefined) return false;
        entry.state = next;
        this.channels.log('warn', `bypass used: ${contract} let a change through after the call`, { sessionID });
        return true;
      },
    });
    this.current = this.load('start');
    this.guard.follow(this.current);
    this.workTree = new HostFactsReader(options.directory, {}, (error) =>
      this.channels.log('warn', `could not refresh the work tree's ignore files (${describeError(error)})`, {
        service: SERVICE,
      }),
    );
  }

  /** Waits until the decision log has written what it was given (tests, shutdown). */
  async flushDecisionLog(): Promise<void> {
    await this.audit.flush();
  }

  get snapshot(): PolicySnapshot {
    return this.current;
  }

  /** Before a tool runs: a block message to throw, or undefined to let it run. */
  beforeTool(call: ToolCall): string | undefined {
    try {
      this.followServer();
      const entry = this.sessions.entry(call.sessionID, this.current.policy);
      if (call.agent !== undefined) this.noteAgent(call.sessionID, entry, call.agent);
      // A protected file that changed since the last call (a process left running) is undone, and this call stops.
      const between = this.guard.beforeCall(call);
      if (between !== undefined) return between;
      const mapped = toolCallEvent(call.tool, call.args, this.workTreeFacts(call));
      if ('problem' in mapped) throw new Error(`tool call ${call.tool}: ${mapped.problem}`);
      const realPaths = this.guard.realPaths(call);
      const event: Event = realPaths ? { ...mapped.event, realPaths } : mapped.event;
      const verdict = this.apply(entry, event, `tool call ${call.tool}`);
      this.report(verdict, call.sessionID, { tool: call.tool });
      this.audit.verdict(verdict, call.sessionID, entry.state.role, call.tool, call.args);
      if (verdict.decision === 'BLOCK')
        return verdict.agentMessage ?? `BLOCKED by semantic-anchors (no message; run /anchor explain).`;
      this.guard.started(call, verdict);
      if (verdict.decision === 'WARN' && verdict.agentMessage) {
        // Bounded: a call whose after-hook never comes (the host aborted it) must not hold memory forever.
        if (this.pendingNotes.size >= MAX_PENDING_NOTES)
          this.pendingNotes.delete(this.pendingNotes.keys().next().value!);
        this.pendingNotes.set(call.callID, verdict.agentMessage);
      }
      return undefined;
    } catch (error) {
      return this.internalError('tool-check', 'tool.execute.before', call.sessionID, error);
    }
  }

  /**
   * The branch checked out where the call runs, its upstream, the remotes' default branches and the ignore rules. A failure to read them is logged
   * (once per message) and the call is judged with them unknown: never as "not main".
   */
  private workTreeFacts(call: ToolCall): WorkTreeFacts | undefined {
    try {
      const workdir = typeof call.args.workdir === 'string' ? call.args.workdir : undefined;
      return this.workTree.read(workdir);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (!this.workTreeErrors.has(text)) {
        this.workTreeErrors.add(text);
        this.channels.log('warn', `could not read the git work tree's facts (${text}); judging with them unknown`, {
          service: SERVICE,
          sessionID: call.sessionID,
        });
      }
      return undefined;
    }
  }

  /**
   * After a tool ran: the note to append to its output — a WARN found before it ran, and the BLOCK of the result
   * check when the call changed a protected file (undone by then) — if any.
   */
  afterTool(call: { readonly sessionID: string; readonly callID: string; readonly tool?: string }): string | undefined {
    const note = this.pendingNotes.get(call.callID);
    this.pendingNotes.delete(call.callID);
    const blocked = this.guard.afterCall({ sessionID: call.sessionID, callID: call.callID, tool: call.tool ?? 'tool' });
    return [blocked, note].filter((t) => t !== undefined).join('\n\n') || undefined;
  }

  /**
   * A network tool's result that holds opencode's own server data (a redirect or a relay led there, route 7.07) is
   * withheld in place and reported as the server contract's BLOCK. True when it was. Never throws.
   */
  withholdServerEcho(call: { readonly sessionID: string; readonly tool: string }, result: unknown): boolean {
    try {
      if (result === null || typeof result !== 'object' || Array.isArray(result)) return false;
      const found = serverEcho(call.tool, result, {
        sessionIDs: [call.sessionID, ...this.sessions.ids()],
        projectID: this.options.projectID,
        directory: this.options.directory,
      });
      if (found === undefined) return false;
      const contract = 'anchor-protect-host-server';
      const message = `BLOCKED by ${contract}: the ${call.tool} result held ${found}, so the request reached opencode's own server (a redirect or a relay can lead there from any URL). The result is withheld. Do not read opencode's server; ask the human for what you need from it.`;
      withhold(result as Record<string, unknown>, message);
      const entry = this.sessions.entry(call.sessionID, this.current.policy);
      this.channels.log('warn', `BLOCK ${contract}: a ${call.tool} result held ${found}; withheld`, {
        ...this.stateExtra(call.sessionID, entry),
        tool: call.tool,
      });
      this.channels.toast(
        `Withheld a ${call.tool} result that came from opencode's own server (${found}). Set OPENCODE_SERVER_PASSWORD so it answers no one without it.`,
        'warning',
      );
      this.audit.resultBlock(call.sessionID, entry.state.role, call.tool, [contract], message);
      return true;
    } catch (error) {
      this.internalError('tool-result', 'server echo check', call.sessionID, error);
      return false;
    }
  }

  /** Masks the host's secret values in every string of a tool's result (in place). Never throws. */
  maskResult(result: unknown, sessionID: string): void {
    this.guard.mask(result, sessionID);
  }

  /** A human message: learns the agent (role), resets Step Confirmation on a confirmation, checks attachments. */
  userMessage(msg: UserMessage): MessageOutcome {
    try {
      // A subagent's "user" message is the parent agent's prompt, not the human's words: the engine reads it as
      // `from: subagent`, so it never confirms a step (or the model could reset Step Confirmation by spawning a
      // subagent told to "continue").
      const child = this.sessions.isChild(msg.sessionID);
      // The human's own message: protected files changed since the last look are the human's edits, kept.
      if (!child) this.guard.humanActs(msg.sessionID);
      const entry = this.sessions.entry(msg.sessionID, this.current.policy);
      if (msg.agent !== undefined) this.noteAgent(msg.sessionID, entry, msg.agent);
      if (entry.answerEcho !== undefined && msg.text === entry.answerEcho) {
        entry.answerEcho = undefined; // Our own command answer coming back as the message: not the human's words.
        return NOTHING;
      }
      const event: Event = userMessageEvent({ text: msg.text, attachments: msg.attachments, child });
      const verdict = this.apply(entry, event, msg.attachments.length > 0 ? 'message with attachments' : 'message');
      if (verdict.notice) this.channels.log('info', verdict.notice, this.stateExtra(msg.sessionID, entry));
      if (verdict.decision === 'ALLOW') {
        // Observe mode may have let an attachment through that a contract would have withheld: say so, record it.
        this.report(verdict, msg.sessionID, { attachments: msg.attachments.length });
        this.audit.verdict(verdict, msg.sessionID, entry.state.role, undefined, undefined);
        return NOTHING;
      }
      this.report(verdict, msg.sessionID, { attachments: msg.attachments.length });
      this.audit.verdict(
        verdict,
        msg.sessionID,
        entry.state.role,
        undefined,
        msg.attachments.length > 0 ? { attachments: msg.attachments } : undefined,
      );
      const blocked = verdict.matches.filter((m) => m.effect === 'block' && m.subject.startsWith('attachment '));
      const withheld = msg.attachments.filter((p) => blocked.some((m) => m.subject === `attachment ${p}`));
      if (withheld.length > 0) {
        this.channels.toast(
          `Withheld attached file${withheld.length === 1 ? '' : 's'} ${withheld.join(', ')} (contract ${unique(blocked.map((m) => m.id)).join(', ')}).`,
          'warning',
        );
        const head = `${ANSWER_PREFIX} The attached file${withheld.length === 1 ? '' : 's'} ${withheld.join(', ')} ${withheld.length === 1 ? 'was' : 'were'} withheld: a contract does not allow reading ${withheld.length === 1 ? 'it' : 'them'}, so ${withheld.length === 1 ? 'its' : 'their'} content was removed from this message.`;
        return { withheld, note: `${head}\n\n${verdict.agentMessage ?? ''}`.trim() };
      }
      // A message itself cannot be stopped (the host would fail the request): say so where the model reads it.
      return { withheld: [], note: verdict.agentMessage };
    } catch (error) {
      this.internalError('message', 'chat.message', msg.sessionID, error);
      return NOTHING;
    }
  }

  /** The OS sandbox refused part of a call that ran: logged (ids and categories only) and written to the decision log. */
  sandboxRefused(
    sessionID: string,
    tool: string,
    refused: readonly { readonly kind: string; readonly category: string }[],
  ): void {
    try {
      const entry = this.sessions.entry(sessionID, this.current.policy);
      const categories = [...new Set(refused.map((r) => r.category))];
      this.channels.log('warn', `SANDBOX refused part of a ${tool} call: ${categories.join(', ')}`, {
        ...this.stateExtra(sessionID, entry),
        refused: refused.length,
      });
      this.channels.toast(`The sandbox refused part of a ${tool} call: ${categories.join(', ')}.`, 'warning');
      this.audit.sandboxRefusal(sessionID, tool, entry.state.role, refused);
    } catch (error) {
      this.internalError('tool-result', 'sandbox refusal report', sessionID, error);
    }
  }

  /** A subagent session was created: it shares its parent's state from now on. */
  sessionCreated(sessionID: string, parentID: string | undefined): void {
    try {
      if (parentID !== undefined) this.sessions.link(sessionID, parentID);
    } catch (error) {
      this.internalError('event', 'event session.created', sessionID, error);
    }
  }

  sessionDeleted(sessionID: string): void {
    this.sessions.forget(sessionID);
  }

  /** `/anchor <args>` typed by the human: the answer text (starts with ANSWER_PREFIX). Never throws. */
  command(sessionID: string, args: string): string {
    try {
      this.guard.humanActs(sessionID);
      const said = this.runCommand(sessionID, args);
      this.channels.toast(said.length > 400 ? `${said.slice(0, 400)}…` : said, 'info');
      // The transcript keeps the command the human typed above the answer: a replay reads the same words again.
      const answer = answerText(args, said);
      const entry = this.sessions.entry(sessionID, this.current.policy);
      entry.answerEcho = answer;
      return answer;
    } catch (error) {
      this.internalError('command', '/anchor command', sessionID, error);
      return `${ANSWER_PREFIX} the command failed inside the plugin; see the opencode log.`;
    }
  }

  /** The status text, for the read-only tool and `/anchor status`. */
  status(sessionID: string): string {
    try {
      return this.statusOf(this.sessions.entry(sessionID, this.current.policy));
    } catch (error) {
      this.internalError('status', 'anchor_status', sessionID, error);
      return `${ANSWER_PREFIX} status is unavailable: internal error; see the opencode log.`;
    }
  }

  /** One status text for the read-only tool and `/anchor status`. */
  private statusOf(entry: ReturnType<typeof this.sessions.entry>): string {
    return statusText(
      this.current,
      entry.state,
      entry.agent,
      this.guard.statusLines(),
      this.options.sandboxLine?.(this.current),
    );
  }

  private runCommand(sessionID: string, args: string): string {
    const cmd = parseAnchorCommand(args);
    const entry = this.sessions.entry(sessionID, this.current.policy);
    switch (cmd.kind) {
      case 'status':
        return this.statusOf(entry);
      case 'explain':
        return explainText(entry.last);
      case 'help':
        return `${ANSWER_PREFIX} ${cmd.problem}.\n${COMMAND_HELP}`;
      case 'bypass': {
        // The engine reads the words (leading contract ids, then the reason) as explain and the simulator do.
        const verdict = this.apply(entry, { bypass: cmd.reason, typed: true }, undefined);
        const scope = verdict.bypass.granted ? (verdict.bypass.scope ?? []) : [];
        this.channels.log(
          verdict.bypass.granted ? 'warn' : 'info',
          `bypass ${verdict.bypass.granted ? `granted for ${scope.join(', ')}` : 'refused'} by the human`,
          { ...this.stateExtra(sessionID, entry), contracts: scope },
        );
        // The log keeps the human's reason apart from the contract ids it named (read as the engine read them).
        const words = readBypassWords(
          this.current.policy.contracts.map((c) => c.id),
          cmd.reason,
        );
        this.audit.bypass(
          verdict.bypass.granted === true,
          sessionID,
          entry.state.role,
          words.ok ? words.reason : cmd.reason,
          scope,
        );
        return `${ANSWER_PREFIX} ${verdict.notice ?? ''}`;
      }
      case 'role': {
        const known = this.current.policy.roles.known;
        if (!known.includes(cmd.role))
          return `${ANSWER_PREFIX} "${cmd.role}" is not a known role. Known roles: ${known.join(', ')}.`;
        const verdict = this.apply(entry, { role: cmd.role }, undefined);
        humanChoseRole(entry);
        this.channels.log('info', `role set by the human to ${cmd.role}`, this.stateExtra(sessionID, entry));
        return `${ANSWER_PREFIX} ${verdict.notice ?? ''}`;
      }
      case 'reload': {
        const refusal = this.guard.reloadGate(cmd.confirm);
        if (refusal !== undefined) return `${ANSWER_PREFIX} ${refusal}`;
        this.current = this.load('reload');
        this.guard.follow(this.current);
        let notice = '';
        for (const e of this.sessions.all()) {
          const verdict = this.apply(e, { reload: true }, undefined);
          if (e === entry) notice = verdict.notice ?? '';
        }
        const problems = this.current.warnings.map((w) => `\nWarning: ${w}`).join('');
        return `${ANSWER_PREFIX} Reloaded ${this.current.file}. ${notice}${problems}`;
      }
    }
  }

  private load(why: 'start' | 'reload' | 'server'): PolicySnapshot {
    this.compiledServer = this.options.serverUrl;
    const snapshot = loadPolicy(this.options);
    this.audit.configure(snapshot.policy);
    const extra = {
      service: SERVICE,
      file: snapshot.file,
      place: snapshot.place,
      contracts: snapshot.policy.contracts.length,
      skipped: snapshot.policy.skipped.map((s) => s.id),
    };
    if (snapshot.info) this.channels.log('info', snapshot.info, extra);
    if (why === 'server') {
      // Same file, same contracts: only the server address the self-protection guards changed. Say it, quietly.
      this.channels.log('info', `self-protection now guards opencode's server at ${this.compiledServer}`, extra);
      return snapshot;
    }
    this.channels.log(
      'info',
      `${why === 'start' ? 'loaded' : 'reloaded'} ${snapshot.file}: ${snapshot.policy.contracts.length} contracts`,
      extra,
    );
    if (this.audit.enabled) this.channels.log('info', `decision log on: ${this.audit.file}`, extra);
    for (const w of snapshot.warnings) {
      this.audit.problem(w);
      this.channels.log('warn', w, extra);
      this.channels.toast(w, 'warning');
    }
    return snapshot;
  }

  /**
   * opencode hands plugins its server address through a getter that may only know the real port once the server
   * listens: when the address differs from the one the policy was compiled with, recompile (same file, same state).
   */
  private followServer(): void {
    if (this.options.serverUrl === this.compiledServer) return;
    this.current = this.load('server');
  }

  private noteAgent(sessionID: string, entry: SessionEntry, agent: string): void {
    // Which sightings change anything (subagents, housekeeping agents, the human's role) is the mapping's call.
    const event = agentSighting(entry, agent, this.sessions.isChild(sessionID));
    if (event === undefined) return;
    const verdict = this.apply(entry, event, undefined);
    this.channels.log('info', `agent ${agent}: ${verdict.notice ?? ''}`, this.stateExtra(sessionID, entry));
  }

  /** Runs one event through the engine and stores the new state; tool and message verdicts are kept for explain. */
  private apply(entry: SessionEntry, event: Event, subject: string | undefined): Verdict {
    const { verdict, state } = step(this.current.policy, entry.state, event);
    entry.state = state;
    // An exempt call (the status tool) was not judged: /anchor explain keeps showing the last call that was.
    if (subject !== undefined && verdict.exempt === undefined) entry.last = { verdict, subject };
    if (verdict.error !== undefined) {
      const outcome =
        verdict.decision === 'BLOCK'
          ? 'the event was blocked (settings.onError: block)'
          : 'the event was allowed (fail open)';
      this.failOpen.report('the engine', entry.id, new Error(verdict.error), outcome);
    }
    return verdict;
  }

  private report(verdict: Verdict, sessionID: string, what: Readonly<Record<string, unknown>>): void {
    if (verdict.error !== undefined) return; // Already reported by apply.
    const entry = this.sessions.entry(sessionID, this.current.policy);
    const subject = typeof what.tool === 'string' ? `${what.tool} call` : 'message';
    if (verdict.observed)
      reportObserved(this.channels, verdict, subject, { ...what, ...this.stateExtra(sessionID, entry) });
    if (verdict.decision === 'ALLOW' && !verdict.bypass.used) return;
    // The observed contracts are the human's quiet note above, not part of the block or warning.
    const ids = verdict.matches.filter((m) => m.effect !== 'observed').map((m) => m.id);
    const extra = {
      ...what,
      ...this.stateExtra(sessionID, entry),
      decision: verdict.decision,
      contracts: ids,
      bypassUsed: verdict.bypass.used,
    };
    if (verdict.decision === 'BLOCK') {
      this.channels.log('warn', `BLOCK ${subject}: ${ids.join(', ')}`, extra);
      this.channels.toast(
        `Blocked a ${subject}: ${unique(ids).join(', ')}. /anchor explain shows why; /anchor bypass <reason> lets the next one through.`,
        'warning',
      );
    } else {
      this.channels.log(
        verdict.bypass.used ? 'warn' : 'info',
        `${verdict.bypass.used ? 'BYPASS used' : 'WARN'} ${subject}: ${ids.join(', ')}`,
        extra,
      );
      this.channels.toast(
        `${verdict.bypass.used ? 'Bypass used' : 'Warning'} on a ${subject}: ${unique(ids).join(', ')}.`,
        'warning',
      );
    }
  }

  /** The rule state for a log line. INVARIANT: ids and counters only, never arguments or contents. */
  private stateExtra(sessionID: string, entry: SessionEntry): Record<string, unknown> {
    const budget = this.current.policy.settings.bypassBudget;
    return {
      service: SERVICE,
      sessionID,
      role: entry.state.role,
      toolCalls: entry.state.toolCalls,
      bypassesLeft: bypassesLeft(entry.state, budget),
      bypassPending: entry.state.bypass.pending,
    };
  }

  /**
   * Reports an error inside the plugin (fail open, visibly). For tool.execute.before it returns the block message
   * when the configuration says fail closed (settings.onError: block).
   */
  internalError(phase: Phase, where: string, sessionID: string | undefined, error: unknown): string | undefined {
    // The engine's one fail-closed rule (faultMode); only a failure while checking a tool call can stop that call.
    const closed = phase === 'tool-check' && faultMode(this.current.policy.settings.onError) === 'BLOCK';
    this.failOpen.report(
      where,
      sessionID,
      error,
      closed ? 'the call was blocked (settings.onError: block)' : 'the call was allowed (fail open)',
    );
    if (closed) {
      return `BLOCKED by semantic-anchors: the plugin failed while checking this call and this project is configured to fail closed (settings.onError: block). Ask the human to check the plugin log.`;
    }
    return undefined;
  }
}

const unique = (ids: readonly string[]): string[] => [...new Set(ids)];
