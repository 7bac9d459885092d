// Which agent events an opencode session makes: the agent named on each user message, filtered the way the plugin
// has always filtered it. One tracker per root session; the plugin core and `replay` both feed it.
import type { Event } from '../../schema/index.js';
import { isHousekeepingAgent } from '../../evaluate/host-rules.js';

export interface AgentTrack {
  /** The last agent seen answering the root session. */
  agent: string | undefined;
  /** The human chose the role with /anchor role: it holds until the session's agent really changes. */
  humanRole: boolean;
}

export const newAgentTrack = (): AgentTrack => ({ agent: undefined, humanRole: false });

/**
 * The engine event an agent named on a user message makes, or undefined (the tracker is updated either way):
 * - in a subagent (child) session: none — a subagent plays its parent's role;
 * - a housekeeping agent (title, summary, compaction): none — it says nothing about who answers;
 * - the same agent again: none;
 * - the first agent seen after the human chose a role: none — it is the one that was already answering.
 */
export function agentSighting(track: AgentTrack, agent: string, child: boolean): Event | undefined {
  if (child || isHousekeepingAgent(agent) || track.agent === agent) return undefined;
  const first = track.agent === undefined;
  track.agent = agent;
  if (first && track.humanRole) return undefined;
  track.humanRole = false;
  return { agent };
}

/** The human chose the role (/anchor role <id>): later sightings of the same agent do not undo it. */
export function humanChoseRole(track: AgentTrack): void {
  track.humanRole = true;
}
