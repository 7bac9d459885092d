// Astro's dev server through its JavaScript API (the astro 6.0.x CLI refuses Node 20; see build.mjs).
import { fileURLToPath } from 'node:url';
import { dev } from 'astro';
import { prepareDownloads } from './downloads.mjs';

prepareDownloads();

await dev({ root: fileURLToPath(new URL('..', import.meta.url)), server: { host: '127.0.0.1' } });
