// Build-time step: takes the plugin package's single-file bundles (packages/plugin/standalone, built first when
// missing: the npm package's dist/ splits the engine into a chunk both entries share, which a lone download cannot) and
// returns the site's download folder, public/download/: the plugin as one file, the CLI as one file, their licence
// texts, SHA256SUMS.txt and downloads.json (version, names, sizes, sha256) that the Install page and the editor read.
// Astro copies public/ into dist/ as is, so the bytes hashed here are the bytes the site serves.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const PLUGIN = join(REPO, 'packages/plugin');
const STANDALONE = [
  'standalone/opencode-semantic-anchors.mjs',
  'standalone/semantic-anchors-cli.mjs',
  'standalone/THIRD-PARTY-LICENSES.txt',
];
export const DOWNLOAD_DIR = fileURLToPath(new URL('../public/download/', import.meta.url));

/** The served names carry the version, so a cached or saved copy always says which release it is. */
export const downloadNames = (version) => ({
  plugin: `opencode-semantic-anchors-${version}.js`,
  cli: `semantic-anchors-cli-${version}.mjs`,
  licenses: 'THIRD-PARTY-LICENSES.txt',
});

function ensurePluginBuilt() {
  const needed = STANDALONE.map((f) => join(PLUGIN, f));
  if (needed.every((f) => existsSync(f))) return;
  console.log('downloads: the plugin is not built yet; building it (npm run build -w opencode-semantic-anchors)');
  execFileSync('npm', ['run', 'build', '-w', 'opencode-semantic-anchors'], { cwd: REPO, stdio: 'inherit' });
  const missing = needed.filter((f) => !existsSync(f));
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(', ')}: still missing after the plugin build\n  hint: run \`npm run build -w opencode-semantic-anchors\` and read its errors`,
    );
  }
}

/** Copies the bundles into public/download/ and writes their sizes and sha256; returns the manifest. */
export function prepareDownloads() {
  ensurePluginBuilt();
  const { version } = JSON.parse(readFileSync(join(PLUGIN, 'package.json'), 'utf8'));
  const names = downloadNames(version);
  // A fresh folder each build: files of an older version must not linger and be served beside the new ones.
  rmSync(DOWNLOAD_DIR, { recursive: true, force: true });
  mkdirSync(DOWNLOAD_DIR, { recursive: true });
  const sources = {
    plugin: readFileSync(join(PLUGIN, STANDALONE[0]), 'utf8'),
    cli: readFileSync(join(PLUGIN, STANDALONE[1]), 'utf8'),
    licenses: readFileSync(join(PLUGIN, STANDALONE[2]), 'utf8'),
  };
  const files = Object.entries(sources).map(([kind, text]) => {
    const bytes = Buffer.from(text, 'utf8');
    writeFileSync(join(DOWNLOAD_DIR, names[kind]), bytes);
    return { kind, name: names[kind], bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  });
  const manifest = { package: 'opencode-semantic-anchors', version, files };
  writeFileSync(join(DOWNLOAD_DIR, 'downloads.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // `sha256sum -c SHA256SUMS.txt` checks a whole download folder in one command. .txt: static hosts serve a file
  // without an extension as application/octet-stream, which a browser saves instead of showing.
  writeFileSync(join(DOWNLOAD_DIR, 'SHA256SUMS.txt'), files.map((f) => `${f.sha256}  ${f.name}\n`).join(''));
  return manifest;
}
