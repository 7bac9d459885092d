#!/usr/bin/env node
// The README's test command (`npm test`): the build first, then two lanes at once — the checks and the packages' own
// suites (typecheck, lint, generated files current, engine, sandbox, plugin), and the end-to-end workspace (real
// opencode, real Chromium). Why two lanes: the checks are single-threaded and the packages' suites leave a core idle
// much of their time, while the end-to-end suite runs about 25 minutes on two workers; one after the other, a CI run
// took 1,820–1,914 s on the 2-core machine, over its 30-minute budget, with a core idle for the first 7 minutes.
// The end-to-end lane's output streams as it comes; the other lane's is held and printed whole when it ends (one
// block, its summary lines intact for .ci/run's count). Exits non-zero when either lane failed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const E2E = '@semantic-anchors/tests';

/** Runs `npm run <script> [args]` in the repository; resolves with the exit code (output streamed or collected). */
function npm(args, sink) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', sink);
    child.stderr.on('data', sink);
    child.on('error', (error) => {
      sink(Buffer.from(`test-all: npm ${args.join(' ')}: ${error.message}\n`));
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs the steps one after the other, stopping at the first that fails; the exit code of the lane. */
async function lane(steps, sink) {
  for (const step of steps) {
    sink(Buffer.from(`\n> npm ${step.join(' ')}\n`));
    const code = await npm(step, sink);
    if (code !== 0) return code;
  }
  return 0;
}

const stream = (chunk) => process.stdout.write(chunk);
const workspacesWithTests = pkg.workspaces
  .map((dir) => JSON.parse(readFileSync(new URL(`${dir}/package.json`, root), 'utf8')))
  .filter((p) => p.scripts?.test !== undefined && p.name !== E2E)
  .map((p) => p.name);

const built = await lane([['run', 'build']], stream);
if (built !== 0) process.exit(built);

let held = [];
const hold = (chunk) => held.push(chunk);
const [checks, e2e] = await Promise.all([
  lane(
    [
      ['run', 'typecheck'],
      ['run', 'lint'],
      ['run', 'check:gen'],
      ...workspacesWithTests.map((name) => ['run', 'test', '-w', name]),
    ],
    hold,
  ).then((code) => {
    process.stdout.write(Buffer.concat(held));
    process.stdout.write(`\ntest-all: checks and package suites ${code === 0 ? 'passed' : `failed (${code})`}\n`);
    held = [];
    return code;
  }),
  lane([['run', 'test', '-w', E2E]], stream),
]);
process.stdout.write(`test-all: end-to-end suites ${e2e === 0 ? 'passed' : `failed (${e2e})`}\n`);
process.exit(checks !== 0 ? checks : e2e);
