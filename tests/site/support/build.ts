// Builds what the browser suite needs, once: the site (when any of its inputs is newer than the last build) and the
// engine's CLI (the reference the simulator is compared with). Serialised with flock, so parallel test files share
// one build instead of racing.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const SITE_DIST = join(REPO, 'apps/configurator/dist');
export const CLI = join(REPO, 'packages/engine/dist/cli.js');

const SITE_INPUTS = [
  'apps/configurator/src',
  'apps/configurator/public',
  'apps/configurator/astro.config.mjs',
  'site-content',
  'presets/generated',
  'packages/engine/src',
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), info.mtimeMs);
}

function siteIsStale(): boolean {
  const stamp = join(SITE_DIST, 'index.html');
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return SITE_INPUTS.some((p) => newest(join(REPO, p)) > built);
}

function run(args: string[]): void {
  execFileSync('flock', ['/tmp/semantic-anchors-site-build.lock', 'npm', ...args], {
    cwd: REPO,
    stdio: 'inherit',
    timeout: 300_000,
  });
}

export function ensureSiteBuilt(): void {
  if (process.env.SITE_SKIP_BUILD === '1' && existsSync(join(SITE_DIST, 'index.html'))) return;
  if (siteIsStale()) run(['run', 'build', '-w', '@semantic-anchors/configurator']);
}

export function ensureCliBuilt(): void {
  if (!existsSync(CLI) || newest(join(REPO, 'packages/engine/src')) > statSync(CLI).mtimeMs) {
    run(['run', 'build', '-w', '@semantic-anchors/engine']);
  }
}
