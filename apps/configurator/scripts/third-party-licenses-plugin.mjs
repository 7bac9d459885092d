// A Vite plugin that writes dist/THIRD-PARTY-LICENSES.txt: the licence text of every npm package with code in the
// site's client scripts (Monaco on the editor page; zod, yaml, re2js, unbash, picomatch, fflate through the engine).
// Read from what Rollup actually rendered into the client chunks, not from package.json, so a dependency that
// comes in tomorrow (or drops out) is listed exactly when it ships. The texts are rendered by the same code as the
// plugin's and the CLI's licence files (scripts/third-party-licenses.mjs at the repository root).
// Monaco carries code of two more packages in its own tree (vendored copies of marked and DOMPurify), and names its
// other third-party code in ThirdPartyNotices.txt: both are passed on as well, when Monaco's code that holds them ships.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { bundledPackages, derivedNotices, renderLicenses } from '../../../scripts/third-party-licenses.mjs';

export const LICENSES_FILE = 'THIRD-PARTY-LICENSES.txt';

/** Folders inside a package that hold another npm package's code, and that package (its licence file is read). */
const VENDORED = [
  { inside: '/node_modules/monaco-editor/esm/vs/base/browser/dompurify/', package: 'dompurify' },
  { inside: '/node_modules/monaco-editor/esm/vs/base/common/marked/', package: 'marked' },
];
/** Notices a package ships beside its licence for code of others it contains. */
const NOTICES = ['ThirdPartyNotices.txt'];

/** The package.json of `name` as Node would find it from `dir` (its own node_modules first, then the parents'). */
function packageJsonOf(name, dir) {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(at) === at) throw new Error(`third-party licences: ${name}, vendored in ${dir}, is not installed`);
  }
}

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
          const file = id.split('?')[0];
          inputs[file] = null;
          for (const v of VENDORED) {
            const at = file.indexOf(v.inside);
            if (at >= 0) inputs[packageJsonOf(v.package, file.slice(0, at + v.inside.split('/esm/')[0].length))] = null;
          }
        }
      }
      const packages = bundledPackages([{ inputs }], '/');
      const dirs = new Map();
      for (const input of Object.keys(inputs)) {
        const match = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
        if (match) dirs.set(JSON.parse(readFileSync(join(match[1], 'package.json'), 'utf8')).name, match[1]);
      }
      for (const p of packages) {
        const dir = dirs.get(p.name);
        for (const notice of NOTICES) {
          if (dir && existsSync(join(dir, notice)))
            p.texts.push({ file: notice, text: readFileSync(join(dir, notice), 'utf8').trimEnd() });
        }
      }
      // As licenceFileText() in the root script writes it (the packages, then our derived-work notices), with the
      // packages' notices added above.
      const text = renderLicenses(packages, ["this site's scripts (the editor page, the role and anchors pages)"]);
      const derived = derivedNotices([{ inputs }], '/').map(({ file, text }) =>
        ['='.repeat(100), `Derived from third-party work: ${file}`, '', text].join('\n'),
      );
      this.emitFile({
        type: 'asset',
        fileName: LICENSES_FILE,
        source: derived.length > 0 ? `${text}\n${derived.join('\n\n')}\n` : text,
      });
    },
  };
}
