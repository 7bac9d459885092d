// A network tool's result that holds opencode's own server's answer (a redirect or a relay led the request there,
// route 7.07) is withheld before the model reads it; real answers of opencode 1.18.33 (test/fixtures/server-echo),
// and the honest look-alikes: a page about opencode's JSON, a subagent's result naming its session.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_SESSION, fixtures, startV1, type V1TestHost } from './support/v1-host.js';

/** A recorded answer as the server sends it: compact JSON (the fixture is formatted for reading). */
const answer = (host: V1TestHost, name: string) =>
  JSON.stringify(
    JSON.parse(
      readFileSync(join(fixtures, 'server-echo', `${name}.json`), 'utf8')
        .replaceAll('/SANDBOX/project', host.project)
        .replaceAll('/SANDBOX', '/tmp/sandbox-of-the-recording'),
    ),
  );

/** A webfetch (or another tool) result as opencode 1.18 hands it to tool.execute.after. */
function result(tool: string, text: string, sessionID = ROOT_SESSION) {
  return {
    input: {
      tool,
      sessionID,
      callID: `call_${Math.random().toString(36).slice(2)}`,
      args: { url: 'https://example.org/' },
    },
    output: {
      title: 'https://example.org/ (application/json)',
      output: text,
      metadata: { url: 'https://example.org/' },
    },
  };
}

async function after(host: V1TestHost, r: ReturnType<typeof result>): Promise<string> {
  await host.hooks['tool.execute.after'](r.input, r.output);
  return r.output.output;
}

describe("opencode's own server's answers in a network tool's result", () => {
  it("withholds the session list webfetch read (the agent's session among them) and says so to the human", async () => {
    const host = await startV1({ config: 'team' });
    const r = result('webfetch', answer(host, 'session-list'));
    const seen = await after(host, r);
    expect(seen).not.toContain('canary 7f3a');
    expect(seen).toMatch(
      /^BLOCKED by anchor-protect-host-server: the webfetch result held a session id of this opencode/,
    );
    expect(r.output.title).toBe('withheld');
    expect(r.output.metadata).toEqual({});
    expect(host.toasts.some((t) => t.variant === 'warning' && t.message.includes('OPENCODE_SERVER_PASSWORD'))).toBe(
      true,
    );
    const line = host.logs.find((l) => l.message.startsWith('BLOCK anchor-protect-host-server'));
    expect(line?.level).toBe('warn');
    expect(JSON.stringify(host.logs)).not.toContain('canary 7f3a');
  });

  it('withholds it when another session reads it (one the plugin has not seen): the project id gives it away', async () => {
    const host = await startV1({ config: 'team' });
    const seen = await after(host, result('webfetch', answer(host, 'session-list'), 'ses_dd759e000ffeAAAAAAAAAAAAAA'));
    expect(seen).not.toContain('canary 7f3a');
    expect(seen).toContain("held this project's id in opencode's own records");
    const project = await after(host, result('webfetch', answer(host, 'project')));
    expect(project).toContain("held this project's id in opencode's own records");
  });

  it('withholds it from an MCP tool that relays it', async () => {
    const host = await startV1({ config: 'team' });
    const seen = await after(host, result('relay_fetch', answer(host, 'session-list')));
    expect(seen).toMatch(/^BLOCKED by anchor-protect-host-server: the relay_fetch result/);
  });

  it('leaves alone what only looks like it: a page with opencode JSON of another machine, paths, a subagent result', async () => {
    const host = await startV1({ config: 'team' });
    const docs =
      '# Sessions\n\n```json\n[{"id":"ses_db4ac5280ffem8FNO0rnjzxb53","projectID":"9bcb123aede2c6a0cf57d52c7f5ae456495632b1","directory":"/home/me/app","title":"demo"}]\n```';
    expect(await after(host, result('webfetch', docs))).toBe(docs);
    // This machine's paths alone (a dev server's error page the team allows) are no sign of opencode's server.
    const path = answer(host, 'path');
    expect(await after(host, result('webfetch', path))).toBe(path);
    const task = host.payload('tool.execute.after.task');
    await host.hooks['tool.execute.after'](task.input, task.output);
    expect(task.output.output).toContain('<task id="ses_dd759c9d4ffeHZPedyr6029NKa"');
    expect(host.logs.some((l) => l.message.startsWith('BLOCK anchor-protect-host-server'))).toBe(false);
  });
});
