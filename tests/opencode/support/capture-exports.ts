// Captures real `opencode export` files from opencode-ai@1.18.33 for the engine's replay tests:
//   npx tsx tests/opencode/support/capture-exports.ts
// Runs the plugin in a sandbox with the default preset (software-developer), plays a scripted session (calls that
// run, one the preset blocks, an attached file, /anchor status and bypass, a subagent, a confirmation, an agent
// switch), then exports every session with the real CLI (`opencode session list`, `opencode export <id>`) and
// writes them to packages/engine/test/fixtures/opencode-exports/. Sandbox paths are replaced by /SANDBOX.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { callDirective, sandboxEnv } from '@semantic-anchors/sandbox';
import { anchorsPlugin, repoRoot, requireOpencodeBinary, startHarness } from './harness.js';

const out = join(repoRoot, 'packages/engine/test/fixtures/opencode-exports');
const h = await startHarness({
  plugins: [anchorsPlugin({ decisionLog: true })],
  projectText: { 'notes.txt': 'attached file content\n', 'src/app.ts': 'export const x = 1;\n' },
});
try {
  const session = await h.client.createSession();
  const bash = (command: string) => callDirective('bash', { command, description: 'scripted' });
  await h.client.prompt(
    session,
    [
      'Fix the build and ship it',
      bash('echo one'),
      callDirective('edit', { filePath: join(h.dirs.project, 'src/app.ts'), oldString: 'x = 1', newString: 'x = 2' }),
      bash('git push --force origin main'),
      bash('git status'),
    ].join('\n'),
  );
  await h.client.prompt(session, 'look at this file', {
    parts: [
      { type: 'file', mime: 'text/plain', url: `file://${join(h.dirs.project, 'notes.txt')}`, filename: 'notes.txt' },
    ],
  });
  await h.client.command(session, 'anchor', 'status');
  await h.client.command(session, 'anchor', 'bypass hotfix approved by the release manager');
  await h.client.prompt(session, bash('git push --force origin main'));
  const child = bash('echo from-subagent');
  await h.client.prompt(
    session,
    callDirective('task', { description: 'child work', prompt: child, subagent_type: 'general' }),
    { agent: 'build' },
  );
  await h.client.prompt(session, [callDirective('anchor_status', {}), bash('echo after-status')].join('\n'));
  await h.client.prompt(session, 'continue');
  await h.client.prompt(
    session,
    ['plan something', callDirective('read', { filePath: join(h.dirs.project, 'notes.txt') })].join('\n'),
    { agent: 'plan' },
  );
  const binary = requireOpencodeBinary();
  const run = (...args: string[]) =>
    execFileSync(binary, args, { cwd: h.dirs.project, env: sandboxEnv(h.dirs), encoding: 'utf8', timeout: 60_000 });
  const listed = JSON.parse(run('session', 'list', '--format', 'json')) as { id: string }[];
  const scrub = (text: string) => text.split(h.dirs.root).join('/SANDBOX');
  mkdirSync(out, { recursive: true });
  for (const { id } of listed) writeFileSync(join(out, 'session.json'), scrub(run('export', id)));
  const children = (await h.client.sessions()).filter((s) => s.parentID !== undefined);
  for (const { id } of children) writeFileSync(join(out, 'subagent.json'), scrub(run('export', id)));
  await new Promise((r) => setTimeout(r, 500)); // the decision log is written in the background
  const log = readFileSync(join(h.dirs.project, '.opencode/semantic-anchors-decisions.jsonl'), 'utf8');
  writeFileSync(join(out, 'decisions.jsonl'), scrub(log));
  console.log(`exported ${listed.length} session(s) and ${children.length} subagent session(s) to ${out}`);
} finally {
  await h.stop();
}
