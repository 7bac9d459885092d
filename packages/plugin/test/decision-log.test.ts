// The opt-in decision log: real files in a temp dir, written in the background, rotated at a bound, dropping and
// counting when it cannot keep up, and never holding tool arguments in clear.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DecisionLog, rotated } from '../src/core/decision-log.js';
import { argsDigest, canonicalJson, maskSecrets, type DecisionRecord } from '../src/core/decision-record.js';
import { ROOT_SESSION, decisionLogLines, anchor, before, bash, startV1 } from './support/v1-host.js';

const rec = (i: number): DecisionRecord => ({
  v: 1,
  time: new Date(0).toISOString(),
  kind: 'block',
  by: 'rule',
  tool: 'bash',
  contracts: [`c${i}`],
});
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as DecisionRecord);

describe('decision log writer', () => {
  it('appends one JSON line per record, after the caller has returned', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sa-log-')), '.opencode', 'decisions.jsonl');
    const log = new DecisionLog({ file });
    log.record(rec(1));
    log.record(rec(2));
    expect(existsSync(file)).toBe(false); // nothing touched the disk inside record()
    await log.flush();
    expect(lines(file).map((r) => r.contracts?.[0])).toEqual(['c1', 'c2']);
  });

  it('rotates at the size bound and keeps a bounded number of old files', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sa-log-')), 'decisions.jsonl');
    const log = new DecisionLog({ file, maxBytes: 300, keep: 2 });
    for (let i = 0; i < 40; i++) {
      log.record(rec(i));
      await log.flush();
    }
    expect(readFileSync(file, 'utf8').length).toBeLessThanOrEqual(300);
    expect(existsSync(rotated(file, 1))).toBe(true);
    expect(existsSync(rotated(file, 2))).toBe(true);
    expect(existsSync(rotated(file, 3))).toBe(false);
    expect(lines(file).at(-1)?.contracts).toEqual(['c39']);
  });

  it('drops and counts records beyond the queue bound, then writes the count', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sa-log-')), 'decisions.jsonl');
    const log = new DecisionLog({ file, maxQueue: 5 });
    for (let i = 0; i < 20; i++) log.record(rec(i));
    await log.flush();
    const written = lines(file);
    expect(written.filter((r) => r.kind === 'block')).toHaveLength(5);
    expect(written.find((r) => r.kind === 'log-dropped')?.dropped).toBe(15);
  });

  it('a log that cannot be written reports once and never throws at the caller', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sa-log-'));
    writeFileSync(join(dir, 'not-a-dir'), '');
    const problems: string[] = [];
    const log = new DecisionLog({ file: join(dir, 'not-a-dir', 'decisions.jsonl'), onError: (m) => problems.push(m) });
    for (let i = 0; i < 3; i++) {
      log.record(rec(i));
      await log.flush();
    }
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/decision log .*not-a-dir.*failed/);
  });
});

describe('decision records', () => {
  it('hash canonical JSON: the same arguments in another key order give the same hash', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
    expect(argsDigest({ b: 1, a: 2 }).sha256).toBe(argsDigest({ a: 2, b: 1 }).sha256);
  });

  it("mask in excerpts every secret the engine's detector names: AWS key ids, bearer tokens, URL passwords, keys", () => {
    const masked = maskSecrets(
      'curl -H "Authorization: Bearer abcdefgh12345678" https://bob:Jd8xLq2mTz@db.prod.acme.io API_KEY=sk_live_0123456789abcdef0123 password: s3cret aws AKIAZ3MHQ6WJ4XPLKRVU',
    );
    expect(masked).not.toMatch(/abcdefgh12345678|Jd8xLq2mTz|sk_live_0|s3cret|AKIAZ3MHQ6WJ4XPLKRVU/);
    expect(masked).toContain('https://bob:');
    expect(masked).toContain('AKIA…20');
    expect(maskSecrets('git push --force origin main')).toBe('git push --force origin main');
  });

  it('mask secrets inside the arguments before the excerpt is cut, where the JSON escapes would hide them', () => {
    const { excerpt } = argsDigest({ command: 'echo "AKIAZ3MHQ6WJ4XPLKRVU" > creds && aws s3 ls' });
    expect(excerpt).not.toContain('AKIAZ3MHQ6WJ4XPLKRVU');
    expect(excerpt).toContain('AKIA…20');
  });
});

describe('decision log in the plugin', () => {
  it("records a block, the human's bypass with its reason, and the call the bypass let through — arguments hashed", async () => {
    const host = await startV1({ config: 'team', options: { decisionLog: true } });
    const force = 'git push --force origin main # token=ghp_0123456789abcdefghij0123';
    expect(await before(host, bash(host, force))).toMatch(/^BLOCKED/);
    await anchor(host, 'bypass the release manager approved', ROOT_SESSION);
    expect(await before(host, bash(host, force))).toBeUndefined();
    await decisionLogLines(host.project, 3);
    const file = join(host.project, '.opencode', 'semantic-anchors-decisions.jsonl');
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('ghp_0123456789abcdefghij0123');
    const records = lines(file);
    expect(records.map((r) => [r.kind, r.by])).toEqual([
      ['block', 'rule'],
      ['bypass-granted', 'human'],
      ['bypass-used', 'human-bypass'],
    ]);
    expect(records[0]).toMatchObject({
      tool: 'bash',
      verdict: 'BLOCK',
      contracts: ['no-force-push'],
      sessionID: ROOT_SESSION,
    });
    expect(records[0]!.args?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(records[0]!.args?.excerpt).toContain('git push --force');
    expect(records[1]!.reason).toBe('the release manager approved');
  });

  it('is off by default: nothing is written', async () => {
    const host = await startV1({ config: 'team' });
    expect(await before(host, bash(host, 'git push --force origin main'))).toMatch(/^BLOCKED/);
    await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(join(host.project, '.opencode', 'semantic-anchors-decisions.jsonl'))).toBe(false);
  });
});
