// The parts of an opencode 1.18 user message, as chat.message hands them to a plugin and as `opencode export`
// stores them: the human's words and the files attached. By then opencode has already read each attached file into
// the message: a synthetic "Called the Read tool …" text, a synthetic text with the content, then the file part.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';
import { attachmentPath } from './file-url.js';

export const TextPart = z.looseObject({ type: z.literal('text'), text: z.string(), synthetic: z.boolean().optional() });
export const FilePart = z.looseObject({
  type: z.literal('file'),
  url: z.string().optional(),
  mime: z.string().optional(),
  filename: z.string().optional(),
  source: z.looseObject({ path: z.string().optional() }).optional(),
  synthetic: z.boolean().optional(),
});
export type TextPart = z.infer<typeof TextPart>;
export type FilePart = z.infer<typeof FilePart>;

export const isTextPart = (p: unknown): p is TextPart => TextPart.safeParse(p).success;
export const isFilePart = (p: unknown): p is FilePart => FilePart.safeParse(p).success;

/** The text opencode puts before an attached file's content. */
export const READ_MARKER = 'Called the Read tool with the following input: ';

/** The human's words: the non-synthetic text parts, one per line. */
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

/** The path a synthetic "Called the Read tool …" marker names, if the part is one. */
export function readMarkerPath(part: unknown): string | undefined {
  if (!isTextPart(part) || part.synthetic !== true || !part.text.startsWith(READ_MARKER)) return undefined;
  try {
    const input: unknown = JSON.parse(part.text.slice(READ_MARKER.length));
    return typeof input === 'object' && input !== null && typeof (input as { filePath?: unknown }).filePath === 'string'
      ? (input as { filePath: string }).filePath
      : undefined;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined; // Not the marker's JSON: ordinary text.
    throw error;
  }
}
