// The engine's CLI as a real process: the reference the site's simulator and downloads are checked against.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, REPO } from './build.js';

export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function cli(args: string[]): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export const scratchDir = (): string => mkdtempSync(join(tmpdir(), 'sa-site-'));

export interface ExplainedStep {
  readonly decision: string;
  readonly matches: readonly string[];
}

/** `semantic-anchors explain <config> --events <jsonl> --json`, reduced to decisions and matched contract ids. */
export function explain(configText: string, events: readonly unknown[], role?: string): ExplainedStep[] {
  const dir = scratchDir();
  const config = join(dir, 'opencode-semantic-anchors.yaml');
  const jsonl = join(dir, 'events.jsonl');
  writeFileSync(config, configText);
  writeFileSync(jsonl, `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
  const r = cli(['explain', config, '--events', jsonl, '--json', ...(role ? ['--role', role] : [])]);
  if (r.status !== 0 && r.status !== 1) throw new Error(`explain exited ${r.status}: ${r.stderr}`);
  const parsed = JSON.parse(r.stdout) as { verdict: { decision: string; matches: { id: string }[] } }[];
  return parsed.map((s) => ({ decision: s.verdict.decision, matches: s.verdict.matches.map((m) => m.id) }));
}
