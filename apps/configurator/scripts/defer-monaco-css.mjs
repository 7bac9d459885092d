// An Astro integration: Monaco's stylesheet leaves the editor page's <head>. Astro lists the CSS of every module the
// page's script can reach, dynamic imports included, so Monaco's 150 KB of CSS would block the first paint and load
// on phones, which never run Monaco. Vite's preload helper already loads it together with Monaco's chunk (boot.ts's
// dynamic import), which is when it is needed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MONACO_CSS = /<link rel="stylesheet" href="([^"]*\/(monaco-editor\.[\w-]+\.css))">/g;

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? htmlFiles(path) : name.endsWith('.html') ? [path] : [];
  });
}

export function deferMonacoCss() {
  return {
    name: 'semantic-anchors:defer-monaco-css',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const root = fileURLToPath(dir);
        const scripts = join(root, '_astro');
        const js = readdirSync(scripts).filter((f) => f.endsWith('.js'));
        for (const file of htmlFiles(root)) {
          const html = readFileSync(file, 'utf8');
          const links = [...html.matchAll(MONACO_CSS)];
          if (links.length === 0) continue;
          for (const [, , name] of links) {
            // INVARIANT: a script loads the stylesheet with Monaco's chunk; without that, Monaco would be unstyled.
            if (!js.some((f) => readFileSync(join(scripts, f), 'utf8').includes(name)))
              throw new Error(`${file}: no script loads ${name}; keep its <link> (scripts/defer-monaco-css.mjs)`);
          }
          writeFileSync(file, html.replace(MONACO_CSS, ''));
        }
      },
    },
  };
}
