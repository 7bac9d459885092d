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

/** The real opencode exports captured from opencode 1.18.33 that the engine's own replay tests read. */
export const EXPORTS_DIR = join(REPO, 'packages/engine/test/fixtures/opencode-exports');

/** `semantic-anchors replay <files…> --config <file> --json`: every record, as the CLI prints it. */
export function replayJson(configText: string, files: readonly string[]): Record<string, unknown>[] {
  const dir = scratchDir();
  const config = join(dir, 'opencode-semantic-anchors.yaml');
  writeFileSync(config, configText);
  const r = cli(['replay', ...files, '--config', config, '--json']);
  if (r.status !== 0) throw new Error(`replay exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>[];
}

/** `semantic-anchors explain <config> --events <jsonl> --json [--branch …]`: every step as the CLI prints it. */
export function explainJson(
  configText: string,
  events: readonly unknown[],
  options: readonly string[] = [],
): { verdict: { decision: string; matches: { id: string }[] }; parsed?: Record<string, unknown>; spans: unknown }[] {
  const dir = scratchDir();
  const config = join(dir, 'opencode-semantic-anchors.yaml');
  const jsonl = join(dir, 'events.jsonl');
  writeFileSync(config, configText);
  writeFileSync(jsonl, `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
  const r = cli(['explain', config, '--events', jsonl, '--json', ...options]);
  if (r.status !== 0 && r.status !== 1) throw new Error(`explain exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}
