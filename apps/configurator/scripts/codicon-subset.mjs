// An Astro integration: Monaco's icon font (codicon.ttf, 150 KB, 74 KB gzip, ~650 glyphs) is cut down to the glyphs
// the site's scripts can show, as WOFF2, when the build is done. The editor page loads it for its first completion,
// so it counts in the page's budget (issue 18); the cut takes it to a few KB.
//
// Which glyphs: Monaco names an icon in its code by the Codicon library's key (`Codicon.lightBulb`, kept as a property
// name by the minifier), by its id in a string (`ThemeIcon.fromId('close')`, `$(fold)` in a label, a
// `codicon-<id>` class), never by a computed key. So every key and id of monaco's own codicon tables
// (codiconsLibrary.js, codicons.js) that the built scripts mention — after the tables themselves are taken out — is
// kept; a word that only looks like a key (`.map`, `'check'`) keeps a glyph too many, never one too few. The
// @font-face rule then says which characters the font covers (`unicode-range`), which the browser suite checks
// against every icon the editor's widgets show.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);

/** Monaco's codicon tables: key → id, id → code point (derived ids point at another id's glyph). */
export function codiconTables() {
  // The package's exports map `monaco-editor/<path>` to its esm/vs/<path>.js.
  const common = dirname(require.resolve('monaco-editor/base/common/codiconsLibrary.js'));
  const source = ['codiconsLibrary.js', 'codicons.js'].map((f) => readFileSync(join(common, f), 'utf8')).join('\n');
  const entries = [...source.matchAll(/(\w+): register\('([\w-]+)', (0x[0-9a-fA-F]+|'[\w-]+')\)/g)].map((m) => ({
    key: m[1],
    id: m[2],
    glyph: m[3],
  }));
  // INVARIANT: the tables were read; a Monaco whose tables moved must not silently ship an empty font.
  if (entries.length < 500) throw new Error(`codicon subset: only ${entries.length} codicons found in ${common}`);
  const codeOf = new Map();
  for (const e of entries) if (e.glyph.startsWith('0x')) codeOf.set(e.id, Number.parseInt(e.glyph, 16));
  for (const e of entries) if (!e.glyph.startsWith('0x')) codeOf.set(e.id, codeOf.get(e.glyph.slice(1, -1)));
  return { idOfKey: new Map(entries.map((e) => [e.key, e.id])), codeOf };
}

/** The code points the scripts and stylesheets can show. */
export function usedCodepoints(scripts, styles) {
  const { idOfKey, codeOf } = codiconTables();
  // The tables as minified (`lightBulb:L(`light-bulb`,60001)`) name every icon: taken out first.
  const code = scripts.replace(/\b[\w$]+:[\w$]+\(`[a-z0-9-]+`,(?:\d+|`[a-z0-9-]+`)\)/g, '');
  const ids = new Set();
  for (const m of code.matchAll(/\.([A-Za-z][A-Za-z0-9]*)\b/g)) if (idOfKey.has(m[1])) ids.add(idOfKey.get(m[1]));
  for (const m of code.matchAll(/[`'"$(]([a-z0-9]+(?:-[a-z0-9]+)*)/g)) if (codeOf.has(m[1])) ids.add(m[1]);
  for (const m of `${code}\n${styles}`.matchAll(/codicon-([a-z0-9]+(?:-[a-z0-9]+)*)/g))
    if (codeOf.has(m[1])) ids.add(m[1]);
  return [...new Set([...ids].map((id) => codeOf.get(id)))].sort((a, b) => a - b);
}

/** `U+EA60-EA62, U+EA66`: code points as CSS unicode-range, runs merged. */
export function unicodeRange(points) {
  const runs = [];
  for (const p of points) {
    const last = runs.at(-1);
    if (last && p === last[1] + 1) last[1] = p;
    else runs.push([p, p]);
  }
  const hex = (n) => n.toString(16).toUpperCase();
  return runs.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
}

function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? htmlFiles(join(dir, e.name)) : e.name.endsWith('.html') ? [join(dir, e.name)] : [],
  );
}

export function codiconSubset() {
  return {
    name: 'semantic-anchors:codicon-subset',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const assets = join(root, '_astro');
        const files = readdirSync(assets);
        const ttf = files.find((f) => /^codicon\.[\w-]+\.ttf$/.test(f));
        if (!ttf) return; // no Monaco in this build
        const read = (ext) =>
          files
            .filter((f) => f.endsWith(ext))
            .map((f) => readFileSync(join(assets, f), 'utf8'))
            .join('\n');
        const points = usedCodepoints(read('.js'), read('.css'));
        const font = await subsetFont(readFileSync(join(assets, ttf)), String.fromCodePoint(...points), {
          targetFormat: 'woff2',
        });
        const hash = createHash('sha256').update(font).digest('base64url').slice(0, 8);
        const woff2 = `codicon.${hash}.woff2`;
        writeFileSync(join(assets, woff2), font);
        const face = new RegExp(`url\\(([^)]*/)?${ttf.replace(/\./g, '\\.')}\\)\\s*format\\("truetype"\\)`, 'g');
        const renamed = new Map();
        for (const f of files.filter((name) => name.endsWith('.css'))) {
          const css = readFileSync(join(assets, f), 'utf8');
          if (!css.match(face)) continue;
          // The face says which characters it has: a glyph cut out falls back visibly, and the suite checks it.
          const next = css
            .replace(face, (_m, prefix = '') => `url(${prefix}${woff2})format("woff2")`)
            .replace(
              /(@font-face\{[^}]*font-family:\s*"?codicon"?[^}]*?)(\})/g,
              `$1;unicode-range:${unicodeRange(points)}$2`,
            );
          // A new content, a new name: a browser that cached the stylesheet under its old name keeps a working pair.
          const name = f.replace(
            /\.[\w-]+\.css$/,
            `.${createHash('sha256').update(next).digest('base64url').slice(0, 8)}.css`,
          );
          writeFileSync(join(assets, name), next);
          rmSync(join(assets, f));
          renamed.set(f, name);
        }
        // INVARIANT: the stylesheet that loads the font now names the cut font; never leave it pointing nowhere.
        if (renamed.size === 0) throw new Error(`codicon subset: no stylesheet in ${assets} names ${ttf}`);
        for (const file of [
          ...files.filter((f) => f.endsWith('.js')).map((f) => join(assets, f)),
          ...htmlFiles(root),
        ]) {
          const text = readFileSync(file, 'utf8');
          let next = text;
          for (const [from, to] of renamed) next = next.split(from).join(to);
          if (next !== text) writeFileSync(file, next);
        }
        rmSync(join(assets, ttf));
        logger.info(`codicon font: ${points.length} of the glyphs kept, ${font.length} bytes as ${woff2}`);
      },
    },
  };
}
