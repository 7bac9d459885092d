// Records real host payloads from opencode-ai@1.18.33 for the plugin's unit tests:
//   npx tsx tests/opencode/support/record-payloads.ts
// Runs the recording fixture plugin in a sandbox, drives a bash call, an edit, a blocked call, a file attachment,
// a slash command and a subagent (task) call, then copies one payload of each kind to fixtures/recorded/.
// Sandbox paths and ids are replaced by placeholders so the files are stable and carry nothing of this machine.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { callDirective } from '@semantic-anchors/sandbox';
import { fixturePlugin, fixturesDir, startHarness } from './harness.js';

const h = await startHarness({
  plugins: [fixturePlugin('recorder')],
  readyCommand: 'recorder',
  record: true,
  projectText: { 'notes.txt': 'attached file content\n', 'src/app.ts': 'export const x = 1;\n' },
});
try {
  const session = await h.client.createSession();
  await h.client.prompt(
    session,
    [
      'record the basics',
      callDirective('bash', { command: 'echo recorded', description: 'echo' }),
      callDirective('edit', { filePath: join(h.dirs.project, 'src/app.ts'), oldString: 'x = 1', newString: 'x = 2' }),
      callDirective('bash', { command: 'echo RECORDER-BLOCK', description: 'blocked by the recorder' }),
    ].join('\n'),
  );
  await h.client.prompt(session, 'look at this file', {
    parts: [
      { type: 'file', mime: 'text/plain', url: `file://${join(h.dirs.project, 'notes.txt')}`, filename: 'notes.txt' },
    ],
  });
  await h.client.command(session, 'recorder', 'status please');
  const child = 'CALL bash {"command":"echo from-subagent","description":"child"}';
  await h.client.prompt(
    session,
    callDirective('task', { description: 'child work', prompt: child, subagent_type: 'general' }),
    { agent: 'build' },
  );
  await h.client.prompt(session, 'plan something', { agent: 'plan' });
} finally {
  const files = readdirSync(h.recordDir).sort();
  const out = join(fixturesDir, 'recorded');
  mkdirSync(out, { recursive: true });
  const scrub = (text: string) => text.split(h.dirs.root).join('/SANDBOX');
  const firstOf = new Map<string, string>();
  for (const file of files) {
    const payload = readFileSync(join(h.recordDir, file), 'utf8');
    const hook = (JSON.parse(payload) as { hook: string }).hook;
    const tool = (JSON.parse(payload) as { input?: { tool?: string } }).input?.tool;
    const hasFile = payload.includes('"type": "file"');
    const key = `${hook}${tool ? `.${tool}` : ''}${hasFile ? '.with-file' : ''}`;
    const agent = (JSON.parse(payload) as { output?: { message?: { agent?: string } } }).output?.message?.agent;
    const child = hook === 'event.session.created' && payload.includes('"parentID"') ? '.child' : '';
    const fullKey = agent && hook === 'chat.message' ? `${key}.${agent}` : `${key}${child}`;
    if (!firstOf.has(fullKey)) firstOf.set(fullKey, payload);
  }
  for (const [key, payload] of firstOf) writeFileSync(join(out, `${key}.json`), scrub(payload));
  console.log(`recorded ${files.length} payloads; kept ${[...firstOf.keys()].join(', ')}`);
  await h.stop();
}
