// Rules about the host's own machinery, decided here so every host agrees (the plugin, `explain`, `replay`, the
// site's simulator): which agents only do housekeeping, and which tool is the plugin's own read-only status tool.
// They were the plugin core's before; a rule a host keeps for itself is one `explain` cannot see.

/**
 * Agents opencode runs for housekeeping (session titles, summaries, compaction). Their messages say nothing about
 * who answers the session: an agent event naming one leaves the role as it is.
 */
export const HOUSEKEEPING_AGENTS: readonly string[] = ['title', 'summary', 'compaction'];

/**
 * The plugin's own read-only tool (it shows the rule state and changes nothing). Always allowed and never counted
 * towards Step Confirmation, so the agent can always read why it was stopped.
 */
export const STATUS_TOOL = 'anchor_status';

export const isHousekeepingAgent = (agent: string): boolean => HOUSEKEEPING_AGENTS.includes(agent);

export const isStatusTool = (tool: string): boolean => tool === STATUS_TOOL;
