// A free TCP port on 127.0.0.1: opencode 1.18 turns `--port 0` into its default 4096, so we pick one ourselves.

import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('could not read the port of a probe socket'))));
    });
  });
}
