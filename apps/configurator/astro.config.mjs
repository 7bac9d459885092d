// Static output only: every page, the schema and the presets are built ahead of time; no server adapter.
import { unified } from '@astrojs/markdown-remark';
import { defineConfig } from 'astro/config';
import { rehypeScrollable } from './src/lib/rehype-scrollable.mjs';
import { thirdPartyLicenses } from './scripts/third-party-licenses-plugin.mjs';
import { deferMonacoCss } from './scripts/defer-monaco-css.mjs';
import { codiconSubset } from './scripts/codicon-subset.mjs';
import { browserPresets } from './scripts/browser-presets.mjs';

export default defineConfig({
  output: 'static',
  // SITE_URL / SITE_BASE let a deployment (e.g. GitHub Pages under /opencode-semantic-anchors/) set its address.
  ...(process.env.SITE_URL ? { site: process.env.SITE_URL } : {}),
  base: process.env.SITE_BASE ?? '/',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
  // Monaco's icon font cut to the glyphs the scripts can show, as WOFF2 (scripts/codicon-subset.mjs); then Monaco's
  // stylesheet loads with Monaco's chunk, not in the editor page's <head> (scripts/defer-monaco-css.mjs).
  integrations: [codiconSubset(), deferMonacoCss()],
  markdown: {
    // Plain code blocks: no syntax-highlighting theme to keep in contrast, and no inline colours to allow.
    syntaxHighlight: false,
    // Astro 7 defaults to the Sätteri processor; the remark/rehype one Astro 6 used keeps the pages' HTML as it was
    // and runs our rehype plugin unchanged.
    processor: unified({ rehypePlugins: [rehypeScrollable] }),
  },
  vite: {
    // dist/THIRD-PARTY-LICENSES.txt, linked from every page's footer.
    // The presets reach the browser as data without their YAML text (scripts/browser-presets.mjs).
    plugins: [thirdPartyLicenses(), browserPresets()],
    // No inlined scripts: the Content-Security-Policy allows scripts from 'self' only.
    build: {
      assetsInlineLimit: 0,
      // SITE_SOURCEMAP=1 writes source maps, which `bench/composition.mjs` reads to say what each chunk is made of.
      sourcemap: process.env.SITE_SOURCEMAP === '1',
      // The largest chunk is Monaco's (~3.3 MB minified, ~830 KB gzip), loaded on the editor page only, after its first
      // paint; the engine's (zod, yaml, re2js, the catalogue) is shared by the editor, the Install page's command check
      // and the role search. bench/site.bench.mjs budgets the editor page as a whole.
      chunkSizeWarningLimit: 3500,
      rollupOptions: {
        onwarn(warning, warn) {
          // zod's source carries /*#__PURE__*/ comments Rollup cannot place; harmless, and not ours to fix.
          if (warning.code === 'INVALID_ANNOTATION' && /node_modules/.test(warning.id ?? '')) return;
          warn(warning);
        },
      },
    },
    server: { fs: { allow: ['../..'] } },
  },
});
