// `npm run preview` / `npm start`: serves the built site on 127.0.0.1 and prints its address.
// PORT picks the port (default 4321; 0 for any free one).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './static-server.mjs';

const root = fileURLToPath(new URL('../dist/', import.meta.url));
if (!existsSync(`${root}index.html`)) {
  console.error(
    `${root}index.html: the site is not built\n  hint: run \`npm run build -w @semantic-anchors/configurator\` first`,
  );
  process.exit(2);
}
const port = Number(process.env.PORT ?? 4321);
const { url } = await startStaticServer({ root, port });
console.log(`opencode-semantic-anchors configurator: ${url}  (Ctrl+C to stop)`);
