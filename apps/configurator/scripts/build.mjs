// Builds the static site through Astro's JavaScript API.
// Why not `astro build`: the astro 6.0.x CLI entry refuses Node 20 (it hard-codes ">=22.12.0") although the package's
// own `engines` accept ^20.19.1, and the build itself runs on Node 20.19+. The API skips only that launcher check.
import { fileURLToPath } from 'node:url';
import { build } from 'astro';
import { prepareDownloads } from './downloads.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Before Astro: the Install page and the editor read public/download/downloads.json while the pages are rendered.
const downloads = prepareDownloads();
console.log(`downloads: ${downloads.files.map((f) => `${f.name} (${f.bytes} bytes)`).join(', ')}`);
await build({ root, logLevel: process.env.ASTRO_LOG ?? 'warn' });
console.log(`built ${fileURLToPath(new URL('../dist/', import.meta.url))}`);
