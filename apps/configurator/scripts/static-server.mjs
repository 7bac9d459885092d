// A tiny static file server for the built site (node:http only), used by `npm run preview`, the browser tests and
// the benchmark. Serves directory indexes (`/docs/` → `/docs/index.html`), 404.html for misses, and gzip when asked,
// so transferred bytes match what a real static host sends.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.yaml': 'application/yaml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.yaml', '.txt', '.ttf']);

/**
 * Compressed bodies by path and modification time: a real static host compresses a file once (or ships it
 * precompressed), so the editor's 3 MB Monaco chunk must not cost a gzip per request in the figures.
 */
const compressed = new Map();
async function gzipped(path, body) {
  const key = `${path}\u0000${(await stat(path).catch(() => undefined))?.mtimeMs ?? 0}`;
  let payload = compressed.get(key);
  if (!payload) {
    payload = gzipSync(body);
    compressed.set(key, payload);
  }
  return payload;
}

async function resolveFile(root, pathname) {
  const decoded = decodeURIComponent(pathname);
  const target = normalize(join(root, decoded));
  // INVARIANT: never serve outside the site folder, whatever the request path says.
  if (target !== root && !target.startsWith(root + sep)) return undefined;
  for (const candidate of [target, join(target, 'index.html'), `${target}.html`]) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) return candidate;
  }
  return undefined;
}

/**
 * Serves `root` on 127.0.0.1 (port 0: an ephemeral one). Resolves with the base URL and a close function.
 * @param {{ root: string, port?: number, host?: string }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startStaticServer({ root, port = 0, host = '127.0.0.1' }) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      const { pathname } = new URL(req.url ?? '/', 'http://localhost');
      const file = await resolveFile(base, pathname);
      const status = file ? 200 : 404;
      const path = file ?? join(base, '404.html');
      const body = await readFile(path).catch(() => Buffer.from('Not found\n'));
      const ext = extname(path);
      const headers = { 'Content-Type': TYPES[ext] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' };
      const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const payload = gzip ? await gzipped(path, body) : body;
      if (gzip) headers['Content-Encoding'] = 'gzip';
      res.writeHead(status, { ...headers, 'Content-Length': payload.length });
      res.end(req.method === 'HEAD' ? undefined : payload);
    } catch (error) {
      console.error(`static server: ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal error\n');
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(undefined));
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('static server: no TCP address');
  return {
    url: `http://${host}:${address.port}/`,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}
