// The README's two set-up commands, taken from the README itself. The product command runs verbatim in a fresh
// clone of the committed tree (as on a new machine: its own `npm ci`, its own build) and must serve the site with the
// bundled presets; the test command is what `.ci/run` runs, which is how CI proves it on every change.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledPresets } from '@semantic-anchors/engine';
import { repoRoot } from './support.js';

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

/** The first ```sh block after the paragraph that starts with `**title**`. */
const commandAfter = (title: string): string => shBlockAfter(`**${title}**`);

/** The first ```sh block after a heading or paragraph mark, whole. */
function shBlockAfter(heading: string): string {
  const at = readme.indexOf(heading);
  if (at < 0) throw new Error(`README.md has no "${heading}"`);
  const block = /```sh\n([\s\S]*?)\n```/.exec(readme.slice(at));
  if (!block) throw new Error(`README.md: no sh block after "${heading}"`);
  return block[1]!.trim();
}

/**
 * The environment of a new shell: without what `npm test` adds to its children (npm_* settings, INIT_CWD, the
 * workspace's node_modules/.bin on PATH), which would make the clone's npm act on this checkout's behalf.
 */
function freshShellEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^npm_/i.test(key) && key !== 'INIT_CWD') env[key] = value;
  env.PATH = (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => !dir.includes('node_modules/.bin'))
    .join(':');
  return env;
}

describe("the README's set-up commands", () => {
  const product = commandAfter('Run the product');
  const tests = commandAfter('Run all tests');
  const work = mkdtempSync(join(tmpdir(), 'readme-'));
  let server: ReturnType<typeof spawn> | undefined;
  afterAll(() => {
    // The command started a process group (npm → node serve.mjs): stop all of it by its pid.
    if (server?.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch (error) {
        // Already gone (it exited on its own): nothing left to stop.
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('are one line each', () => {
    expect(product.split('\n')).toHaveLength(1);
    expect(tests.split('\n')).toHaveLength(1);
  });

  it('test command: its npm steps are the ones .ci/run runs on a clean clone', () => {
    const ci = readFileSync(join(repoRoot, '.ci/run'), 'utf8');
    expect(tests).toMatch(/scripts\/with-node24\.sh npm ci && scripts\/with-node24\.sh npm test$/);
    expect(ci).toMatch(/exec scripts\/with-node24\.sh \.ci\/run/);
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test\b/m);
    for (const pkg of tests.match(/apt-get install -y (.*?) &&/)![1]!.split(' ')) expect(ci).toContain(pkg);
  });

  it('product command: in a fresh clone it installs, builds and serves the site with every bundled preset', async () => {
    const clone = join(work, 'repo');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone]);
    // Verbatim; PORT=0 (an environment setting the serve script documents) only keeps it off a port in use.
    server = spawn('sh', ['-c', product], {
      cwd: clone,
      env: { ...freshShellEnv(), PORT: '0', npm_config_audit: 'false', npm_config_fund: 'false' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const seen = (chunk: Buffer) => {
        output += chunk.toString();
        const m = /configurator: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
        if (m) resolve(m[1]!);
      };
      server!.stdout!.on('data', seen);
      server!.stderr!.on('data', seen);
      server!.on('exit', (code) =>
        reject(new Error(`the product command ended (${code}) before serving:\n${output.slice(-3000)}`)),
      );
    });
    const get = async (path: string) => {
      const r = await fetch(new URL(path, url));
      return { status: r.status, text: await r.text() };
    };
    const home = await get('');
    expect(home.status).toBe(200);
    for (const p of bundledPresets) {
      const page = await get(`roles/${p.id}/`);
      expect(page.status, p.id).toBe(200);
      expect((await get(`presets/${p.id}.yaml`)).text, p.id).toBe(p.text);
    }
    expect((await get('editor/')).status).toBe(200);
    expect(JSON.parse((await get('schema/v1.json')).text)).toHaveProperty('$schema');

    // The same clone, installed by the product command's `npm ci`: the "Try the CLI" commands run verbatim, through
    // the bin npm linked at install (the one CLI, built by the workspace's prepare).
    for (const line of shBlockAfter('## Try the CLI').split('\n')) {
      const run = spawnSync('sh', ['-c', line], {
        cwd: clone,
        env: freshShellEnv(),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status, `${line}\n${run.stdout}${run.stderr}`).toBe(0);
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/unknown command|not built yet|command not found/);
    }
  }, 900_000);
});
