// The tools the language knows by name: opencode's built-in tools (and this plugin's own), and the aliases other
// hosts use for them. The load stage warns on names that match none; the facts stage folds aliases and reads the
// arguments of these tools by name (any other tool's arguments are scanned as text).

/** Canonical names of the built-in tools. */
export const BUILTIN_TOOLS: readonly string[] = [
  'bash',
  'read',
  'write',
  'edit',
  'patch',
  'glob',
  'grep',
  'list',
  'webfetch',
  'websearch',
  'task',
  'todowrite',
  'todoread',
  'skill',
  'question',
  'codesearch',
  'lsp',
  'batch',
  'anchor_status',
];

/** Host aliases folded to one name (opencode 1 and 2 differ; multiedit/apply_patch are edit/patch variants). */
export const TOOL_ALIASES: Readonly<Record<string, string>> = {
  shell: 'bash',
  subagent: 'task',
  apply_patch: 'patch',
  multiedit: 'edit',
};
