// The contracts of each bundled preset as plain objects, ready to copy into the user's file. A preset contract without
// `roles` applies to the preset's role; copied into a user file it would apply to every role, so the copy names it.
import { bundledPresets } from '@semantic-anchors/engine';

const cache = new Map<string, Record<string, unknown>[]>();

export function presetContracts(presetId: string): readonly Record<string, unknown>[] {
  const cached = cache.get(presetId);
  if (cached) return cached;
  const source = bundledPresets.find((p) => p.id === presetId);
  // The data parsed when the presets were bundled (the browser gets no preset text: scripts/browser-presets.mjs).
  const data: unknown = source?.data;
  const list =
    typeof data === 'object' && data !== null && Array.isArray((data as { contracts?: unknown }).contracts)
      ? ((data as { contracts: unknown[] }).contracts.filter((c) => typeof c === 'object' && c !== null) as Record<
          string,
          unknown
        >[])
      : [];
  const copies = list.map((c) => {
    if (c.roles !== undefined) return c;
    const { id, description, mode, anchorRefs, ...rest } = c;
    return { id, description, mode, ...(anchorRefs !== undefined ? { anchorRefs } : {}), roles: [presetId], ...rest };
  });
  cache.set(presetId, copies);
  return copies;
}
