// What opencode's own server answered, found in the result of a tool that reads the network from opencode's process.
// Takes the tool's name, its result and what this opencode's answers carry; returns what was found, or undefined.
//
// webfetch, websearch, codesearch and MCP or plugin tools run in opencode's own process, outside the shell's sandbox.
// The engine judges the URL the agent gave (every spelling of loopback and of this host is the server), but not where
// the request ends: a public host the agent controls can answer 302 to opencode's server, and webfetch follows it
// (route 7.07); an MCP server can relay. When the server has no password its GET endpoints answer. Their answers carry
// what no other server has: this opencode's session ids and its project id under opencode's own JSON key. A result
// that holds them is the server's data, read on the agent's behalf, and is withheld whatever path led there.

import { KNOWN_TOOLS, canonicalToolName } from '@semantic-anchors/engine/enforce';

/** opencode's own tools that read the network. Its other tools read or write only local state (a subagent's result
 * names its session honestly); a tool the engine does not know (an MCP or plugin tool) may relay anything. */
const NETWORK_TOOLS: ReadonlySet<string> = new Set(['webfetch', 'websearch', 'codesearch']);

const readsOutside = (tool: string): boolean => {
  const name = canonicalToolName(tool);
  return NETWORK_TOOLS.has(name) || !KNOWN_TOOLS.has(name);
};

export interface ServerIdentity {
  /** Sessions this plugin has seen in this opencode (the calling one among them). */
  readonly sessionIDs: Iterable<string>;
  /** opencode's id of this project (PluginInput.project.id), when the host gave it. */
  readonly projectID?: string | undefined;
  /** The project directory: opencode's session records name it beside their own ids. */
  readonly directory: string;
}

/** A session id as opencode 1.x writes it (`ses_` and 26 characters), as a JSON string value. */
const SESSION_ID_VALUE = /"ses_[0-9A-Za-z]{20,30}"/;

/** Every string a result holds (output, title, metadata), depth-bounded. */
function strings(value: unknown, out: string[], depth = 0): string[] {
  if (typeof value === 'string') out.push(value);
  else if (depth < 6 && value !== null && typeof value === 'object')
    for (const v of Array.isArray(value) ? value : Object.values(value)) strings(v, out, depth + 1);
  return out;
}

/** What in `result` shows it came from this opencode's server (a description for the human), or undefined. */
export function serverEcho(tool: string, result: unknown, identity: ServerIdentity): string | undefined {
  if (!readsOutside(tool)) return undefined;
  const text = strings(result, []).join('\n');
  if (text.length === 0) return undefined;
  for (const id of identity.sessionIDs)
    if (id.length >= 10 && text.includes(id)) return 'a session id of this opencode';
  const project = identity.projectID;
  // `projectID` in its session records, `id` in its project record (GET /project/current). Its project ids are a
  // commit hash, or "global" (too common to tell anything): word characters only, so no escaping is needed.
  const key =
    project === undefined || !/^[0-9A-Za-z_-]{8,}$/.test(project)
      ? undefined
      : new RegExp(`"(?:projectID|id)"\\s*:\\s*"${project}"`);
  if (key?.test(text)) return "this project's id in opencode's own records";
  if (SESSION_ID_VALUE.test(text) && text.includes(JSON.stringify(identity.directory)))
    return "opencode session records of this project's directory";
  return undefined;
}

/** Replaces a withheld result's text in place, keeping its shape: opencode 1's output, title and metadata, or
 * opencode 2's content (text or parts). */
export function withhold(result: Record<string, unknown>, message: string): void {
  if (Array.isArray(result.content)) result.content = [{ type: 'text', text: message }];
  else if (typeof result.content === 'string') result.content = message;
  if (typeof result.output === 'string' || result.content === undefined) result.output = message;
  if (typeof result.title === 'string') result.title = 'withheld';
  if (result.metadata !== null && typeof result.metadata === 'object') result.metadata = {};
}
