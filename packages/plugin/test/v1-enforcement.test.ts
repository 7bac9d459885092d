// The opencode 1.18 adapter against recorded host payloads: BLOCK, WARN, roles, subagents, confirmations and
// attachments, with a real YAML configuration in a real project folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHILD_SESSION, ROOT_SESSION, anchor, bash, before, startV1 } from './support/v1-host.js';

describe('opencode 1.18: tool.execute.before / after', () => {
  it('lets the recorded bash call run and leaves its output alone', async () => {
    const host = await startV1({ config: 'team' });
    const call = host.payload('tool.execute.before.bash');
    expect(await before(host, call)).toBeUndefined();
    // opencode asks for the shell's environment between the two hooks (the sandbox hands the wrapped command there).
    await host.hooks['shell.env'](
      { cwd: host.project, sessionID: call.input.sessionID, callID: call.input.callID },
      { env: {} },
    );
    const after = host.payload('tool.execute.after.bash');
    await host.hooks['tool.execute.after'](after.input, after.output);
    expect(after.output.output).toBe('recorded\n');
  });

  it('blocks a force push by throwing the contract message, and logs ids and state without the command', async () => {
    const host = await startV1({ config: 'team' });
    const message = await before(host, bash(host, 'git push --force origin main'));
    expect(message).toMatch(/^BLOCKED by semantic-anchors/);
    expect(message).toContain('contract "no-force-push"');
    expect(message).toContain('Why: Force-pushing rewrites history others build on.');
    expect(message).toContain('Do instead: Push a new commit, or open a pull request.');
    expect(message).toContain('https://llm-coding.github.io/Semantic-Anchors/anchor/github-flow');
    expect(message).toContain('/anchor bypass no-force-push <reason>');
    const line = host.logs.find((l) => l.message.startsWith('BLOCK'));
    expect(line).toMatchObject({
      service: 'semantic-anchors',
      level: 'warn',
      extra: { contracts: ['no-force-push'], role: 'software-developer', bypassesLeft: 2 },
    });
    expect(JSON.stringify(host.logs)).not.toContain('origin main');
    expect(host.toasts.some((t) => t.variant === 'warning' && t.message.includes('no-force-push'))).toBe(true);
  });

  it('blocks an edit by path for the role that forbids it', async () => {
    const host = await startV1({ config: 'team' });
    await host.hooks['chat.message'](...args(host.payload('chat.message.plan')));
    const message = await before(host, host.payload('tool.execute.before.edit'));
    expect(message).toContain('contract "architect-writes-no-code"');
  });

  it('warns: the note is appended to the tool output the model receives, and the human gets a toast', async () => {
    const host = await startV1({ config: 'team' });
    const edit = (j: string) => j.replaceAll('src/app.ts', 'config/app.json');
    expect(await before(host, host.payload('tool.execute.before.edit', edit))).toBeUndefined();
    const after = host.payload('tool.execute.after.edit', edit);
    await host.hooks['tool.execute.after'](after.input, after.output);
    const output = after.output.output as string;
    expect(output.startsWith('Edit applied successfully.\n\nNOTE from semantic-anchors')).toBe(true);
    expect(output).toContain('contract "review-config-edits"');
    expect(host.toasts.some((t) => t.variant === 'warning' && t.message.includes('review-config-edits'))).toBe(true);
    expect(
      host.logs.some(
        (l) =>
          l.message.startsWith('WARN') &&
          ((l.extra?.contracts as string[] | undefined) ?? []).includes('review-config-edits'),
      ),
    ).toBe(true);
    expect(JSON.stringify(host.logs)).not.toContain('x = 2');
  });
});

describe('opencode 1.18: roles and sessions', () => {
  it('maps the agent of chat.message to a role, and a switch back changes the verdict', async () => {
    const host = await startV1({ config: 'team' });
    await host.hooks['chat.message'](...args(host.payload('chat.message.plan')));
    expect(await before(host, host.payload('tool.execute.before.edit'))).toContain('architect-writes-no-code');
    await host.hooks['chat.message'](...args(host.payload('chat.message.build')));
    expect(await before(host, host.payload('tool.execute.before.edit'))).toBeUndefined();
    expect(host.logs.some((l) => l.message.includes('Role is now software-developer (was software-architect)'))).toBe(
      true,
    );
  });

  it('ignores the hidden agents opencode uses for titles and summaries', async () => {
    const host = await startV1({ config: 'team' });
    await host.hooks['chat.message'](...args(host.payload('chat.message.plan')));
    await host.hooks['chat.message'](
      ...args(host.payload('chat.message.build', (j) => j.replaceAll('"agent": "build"', '"agent": "title"'))),
    );
    expect(await before(host, host.payload('tool.execute.before.edit'))).toContain('architect-writes-no-code');
  });

  it('a subagent session plays its parent role and spends the same bypass budget', async () => {
    const host = await startV1({ config: 'team' });
    await host.hooks.event({ event: host.payload('event.session.created').event });
    await host.hooks['chat.message'](...args(host.payload('chat.message.plan')));
    await host.hooks.event({ event: host.payload('event.session.created.child').event });
    // The child's own agent ("general") does not give it another role.
    await host.hooks['chat.message'](...args(host.payload('chat.message.general')));
    const childEdit = host.payload('tool.execute.before.edit', (j) => j.replaceAll(ROOT_SESSION, CHILD_SESSION));
    expect(await before(host, childEdit)).toContain('architect-writes-no-code');
    // A bypass granted in the parent is used by the child; the budget is one budget.
    expect((await anchor(host, 'bypass reviewed the change'))[0]!.text).toContain('1 of 2 left');
    expect(await before(host, childEdit)).toBeUndefined();
    expect((await anchor(host, 'bypass once more', CHILD_SESSION))[0]!.text).toContain('0 of 2 left');
    const status = (await anchor(host, 'status'))[0]!.text;
    expect(status).toContain('Bypasses: 0 of 2 left this session');
    expect(status).toContain('Open bypass: for architect-writes-no-code (the contracts of the last block)');
  });

  it('a subagent\'s prompt is not the human: a "continue" written by the model confirms nothing', async () => {
    const host = await startV1({ config: 'step-confirmation' });
    await host.hooks.event({ event: host.payload('event.session.created.child').event });
    for (let i = 0; i < 2; i++) expect(await before(host, bash(host, 'ls'))).toBeUndefined();
    const prompt = host.payload('chat.message.general');
    (prompt.output.parts as Array<{ text: string }>)[0]!.text = 'continue';
    await host.hooks['chat.message'](prompt.input, prompt.output);
    expect(await before(host, bash(host, 'ls', 'call_child', CHILD_SESSION))).toContain('contract "step-confirmation"');
  });

  it('a confirmation in a chat message resets the Step Confirmation count', async () => {
    const host = await startV1({ config: 'step-confirmation' });
    expect(await before(host, bash(host, 'ls'))).toBeUndefined();
    expect(await before(host, bash(host, 'ls'))).toBeUndefined();
    expect(await before(host, bash(host, 'ls'))).toContain('contract "step-confirmation"');
    const say = (text: string) => {
      const p = host.payload('chat.message.build');
      (p.output.parts as Array<{ text: string }>)[0]!.text = text;
      return p;
    };
    await host.hooks['chat.message'](...args(say('looks good, what next?')));
    expect(await before(host, bash(host, 'ls'))).toContain('contract "step-confirmation"');
    await host.hooks['chat.message'](...args(say('continue')));
    expect(await before(host, bash(host, 'ls'))).toBeUndefined();
    expect(host.logs.some((l) => l.message.startsWith('Confirmed by the human'))).toBe(true);
  });
});

describe('opencode 1.18: attachments', () => {
  it('withholds a blocked attached file: its content and file part are removed and a note says why', async () => {
    const host = await startV1({ config: 'team' });
    const p = host.payload('chat.message.with-file.build', (j) => j.replaceAll('notes.txt', '.env'));
    const parts = p.output.parts as Array<Record<string, unknown>>;
    await host.hooks['chat.message'](p.input, p.output);
    expect(JSON.stringify(parts)).not.toContain('attached file content');
    expect(parts.some((x) => x.type === 'file')).toBe(false);
    expect(parts[0]).toMatchObject({ type: 'text', text: 'look at this file' });
    const note = parts.find((x) => typeof x.text === 'string' && (x.text as string).startsWith('[semantic-anchors]'));
    expect(note?.text).toContain(join(host.project, '.env'));
    expect(note?.text).toContain('was withheld');
    expect(note?.text).toContain('no-reading-secrets');
    // The note reuses a part id the host numbered, so opencode stores it like any other part.
    expect(note?.id).toBe('prt_228a63512002Vv3Xg0Hq72cLX3');
    expect(host.toasts.some((t) => t.message.includes('Withheld attached file'))).toBe(true);
  });

  it('leaves an allowed attachment exactly as opencode built it', async () => {
    const host = await startV1({ config: 'team' });
    const p = host.payload('chat.message.with-file.build');
    const before = JSON.stringify(p.output.parts);
    await host.hooks['chat.message'](p.input, p.output);
    expect(JSON.stringify(p.output.parts)).toBe(before);
  });
});

describe('opencode 1.18: configuration', () => {
  it('reads the file named in the plugin options, relative to the project', async () => {
    const host = await startV1({
      config: 'step-confirmation',
      configAt: 'rules/anchors.yaml',
      options: { config: 'rules/anchors.yaml' },
    });
    expect((await anchor(host, 'status'))[0]!.text).toContain(join(host.project, 'rules/anchors.yaml'));
  });

  it('follows a relative extends through the file system', async () => {
    const host = await startV1({
      files: {
        '.opencode/opencode-semantic-anchors.yaml': readFileSync(
          join(import.meta.dirname, 'fixtures/configs/extends/team.yaml'),
          'utf8',
        ),
        '.opencode/base.yaml': readFileSync(join(import.meta.dirname, 'fixtures/configs/extends/base.yaml'), 'utf8'),
      },
    });
    expect(await before(host, bash(host, 'git push --force'))).toContain('contract "no-force-push"');
  });

  it('without a file, uses the software-developer preset and says so once in the log', async () => {
    const host = await startV1();
    expect(host.logs.filter((l) => l.message.startsWith('No configuration file found'))).toHaveLength(1);
    expect(await before(host, bash(host, 'git push --force origin main'))).toMatch(/^BLOCKED by semantic-anchors/);
  });

  it('an unreadable file gives the defaults with a visible warning', async () => {
    const host = await startV1({ config: 'unreadable' });
    const warning = host.logs.find((l) => l.level === 'warn' && l.message.includes('could not be used'));
    expect(warning?.message).toContain('using the default configuration');
    expect(host.toasts.some((t) => t.variant === 'warning' && t.message.includes('could not be used'))).toBe(true);
    expect((await anchor(host, 'status'))[0]!.text).toMatch(
      /Config: <default: extends software-developer>[\s\S]*Problems in the configuration/,
    );
    expect(await before(host, bash(host, 'git push --force origin main'))).toMatch(/^BLOCKED by semantic-anchors/);
  });

  it('skips a broken contract, reports it, and keeps enforcing the others', async () => {
    const host = await startV1({ config: 'broken-contract' });
    expect(host.logs.some((l) => l.level === 'warn' && l.message.includes('does not compile'))).toBe(true);
    expect(await before(host, bash(host, 'git push --force'))).toContain('contract "no-force-push"');
    expect((await anchor(host, 'status'))[0]!.text).toContain('bad-pattern');
  });
});

function args(p: {
  input: Record<string, unknown>;
  output: Record<string, unknown>;
}): [Record<string, unknown>, Record<string, unknown>] {
  return [p.input, p.output];
}
