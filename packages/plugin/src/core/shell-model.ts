// The engine's shell model, loaded after the plugin's start: the package's build puts the engine's deferred variant
// in place of the static one (scripts/deferred-shell.ts), so opencode's Bun does not parse and run the model before a
// hook can answer. The adapters start the load when the plugin starts and await it before they hand the engine a tool
// call; unbundled (tests, the CLI from source) the model is already there and the wait is nothing.
// INVARIANT: a model that failed to load never lets a call through silently. The failure is logged here at error
// level; a call that needs the model is then a fault of the engine's step, decided by settings.onError as any error
// while checking a call is (allowed by default — fail open — and reported to the human, toast included; blocked with
// onError: block). The next tool call tries the load again.
import { loadShellModel } from '@semantic-anchors/engine/enforce';
import { describeError, SERVICE, type Channels } from './channels.js';

/** Starts loading the shell model; returns the wait a tool hook awaits (it never rejects). */
export function shellModelLoader(channels: Channels): () => Promise<void> {
  const logged = new Set<string>();
  const load = (): Promise<void> =>
    loadShellModel().then(
      () => undefined,
      (error: unknown) => {
        const text = describeError(error);
        if (logged.has(text)) return;
        logged.add(text);
        channels.log(
          'error',
          `${SERVICE}: the shell model could not be loaded (${text}); until it loads, each shell command is judged as an error while checking the call (settings.onError)`,
          { service: SERVICE },
        );
      },
    );
  void load();
  return load;
}
