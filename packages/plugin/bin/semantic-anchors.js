#!/usr/bin/env node
// The `semantic-anchors` and `opencode-semantic-anchors` commands: one CLI, the bundled dist/cli.js. This small file is
// what the bins point at, so npm links them at install time even in a source checkout whose dist/ is built afterwards
// (the workspace's `prepare` builds it). Without a build it says so, instead of printing a module-not-found stack.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (existsSync(cli)) {
  await import(cli.href);
} else {
  process.stderr.write(
    'semantic-anchors: dist/cli.js is not built yet. In a source checkout, run: npm run build -w opencode-semantic-anchors\n',
  );
  process.exitCode = 3;
}
