// The tool names a contract may name: opencode's built-in tools, their host aliases, and this plugin's own tool.
// A name glob that matches none of them is almost always a typo ("bsh"), which would silently never trigger.
import { compileGlobs } from '../matchers/glob.js';
import { BUILTIN_TOOLS, TOOL_ALIASES } from '../schema/index.js';

/** opencode's built-in tools, the aliases other hosts use for them, and the plugin's anchor_status. */
export const TOOL_NAMES: readonly string[] = [...BUILTIN_TOOLS, ...Object.keys(TOOL_ALIASES)];

/**
 * Whether a tool-name glob can match a known tool. A glob with "_" or "*" may name an MCP or plugin tool
 * ("github_create_issue", "github_*"), which the engine cannot know, so it is given the benefit of the doubt.
 */
export function namesKnownTool(glob: string): boolean {
  const positive = glob.startsWith('!') ? glob.slice(1) : glob;
  if (positive.includes('_') || positive.includes('*')) return true;
  const compiled = compileGlobs([positive.toLowerCase()]);
  if (!compiled.ok) return true; // a glob that does not compile is reported as bad-glob already
  return TOOL_NAMES.some((name) => compiled.value.test(name, undefined));
}
