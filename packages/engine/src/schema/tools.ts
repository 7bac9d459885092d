// The tools the language knows by name: opencode's built-in tools (and this plugin's own), and the aliases other
// hosts use for them. The load stage warns on names that match none; the facts stage folds aliases and reads the
// arguments of these tools by name (any other tool's arguments are scanned as text).

/** The built-in tools by canonical name, with what each does (the editor's completion and hover show this). */
export const BUILTIN_TOOL_INFO: Readonly<Record<string, string>> = {
  bash: 'runs a shell command',
  read: 'reads a file',
  write: 'writes a whole file',
  edit: 'replaces text in a file',
  patch: 'applies a patch to files',
  glob: 'lists files matching a glob',
  grep: 'searches file contents',
  list: 'lists a directory',
  webfetch: 'fetches a URL',
  websearch: 'searches the web',
  task: 'starts a subagent',
  todowrite: 'writes the todo list',
  todoread: 'reads the todo list',
  skill: 'loads a skill',
  question: 'asks the human a question',
  codesearch: 'searches code through the host',
  lsp: 'asks the language server (definitions, references, diagnostics)',
  batch: 'runs several tool calls in one (each is judged on its own)',
  anchor_status: "reports this plugin's status to the agent (read-only)",
};

/** Canonical names of the built-in tools. */
export const BUILTIN_TOOLS: readonly string[] = Object.keys(BUILTIN_TOOL_INFO);

/** Host aliases folded to one name (opencode 1 and 2 differ; multiedit/apply_patch are edit/patch variants). */
export const TOOL_ALIASES: Readonly<Record<string, string>> = {
  shell: 'bash',
  subagent: 'task',
  apply_patch: 'patch',
  multiedit: 'edit',
};
