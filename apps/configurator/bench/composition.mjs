// `node bench/composition.mjs`: what each script chunk of the built site is made of, by package, in bytes of the
// minified output (and gzip of the whole chunk). Builds the site with source maps first (SITE_SOURCEMAP=1).
// Used to decide what to trim or load lazily on the editor page; prints only, asserts nothing.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer } from 'source-map-js';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const assets = fileURLToPath(new URL('../dist/_astro/', import.meta.url));
if (process.argv[2] !== '--no-build') {
  execFileSync(process.execPath, ['scripts/build.mjs'], {
    cwd: appDir,
    stdio: 'inherit',
    env: { ...process.env, SITE_SOURCEMAP: '1' },
  });
}

/** The package a source belongs to: the last node_modules segment, or the workspace folder for our own code. */
function owner(source) {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = source.slice(nm + 'node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return name;
  }
  const m = /(packages\/[^/]+|apps\/[^/]+|presets|site-content)\/(src\/)?([^/]+)?/.exec(source);
  return m ? `${m[1]}/${m[3] ?? ''}` : source;
}

for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
  const code = readFileSync(assets + file, 'utf8');
  if (code.length < 20_000) continue;
  let map;
  try {
    map = JSON.parse(readFileSync(`${assets}${file}.map`, 'utf8'));
  } catch {
    console.log(`${file}: no source map`);
    continue;
  }
  const consumer = new SourceMapConsumer(map);
  const lines = code.split('\n');
  const bytes = new Map();
  // Attribute each generated segment's characters to the source of the mapping that starts it.
  let prev;
  consumer.eachMapping((m) => {
    if (prev && prev.generatedLine === m.generatedLine) {
      const n = m.generatedColumn - prev.generatedColumn;
      const key = prev.source ? owner(prev.source) : '(unmapped)';
      bytes.set(key, (bytes.get(key) ?? 0) + n);
    } else if (prev) {
      const n = lines[prev.generatedLine - 1].length - prev.generatedColumn;
      const key = prev.source ? owner(prev.source) : '(unmapped)';
      bytes.set(key, (bytes.get(key) ?? 0) + n);
    }
    prev = m;
  });
  const total = code.length;
  console.log(`\n${file}: ${(total / 1024).toFixed(0)} KB, gzip ${(gzipSync(code).length / 1024).toFixed(0)} KB`);
  const sorted = [...bytes].sort((a, b) => b[1] - a[1]);
  for (const [name, n] of sorted.slice(0, 25)) console.log(`  ${(n / 1024).toFixed(1).padStart(8)} KB  ${name}`);
}
