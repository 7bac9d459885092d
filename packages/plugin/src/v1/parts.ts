// Reading and editing the parts of an opencode 1.18 user message. By the time chat.message runs, opencode has
// already read each attached file into the message: a synthetic "Called the Read tool …" text, a synthetic text
// with the file's content, then the file part itself. Withholding a file removes all three, in place (the host
// keeps its own reference to the array), and leaves a visible note instead.
import { partPath, readMarkerPath } from '@semantic-anchors/engine/opencode/hooks';
import { isRecord } from '../core/boundary.js';

// Reading the parts (the human's words, the attached paths) is the engine's opencode mapping, shared with `replay`.
export { attachedPaths, messageText, partPath } from '@semantic-anchors/engine/opencode/hooks';

/**
 * Removes the withheld files (their read marker, their synthetic content and the file part) from `parts` in place,
 * and puts `note` where the first removed part was, reusing that part's id so the host stores it as usual.
 * Returns how many parts were removed.
 */
export function withholdInPlace(parts: unknown[], withheld: readonly string[], note: string): number {
  const drop = new Set(withheld);
  const kept: unknown[] = [];
  let firstRemoved: Record<string, unknown> | undefined;
  let skipping = false;
  for (const part of parts) {
    const marker = readMarkerPath(part);
    if (marker !== undefined) skipping = drop.has(marker);
    const path = partPath(part);
    const synthetic = isRecord(part) && part.synthetic === true;
    const remove = (path !== undefined && drop.has(path)) || (skipping && (marker !== undefined || synthetic));
    if (!remove) {
      // The run of one withheld file ends at the first part that is neither its content nor a matching file part.
      if (marker === undefined) skipping = false;
      kept.push(part);
      continue;
    }
    if (!firstRemoved && isRecord(part)) firstRemoved = part;
  }
  const removed = parts.length - kept.length;
  const notePart = textPartLike(firstRemoved, note);
  parts.splice(0, parts.length, ...kept, notePart);
  return removed;
}

/** A text part carrying the ids of `like` (a part the host already numbered), so the host stores it as usual. */
export function textPartLike(like: Record<string, unknown> | undefined, text: string): Record<string, unknown> {
  const ids: Record<string, unknown> = {};
  for (const key of ['id', 'sessionID', 'messageID'] as const)
    if (like && typeof like[key] === 'string') ids[key] = like[key];
  return { ...ids, type: 'text', text };
}
