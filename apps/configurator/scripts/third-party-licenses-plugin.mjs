// A Vite plugin that writes dist/THIRD-PARTY-LICENSES.txt: the licence text of every npm package with code in the
// site's client scripts (CodeMirror and lezer; zod, yaml, re2js, unbash, picomatch, fflate through the engine).
// Read from what Rollup actually rendered into the client chunks, not from package.json, so a dependency that
// comes in tomorrow (or drops out) is listed exactly when it ships. The texts are rendered by the same code as the
// plugin's and the CLI's licence files (scripts/third-party-licenses.mjs at the repository root).
import { licenceFileText } from '../../../scripts/third-party-licenses.mjs';

export const LICENSES_FILE = 'THIRD-PARTY-LICENSES.txt';

export function thirdPartyLicenses() {
  return {
    name: 'semantic-anchors:third-party-licenses',
    apply: 'build',
    // Only the browser build: the pages' server-side render ships nothing to visitors.
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const inputs = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(chunk.modules)) {
          // Modules tree-shaken to nothing are not shipped; virtual ids (\0…) and queries (?raw) are not files.
          if (module.renderedLength === 0 || !id.startsWith('/')) continue;
          inputs[id.split('?')[0]] = null;
        }
      }
      const { text } = licenceFileText({
        metafiles: [{ inputs }],
        workingDir: '/',
        bundles: ["this site's scripts (the editor page, the role and anchors pages)"],
      });
      this.emitFile({ type: 'asset', fileName: LICENSES_FILE, source: text });
    },
  };
}
