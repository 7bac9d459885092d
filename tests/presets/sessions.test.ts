// The per-role session fixtures (tests/sessions/<role>.scenario.yaml): realistic scripted sessions of 20+ events
// whose every step states the verdict and the contracts a practitioner of the role expects. They are replayed
// through the engine's scenario runner and through the built CLI (`test` and `explain`), and must agree.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { Scenario, formatDiagnostic, runScenario } from '@semantic-anchors/engine';
import { ORIGINAL_ROLES, presetContracts, repoRoot, sessionsDir } from './helpers.js';

const cli = join(repoRoot, 'packages/engine/dist/cli.js');
const readFile = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);
const fixtures = readdirSync(sessionsDir)
  .filter((f) => f.endsWith('.scenario.yaml'))
  .sort()
  .map((name) => {
    const file = join(sessionsDir, name);
    const text = readFileSync(file, 'utf8');
    return { name, role: name.replace(/\.scenario\.yaml$/, ''), file, text, scenario: Scenario.parse(parse(text)) };
  });

function runCli(args: string[]) {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build -w @semantic-anchors/engine first`);
  return spawnSync(process.execPath, [cli, ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
}

describe('role session fixtures', () => {
  it('exist for each of the twelve roles', () => {
    expect(fixtures.map((f) => f.role)).toEqual([...ORIGINAL_ROLES].sort());
  });

  describe.each(fixtures)('$name', ({ role, file, text, scenario }) => {
    it('runs its own role preset and says at the top what it shows', () => {
      expect(scenario.config).toBe(role);
      expect(text).toMatch(/^# Shows: \S/);
    });

    it('is a realistic session: 20+ events with messages, reads, edits and shell commands, each with its verdict and contracts', () => {
      const { steps } = scenario;
      expect(steps.length).toBeGreaterThanOrEqual(20);
      const tools = steps.flatMap((s) => ('tool' in s.event ? [s.event.tool] : []));
      expect(steps.some((s) => 'message' in s.event)).toBe(true);
      expect(tools).toContain('read');
      expect(tools.some((t) => ['write', 'edit', 'patch'].includes(t))).toBe(true);
      expect(tools).toContain('bash');
      for (const s of steps) {
        expect(s.expect, JSON.stringify(s.event)).toBeDefined();
        expect(s.contracts, JSON.stringify(s.event)).toBeDefined();
      }
    });

    it('gives every step the expected verdict and contracts', () => {
      const report = runScenario(text, file, readFile);
      expect(report.diagnostics.map(formatDiagnostic)).toEqual([]);
      expect(report.steps).toHaveLength(scenario.steps.length);
      expect(report.steps.every((s) => s.passed)).toBe(true);
    });

    it('exercises every contract of the preset at least once', () => {
      const named = new Set(scenario.steps.flatMap((s) => s.contracts ?? []));
      const missing = presetContracts(role)
        .map((c) => c.contract.id)
        .filter((id) => !named.has(id));
      expect(missing).toEqual([]);
    });

    it('replays through `semantic-anchors explain` with the same verdicts', () => {
      const dir = mkdtempSync(join(tmpdir(), 'sa-explain-'));
      try {
        const config = join(dir, 'opencode-semantic-anchors.yaml');
        writeFileSync(config, `version: 1\nextends: [${role}]\n`);
        const run = runCli([
          'explain',
          config,
          '--events',
          file,
          '--json',
          ...(scenario.root ? ['--root', scenario.root] : []),
        ]);
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
        const replayed = JSON.parse(run.stdout) as { verdict: { decision: string; matches: { id: string }[] } }[];
        expect(
          replayed.map((r) => ({ decision: r.verdict.decision, contracts: r.verdict.matches.map((m) => m.id).sort() })),
        ).toEqual(scenario.steps.map((s) => ({ decision: s.expect, contracts: [...(s.contracts ?? [])].sort() })));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  it('pass `semantic-anchors test tests/sessions/*.scenario.yaml`', () => {
    const run = runCli(['test', ...fixtures.map((f) => `tests/sessions/${f.name}`)]);
    expect(run.stdout + run.stderr).toMatch(/\b0 failed\b/);
    expect(run.status).toBe(0);
  });

  it('and the presets pass `semantic-anchors test presets/*.yaml --coverage`', () => {
    const files = readdirSync(join(repoRoot, 'presets'))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => `presets/${f}`);
    const run = runCli(['test', ...files, '--coverage']);
    expect(run.stdout + run.stderr).toMatch(/every contract has an example that triggers it and a near miss/);
    expect(run.status).toBe(0);
  });
});
