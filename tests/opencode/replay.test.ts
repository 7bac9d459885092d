// `replay` against a real opencode 1.18.33 session: the scripted model makes several calls (one the preset
// forbids, one in a subagent), the session is exported with `opencode export`, and replay's verdicts must be
// explain's for the same events — and what the plugin really did then.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEnv } from '@semantic-anchors/sandbox';
import { anchorsPlugin, fixturesDir, requireOpencodeBinary, startHarness, type Harness } from './support/harness.js';
import { bash, callDirective, expectBlocked, expectRan, turn } from './support/turns.js';
import { runCli } from './support/cli.js';

const firstTurn = (project: string) => [
  'Tidy up and ship',
  bash('echo one'),
  callDirective('edit', { filePath: join(project, 'src/app.ts'), oldString: 'x = 1', newString: 'x = 2' }),
  bash('git push --force origin main'),
  bash('rm -rf src'),
  bash('git status'),
];
const CHILD_PROMPT = bash('echo from-subagent');
const TASK = callDirective('task', { description: 'child', prompt: CHILD_PROMPT, subagent_type: 'general' });

interface Call {
  tool: string | null;
  decision: string | null;
  contracts: string[];
  subject?: string;
  recorded?: string;
  subagent: boolean;
  kind: string;
}

describe('replay of a real exported session', () => {
  let h: Harness;
  let exports: string;
  const config = join(fixturesDir, 'configs/replay.yaml');

  beforeAll(async () => {
    h = await startHarness({
      plugins: [anchorsPlugin()],
      projectFiles: { '.opencode/opencode-semantic-anchors.yaml': 'configs/replay.yaml' },
      projectText: { 'src/app.ts': 'export const x = 1;\n' },
    });
    const session = await h.client.createSession();
    const first = await turn(h, session, firstTurn(h.dirs.project));
    expectRan(first[0]);
    expectRan(first[1]);
    expectBlocked(first[2], 'dev-no-force-push-main');
    expectBlocked(first[3], 'dev-no-destructive-shell');
    expectRan(first[4]);
    await turn(h, session, [TASK]);
    await turn(h, session, ['continue']);
    // Export with opencode's own CLI, as a user would.
    const binary = requireOpencodeBinary();
    const run = (...args: string[]) =>
      execFileSync(binary, args, { cwd: h.dirs.project, env: sandboxEnv(h.dirs), encoding: 'utf8', timeout: 60_000 });
    exports = join(h.dirs.root, 'exports');
    mkdirSync(exports);
    for (const s of await h.client.sessions()) writeFileSync(join(exports, `${s.id}.json`), run('export', s.id));
  });
  afterAll(async () => h?.stop());

  it("gives explain's verdicts for the same events, and what the plugin did then", () => {
    const replayed = runCli(['replay', exports, '--config', config, '--root', h.dirs.project, '--json']);
    expect(replayed.stderr).toBe('');
    expect(replayed.code).toBe(0);
    const calls = (JSON.parse(replayed.stdout) as Call[]).filter((c) => c.kind === 'tool');
    expect(calls.map((c) => c.tool)).toEqual(['bash', 'edit', 'bash', 'bash', 'bash', 'task', 'bash']);
    expect(calls.at(-1)).toMatchObject({ subagent: true, subject: 'echo from-subagent' });

    // The same events, written out by hand from what the test told the model to do, through explain.
    const events = [
      { agent: 'build' },
      { message: firstTurn(h.dirs.project).join('\n') },
      { tool: 'bash', args: { command: 'echo one', description: 'scripted' } },
      { tool: 'edit', args: { filePath: join(h.dirs.project, 'src/app.ts'), oldString: 'x = 1', newString: 'x = 2' } },
      { tool: 'bash', args: { command: 'git push --force origin main', description: 'scripted' } },
      { tool: 'bash', args: { command: 'rm -rf src', description: 'scripted' } },
      { tool: 'bash', args: { command: 'git status', description: 'scripted' } },
      { message: TASK },
      { tool: 'task', args: { description: 'child', prompt: CHILD_PROMPT, subagent_type: 'general' } },
      { message: CHILD_PROMPT, from: 'subagent' },
      { tool: 'bash', args: { command: 'echo from-subagent', description: 'scripted' } },
    ];
    const file = join(h.dirs.root, 'events.jsonl');
    writeFileSync(file, events.map((e) => JSON.stringify(e)).join('\n'));
    const explained = runCli(['explain', config, '--events', file, '--root', h.dirs.project, '--json']);
    expect(explained.code).toBe(0);
    const verdicts = (
      JSON.parse(explained.stdout) as {
        event: { tool?: string };
        verdict: { decision: string; matches: { id: string }[] };
      }[]
    )
      .filter((r) => r.event.tool !== undefined)
      .map((r) => [r.verdict.decision, [...new Set(r.verdict.matches.map((m) => m.id))]]);
    expect(calls.map((c) => [c.decision, c.contracts])).toEqual(verdicts);
    expect(calls.filter((c) => c.decision === 'BLOCK').map((c) => c.contracts)).toEqual([
      ['dev-no-force-push-main'],
      ['dev-no-destructive-shell'],
    ]);
    // And what the plugin really did in that session: blocked exactly the calls replay blocks.
    expect(calls.map((c) => c.recorded === 'blocked')).toEqual(calls.map((c) => c.decision === 'BLOCK'));
  });

  it('prints each blocked call with its contract, the characters that matched and the next call', () => {
    const text = runCli(['replay', exports, '--config', config, '--root', h.dirs.project]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('bash "git push --force origin main" → BLOCK');
    expect(text.stdout).toMatch(/✗ dev-no-force-push-main \[BLOCK\]/);
    expect(text.stdout).toMatch(/│ git push --force origin main\n\s+│ \^\^\^ \^\^\^\^ \^\^\^\^\^\^\^/);
    expect(text.stdout).toContain('next: bash "rm -rf src"');
    expect(text.stdout).toMatch(/Bypasses a human would have needed: 2/);
    expect(text.stdout).toMatch(/Subagent session ses_\w+ \(shares the rules state of ses_\w+\)/);
  });

  it("given nothing, finds the project's sessions (and the subagent's) through opencode's CLI", () => {
    const env = { ...sandboxEnv(h.dirs), PATH: process.env.PATH ?? '', OPENCODE_BIN: requireOpencodeBinary() };
    const found = runCli(['replay', '--config', config, '--json'], { cwd: h.dirs.project, env });
    expect(found.code).toBe(0);
    const calls = JSON.parse(found.stdout) as Call[];
    expect(calls.filter((c) => c.kind === 'tool')).toHaveLength(7);
    expect(found.stderr).toContain('exported 2 session(s)');
  });

  it('reads the decision log the plugin wrote as well', () => {
    const log = join(h.dirs.project, '.opencode/semantic-anchors-decisions.jsonl');
    const fromLog = runCli(['replay', log, '--json']);
    const calls = JSON.parse(fromLog.stdout) as (Call & { fromLog: boolean })[];
    expect(calls.map((c) => [c.decision, c.contracts, c.fromLog])).toEqual([
      ['BLOCK', ['dev-no-force-push-main'], true],
      ['BLOCK', ['dev-no-destructive-shell'], true],
    ]);
  });

  it('a damaged export: positioned error, the calls before the damage still replayed, exit 1', () => {
    const root = readdirSync(exports)
      .map((f) => join(exports, f))
      .sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
    const text = readFileSync(root, 'utf8');
    const cut = join(h.dirs.root, 'cut.json');
    writeFileSync(cut, text.slice(0, Math.floor(text.length * 0.6)));
    const r = runCli(['replay', cut, '--config', config, '--root', h.dirs.project]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${cut}:${text.slice(0, Math.floor(text.length * 0.6)).split('\n').length}:`);
    expect(r.stderr).toContain('error: the file ends in the middle of the JSON document');
    expect(r.stdout).toContain('→ BLOCK');
  });
});
