// The shell model loaded after the host's start: shell-model.ts's stand-in where a build swaps it in (the plugin's:
// the model and unbash are 40 % of the engine's code, and opencode's Bun parses and runs all of it before the first
// hook could answer). The same exports; the model comes with a dynamic import, which a bundler puts in a chunk of its
// own. The host starts loadShellModel() right after its start and awaits it before each tool call; until it has
// resolved, shellModel() throws, and so does the step that needed it — the host's failure policy decides what that
// call gets, as for any error while checking a call (the plugin: settings.onError, and never silently).
import type { ShellModelApi } from './shell-model.js';

export type { ShellModelApi } from './shell-model.js';

let model: ShellModelApi | undefined;
let loading: Promise<ShellModelApi> | undefined;
let failure: unknown;

/** The shell model; throws if it is not loaded (yet, or because loading it failed: the error says which). */
export function shellModel(): ShellModelApi {
  if (model !== undefined) return model;
  const why =
    failure === undefined
      ? 'it is still loading'
      : `loading it failed: ${failure instanceof Error ? failure.message : String(failure)}`;
  throw new Error(`the shell model is not loaded (${why}), so a shell command cannot be judged`);
}

/**
 * Loads the shell model once; later calls share the load. A load that failed is tried again by the next call (a
 * file the host could not read may be there the next time), and its error stays what shellModel() reports.
 */
export function loadShellModel(): Promise<ShellModelApi> {
  if (model !== undefined) return Promise.resolve(model);
  loading ??= import('../shell/model.js').then(
    (m) => {
      model = {
        parseShell: m.parseShell,
        sameModel: m.sameModel,
        allRecipes: m.allRecipes,
        scanOneLiner: m.scanOneLiner,
      };
      failure = undefined;
      return model;
    },
    (error: unknown) => {
      failure = error;
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
