// Turns untyped host input into the facts triggers look at: a canonical tool name, the paths a tool touches, the
// command, the content it writes and the URL it fetches. This is the one place that knows tool argument names.
import { pathForms } from '../matchers/paths.js';

export interface PathFact {
  readonly relative: string;
  readonly absolute: string | undefined;
}

export interface ToolFacts {
  readonly kind: 'tool';
  readonly raw: string;
  readonly name: string;
  readonly paths: readonly PathFact[];
  readonly command: string | undefined;
  readonly content: readonly string[];
  readonly url: string | undefined;
  /** True for the reads an attachment stands for: they are not tool calls and do not count as such. */
  readonly attachment: boolean;
}

export interface MessageFacts {
  readonly kind: 'message';
  readonly text: string;
  readonly attachments: readonly PathFact[];
  readonly confirmation: boolean;
}

export type Facts = ToolFacts | MessageFacts;

/** Host aliases folded to one name (opencode 1 and 2 differ; multiedit/apply_patch are edit/patch variants). */
const ALIASES: Readonly<Record<string, string>> = {
  shell: 'bash',
  subagent: 'task',
  apply_patch: 'patch',
  multiedit: 'edit',
};

export const canonicalToolName = (name: string): string => {
  const lower = name.toLowerCase();
  return ALIASES[lower] ?? lower;
};

const PATH_KEYS = ['filePath', 'file_path', 'path', 'file', 'filename', 'notebook_path'] as const;
const PATH_LIST_KEYS = ['paths', 'files', 'filePaths'] as const;
const CONTENT_KEYS = ['content', 'newString', 'new_string', 'patchText', 'patch', 'diff'] as const;
const COMMAND_KEYS = ['command', 'cmd'] as const;
const URL_KEYS = ['url', 'uri'] as const;

/** Lines of a patch that name files: "*** Update File: x", "+++ b/x", "--- a/x". */
const PATCH_FILE = /^(?:\*\*\* (?:Add|Update|Delete) File: |\*\*\* Move to: |\+\+\+ (?:b\/)?|--- (?:a\/)?)(.+)$/gm;

export function toolFacts(tool: string, args: Readonly<Record<string, unknown>> | undefined, root: string | undefined, attachment = false): ToolFacts {
  const a = args ?? {};
  const name = canonicalToolName(tool);
  const rawPaths: string[] = [];
  for (const key of PATH_KEYS) pushString(rawPaths, a[key]);
  for (const key of PATH_LIST_KEYS) if (Array.isArray(a[key])) for (const p of a[key] as unknown[]) pushString(rawPaths, p);
  if (name === 'glob' && typeof a.pattern === 'string') {
    rawPaths.push(typeof a.path === 'string' ? `${a.path}/${a.pattern}` : a.pattern);
  }
  const content: string[] = [];
  for (const key of CONTENT_KEYS) pushString(content, a[key]);
  if (Array.isArray(a.edits)) {
    for (const e of a.edits as unknown[]) if (e && typeof e === 'object') pushString(content, (e as Record<string, unknown>).newString);
  }
  for (const text of content) {
    for (const m of text.matchAll(PATCH_FILE)) {
      const p = m[1]!.trim();
      if (p !== '/dev/null') rawPaths.push(p);
    }
  }
  const paths = dedupe(rawPaths).map((p) => pathForms(p, root));
  return {
    kind: 'tool',
    raw: tool,
    name,
    paths,
    command: firstString(a, COMMAND_KEYS),
    content,
    url: firstString(a, URL_KEYS),
    attachment,
  };
}

export function messageFacts(text: string, attachments: readonly string[] | undefined, root: string | undefined, confirmations: readonly string[]): MessageFacts {
  return {
    kind: 'message',
    text,
    attachments: (attachments ?? []).map((p) => pathForms(p, root)),
    confirmation: isConfirmation(text, confirmations),
  };
}

/**
 * A message is a confirmation when, lower-cased and trimmed, it is one of the phrases or starts with one followed
 * by something that is not a letter or digit ("continue.", "weiter!", "go ahead, thanks").
 */
export function isConfirmation(text: string, phrases: readonly string[]): boolean {
  const t = text.trim().toLowerCase();
  return phrases.some((phrase) => {
    const p = phrase.trim().toLowerCase();
    if (p.length === 0 || !t.startsWith(p)) return false;
    const next = t.charAt(p.length);
    return next === '' || !/[\p{L}\p{N}]/u.test(next);
  });
}

function pushString(list: string[], value: unknown): void {
  if (typeof value === 'string' && value.length > 0) list.push(value);
}

function firstString(a: Readonly<Record<string, unknown>>, keys: readonly string[]): string | undefined {
  for (const key of keys) if (typeof a[key] === 'string') return a[key] as string;
  return undefined;
}

const dedupe = (list: readonly string[]): string[] => [...new Set(list)];
