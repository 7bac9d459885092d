// Issue 10 §2: every way opencode 1.18.33 reaches a tool is enforced, or pinned as a known gap. In a real headless
// opencode with the built plugin: a local stdio MCP server's tools (named `<server>_<tool>`, arguments matched by
// path, content and name), a plugin-defined tool, non-interactive `opencode run`, and the experimental batch tool.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEnv } from '@semantic-anchors/sandbox';
import {
  anchorsPlugin,
  fixturePlugin,
  fixturesDir,
  requireOpencodeBinary,
  startHarness,
  type Harness,
} from './support/harness.js';
import { bash, callDirective, expectBlocked, expectRan, pluginLogLines, turn } from './support/turns.js';

describe('every path to a tool in a real opencode', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      plugins: [anchorsPlugin(), fixturePlugin('deploy-tool')],
      projectFiles: { '.opencode/opencode-semantic-anchors.yaml': 'configs/tool-paths.yaml' },
      extraConfig: {
        mcp: {
          notes: {
            type: 'local',
            command: [process.execPath, join(fixturesDir, 'mcp', 'notes-server.mjs')],
            enabled: true,
          },
        },
        experimental: { batch_tool: true },
      },
    });
  });
  afterAll(async () => h?.stop());

  const toolIds = async (): Promise<string[]> => {
    const response = await fetch(`${h.opencode.url}/experimental/tool/ids`);
    expect(response.status).toBe(200);
    return (await response.json()) as string[];
  };

  it("an MCP server's tools are blocked by name and arguments (path, content); an allowed call runs", async () => {
    // MCP tools are not in the built-in tool list (/experimental/tool/ids); the server's status says it is there.
    const status = (await (await fetch(`${h.opencode.url}/mcp`)).json()) as Record<string, { status?: string }>;
    expect(status.notes?.status, JSON.stringify(status)).toBe('connected');
    const session = await h.client.createSession();
    const secret = join(h.dirs.project, 'secrets/note.txt');
    const fine = join(h.dirs.project, 'notes/note.txt');
    const parts = await turn(h, session, [
      callDirective('notes_save_note', { path: secret, content: 'hello' }),
      callDirective('notes_echo', { text: 'this carries E2E-FORBIDDEN' }),
      callDirective('notes_save_note', { path: fine, content: 'hello' }),
    ]);
    expectBlocked(parts[0], 'e2e-mcp-no-secret-notes');
    expect(existsSync(secret)).toBe(false);
    expectBlocked(parts[1], 'e2e-mcp-no-forbidden-content');
    expectRan(parts[2]);
    expect(readFileSync(fine, 'utf8')).toBe('hello');
  });

  it('a plugin-defined tool is blocked by a named argument; another value runs', async () => {
    const session = await h.client.createSession();
    const parts = await turn(h, session, [
      callDirective('e2e_deploy', { target: 'production' }),
      callDirective('e2e_deploy', { target: 'staging' }),
    ]);
    expectBlocked(parts[0], 'e2e-no-deploy-to-production');
    expect(existsSync(join(h.dirs.project, 'deployed-production.marker'))).toBe(false);
    expectRan(parts[1]);
    expect(existsSync(join(h.dirs.project, 'deployed-staging.marker'))).toBe(true);
  });

  it('pins: opencode 1.18.33 has no batch tool, even with experimental.batch_tool on (nothing to slip past the hooks)', async () => {
    // If an upgrade adds one, this fails: then prove its inner calls reach tool.execute.before, or warn at load.
    expect(await toolIds()).not.toContain('batch');
    // The gap is not silent: with the switch on, the plugin warns at load.
    expect(pluginLogLines(h).some((l) => l.includes('experimental.batch_tool is on'))).toBe(true);
  });

  it('non-interactive `opencode run` fires the hooks: a blocked call does not run and the block text is printed', async () => {
    const marker = join(h.dirs.project, 'run.marker');
    const script = callDirective('bash', {
      command: `touch ${marker} && git push --force origin main`,
      description: 'scripted',
    });
    // Asynchronous: the scripted model answers from this process, so it must not be blocked while opencode runs.
    // The script goes in on stdin: opencode run quotes a message argument that holds spaces, which hides the
    // directive from the scripted model.
    const output = await runOpencode(['run', 'go'], h.dirs.project, sandboxEnv(h.dirs), `${script}\n`);
    const lastChat = h.model.requests.filter((r) => r.chat).at(-1)?.chat;
    expect(
      output,
      JSON.stringify(lastChat?.messages.map((m) => [m.role, m.text.slice(0, 300), m.toolCalls.length])),
    ).toContain('BLOCKED by semantic-anchors');
    expect(output).toContain('e2e-no-force-push');
    expect(existsSync(marker)).toBe(false);
  });

  it('the built-in tools still run next to MCP and plugin tools', async () => {
    const session = await h.client.createSession();
    const [part] = await turn(h, session, [bash('echo still-$((1+1))')]);
    expectRan(part);
    expect(part?.output).toContain('still-2');
  });
});

/** Runs the opencode CLI to its end; resolves with stdout and stderr together. */
function runOpencode(args: string[], cwd: string, env: Record<string, string>, stdin: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(requireOpencodeBinary(), args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end(stdin);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`opencode ${args[0]} did not end within 120 s; output so far:\n${out.slice(-2000)}`));
    }, 120_000);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
  });
}
