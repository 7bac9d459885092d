// The built CLI (dist/cli.js; `npm run build` first): the package's version, a closed pipe, the `log` summary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const pkgDir = join(import.meta.dirname, '..');
const cli = join(pkgDir, 'dist', 'cli.js');
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  bin: Record<string, string>;
};

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run "npm run build -w opencode-semantic-anchors" first`);
});

const run = (args: string[], cwd = pkgDir) => spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });

describe('the plugin CLI', () => {
  it('--version prints the package name and version', () => {
    expect(run(['--version']).stdout).toBe(`${pkg.name} ${pkg.version}\n`);
  });

  it('has one CLI under two names, the package name among them, so `npx opencode-semantic-anchors …` finds it', () => {
    expect(pkg.bin).toEqual({
      'opencode-semantic-anchors': 'bin/semantic-anchors.js',
      'semantic-anchors': 'bin/semantic-anchors.js',
    });
    // The launcher runs the bundled CLI: the same version line as dist/cli.js itself.
    const launched = spawnSync(process.execPath, [join(pkgDir, 'bin/semantic-anchors.js'), '--version'], {
      encoding: 'utf8',
    });
    expect(launched.stdout).toBe(`${pkg.name} ${pkg.version}\n`);
  });

  it('`schema | head -c 300` ends quietly when the reader closes the pipe', () => {
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${cli}" schema | head -c 300`], { encoding: 'utf8' });
    expect(r.stdout).toHaveLength(300);
    expect(r.stderr).toBe('');
  });

  it('`log` summarises a decision log by verdict, contract, tool and who let things through', () => {
    const project = mkdtempSync(join(tmpdir(), 'sa-cli-log-'));
    mkdirSync(join(project, '.opencode'));
    const rec = (o: object) => JSON.stringify({ v: 1, time: '2026-01-01T00:00:00.000Z', ...o });
    writeFileSync(
      join(project, '.opencode', 'semantic-anchors-decisions.jsonl'),
      [
        rec({ kind: 'block', by: 'rule', tool: 'bash', verdict: 'BLOCK', contracts: ['no-force-push'] }),
        rec({ kind: 'bypass-granted', by: 'human', sessionID: 'ses_1', reason: 'release approved' }),
        rec({ kind: 'bypass-used', by: 'human-bypass', tool: 'bash', verdict: 'ALLOW', contracts: ['no-force-push'] }),
        rec({ kind: 'warn', by: 'rule', tool: 'edit', verdict: 'WARN', contracts: ['dev-small-diffs'] }),
        'not json',
      ].join('\n'),
    );
    const r = run(['log', '--project', project]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Verdicts: 1 BLOCK, 1 WARN, 1 let through by a bypass');
    expect(r.stdout).toContain(
      "Who let things through: a rule (WARN, the call ran with a note) 1, the human's bypass 1",
    );
    expect(r.stdout).toMatch(/\s2\s+no-force-push/);
    expect(r.stdout).toContain('"release approved"');
    expect(r.stdout).toContain('1 lines were not decision records');
  });

  it('`log` without a log says how to switch it on and exits 1', () => {
    const r = run(['log', '--project', mkdtempSync(join(tmpdir(), 'sa-cli-nolog-'))]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('"decisionLog": true');
  });
});
