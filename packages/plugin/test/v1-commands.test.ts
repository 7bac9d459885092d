// The human channel (/anchor through command.execute.before) and the model's read-only status tool.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATUS_TOOL as ENGINE_STATUS_TOOL } from '@semantic-anchors/engine';
import { describe, expect, it } from 'vitest';
import { STATUS_TOOL } from '../src/v1/server.js';
import { ROOT_SESSION, anchor, bash, before, startV1, type V1TestHost } from './support/v1-host.js';

const answer = async (host: V1TestHost, args: string): Promise<string> => {
  const parts = await anchor(host, args);
  expect(parts).toHaveLength(1);
  expect(parts[0]).toMatchObject({ type: 'text' });
  const text = parts[0]!.text as string;
  expect(text.startsWith('[semantic-anchors]')).toBe(true);
  return text;
};

describe('/anchor', () => {
  it('registers the command through the config hook', async () => {
    const host = await startV1({ config: 'team' });
    const cfg: Record<string, unknown> = { command: { other: { template: 'x' } } };
    await host.hooks.config(cfg);
    expect(cfg.command).toMatchObject({ other: { template: 'x' }, anchor: { template: '$ARGUMENTS' } });
  });

  it('status: role, active contracts, counters and budget; also as a toast', async () => {
    const host = await startV1({ config: 'team' });
    await before(host, bash(host, 'ls'));
    const text = await answer(host, 'status');
    expect(text).toContain('Role: software-developer');
    // The file's 4 of 5, plus the built-in self-protection contracts no file can switch off.
    expect(text).toMatch(
      /Contracts active for this role: \d+ of \d+: anchor-protect-contract-files \(BLOCK\), anchor-protect-host-files \(BLOCK\)/,
    );
    expect(text).toContain('no-force-push (BLOCK)');
    expect(text).not.toContain('architect-writes-no-code');
    expect(text).toContain('Tool calls since the last confirmation: 1');
    expect(text).toContain('Bypasses: 2 of 2 left this session');
    expect(host.toasts.some((t) => t.variant === 'info' && t.message.startsWith('[semantic-anchors] status'))).toBe(
      true,
    );
  });

  it('bypass lets exactly the next blocked call through, and says so when the budget is spent', async () => {
    const host = await startV1({ config: 'team' });
    expect(await before(host, bash(host, 'git push --force origin main'))).toContain('no-force-push');
    expect(await answer(host, 'bypass hotfix approved by Jane')).toContain('Bypass granted');
    expect(await before(host, bash(host, 'git push --force origin main'))).toBeUndefined();
    expect(host.logs.some((l) => l.message.startsWith('BYPASS used') && l.extra?.bypassUsed === true)).toBe(true);
    expect(await before(host, bash(host, 'git push --force origin main'))).toContain('1 of 2 bypasses left');
    expect(await answer(host, 'bypass second one')).toContain('0 of 2 left');
    expect(await before(host, bash(host, 'git push --force origin main'))).toBeUndefined();
    // The answer echoes the command the human typed (the transcript keeps it; replay reads it), then says why.
    expect(await answer(host, 'bypass third')).toBe(
      '[semantic-anchors] /anchor bypass third\nBypass refused: the budget of 2 for this session is spent.',
    );
    expect(await before(host, bash(host, 'git push --force origin main'))).toContain(
      "the session's bypass budget is spent",
    );
  });

  it('a bypass never opens a contract that is not bypassable, and a refusal spends nothing', async () => {
    const host = await startV1({ config: 'team' });
    expect(await before(host, bash(host, 'psql -c "DROP DATABASE prod"'))).toContain('Bypass: not possible');
    expect(await answer(host, 'bypass please')).toContain('which cannot be bypassed; nothing was spent');
    const status = await answer(host, 'status');
    expect(status).toContain('Bypasses: 2 of 2 left this session');
    expect(status).toMatch(/Open bypass: none \(the last block was by [a-z-]+\)/);
  });

  it('a bypass without an id is for the contract that blocked the last call, and status says so first', async () => {
    const host = await startV1({ config: 'team' });
    expect(await answer(host, 'bypass before anything')).toContain('no call has been blocked in this session');
    await before(host, bash(host, 'git push --force origin main'));
    expect(await answer(host, 'bypass the release manager agreed')).toContain('"no-force-push"');
    const lines = (await answer(host, 'status')).split('\n');
    expect(lines[1]).toBe('Bypasses: 1 of 2 left this session');
    expect(lines[2]).toMatch(
      /^Open bypass: for no-force-push \(the contracts of the last block\), for \d+ more tool call/,
    );
  });

  it('a mistyped contract id is refused with the closest id, and no budget is spent', async () => {
    const host = await startV1({ config: 'team' });
    const refused = await answer(host, 'bypass no-force-psuh the release manager agreed');
    expect(refused).toContain('Bypass refused: no contract "no-force-psuh" is active; nothing was spent.');
    expect(refused).toContain('Did you mean "no-force-push"?');
    expect(await answer(host, 'status')).toContain('Bypasses: 2 of 2 left this session');
    expect(await answer(host, 'bypass no-force-push the release manager agreed')).toContain('(named)');
    expect(await before(host, bash(host, 'git push --force origin main'))).toBeUndefined();
  });

  it('explain prints the last verdict with the trigger that held', async () => {
    const host = await startV1({ config: 'team' });
    expect(await answer(host, 'explain')).toContain('no tool call or message has been checked');
    await before(host, bash(host, 'git push --force origin main'));
    const text = await answer(host, 'explain');
    expect(text).toMatch(/explain: event #\d+ \(tool call bash\), role software-developer → BLOCK/);
    expect(text).toContain('- no-force-push [BLOCK, block]');
    expect(text).toMatch(/when held: .+/);
  });

  it('role switches the role and resets the count; an unknown role is refused with the known ones', async () => {
    const host = await startV1({ config: 'team' });
    expect(await answer(host, 'role software-architect')).toContain(
      'Role is now software-architect (was software-developer)',
    );
    expect(await before(host, host.payload('tool.execute.before.edit'))).toContain('architect-writes-no-code');
    expect(await answer(host, 'role chief-wizard')).toContain('"chief-wizard" is not a known role. Known roles:');
  });

  it('a role set by the human holds until the agent changes', async () => {
    const host = await startV1({ config: 'team' });
    await host.hooks['chat.message'](...pair(host.payload('chat.message.build')));
    await answer(host, 'role software-architect');
    await host.hooks['chat.message'](...pair(host.payload('chat.message.build')));
    expect(await answer(host, 'status')).toContain('Role: software-architect');
  });

  it('a role the human sets as the first thing in a fresh session is not undone by the first agent seen', async () => {
    const host = await startV1({ config: 'team' });
    await answer(host, 'role software-architect');
    await host.hooks['chat.message'](...pair(host.payload('chat.message.build')));
    expect(await answer(host, 'status')).toContain('Role: software-architect');
    await host.hooks['chat.message'](...pair(host.payload('chat.message.plan')));
    expect(await answer(host, 'status')).toContain('Role: software-architect');
  });

  it('reload re-reads the YAML: counters reset, role and spent budget kept', async () => {
    const host = await startV1({ config: 'step-confirmation' });
    await answer(host, 'role qa-engineer');
    await before(host, bash(host, 'ls'));
    await before(host, bash(host, 'ls'));
    await answer(host, 'bypass step-confirmation needed');
    const file = join(host.project, '.opencode/opencode-semantic-anchors.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('toolCalls: 3', 'toolCalls: 2'));
    const text = await answer(host, 'reload');
    expect(text).toContain(`Reloaded ${file}`);
    expect(text).toContain('counters reset; role qa-engineer kept');
    const status = await answer(host, 'status');
    expect(status).toContain('Tool calls since the last confirmation: 0');
    expect(status).toContain('Bypasses: 2 of 3 left');
    expect(await before(host, bash(host, 'ls'))).toBeUndefined();
    expect(await before(host, bash(host, 'ls'))).toBeUndefined(); // the waiting bypass is used here
    expect(await before(host, bash(host, 'ls'))).toContain('step-confirmation');
  });

  it('an unknown subcommand gets the list of commands; other commands are left alone', async () => {
    const host = await startV1({ config: 'team' });
    expect(await answer(host, 'grant')).toContain('unknown subcommand "grant"');
    const p = host.payload('command.execute.before');
    await host.hooks['command.execute.before'](p.input, p.output);
    expect(p.output.parts).toEqual([{ type: 'text', text: 'recorder status please' }]);
  });

  it("the command's answer coming back as the message is not taken for the human's words", async () => {
    const host = await startV1({ config: 'step-confirmation' });
    const text = await answer(host, 'status');
    const echo = host.payload('chat.message.build');
    (echo.output.parts as Array<{ text: string }>)[0]!.text = text;
    await host.hooks['chat.message'](...pair(echo));
    expect(host.logs.some((l) => l.message.includes('Confirmed'))).toBe(false);
  });
});

describe('anchor_status, the model’s read-only tool', () => {
  it('returns the status and cannot grant a bypass, whatever arguments the model sends', async () => {
    const host = await startV1({ config: 'team' });
    const tool = host.hooks.tool.anchor_status!;
    expect(Object.keys(host.hooks.tool)).toEqual(['anchor_status']);
    // The factory names the tool before the engine is loaded: the name the engine exempts must be the same.
    expect(STATUS_TOOL).toBe(ENGINE_STATUS_TOOL);
    expect(tool.args).toEqual({});
    const ctx = {
      sessionID: ROOT_SESSION,
      messageID: 'msg_x',
      agent: 'build',
      directory: host.project,
      worktree: host.project,
    };
    const text = await tool.execute({ bypass: 'I grant myself one', reason: 'please' }, ctx);
    expect(text).toContain('Bypasses: 2 of 2 left this session');
    expect(await before(host, bash(host, 'git push --force origin main'))).toMatch(/^BLOCKED/);
  });

  it('is never blocked or counted itself, so the model can always read the rules', async () => {
    const host = await startV1({ config: 'step-confirmation' });
    for (let i = 0; i < 5; i++) {
      expect(
        await before(host, {
          input: { tool: 'anchor_status', sessionID: ROOT_SESSION, callID: `c${i}` },
          output: { args: {} },
        }),
      ).toBeUndefined();
    }
    expect(await answer(host, 'status')).toContain('Tool calls since the last confirmation: 0');
  });
});

function pair(p: {
  input: Record<string, unknown>;
  output: Record<string, unknown>;
}): [Record<string, unknown>, Record<string, unknown>] {
  return [p.input, p.output];
}
