// The replay part's entry, imported by main.ts only when the user opens that part or hands it files: the engine's
// export reader and opencode mapping stay out of the editor page's first load.
import type { LoadResult } from '@semantic-anchors/engine';
import { replayFiles } from './replay-run.ts';
import { renderReplay } from './replay-view.ts';

/** Replays the files against the configuration and shows the table; returns the number of calls replayed. */
export async function showReplay(
  target: HTMLElement,
  files: readonly File[],
  config: LoadResult['config'],
  role: string | undefined,
): Promise<number> {
  const result = await replayFiles(files, config, role);
  renderReplay(target, result);
  return result.calls.length;
}
