// File effects of the file tools: write, edit, read, and patches (apply_patch "*** Update File:" blocks or unified
// diffs), one effect per file with the text it adds. Shell effects come from the shell model (shell.ts).
import { pathForms } from '../matchers/paths.js';
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

const APPLY_PATCH_FILE = /^\*\*\* (Add|Update|Delete) File: (.+)$/;
const APPLY_PATCH_MOVE = /^\*\*\* Move to: (.+)$/;
const DIFF_OLD = /^--- (?:a\/)?(.+?)(?:\t.*)?$/;
const DIFF_NEW = /^\+\+\+ (?:b\/)?(.+?)(?:\t.*)?$/;

/**
 * One effect per file a patch touches, with the lines it adds as content. Both the apply_patch format
 * ("*** Update File: path", "+line") and unified diffs ("--- a/x", "+++ b/x") are read.
 */
export function patchEffects(patch: string, root: string | undefined): EffectFact[] {
  const out: { kind: EffectFact['kind']; path: string; added: string[] }[] = [];
  let current: { kind: EffectFact['kind']; path: string; added: string[] } | undefined;
  let oldPath: string | undefined;
  const lines = patch.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    const file = APPLY_PATCH_FILE.exec(line);
    if (file) {
      current = { kind: file[1] === 'Delete' ? 'delete' : 'write', path: file[2]!.trim(), added: [] };
      out.push(current);
      continue;
    }
    const move = APPLY_PATCH_MOVE.exec(line);
    if (move && current) {
      // A move deletes the old file and writes the new one with the same changes.
      current.kind = 'delete';
      current = { kind: 'write', path: move[1]!.trim(), added: current.added };
      out.push(current);
      continue;
    }
    const oldFile = DIFF_OLD.exec(line);
    if (oldFile && lines[i + 1]?.startsWith('+++ ')) {
      oldPath = oldFile[1]!.trim();
      continue;
    }
    const newFile = DIFF_NEW.exec(line);
    if (newFile && oldPath !== undefined) {
      const target = newFile[1]!.trim();
      current =
        target === '/dev/null'
          ? { kind: 'delete', path: oldPath, added: [] }
          : { kind: 'write', path: target, added: [] };
      out.push(current);
      oldPath = undefined;
      continue;
    }
    if (current && line.startsWith('+') && !line.startsWith('+++')) current.added.push(line.slice(1));
  }
  return out
    .filter((e) => e.path !== '/dev/null' && e.path.length > 0)
    .map((e) => ({
      kind: e.kind,
      path: pathForms(e.path, root),
      content: e.kind === 'delete' ? undefined : e.added.join('\n'),
      via: 'patch',
      command: undefined,
    }));
}
