// The OS sandbox's cost, measured on the built plugin (dist/index.js) through the hooks opencode calls, with a real
// shell running each command: added latency per bash call (tool.execute.before + shell.env + the sandboxed run +
// tool.execute.after, against the same command run plainly), the sandbox's own start (import of the library, its
// checks, initialise, the proof command) in a fresh process, and the memory its proxies hold. Run after
// `npm run build`. `--json` prints the figures as JSON.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist/index.js');
if (!existsSync(entry)) {
  console.error(`bench: ${entry} is missing; run "npm run build -w opencode-semantic-anchors" first.`);
  process.exit(1);
}
const CALLS = Number(process.env.SANDBOX_BENCH_CALLS ?? 60);
const STARTS = 5;

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const stats = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return { median: quantile(s, 0.5), p99: quantile(s, 0.99), max: s.at(-1)! };
};

/** Runs `<shell> -c <command>` the way opencode's bash tool does (its own process group, env merged). */
function run(command: string, cwd: string, env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn('/bin/bash', ['-c', command], {
      cwd,
      env: { ...process.env, ...env },
      stdio: 'ignore',
      detached: true,
    });
    child.on('close', (code) => resolve(code));
  });
}

// The sandbox's own start, in fresh processes: the plugin's factory returns at once (opencode does not wait); the
// first bash call waits for the import of the library, its checks, initialise and the proof command.
const starts: { factory: number; sandboxStart: number }[] = [];
for (let i = 0; i < STARTS; i++) {
  const out = execFileSync(process.execPath, [join(root, 'bench/sandbox-start.mjs'), pathToFileURL(entry).href], {
    encoding: 'utf8',
  });
  starts.push(JSON.parse(out));
}

// A project like a user's: a git repository with a contract file.
const project = mkdtempSync(join(tmpdir(), 'sa-sandbox-bench-'));
process.env.XDG_CONFIG_HOME = mkdtempSync(join(tmpdir(), 'sa-sandbox-bench-xdg-'));
execFileSync('git', ['init', '-q', project]);
mkdirSync(join(project, '.opencode'), { recursive: true });
writeFileSync(join(project, '.opencode/opencode-semantic-anchors.yaml'), 'version: 1\nextends: [software-developer]\n');
// opencode runs in the project: the sandbox scans its working directory for what it protects by itself.
process.chdir(project);

const rssBefore = process.memoryUsage().rss;
const t0 = performance.now();
const plugin = (await import(pathToFileURL(entry).href)).default as {
  server(
    input: unknown,
    options?: unknown,
  ): Promise<Record<string, (input: unknown, output?: unknown) => Promise<void>>>;
};
const client = { app: { log: async () => ({ data: true }) }, tui: { showToast: async () => ({ data: true }) } };
const hooks = await plugin.server(
  { directory: project, worktree: project, client, serverUrl: new URL('http://127.0.0.1:4096') },
  {},
);
const factoryMs = performance.now() - t0;
const rssAfterPlugin = process.memoryUsage().rss;

const phases = { before: [] as number[], shellEnv: [] as number[], run: [] as number[], after: [] as number[] };

/** One bash call through the hooks, sandboxed; returns its wall time in ms. */
async function sandboxedCall(i: number, command: string): Promise<number> {
  const callID = `call_bench_${i}`;
  const t = performance.now();
  const args: Record<string, unknown> = { command, description: 'bench' };
  await hooks['tool.execute.before']!({ tool: 'bash', sessionID: 'ses_bench', callID }, { args });
  const t1 = performance.now();
  const env: Record<string, string> = {};
  await hooks['shell.env']!({ cwd: project, sessionID: 'ses_bench', callID }, { env });
  const t2 = performance.now();
  // opencode captured the command (with the launcher) before shell.env put the agent's own back: the launcher runs.
  const code = await run(
    `exec /usr/bin/env -u SEMANTIC_ANCHORS_SANDBOXED /bin/sh -c "$SEMANTIC_ANCHORS_SANDBOXED"\n${command}`,
    project,
    env,
  );
  if (code !== 0) throw new Error(`sandboxed call ${i} exited ${code}`);
  const t3 = performance.now();
  await hooks['tool.execute.after']!(
    { tool: 'bash', sessionID: 'ses_bench', callID, args },
    { title: command, output: '', metadata: {} },
  );
  const t4 = performance.now();
  if (i > 0) {
    phases.before.push(t1 - t);
    phases.shellEnv.push(t2 - t1);
    phases.run.push(t3 - t2);
    phases.after.push(t4 - t3);
  }
  return t4 - t;
}

// The first call waits for the sandbox to start (it started in the background with the plugin).
const firstCallMs = await sandboxedCall(0, 'true');
const rssAfterStart = process.memoryUsage().rss;
const plain: number[] = [];
const sandboxed: number[] = [];
for (let i = 1; i <= CALLS; i++) {
  const t = performance.now();
  await run('true', project, {});
  plain.push(performance.now() - t);
  sandboxed.push(await sandboxedCall(i, 'true'));
}
const rssAfterCalls = process.memoryUsage().rss;
const p = stats(plain);
const s = stats(sandboxed);
const figures = {
  calls: CALLS,
  plainMs: p,
  sandboxedMs: s,
  addedMs: { median: s.median - p.median, p99: s.p99 - p.p99 },
  phasesMedianMs: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, stats(v).median])),
  pluginFactoryMs: factoryMs,
  firstCallMs,
  freshProcess: {
    runs: STARTS,
    factoryMedianMs: stats(starts.map((x) => x.factory)).median,
    sandboxStartMedianMs: stats(starts.map((x) => x.sandboxStart)).median,
  },
  rssMB: {
    beforePlugin: rssBefore / 2 ** 20,
    afterPlugin: rssAfterPlugin / 2 ** 20,
    afterSandboxStart: rssAfterStart / 2 ** 20,
    afterCalls: rssAfterCalls / 2 ** 20,
    sandboxStart: (rssAfterStart - rssAfterPlugin) / 2 ** 20,
  },
};
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(figures, null, 2));
} else {
  const f = (n: number) => n.toFixed(1);
  console.log(
    `OS sandbox (bubblewrap via @anthropic-ai/sandbox-runtime), ${CALLS} bash calls of \`true\` through the plugin's hooks (Node ${process.version})`,
  );
  console.log(
    `  per call: plain median ${f(p.median)} ms, p99 ${f(p.p99)} ms; sandboxed median ${f(s.median)} ms, p99 ${f(s.p99)} ms → added median ${f(figures.addedMs.median)} ms, p99 ${f(figures.addedMs.p99)} ms`,
  );
  const ph = figures.phasesMedianMs as Record<string, number>;
  console.log(
    `  where a sandboxed call's time goes (medians): tool.execute.before ${f(ph.before!)} ms, shell.env (the wrap) ${f(ph.shellEnv!)} ms, the sandboxed run ${f(ph.run!)} ms, tool.execute.after ${f(ph.after!)} ms`,
  );
  console.log(
    `  the sandbox's own start (library import + checks + initialise + proof), ${STARTS} fresh processes: median ${f(figures.freshProcess.sandboxStartMedianMs)} ms, in the background; the plugin factory does not wait for it (median ${f(figures.freshProcess.factoryMedianMs)} ms)`,
  );
  console.log(
    `  memory (RSS of this process): ${f(figures.rssMB.beforePlugin)} MB before the plugin, ${f(figures.rssMB.afterPlugin)} MB with it loaded, ${f(figures.rssMB.afterSandboxStart)} MB with the sandbox library and its proxies running (+${f(figures.rssMB.sandboxStart)} MB), ${f(figures.rssMB.afterCalls)} MB after ${CALLS} calls`,
  );
}
process.exit(0);
