// The result check through the opencode 1.18 adapter, on a real project folder: whatever a call did to a protected
// file (the tool's effect is made here, between the hooks, as the tool would make it) is undone and reported to the
// agent in the tool result, to the human as a toast and log line, and in the decision log — unless a human's
// bypass that named the contract let that very call through; then /anchor reload waits for a confirmation.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anchor, bash, before, ROOT_SESSION, startV1, type V1TestHost, afterRun } from './support/v1-host.js';

const CONFIG = '.opencode/opencode-semantic-anchors.yaml';

/** One tool call as opencode runs it: before-hook, the tool's effect, after-hook; returns the result (or the block). */
async function call(
  host: V1TestHost,
  tool: string,
  args: Record<string, unknown>,
  effect: () => void,
  output = 'done\n',
): Promise<{ blocked: string | undefined; result: Record<string, unknown> }> {
  const callID = `call_${Math.random().toString(36).slice(2)}`;
  const input = { tool, sessionID: ROOT_SESSION, callID };
  const blocked = await before(host, { input, output: { args } });
  if (blocked !== undefined) return { blocked, result: {} };
  effect();
  const result: Record<string, unknown> = { title: tool, output, metadata: { output } };
  await afterRun(host, input, args, result);
  return { blocked, result };
}

const text = (host: V1TestHost, relative: string) => readFileSync(join(host.project, relative), 'utf8');
const answer = async (host: V1TestHost, args: string) => String((await anchor(host, args))[0]?.text ?? '');

describe('the result check', () => {
  let host: V1TestHost;
  let original: string;
  beforeEach(async () => {
    host = await startV1({ config: 'team', options: { decisionLog: true } });
    original = text(host, CONFIG);
  });
  afterEach(async () => {
    await new Promise((r) => setTimeout(r, 50));
  });

  it('undoes a rewrite of the contract file by a call the rules did not read as one, and reports it as a BLOCK', async () => {
    const { blocked, result } = await call(host, 'bash', { command: 'tar -xf /tmp/rules.tar' }, () =>
      writeFileSync(join(host.project, CONFIG), 'version: 1\ncontracts: []\n'),
    );
    expect(blocked).toBeUndefined();
    expect(text(host, CONFIG)).toBe(original);
    expect(result.output).toContain('done\n');
    expect(result.output).toContain('BLOCKED by semantic-anchors: this bash call changed protected files');
    expect(result.output).toContain('[BLOCK] contract "anchor-protect-contract-files"');
    expect(result.output).toContain(`Changed: ${CONFIG} — old bytes back`);
    expect(host.toasts.some((t) => t.message.includes('Blocked a change to protected files'))).toBe(true);
    expect(host.logs.some((l) => l.level === 'warn' && l.message.startsWith('BLOCK result check'))).toBe(true);
    // The decision log is appended in the background (the call never waits for the disk): wait for the line.
    const logFile = join(host.project, '.opencode/semantic-anchors-decisions.jsonl');
    const blockRecord = () =>
      (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '')
        .trim()
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((r) => r.kind === 'block' && r.tool === 'bash');
    await expect.poll(blockRecord, { timeout: 10_000 }).toBeDefined();
    expect(blockRecord()).toMatchObject({ verdict: 'BLOCK', contracts: ['anchor-protect-contract-files'] });
  });

  it('removes a plugin dropped into .opencode/plugins and names the host-files contract', async () => {
    const { result } = await call(host, 'bash', { command: 'python3 build.py' }, () => {
      mkdirSync(join(host.project, '.opencode/plugins'), { recursive: true });
      writeFileSync(join(host.project, '.opencode/plugins/evil.js'), 'export const x = 1;\n');
    });
    expect(existsSync(join(host.project, '.opencode/plugins/evil.js'))).toBe(false);
    expect(result.output).toContain('Created: .opencode/plugins/evil.js — removed');
  });

  it('undoes every change of one call, a rewritten contract file and a new plugin alike (tar -x over .opencode)', async () => {
    const { result } = await call(host, 'bash', { command: 'tar -xf /tmp/rules.tar' }, () => {
      writeFileSync(join(host.project, CONFIG), 'version: 1\ncontracts: []\n');
      mkdirSync(join(host.project, '.opencode/plugins'), { recursive: true });
      writeFileSync(join(host.project, '.opencode/plugins/evil.js'), 'export const x = 1;\n');
    });
    expect(text(host, CONFIG)).toBe(original);
    expect(existsSync(join(host.project, '.opencode/plugins/evil.js'))).toBe(false);
    expect(result.output).toContain('contract "anchor-protect-contract-files"');
    expect(result.output).toContain('contract "anchor-protect-host-files"');
    expect(result.output).toContain('Created: .opencode/plugins/evil.js — removed');
    expect(result.output).toContain('cannot be bypassed');
  });

  it('undoes a change a leftover process made between calls, and stops the next call with the report', async () => {
    // A job the rules cannot read into (a script the session did not write), left running after the call.
    await call(host, 'bash', { command: 'nohup sh ./later.sh &' }, () => {});
    writeFileSync(join(host.project, CONFIG), 'version: 1\ncontracts: []\n');
    const next = await call(host, 'read', { filePath: join(host.project, 'README.md') }, () => {});
    expect(next.blocked).toContain('protected files changed between tool calls');
    expect(next.blocked).toContain('anchor-protect-contract-files');
    expect(text(host, CONFIG)).toBe(original);
  });

  it('keeps a change the human made while the agent was not working, and says so', async () => {
    await call(host, 'bash', { command: 'ls' }, () => {});
    writeFileSync(join(host.project, CONFIG), `${original}# edited by the human\n`);
    await answer(host, 'status');
    expect(text(host, CONFIG)).toContain('# edited by the human');
    expect(host.toasts.some((t) => t.message.includes("changed outside the agent's tool calls"))).toBe(true);
    expect((await answer(host, 'reload')).startsWith('[semantic-anchors] /anchor reload\nReloaded')).toBe(true);
  });

  it("takes a new entry of Bun's transpiler cache outside a shell call for Bun's own, and a changed one for a change", async () => {
    // opencode's Bun caches a large module the first time it loads one (the sandbox library this plugin loads in the
    // background, a provider SDK): a new `.pile` may appear at any time, and only a shell call could write one for
    // the agent. A cache of this test's own, named the way opencode's Bun finds it.
    const cacheHome = mkdtempSync(join(tmpdir(), 'sa-bun-cache-'));
    const entries = join(cacheHome, 'bun', '@t@');
    mkdirSync(entries, { recursive: true });
    writeFileSync(join(entries, 'aaaa000000000001.pile'), 'cached module');
    const saved = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = cacheHome;
    try {
      const bun = await startV1({ config: 'team' });
      const run = (tool: string, args: Record<string, unknown>, effect: () => void) => call(bun, tool, args, effect);
      await run('bash', { command: 'ls' }, () => {});
      writeFileSync(join(entries, 'bbbb000000000002.pile'), 'module loaded later');
      expect((await run('read', { filePath: join(bun.project, 'README.md') }, () => {})).blocked).toBeUndefined();
      writeFileSync(join(entries, 'cccc000000000003.pile'), 'loaded while the human typed');
      await answer(bun, 'status');
      expect(bun.toasts.some((t) => t.message.includes("changed outside the agent's tool calls"))).toBe(false);
      expect(existsSync(join(entries, 'bbbb000000000002.pile'))).toBe(true);
      expect(existsSync(join(entries, 'cccc000000000003.pile'))).toBe(true);
      // A cached module rewritten is what route 6.22 plants: undone, and the next call stopped.
      writeFileSync(join(entries, 'aaaa000000000001.pile'), 'cached module;require("child_process")');
      const next = await run('read', { filePath: join(bun.project, 'README.md') }, () => {});
      expect(next.blocked).toContain('protected files changed between tool calls');
      expect(readFileSync(join(entries, 'aaaa000000000001.pile'), 'utf8')).toBe('cached module');
      // A new entry a shell call wrote (with the sandbox off, or unavailable, it could): removed.
      const shell = await run('bash', { command: 'sh ./warm.sh' }, () =>
        writeFileSync(join(entries, 'dddd000000000004.pile'), 'planted'),
      );
      expect(shell.result.output).toContain('BLOCKED by semantic-anchors: this bash call changed protected files');
      expect(existsSync(join(entries, 'dddd000000000004.pile'))).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
      rmSync(cacheHome, { recursive: true, force: true });
    }
  });

  it('a human message while a call runs does not take that call’s change for the human’s', async () => {
    const input = { tool: 'bash', sessionID: ROOT_SESSION, callID: 'call_slow' };
    const args = { command: 'sleep 5' };
    expect(await before(host, { input, output: { args } })).toBeUndefined();
    writeFileSync(join(host.project, CONFIG), 'version: 1\ncontracts: []\n');
    const p = host.payload('chat.message.build');
    await host.hooks['chat.message'](p.input, p.output);
    const result: Record<string, unknown> = { title: 'bash', output: '', metadata: {} };
    await afterRun(host, input, args, result);
    expect(text(host, CONFIG)).toBe(original);
    expect(result.output).toContain('anchor-protect-contract-files');
  });

  it('lets a change through only on a bypass that named the contract, and reload then waits for a confirmation', async () => {
    const write = { filePath: join(host.project, CONFIG), content: `${original}# by the agent\n` };
    const first = await call(host, 'write', write, () => {});
    expect(first.blocked).toContain('anchor-protect-contract-files');
    expect(await answer(host, 'bypass the rule change we discussed')).toContain('only a bypass that names it');
    expect(await answer(host, 'bypass anchor-protect-contract-files the rule change we discussed')).toContain(
      'Bypass granted',
    );
    const second = await call(host, 'write', write, () => writeFileSync(write.filePath, write.content));
    expect(second.blocked).toBeUndefined();
    expect(String(second.result.output)).not.toContain('BLOCKED');
    expect(text(host, CONFIG)).toContain('# by the agent');
    const refused = await answer(host, 'reload');
    expect(refused).toContain('Reload refused');
    expect(refused).toContain(`${CONFIG}: changed by the agent's write call`);
    expect(refused).toContain('/anchor reload confirm');
    expect(await answer(host, 'status')).toContain("Changed during an agent's call (reload needs confirming)");
    expect(await answer(host, 'reload confirm')).toContain('Reloaded');
    expect((await answer(host, 'reload')).startsWith('[semantic-anchors] /anchor reload\nReloaded')).toBe(true);
  });

  it('a bypass does not approve a change made by another call than the one it let through', async () => {
    await call(host, 'write', { filePath: join(host.project, CONFIG), content: 'x' }, () => {});
    await answer(host, 'bypass anchor-protect-contract-files fine');
    const sneaky = await call(host, 'bash', { command: 'git stash -u' }, () =>
      writeFileSync(join(host.project, CONFIG), 'version: 1\ncontracts: []\n'),
    );
    expect(sneaky.result.output).toContain('anchor-protect-contract-files');
    expect(text(host, CONFIG)).toBe(original);
    expect(await answer(host, 'status')).toMatch(/Open bypass: for anchor-protect-contract-files \(named\)/);
  });

  it('judges a write through a link to .opencode as a write to the contract file, before it runs', async () => {
    symlinkSync(join(host.project, '.opencode'), join(host.project, 'cfg'));
    const message = await before(host, {
      input: { tool: 'write', sessionID: ROOT_SESSION, callID: 'call_link' },
      output: { args: { filePath: join(host.project, 'cfg/opencode-semantic-anchors.yaml'), content: 'x' } },
    });
    expect(message).toContain('anchor-protect-contract-files');
    const edit = await before(host, {
      input: { tool: 'edit', sessionID: ROOT_SESSION, callID: 'call_link2' },
      output: { args: { filePath: 'cfg/plugins/evil.js', oldString: '', newString: 'x' } },
    });
    expect(edit).toContain('anchor-protect-host-files');
    expect(await before(host, bash(host, 'ls cfg'))).toBeUndefined();
  });

  it('says in status how many protected files it re-checks', async () => {
    expect(await answer(host, 'status')).toMatch(/Result check: \d+ protected files re-checked after every call/);
  });
});

describe('secrets in tool results', () => {
  it('the server password in a tool result reaches the model masked', async () => {
    const was = process.env.OPENCODE_SERVER_PASSWORD;
    process.env.OPENCODE_SERVER_PASSWORD = 'e2e-password-9f8e7d';
    try {
      const host = await startV1({ config: 'team' });
      const leaked = `env: OPENCODE_SERVER_PASSWORD=${process.env.OPENCODE_SERVER_PASSWORD}\n`;
      const { result } = await call(host, 'bash', { command: 'sh probe.sh' }, () => {}, leaked);
      expect(JSON.stringify(result)).not.toContain('e2e-password-9f8e7d');
      expect(result.output).toContain('[masked: OPENCODE_SERVER_PASSWORD]');
      expect(host.logs.some((l) => JSON.stringify(l).includes('e2e-password-9f8e7d'))).toBe(false);
    } finally {
      if (was === undefined) delete process.env.OPENCODE_SERVER_PASSWORD;
      else process.env.OPENCODE_SERVER_PASSWORD = was;
    }
  });
});
