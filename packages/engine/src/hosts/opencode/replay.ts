// Replays exported opencode sessions against a compiled policy, in the order they happened: each root session in
// the order it was created, a subagent session inline where its parent's `task` call started it, sharing its
// parent's rule state (the plugin links a child to its parent the same way). Every event goes through the same
// mapping the plugin uses. Takes sources that stream bytes (files in Node, File objects in the browser); returns
// one record per call to `onCall` as soon as the agent's next call is known, and a summary per session.
import type { CompiledPolicy } from '../../compile/index.js';
import type { Diagnostic } from '../../diagnostics.js';
import type { Event } from '../../schema/index.js';
import { startState, step } from '../../evaluate/step.js';
import type { SessionState } from '../../evaluate/state.js';
import { agentSighting, humanChoseRole, newAgentTrack, type AgentTrack } from './agents.js';
import { toolCallEvent, userMessageEvent } from './events.js';
import { ExportError, ExportReader } from './export-reader.js';
import { recordedUserMessage } from './recorded.js';
import { callRecord, skippedRecord } from './replay-record.js';
import type { ReplayCall, ReplaySession } from './replay-types.js';

export interface ExportSource {
  readonly name: string;
  /** The bytes, in chunks; a source read again starts over. Breaking out of the loop stops the reading. */
  chunks(): AsyncIterable<Uint8Array | string>;
  /** False for a stream that can be read once only (stdin): it is replayed as it comes, without a first look. */
  readonly rereadable: boolean;
}

export interface ReplayOptions {
  /** The policy to replay a session with; given the session's project directory (info.directory), if known. */
  readonly policy: (directory: string | undefined) => CompiledPolicy;
  /** The role every root session starts in (default: the configuration's). */
  readonly role?: string | undefined;
  readonly onCall: (call: ReplayCall) => void;
  /** A session starts (before its first record): its id, title, file and whose rule state it shares. */
  readonly onSessionStart?: (session: SessionStart) => void;
  readonly onSession?: (session: ReplaySession) => void;
}

export interface SessionStart {
  readonly id: string;
  readonly title: string | undefined;
  readonly parentID: string | undefined;
  readonly root: string;
  readonly subagent: boolean;
  readonly file: string;
}

/**
 * A source over a Blob or File (the site's file picker or drop): read in chunks through its stream's reader, which
 * every browser has (async iteration of a ReadableStream is not everywhere yet). Nothing is uploaded.
 */
export function blobSource(blob: Blob, name: string = (blob as { name?: string }).name ?? 'export.json'): ExportSource {
  return {
    name,
    rereadable: true,
    async *chunks() {
      const reader = blob.stream().getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          yield value;
        }
      } finally {
        // Stopping early (the first look only wants `info`) releases the stream.
        await reader.cancel().catch((error: unknown) => void error);
      }
    },
  };
}

/** Part types opencode 1.18 writes that carry nothing to replay (the model's text, steps, snapshots, …). */
const QUIET_PARTS = new Set([
  'text',
  'reasoning',
  'step-start',
  'step-finish',
  'patch',
  'snapshot',
  'agent',
  'subtask',
  'file',
  'retry',
  'compaction',
]);

/** `opencode export --sanitize` replaces each tool input with { redacted: "tool-input:<part id>" }. */
const REDACTED_INPUT = 'tool input redacted (exported with --sanitize)';
const REDACTED_TEXT = /^\[redacted:[a-z-]+:[^\]]*\]$/;
const isRedacted = (input: unknown): boolean =>
  isRecord(input) && Object.keys(input).length === 1 && typeof input.redacted === 'string';

interface Header {
  readonly source: ExportSource;
  readonly id: string;
  readonly directory: string | undefined;
  readonly parentID: string | undefined;
  readonly title: string | undefined;
  readonly created: number;
  readonly order: number;
}

interface Root {
  readonly id: string;
  readonly policy: CompiledPolicy;
  state: SessionState;
  readonly track: AgentTrack;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** Replays every source; resolves when all are done. Never throws for bad input: it reports it per session. */
export async function replayExports(
  sources: readonly ExportSource[],
  options: ReplayOptions,
): Promise<ReplaySession[]> {
  const run = new ReplayRun(options);
  const headers: Header[] = [];
  const once: ExportSource[] = [];
  for (const [order, source] of sources.entries()) {
    if (!source.rereadable) {
      once.push(source);
      continue;
    }
    const info = await readInfo(source);
    headers.push({
      source,
      id: str(info?.id) ?? source.name,
      directory: str(info?.directory),
      parentID: str(info?.parentID),
      title: str(info?.title),
      created:
        isRecord(info?.time) && typeof info.time.created === 'number' ? info.time.created : Number.MAX_SAFE_INTEGER,
      order,
    });
  }
  run.know(headers);
  // Roots: sessions without a parent among the sources. A child whose parent is missing is still a subagent.
  const present = new Set(headers.map((h) => h.id));
  const roots = headers
    .filter((h) => h.parentID === undefined || !present.has(h.parentID))
    .sort((a, b) => a.created - b.created || a.order - b.order);
  for (const h of roots) await run.root(h);
  // Sessions no root reached (parents that point at each other, in a hand-made file): replayed on their own.
  for (const h of [...headers].sort((a, b) => a.created - b.created || a.order - b.order)) await run.root(h);
  for (const source of once) await run.stream(source, undefined, run.newRoot(source.name, undefined));
  return run.sessions;
}

/** Reads a source until its `info` object is complete (or the end); undefined when there is none. */
async function readInfo(source: ExportSource): Promise<Record<string, unknown> | undefined> {
  let info: unknown;
  const reader = new ExportReader(source.name, {
    info: (value) => {
      info = value;
    },
    message: () => undefined,
  });
  try {
    for await (const chunk of source.chunks()) {
      reader.write(chunk);
      if (info !== undefined) break;
    }
  } catch (error) {
    if (!(error instanceof ExportError)) throw error;
    // The replay itself reads the file again and reports the error where it is.
  }
  return isRecord(info) ? info : undefined;
}

class ReplayRun {
  readonly sessions: ReplaySession[] = [];
  private headers = new Map<string, Header>();
  private readonly done = new Set<string>();

  constructor(private readonly options: ReplayOptions) {}

  know(headers: readonly Header[]): void {
    for (const h of headers) if (!this.headers.has(h.id)) this.headers.set(h.id, h);
  }

  newRoot(id: string, directory: string | undefined): Root {
    const policy = this.options.policy(directory);
    let state = startState(policy);
    const track = newAgentTrack();
    if (this.options.role !== undefined) {
      // As if the human had chosen it with /anchor role: the agent already answering does not undo it.
      state = { ...state, role: this.options.role, roles: [this.options.role] };
      humanChoseRole(track);
    }
    return { id, policy, state, track };
  }

  async root(h: Header): Promise<void> {
    if (this.done.has(h.id)) return;
    const root = this.newRoot(h.id, h.directory);
    await this.session(h, root);
  }

  /** One session and then the children of it that no task call started (in creation order), on the same state. */
  private async session(h: Header, root: Root): Promise<void> {
    this.done.add(h.id);
    await this.stream(h.source, h, root);
    const children = [...this.headers.values()]
      .filter((c) => c.parentID === h.id && !this.done.has(c.id))
      .sort((a, b) => a.created - b.created || a.order - b.order);
    for (const c of children) await this.session(c, root);
  }

  async stream(source: ExportSource, header: Header | undefined, root: Root): Promise<void> {
    const ctx = new SessionContext(this.options, source.name, root, header);
    const queue: { kind: 'info' | 'message'; value: unknown; line: number }[] = [];
    const reader = new ExportReader(source.name, {
      info: (value, at) => queue.push({ kind: 'info', value, line: at.line }),
      message: (value, at) => queue.push({ kind: 'message', value, line: at.line }),
    });
    const drain = async () => {
      while (queue.length > 0) {
        const item = queue.shift()!;
        if (item.kind === 'info') ctx.info(item.value);
        else {
          const child = ctx.message(item.value, item.line);
          for (const id of child) {
            const h = this.headers.get(id);
            if (h && !this.done.has(id)) await this.session(h, root);
          }
        }
      }
    };
    try {
      for await (const chunk of source.chunks()) {
        reader.write(chunk);
        await drain();
      }
      reader.end();
    } catch (error) {
      if (!(error instanceof ExportError)) throw error;
      ctx.damaged = error.diagnostic;
    }
    await drain();
    this.sessions.push(ctx.finish());
    this.options.onSession?.(this.sessions.at(-1)!);
  }
}

class SessionContext {
  damaged: Diagnostic | undefined;
  private id: string;
  private parentID: string | undefined;
  private title: string | undefined;
  private messages = 0;
  private toolCalls = 0;
  private readonly skipped: Record<string, number> = {};
  private readonly out: ReplayCall[] = [];
  private awaiting: ReplayCall[] = [];
  private started = false;

  constructor(
    private readonly options: ReplayOptions,
    private readonly file: string,
    private readonly root: Root,
    header: Header | undefined,
  ) {
    this.id = header?.id ?? file;
    this.parentID = header?.parentID;
    this.title = header?.title;
  }

  private get subagent(): boolean {
    return this.parentID !== undefined;
  }

  info(value: unknown): void {
    if (!isRecord(value)) {
      this.skip('session info is not an object');
      return;
    }
    this.id = str(value.id) ?? this.id;
    this.parentID = str(value.parentID) ?? this.parentID;
    this.title = str(value.title) ?? this.title;
  }

  /** One message; returns the subagent sessions its task calls started, to be replayed right after it. */
  message(value: unknown, line: number): string[] {
    this.messages++;
    if (!isRecord(value) || !isRecord(value.info) || !Array.isArray(value.parts))
      return (this.skip('message without info and parts'), []);
    const role = value.info.role;
    if (role === 'user') this.user(value.info, value.parts, line);
    else if (role === 'assistant') return this.assistant(value.parts, line);
    else this.skip(`message role ${typeof role === 'string' ? JSON.stringify(role.slice(0, 40)) : 'missing'}`);
    return [];
  }

  /** Says the session started, once, before its first record (its info is known by then if the file has one). */
  private start(): void {
    if (this.started) return;
    this.started = true;
    this.options.onSessionStart?.({
      id: this.id,
      title: this.title,
      parentID: this.parentID,
      root: this.root.id,
      subagent: this.subagent,
      file: this.file,
    });
  }

  finish(): ReplaySession {
    this.start();
    for (const c of this.awaiting) (c as { next: ReplayCall['next'] }).next = null;
    this.awaiting = [];
    this.flush();
    return {
      id: this.id,
      title: this.title,
      parentID: this.parentID,
      root: this.root.id,
      subagent: this.subagent,
      file: this.file,
      messages: this.messages,
      toolCalls: this.toolCalls,
      skipped: this.skipped,
      damaged: this.damaged,
    };
  }

  private user(info: Record<string, unknown>, parts: readonly unknown[], line: number): void {
    const agent = str(info.agent);
    if (agent !== undefined) {
      const event = agentSighting(this.root.track, agent, this.subagent);
      if (event) this.apply(event);
    }
    const recorded = recordedUserMessage(parts);
    if (recorded.kind === 'answer') {
      if (recorded.meaning.kind === 'event') {
        this.apply(recorded.meaning.event);
        if (recorded.meaning.humanRole) humanChoseRole(this.root.track);
      }
      return;
    }
    // A sanitized export keeps no words: judging "[redacted:…]" would say nothing about what the human wrote.
    if (REDACTED_TEXT.test(recorded.text)) {
      this.skip('message text redacted (exported with --sanitize)');
      return;
    }
    const event = userMessageEvent({ text: recorded.text, attachments: recorded.attachments, child: this.subagent });
    const verdict = this.apply(event);
    if (verdict.decision !== 'ALLOW' || verdict.observed)
      this.push(callRecord(this.base(line), this.root.policy, event, verdict, undefined));
  }

  private assistant(parts: readonly unknown[], line: number): string[] {
    const children: string[] = [];
    for (const part of parts) {
      if (!isRecord(part) || typeof part.type !== 'string') {
        this.skip('part without a type');
        continue;
      }
      if (part.type !== 'tool') {
        if (!QUIET_PARTS.has(part.type)) this.skip(`unknown part type ${JSON.stringify(part.type.slice(0, 40))}`);
        continue;
      }
      const tool = str(part.tool);
      const state = isRecord(part.state) ? part.state : undefined;
      const status = str(state?.status);
      if (status === 'pending') {
        this.skip('tool call never started (pending)');
        continue;
      }
      const base = { ...this.base(line), callID: str(part.callID), tool: tool ?? null };
      if (isRedacted(state?.input)) {
        this.skip(REDACTED_INPUT);
        this.push(skippedRecord(base, REDACTED_INPUT));
        continue;
      }
      const mapped =
        tool === undefined ? { problem: 'the tool part has no tool name' } : toolCallEvent(tool, state?.input);
      if ('problem' in mapped) {
        this.skip(mapped.problem);
        this.push(skippedRecord(base, mapped.problem));
        continue;
      }
      this.toolCalls++;
      const verdict = this.apply(mapped.event);
      const then =
        status === 'completed'
          ? 'ran'
          : status === 'running'
            ? 'running'
            : status === 'error'
              ? (str(state?.error) ?? '').startsWith('BLOCKED by semantic-anchors')
                ? 'blocked'
                : 'error'
              : undefined;
      this.push(callRecord(base, this.root.policy, mapped.event, verdict, then));
      const child = isRecord(state?.metadata) ? str(state.metadata.sessionId) : undefined;
      if (mapped.event.tool === 'task' && child !== undefined) children.push(child);
    }
    return children;
  }

  private base(line: number) {
    return {
      session: this.id,
      root: this.root.id,
      subagent: this.subagent,
      file: this.file,
      line,
      role: this.root.state.role,
      callID: undefined,
    };
  }

  private apply(event: Event) {
    const { verdict, state } = step(this.root.policy, this.root.state, event);
    this.root.state = state;
    return verdict;
  }

  private push(call: ReplayCall): void {
    if (call.kind === 'tool' && call.tool !== null) {
      for (const c of this.awaiting)
        (c as { next: ReplayCall['next'] }).next = { tool: call.tool, subject: call.subject };
      this.awaiting = [];
    }
    this.out.push(call);
    if (
      call.next === undefined &&
      call.decision !== null &&
      (call.decision !== 'ALLOW' || call.observed) &&
      call.kind === 'tool'
    )
      this.awaiting.push(call);
    this.flush();
  }

  private flush(): void {
    if (this.out.length > 0) this.start();
    while (this.out.length > 0 && !this.awaiting.includes(this.out[0]!)) this.options.onCall(this.out.shift()!);
  }

  private skip(reason: string): void {
    this.skipped[reason] = (this.skipped[reason] ?? 0) + 1;
  }
}
