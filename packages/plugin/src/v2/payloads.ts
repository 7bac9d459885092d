// opencode 2 payload parts the docs leave loose, parsed at the boundary. UNVERIFIED against a running opencode 2.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';
import { Record_ } from '../core/boundary.js';

/**
 * A prompt file. Upstream declares `{ uri, name?, mime?, description?, source? }` (PromptInput.FileAttachment,
 * anomalyco/opencode packages/schema/src/prompt-input.ts @1bfd211ce7be89315f628a98698233a267eeac12); the docs'
 * examples show a path string or `{ path }` / `{ url }`: all are read, so a file is seen whichever shape arrives.
 */
export const PromptFile = z.union([
  z.string().min(1),
  z.looseObject({
    uri: z.string().min(1).optional(),
    path: z.string().min(1).optional(),
    url: z.string().min(1).optional(),
    filename: z.string().optional(),
  }),
]);

/** The tool input is the tool's argument object (opencode 2 names paths `path`, 1.18 `filePath`; the engine reads both). */
export const ToolInput = Record_.nullish();

/** session.created, with the subagent's parent (V1's `properties` are `data` in V2). */
export const SessionCreated = z.looseObject({
  type: z.literal('session.created'),
  data: z.looseObject({ info: z.looseObject({ id: z.string().min(1), parentID: z.string().min(1).optional() }) }),
});

/** The second argument of a tool's execute: the calling session. */
export const ToolCallContext = z.looseObject({ sessionID: z.string().min(1) });
