// Runs the built `semantic-anchors` CLI (the plugin package's bin, which carries the engine's commands) as a user
// would: node, a cwd and an environment; returns the exit code and both streams.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './harness.js';

export const pluginCli = join(repoRoot, 'packages/plugin/dist/cli.js');

export function runCli(
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {},
) {
  const r = spawnSync(process.execPath, [pluginCli, ...args], {
    cwd: options.cwd ?? repoRoot,
    env: options.env ?? process.env,
    input: options.input,
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
