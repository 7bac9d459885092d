// BLOCK, WARN, bypass, subagents, attachments and roles, in a real headless opencode with the built plugin and
// the project config .opencode/opencode-semantic-anchors.yaml (fixtures/configs/enforcement.yaml).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { anchorsPlugin, startHarness, type Harness } from './support/harness.js';
import {
  anchor,
  bash,
  callDirective,
  everythingTheModelSaw,
  expectBlocked,
  expectRan,
  pluginLogLines,
  projectFileExists,
  turn,
} from './support/turns.js';

const MIGRATION = 'create table users (id int);\n';
const SECRET = 'E2E_SECRET_TOKEN=e2e-must-never-reach-the-model';

describe('enforcement in a real opencode (project config)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      plugins: [anchorsPlugin()],
      projectFiles: { '.opencode/opencode-semantic-anchors.yaml': 'configs/enforcement.yaml' },
      // opencode's plan agent may not start the general subagent by default; the role-inheritance test needs it.
      extraConfig: { agent: { plan: { permission: { task: 'allow' } } } },
      projectText: {
        'db/migrations/001_init.sql': MIGRATION,
        'src/app.ts': 'export const answer = 41;\n',
        'notes.txt': 'harmless notes\n',
        '.env': `${SECRET}\n`,
      },
    });
  });
  afterAll(async () => h?.stop());

  it('blocks a force push in bash: the command never runs and the model gets the BLOCK message as the tool result', async () => {
    const session = await h.client.createSession();
    const [part] = await turn(h, session, [bash('touch pushed.marker && git push --force origin main')]);
    expectBlocked(part, 'e2e-no-force-push');
    expect(part?.error).toContain('Do instead');
    expect(part?.error).toContain('github-flow');
    expect(part?.error).toContain('/anchor bypass');
    expect(projectFileExists(h, 'pushed.marker')).toBe(false);
    expect(
      h.model.toolResults().some((t) => t.startsWith('BLOCKED by semantic-anchors') && t.includes('e2e-no-force-push')),
    ).toBe(true);
  });

  it('blocks an edit of an applied migration by its path and leaves the file unchanged', async () => {
    const session = await h.client.createSession();
    const file = join(h.dirs.project, 'db/migrations/001_init.sql');
    const [part] = await turn(h, session, [
      callDirective('edit', { filePath: file, oldString: 'int', newString: 'bigint' }),
    ]);
    expectBlocked(part, 'e2e-no-edit-applied-migrations');
    expect(readFileSync(file, 'utf8')).toBe(MIGRATION);
  });

  it('lets an ordinary command run untouched', async () => {
    const session = await h.client.createSession();
    const [part] = await turn(h, session, [bash('echo plain-$((1+1))')]);
    expectRan(part);
    expect(part?.output).toContain('plain-2');
    expect(part?.output).not.toContain('semantic-anchors');
  });

  it('appends a WARN note to the tool output the model receives, and toasts it to the human', async () => {
    const session = await h.client.createSession();
    const [part] = await turn(h, session, [bash('echo E2E-WARN-MARKER ran')]);
    expectRan(part);
    expect(part?.output).toContain('E2E-WARN-MARKER ran');
    expect(part?.output).toContain('\n\nNOTE from semantic-anchors');
    expect(part?.output).toContain('e2e-warn-marker');
    const seen = h.model.toolResults().find((t) => t.includes('E2E-WARN-MARKER ran'));
    expect(seen).toContain('NOTE from semantic-anchors');
    await expect
      .poll(() => h.events.toasts().some((t) => t.variant === 'warning' && t.message.includes('e2e-warn-marker')), {
        timeout: 5_000,
      })
      .toBe(true);
  });

  it('gives the model no way to bypass: status is read-only and the call stays blocked', async () => {
    const session = await h.client.createSession();
    const parts = await turn(h, session, [
      bash('git push --force origin main'),
      callDirective('anchor_status', { bypass: 'the model would like to push' }),
      callDirective('anchor', { arguments: 'bypass I am the model' }),
      bash('touch model-bypass.marker && git push --force origin main'),
    ]);
    // opencode routes a call to a tool that does not exist to its "invalid" tool: there is no anchor tool to grant.
    expect(parts.map((p) => p.tool)).toEqual(['bash', 'anchor_status', 'invalid', 'bash']);
    expectBlocked(parts[0], 'e2e-no-force-push');
    expectRan(parts[1]);
    expect(parts[1]?.output ?? '').toMatch(/1 of 1|budget/i);
    expectBlocked(parts[3], 'e2e-no-force-push');
    expect(projectFileExists(h, 'model-bypass.marker')).toBe(false);
  });

  it('lets exactly one blocked call through after /anchor bypass, then says the budget is spent', async () => {
    const session = await h.client.createSession();
    const granted = await anchor(h, session, 'bypass e2e-no-force-push hotfix agreed with the team');
    expect(granted).toMatch(/^\[semantic-anchors\]/);
    expect(granted).toMatch(/granted/i);
    const parts = await turn(h, session, [
      bash('touch first-push.marker && git push --force origin main'),
      bash('touch second-push.marker && git push --force origin main'),
    ]);
    expectRan(parts[0]);
    expect(projectFileExists(h, 'first-push.marker')).toBe(true);
    expectBlocked(parts[1], 'e2e-no-force-push');
    expect(projectFileExists(h, 'second-push.marker')).toBe(false);
    const refused = await anchor(h, session, 'bypass once more please');
    expect(refused).toMatch(/spent/i);
    const [again] = await turn(h, session, [bash('touch third-push.marker && git push --force origin main')]);
    expectBlocked(again, 'e2e-no-force-push');
    expect(again?.error ?? '').toMatch(/spent/i);
  });

  it('enforces inside a subagent session started by the task tool', async () => {
    const session = await h.client.createSession();
    const childScript = bash('touch subagent-push.marker && git push --force origin main');
    const [task] = await turn(h, session, [
      callDirective('task', { description: 'push from a subagent', prompt: childScript, subagent_type: 'general' }),
    ]);
    expectRan(task);
    const children = (await h.client.sessions()).filter((s) => s.parentID === session);
    expect(children).toHaveLength(1);
    const childParts = await h.client.toolParts(children[0]?.id ?? '');
    expectBlocked(childParts[0], 'e2e-no-force-push');
    expect(projectFileExists(h, 'subagent-push.marker')).toBe(false);
  });

  it('shares the bypass budget between a session and its subagents instead of multiplying it', async () => {
    const session = await h.client.createSession();
    expect(await anchor(h, session, 'bypass e2e-no-force-push one push from the subagent')).toMatch(/granted/i);
    const childScript = [
      bash('touch child-first.marker && git push --force origin main'),
      bash('touch child-second.marker && git push --force origin main'),
    ].join('\n');
    await turn(h, session, [
      callDirective('task', { description: 'two pushes', prompt: childScript, subagent_type: 'general' }),
    ]);
    const child = (await h.client.sessions()).find((s) => s.parentID === session);
    const childParts = await h.client.toolParts(child?.id ?? '');
    expectRan(childParts[0]);
    expectBlocked(childParts[1], 'e2e-no-force-push');
    expect(projectFileExists(h, 'child-first.marker')).toBe(true);
    expect(projectFileExists(h, 'child-second.marker')).toBe(false);
    expect(await anchor(h, session, 'bypass again in the parent')).toMatch(/spent/i);
  });

  it("gives a subagent its parent's role: under plan, the subagent may not edit src/ either", async () => {
    const session = await h.client.createSession();
    const file = join(h.dirs.project, 'src/app.ts');
    const before = readFileSync(file, 'utf8');
    const childScript = callDirective('edit', { filePath: file, oldString: 'answer', newString: 'renamed' });
    const [task] = await turn(
      h,
      session,
      [callDirective('task', { description: 'edit from plan', prompt: childScript, subagent_type: 'general' })],
      { agent: 'plan' },
    );
    const child = (await h.client.sessions()).find((s) => s.parentID === session);
    expect(child, `no subagent session; the task call ended ${JSON.stringify(task)}`).toBeDefined();
    const [edit] = await h.client.toolParts(child?.id ?? '');
    expectBlocked(edit, 'e2e-architect-writes-no-code');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('checks files attached to a message as reads: .env is withheld and said so, notes.txt reaches the model', async () => {
    const session = await h.client.createSession();
    const attach = (name: string) => ({
      type: 'file',
      mime: 'text/plain',
      filename: name,
      url: `file://${join(h.dirs.project, name)}`,
    });
    await h.client.prompt(session, 'please look at these files', { parts: [attach('.env'), attach('notes.txt')] });
    expect(everythingTheModelSaw(h)).not.toContain('e2e-must-never-reach-the-model');
    expect(everythingTheModelSaw(h)).toContain('harmless notes');
    const userTexts = (await h.client.messages(session)).filter((m) => m.role === 'user').flatMap((m) => m.texts);
    const notice = userTexts.find((t) => t.includes('.env') && t.includes('e2e-no-env-read'));
    expect(
      notice,
      `no text part says the .env attachment was withheld; user texts: ${JSON.stringify(userTexts)}`,
    ).toBeDefined();
  });

  it('switches role with the agent: plan (software-architect) is blocked from src/ where build is not', async () => {
    const session = await h.client.createSession();
    const file = join(h.dirs.project, 'src/app.ts');
    const [planned] = await turn(
      h,
      session,
      [callDirective('edit', { filePath: file, oldString: '41', newString: '42' })],
      { agent: 'plan' },
    );
    expectBlocked(planned, 'e2e-architect-writes-no-code');
    expect(readFileSync(file, 'utf8')).toContain('41');
    const [built] = await turn(
      h,
      session,
      [callDirective('edit', { filePath: file, oldString: '41', newString: '42' })],
      { agent: 'build' },
    );
    expectRan(built);
    expect(readFileSync(file, 'utf8')).toContain('42');
  });

  it('answers /anchor status with the role and the bypass budget', async () => {
    const session = await h.client.createSession();
    await turn(h, session, ['hello'], { agent: 'build' });
    const status = await anchor(h, session, 'status');
    expect(status).toContain('software-developer');
    expect(status).toMatch(/1 of 1|budget/i);
  });

  it('lets the human switch the role with /anchor role, which changes the verdict for the same call', async () => {
    const session = await h.client.createSession();
    await turn(h, session, ['hello'], { agent: 'build' });
    const file = join(h.dirs.project, 'src/app.ts');
    const edit = callDirective('edit', { filePath: file, oldString: 'export const', newString: 'export let' });
    const switched = await anchor(h, session, 'role software-architect');
    expect(switched).toContain('software-architect');
    const [blocked] = await turn(h, session, [edit], { agent: 'build' });
    expectBlocked(blocked, 'e2e-architect-writes-no-code');
    await anchor(h, session, 'role software-developer');
    const [allowed] = await turn(h, session, [edit], { agent: 'build' });
    expectRan(allowed);
  });

  it('keeps a role the human set with /anchor role as the first thing in a fresh session', async () => {
    const session = await h.client.createSession();
    expect(await anchor(h, session, 'role software-architect')).toContain('software-architect');
    const file = join(h.dirs.project, 'src/app.ts');
    const [blocked] = await turn(h, session, [
      callDirective('edit', { filePath: file, oldString: 'answer', newString: 'renamed' }),
    ]);
    expectBlocked(blocked, 'e2e-architect-writes-no-code');
  });

  it('explains the last verdict with /anchor explain: the contract and why it matched', async () => {
    const session = await h.client.createSession();
    await turn(h, session, [bash('git push --force origin main')]);
    const explained = await anchor(h, session, 'explain');
    expect(explained).toContain('e2e-no-force-push');
    expect(explained).toMatch(/BLOCK/);
  });

  it('logs every BLOCK and WARN with the contract id, never the command itself', async () => {
    const lines = pluginLogLines(h);
    expect(lines.some((l) => l.includes('e2e-no-force-push'))).toBe(true);
    expect(lines.some((l) => l.includes('e2e-warn-marker'))).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain('git push --force origin main');
      expect(line).not.toContain('E2E-WARN-MARKER ran');
      expect(line).not.toContain('e2e-must-never-reach-the-model');
    }
  });
});
