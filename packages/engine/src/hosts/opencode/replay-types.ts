// What `replay` reports: one record per tool call (and per human message the rules did not simply allow), and one
// summary per session. INVARIANT: plain JSON data — the CLI prints it with --json, the site renders it.
import type { Decision, Mode } from '../../schema/index.js';
import type { Diagnostic } from '../../diagnostics.js';
import type { Effect } from '../../evaluate/decide.js';
import type { ObservedReport } from '../../evaluate/observe.js';
import type { MatchSpans } from '../../explain/index.js';

export interface ReplayMatch {
  readonly id: string;
  readonly mode: Mode;
  readonly effect: Effect;
  readonly bypassable: boolean;
  readonly subject: string;
  readonly trigger: string;
  readonly held: readonly string[];
}

/** What the recorded session says happened to the call at the time (the part's status). */
export type RecordedOutcome = 'ran' | 'blocked' | 'error' | 'running';

export interface ReplayCall {
  /** 'tool': a tool call; 'message': a human message the rules did not simply allow (a warning, a withheld file). */
  readonly kind: 'tool' | 'message';
  readonly session: string;
  /** The session whose rule state this one shares (itself, or the root of its subagent tree). */
  readonly root: string;
  readonly subagent: boolean;
  readonly file: string;
  /** Line of the message holding the call, in the file. */
  readonly line: number | undefined;
  /** The engine's event number in the root session (null when the call could not be judged). */
  readonly seq: number | null;
  readonly callID: string | undefined;
  /** The tool's name; null for a message. */
  readonly tool: string | null;
  /** The command, path or URL the call is about, cut to 200 characters. */
  readonly subject: string | undefined;
  readonly role: string | null;
  /** What happens under the configuration replayed; null when the call could not be judged (see `skipped`). */
  readonly decision: Decision | null;
  /** Observe mode: what would have happened (the decision had the observed contracts been enforced). */
  readonly observed: ObservedReport | undefined;
  /** The ids of every contract that matched, in policy order, without repeats. */
  readonly contracts: readonly string[];
  readonly matches: readonly ReplayMatch[];
  /** The characters that made each contract hold (for calls that were not simply allowed). */
  readonly spans: MatchSpans | undefined;
  /** A human bypass let it through (one granted earlier in the session). */
  readonly bypassUsed: boolean;
  /** For a BLOCK: whether a human bypass could have let it through ('none' when a contract cannot be bypassed). */
  readonly bypass: 'possible' | 'none' | undefined;
  /** Why the shell model could not see into the command (opaque code), if it could not. */
  readonly opaque: readonly string[];
  /** The shell command did not parse. */
  readonly unparseable: string | undefined;
  /** A tool the engine does not know by name (an MCP or plugin tool): only its text was scanned. */
  readonly unknownTool: boolean;
  /** What happened when the session ran. */
  readonly recorded: RecordedOutcome | undefined;
  /** The agent's next tool call in the same session, for a call that was blocked, warned or observed. */
  readonly next: { readonly tool: string; readonly subject: string | undefined } | null | undefined;
  /** An engine fault while judging (the decision then follows settings.onError). */
  readonly error: string | undefined;
  /** Why the call was not judged (a tool input that is not an object, …). */
  readonly skipped: string | undefined;
  /**
   * True for a record read from the plugin's decision log: the verdict recorded then, not judged again (the log
   * keeps only a hash and a masked excerpt of the arguments, never the arguments themselves).
   */
  readonly fromLog: boolean;
}

export interface ReplaySession {
  readonly id: string;
  readonly title: string | undefined;
  readonly parentID: string | undefined;
  readonly root: string;
  readonly subagent: boolean;
  readonly file: string;
  readonly messages: number;
  readonly toolCalls: number;
  /** Parts and messages left out, by reason ("unknown part type x", "tool input is a string"). */
  readonly skipped: Readonly<Record<string, number>>;
  /** The file stopped being readable here; what came before was replayed. */
  readonly damaged: Diagnostic | undefined;
}
