// Fail open, visibly: errors inside the plugin let the call proceed (unless onError: block), are logged at error
// level, and are toasted once per session.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHILD_SESSION, ROOT_SESSION, before, startV1 } from './support/v1-host.js';

/** Tool arguments whose reading fails: the kind of host input the plugin cannot predict. */
function hostileArgs(): Record<string, unknown> {
  return Object.defineProperty({}, 'command', {
    enumerable: true,
    get: () => {
      throw new Error('host args exploded');
    },
  });
}

describe('fail open', () => {
  it('an internal error lets the call run, is logged at error level, and is toasted once per session', async () => {
    const host = await startV1({ config: 'team' });
    for (let i = 0; i < 3; i++) {
      expect(
        await before(host, {
          input: { tool: 'bash', sessionID: ROOT_SESSION, callID: `c${i}` },
          output: { args: hostileArgs() },
        }),
      ).toBeUndefined();
    }
    const errors = host.logs.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(3);
    expect(errors[0]!.message).toContain('host args exploded');
    expect(errors[0]!.message).toContain('allowed (fail open)');
    expect(host.toasts.filter((t) => t.variant === 'error')).toHaveLength(1);
    await before(host, {
      input: { tool: 'bash', sessionID: CHILD_SESSION, callID: 'c9' },
      output: { args: hostileArgs() },
    });
    expect(host.toasts.filter((t) => t.variant === 'error')).toHaveLength(2);
  });

  it('a payload of an unexpected shape is allowed and reported, not thrown at opencode', async () => {
    const host = await startV1({ config: 'team' });
    expect(await before(host, { input: { tool: 42 }, output: {} })).toBeUndefined();
    await host.hooks['chat.message']({ sessionID: ROOT_SESSION }, { message: 'not an object', parts: 'nope' });
    await host.hooks['command.execute.before']({ command: 'anchor' }, {});
    await host.hooks.event({ event: { type: 'session.created', properties: { info: {} } } });
    expect(host.logs.filter((l) => l.level === 'error').map((l) => l.message.split(':')[0])).toEqual([
      'internal error in tool.execute.before',
      'internal error in chat.message',
      'internal error in command.execute.before',
      'internal error in event',
    ]);
  });

  it('an error while appending a note is reported; the tool result stands', async () => {
    const host = await startV1({ config: 'team' });
    const edit = (j: string) => j.replaceAll('src/app.ts', 'config/app.json');
    await before(host, host.payload('tool.execute.before.edit', edit));
    const after = host.payload('tool.execute.after.edit', edit);
    const frozen = Object.freeze(after.output);
    await host.hooks['tool.execute.after'](after.input, frozen);
    expect(frozen.output).toBe('Edit applied successfully.');
    expect(
      host.logs.some((l) => l.level === 'error' && l.message.startsWith('internal error in tool.execute.after')),
    ).toBe(true);
  });

  it('with settings.onError: block, an internal error blocks the call instead', async () => {
    const host = await startV1({ config: 'fail-closed' });
    const message = await before(host, {
      input: { tool: 'bash', sessionID: ROOT_SESSION, callID: 'c1' },
      output: { args: hostileArgs() },
    });
    expect(message).toMatch(/^BLOCKED by semantic-anchors: the plugin failed while checking this call/);
    expect(host.logs.some((l) => l.level === 'error' && l.message.includes('blocked (settings.onError: block)'))).toBe(
      true,
    );
  });
});

describe('a start that fails', () => {
  it('when the working part of the bundle cannot be imported, every hook lets the call run and the human is told', async () => {
    // The built bundle as installed, with the chunk the factory imports in the background taken away.
    const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
    const copy = mkdtempSync(join(tmpdir(), 'sa-plugin-broken-'));
    for (const f of readdirSync(dist).filter((n) => n.endsWith('.js') || n.endsWith('.br')))
      copyFileSync(join(dist, f), join(copy, f));
    const entry = readFileSync(join(copy, 'index.js'), 'utf8');
    const statics = [...entry.matchAll(/(?:from|import)\s*"\.\/([\w-]+\.js)"/g)].map((m) => m[1]!);
    const taken = statics.flatMap((f) =>
      [...readFileSync(join(copy, f), 'utf8').matchAll(/import\("\.\/([\w-]+\.js)"\)/g)].map((m) => m[1]!),
    );
    expect(taken.length).toBeGreaterThan(0);
    for (const f of taken) rmSync(join(copy, f));
    const project = mkdtempSync(join(tmpdir(), 'sa-plugin-project-'));
    mkdirSync(join(project, '.opencode'));
    writeFileSync(
      join(project, '.opencode/opencode-semantic-anchors.yaml'),
      'version: 1\nextends: [software-developer]\n',
    );
    const logs: { level: string; message: string }[] = [];
    const toasts: { variant: string; message: string }[] = [];
    const client = {
      app: { log: async (o: { body: { level: string; message: string } }) => (logs.push(o.body), { data: true }) },
      tui: {
        showToast: async (o: { body: { variant: string; message: string } }) => (toasts.push(o.body), { data: true }),
      },
    };
    const plugin = (await import(pathToFileURL(join(copy, 'index.js')).href)).default;
    const hooks = await plugin.server({ directory: project, worktree: project, client }, {});
    await expect(
      hooks['tool.execute.before'](
        { tool: 'bash', sessionID: ROOT_SESSION, callID: 'c1' },
        { args: { command: 'git push --force origin main' } },
      ),
    ).resolves.toBeUndefined();
    expect(logs.some((l) => l.level === 'error' && l.message.includes('could not start'))).toBe(true);
    expect(toasts.some((t) => t.variant === 'error' && t.message.includes('no rule is enforced'))).toBe(true);
  });
});
