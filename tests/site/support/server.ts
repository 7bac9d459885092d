// A tiny static server for the built site on 127.0.0.1 (ephemeral port): directory indexes, 404.html for misses.
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.yaml': 'application/yaml',
  '.mjs': 'text/javascript',
  '.txt': 'text/plain; charset=utf-8',
};

export interface Site {
  readonly url: string;
  close(): Promise<void>;
}

async function fileFor(root: string, pathname: string): Promise<string | undefined> {
  const target = normalize(join(root, decodeURIComponent(pathname)));
  if (target !== root && !target.startsWith(root + sep)) return undefined;
  for (const candidate of [target, join(target, 'index.html')]) {
    if ((await stat(candidate).catch(() => undefined))?.isFile()) return candidate;
  }
  return undefined;
}

export async function serveSite(root: string): Promise<Site> {
  const server: Server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    void fileFor(root, pathname)
      .then(async (file) => {
        const path = file ?? join(root, '404.html');
        // Read first, then answer: a file that cannot be read (a build replacing dist/ under a running suite) is a
        // 500 the browser sees, never a response left open with its headers sent.
        const body = await readFile(path);
        res.writeHead(file ? 200 : 404, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' });
        res.end(body);
      })
      .catch((error: unknown) => {
        if (res.headersSent) res.destroy(error instanceof Error ? error : undefined);
        else {
          res.writeHead(500);
          res.end(String(error));
        }
      });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', ok);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('static server: no TCP address');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}
