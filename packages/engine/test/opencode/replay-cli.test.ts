// `semantic-anchors replay` as a user runs it: the built dist/cli.js, the real exports, stdin, exit codes.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionText } from './exports.js';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(pkg, 'dist/cli.js');
const run = (args: string[], input?: string) => {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: pkg,
    encoding: 'utf8',
    input,
    env: { ...process.env, NO_COLOR: '1', PATH: '/nonexistent', OPENCODE_BIN: '' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const exportsDir = 'test/fixtures/opencode-exports';

beforeAll(() => {
  execFileSync(process.execPath, [join(pkg, 'scripts/build.mjs')], { cwd: pkg });
});

describe('semantic-anchors replay', () => {
  it('--json: an array of calls, each with its tool, decision and contracts, in the order they happened', () => {
    const r = run([
      'replay',
      join(exportsDir, 'session.json'),
      join(exportsDir, 'subagent.json'),
      '--config',
      'software-developer',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const calls = JSON.parse(r.out) as { tool: string; decision: string; contracts: string[]; subagent: boolean }[];
    expect(calls.map((c) => c.tool)).toEqual([
      'bash',
      'edit',
      'bash',
      'bash',
      'bash',
      'task',
      'bash',
      'anchor_status',
      'bash',
      'read',
    ]);
    expect(calls[2]).toMatchObject({ decision: 'BLOCK', contracts: ['dev-no-force-push-main'] });
    expect(calls[6]).toMatchObject({ subagent: true, decision: 'ALLOW' });
  });

  it('reads an export from stdin', () => {
    const r = run(['replay', '-', '--config', 'software-developer', '--json'], sessionText);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { decision: string }[]).filter((c) => c.decision === 'BLOCK')).toHaveLength(1);
  });

  it('--role starts every session in that role (as /anchor role would); an unknown role is a usage error', () => {
    const session = join(exportsDir, 'session.json');
    const asQa = run(['replay', session, '--config', 'software-developer', '--role', 'qa-engineer', '--json']);
    expect(asQa.code).toBe(0);
    const calls = JSON.parse(asQa.out) as { decision: string; role: string }[];
    expect(calls.filter((c) => c.decision === 'BLOCK')).toEqual([]);
    expect(calls[0]!.role).toBe('qa-engineer');
    const unknown = run(['replay', session, '--role', 'nobody']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('--role nobody is not a known role');
  });

  it('a file cut short: exit 1, file:line:col, the calls before the cut printed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sa-replay-'));
    const cut = join(dir, 'cut.json');
    const text = sessionText.slice(0, sessionText.indexOf('"git status"'));
    writeFileSync(cut, text);
    const r = run(['replay', cut, '--config', 'software-developer']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${cut}:${text.split('\n').length}:`);
    expect(r.out).toContain('→ BLOCK');
  });

  it('a 100 MB export (one tool output of 100 MB): replayed, never a crash', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sa-replay-'));
    const big = join(dir, 'big.json');
    const call = (id: string, command: string, output: string) =>
      `{"info":{"role":"assistant","id":"${id}"},"parts":[{"type":"tool","tool":"bash","callID":"${id}","state":{"status":"completed","input":{"command":"${command}"},"output":"${output}"}}]}`;
    writeFileSync(
      big,
      `{"info":{"id":"ses_big","title":"big"},"messages":[${call('a', 'cat huge.log', 'x'.repeat(100 * 1024 * 1024))},${call('b', 'git push --force origin main', 'ok')}]}`,
    );
    const r = run(['replay', big, '--config', 'software-developer', '--json']);
    rmSync(dir, { recursive: true, force: true });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { decision: string }[]).map((c) => c.decision)).toEqual(['ALLOW', 'BLOCK']);
  });

  it('nothing readable: exit 2 with a hint; no opencode to find sessions with: exit 2 with a hint', () => {
    expect(run(['replay', 'no/such/file.json']).code).toBe(2);
    const none = run(['replay']);
    expect(none.code).toBe(2);
    expect(none.err).toContain('opencode export <sessionID>');
  });

  it('has --help', () => {
    const r = run(['replay', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('semantic-anchors replay [<export.json | folder | decisions.jsonl | ->…]');
  });
});
