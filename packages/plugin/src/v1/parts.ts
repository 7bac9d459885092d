// Reading and editing the parts of an opencode 1.18 user message. By the time chat.message runs, opencode has
// already read each attached file into the message: a synthetic "Called the Read tool …" text, a synthetic text
// with the file's content, then the file part itself. Withholding a file removes all three, in place (the host
// keeps its own reference to the array), and leaves a visible note instead.
import { attachmentPath, isRecord } from '../core/boundary.js';
import { isFilePart, isTextPart } from './payloads.js';

const READ_MARKER = 'Called the Read tool with the following input: ';

/** The human's words: the non-synthetic text parts. */
export function messageText(parts: readonly unknown[]): string {
  return parts
    .filter(isTextPart)
    .filter((p) => p.synthetic !== true)
    .map((p) => p.text)
    .join('\n');
}

export function partPath(part: unknown): string | undefined {
  return isFilePart(part) ? attachmentPath(part.url, part.source?.path) : undefined;
}

/** Paths of the files attached to the message, in order, without repeats. */
export function attachedPaths(parts: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const p of parts) {
    const path = partPath(p);
    if (path !== undefined && !out.includes(path)) out.push(path);
  }
  return out;
}

/** The path a "Called the Read tool …" marker names, if the part is one. */
function markerPath(part: unknown): string | undefined {
  if (!isTextPart(part) || part.synthetic !== true || !part.text.startsWith(READ_MARKER)) return undefined;
  try {
    const input: unknown = JSON.parse(part.text.slice(READ_MARKER.length));
    return isRecord(input) && typeof input.filePath === 'string' ? input.filePath : undefined;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined; // Not the marker's JSON: treat it as ordinary text.
    throw error;
  }
}

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
    const marker = markerPath(part);
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
