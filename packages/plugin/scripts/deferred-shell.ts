// The plugin's bundles load the engine's shell model after the start: the engine's stages reach the model through
// one module, engine/src/facts/shell-model.ts, which imports it statically; this plugin puts the engine's deferred
// variant in its place (facts/shell-model-deferred.ts: the same exports, the model behind a dynamic import, a chunk of
// its own). The model and unbash are ~40 % of the code the plugin loaded at start, and opencode's Bun parsed and ran
// all of it before any hook could answer. The adapters start the load when the plugin starts and await it before a
// tool call (src/core/shell-model.ts); the CLI awaits it before it runs a command.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

const facts = resolve(dirname(fileURLToPath(import.meta.url)), '../../engine/src/facts');
const STATIC = join(facts, 'shell-model.ts');
const DEFERRED = join(facts, 'shell-model-deferred.ts');

export function deferredShellPlugin(): Plugin {
  return {
    name: 'deferred-shell',
    setup(build) {
      build.onResolve({ filter: /[\\/]shell-model\.js$/ }, (args) => {
        const target = resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
        return target === STATIC ? { path: DEFERRED } : undefined;
      });
    },
  };
}
