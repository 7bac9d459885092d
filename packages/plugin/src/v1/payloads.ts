// opencode 1.18 hook payloads, parsed at the boundary. Shapes from the 1.18.33 runtime (see
// ../shared/opencode/v1-host.md): only the fields the plugin reads are declared; the rest passes through.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';
import { FilePart, TextPart } from '@semantic-anchors/engine/opencode/hooks';
import { Record_ } from '../core/boundary.js';

export const PluginInput = z.looseObject({
  directory: z.string().min(1),
  worktree: z.string().optional(),
  client: z.unknown(),
  /** opencode's project record; its id is in the server's answers (integrity/server-echo.ts). */
  project: z.looseObject({ id: z.string() }).optional().catch(undefined),
});

export const ToolBeforeInput = z.looseObject({
  tool: z.string().min(1),
  sessionID: z.string().min(1),
  callID: z.string(),
});
/** `args` is the object the tool runs with; it is only read, never replaced (replacing has no effect in 1.18). */
export const ToolBeforeOutput = z.looseObject({ args: Record_.nullish() });

export const ToolAfterInput = z.looseObject({
  tool: z.string().min(1),
  sessionID: z.string().min(1),
  callID: z.string(),
});

export const ChatMessageInput = z.looseObject({ sessionID: z.string().min(1), agent: z.string().optional() });

export const ChatPart = z.union([TextPart, FilePart, z.looseObject({ type: z.string() })]);
export type ChatPart = z.infer<typeof ChatPart>;

export const ChatMessageOutput = z.looseObject({
  message: z.looseObject({ id: z.string().optional(), sessionID: z.string().optional(), agent: z.string().optional() }),
  parts: z.array(z.unknown()),
});

export const CommandInput = z.looseObject({
  command: z.string(),
  sessionID: z.string().min(1),
  arguments: z.string().default(''),
});
export const CommandOutput = z.looseObject({ parts: z.array(z.unknown()) });

export const HostEvent = z.looseObject({ type: z.string(), properties: z.unknown().optional() });
export const SessionInfoEvent = z.looseObject({
  properties: z.looseObject({ info: z.looseObject({ id: z.string().min(1), parentID: z.string().min(1).optional() }) }),
});

/** A tool part's update on the bus: which call, and whether it is still running. */
export const ToolPartEvent = z.looseObject({
  properties: z.looseObject({
    part: z.looseObject({
      type: z.literal('tool'),
      callID: z.string().min(1),
      state: z.looseObject({ status: z.string() }),
    }),
  }),
});

export const ToolContext = z.looseObject({ sessionID: z.string().min(1) });

export { isFilePart, isTextPart } from '@semantic-anchors/engine/opencode/hooks';
