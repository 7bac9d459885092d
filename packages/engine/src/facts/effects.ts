// File effects of the file tools: write, edit, read, and patches (apply_patch "*** Update File:" blocks or unified
// diffs), one effect per file with the text it adds. Shell effects come from the shell model (shell.ts).
import { pathForms } from '../matchers/paths.js';
import { parsePatch } from '../shell/patch-text.js';
import type { EffectFact, PathFact } from './types.js';

/** Unknown tools (MCP, plugins) that name a file: their name says whether they change it. */
const CHANGES = /(write|edit|create|save|update|put|append|patch|replace|insert|upload)/i;
const DELETES = /(delete|remove|unlink|rm\b|trash)/i;

export function toolEffects(name: string, paths: readonly PathFact[], content: readonly string[]): EffectFact[] {
  const text = content.length === 0 ? undefined : content.join('\n');
  switch (name) {
    case 'write':
      return paths.map((path) => ({ kind: 'write', path, content: text, via: 'write tool', command: undefined }));
    case 'edit':
      return paths.map((path) => ({ kind: 'write', path, content: text, via: 'edit tool', command: undefined }));
    case 'read':
      return paths.map((path) => ({ kind: 'read', path, content: undefined, via: 'read tool', command: undefined }));
    case 'bash':
    case 'patch':
    case 'glob':
    case 'grep':
    case 'list':
      return [];
    default:
      if (DELETES.test(name))
        return paths.map((path) => ({
          kind: 'delete',
          path,
          content: undefined,
          via: `${name} tool`,
          command: undefined,
        }));
      if (CHANGES.test(name))
        return paths.map((path) => ({ kind: 'write', path, content: text, via: `${name} tool`, command: undefined }));
      return [];
  }
}

/**
 * One effect per file a patch touches, with the lines it adds as content. Both the apply_patch format
 * ("*** Update File: path", "+line") and unified diffs ("--- a/x", "+++ b/x") are read (shell/patch-text.ts).
 */
export function patchEffects(patch: string, root: string | undefined): EffectFact[] {
  return parsePatch(patch).map((e) => ({
    kind: e.kind,
    path: pathForms(e.path, root),
    content: e.kind === 'delete' ? undefined : e.added.join('\n'),
    via: 'patch',
    command: undefined,
  }));
}
