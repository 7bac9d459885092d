// A Vite plugin for the browser build: the bundled presets reach the browser as parsed data without their YAML text.
// The presets package ships each preset twice, as its text and as the same text parsed at build time (the plugin's
// fast cold start reads the data, the text only for the line numbers of a problem inside a preset). In the browser
// the text was ~100 KB gzip of the editor page, which has a budget (bench/site.bench.mjs); what it served there —
// line numbers of problems in a preset, which no check of a shipped preset finds — the problems list says without
// them (the preset file and the contract instead), and the full file stays a link away (/presets/<id>.yaml).
// The pages' build (Astro's server environment) keeps the text: the role pages show it.

const BUNDLE = /\/presets\/generated\/bundle\.ts$/;
const SOURCES = /(export const presetSources[^=]*= JSON\.parse\()("(?:[^"\\]|\\.)*")(\);)/;

export function browserPresets() {
  return {
    name: 'semantic-anchors:browser-presets',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!BUNDLE.test(id.split('?')[0])) return undefined;
      const match = SOURCES.exec(code);
      // INVARIANT: the generated bundle keeps this shape; a change must not ship the texts again unnoticed.
      if (!match)
        throw new Error(`${id}: presetSources not found as JSON.parse("…"); update scripts/browser-presets.mjs`);
      const sources = JSON.parse(JSON.parse(match[2]));
      for (const source of sources) {
        if (source.data === undefined) throw new Error(`${id}: preset ${source.id} has no parsed data to ship instead`);
        source.text = '';
      }
      // A function, not a replacement string: the presets' text holds "$'" and "$&" (in patterns), which a string
      // replacement would read as "the text after the match" and "the match".
      const literal = JSON.stringify(JSON.stringify(sources));
      return { code: code.replace(SOURCES, (_, head, _sources, tail) => `${head}${literal}${tail}`), map: null };
    },
  };
}
