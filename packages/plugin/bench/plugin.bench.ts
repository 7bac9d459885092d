// Plugin figures: cold start (what opencode waits for: the import of dist/index.js and the factory; and when the
// plugin is ready to judge a call: config load and compile with all twelve presets extended, in the background), and
// the overhead tool.execute.before and tool.execute.after add per tool call (the verdict and the result check of
// the protected files). Median and p99, against the targets. The result check alone on a realistic protected set.
// Then the size of the tarball `npm pack` would publish.
// Run after `npm run build`: it measures the bundle users install. `--json` prints the figures as JSON.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundledPresets } from '@semantic-anchors/engine';
import { measureTarball } from './tarball.js';
import { measureResultCheck } from './result-check.js';
import { measureCodeCaches } from './code-caches.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist/index.js');
if (!existsSync(built)) {
  console.error(`bench: ${built} is missing; run "npm run build -w opencode-semantic-anchors" first.`);
  process.exit(1);
}
// Loaded as a user installs it (its own package folder), not from this checkout: the plugin protects its own files,
// and the checkout's sources, tests and benches are not what a user's plugin folder holds.
const installed = join(mkdtempSync(join(tmpdir(), 'sa-plugin-bench-pkg-')), 'node_modules/opencode-semantic-anchors');
mkdirSync(join(installed, 'dist'), { recursive: true });
// The entry and the chunk(s) it shares with the CLI.
for (const f of readdirSync(join(root, 'dist')).filter((n) => n.endsWith('.js') || n.endsWith('.br')))
  copyFileSync(join(root, 'dist', f), join(installed, 'dist', f));
copyFileSync(join(root, 'package.json'), join(installed, 'package.json'));
const entry = join(installed, 'dist/index.js');
const TARGET_COLD_MS = 50;
const TARGET_HOOK_US = 100;
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 15);
// 4,000 calls give a stable p99; each one pays a result check (about 1–3 ms), so 20,000 took minutes.
const HOOK_CALLS = Number(process.env.BENCH_HOOK_CALLS ?? 4_000);
/** Calls measured again with this machine's own home folder (its caches as they are), bash calls among them. */
const HOME_CALLS = Number(process.env.BENCH_HOME_CALLS ?? 120);

// A project whose configuration extends every bundled preset.
const project = mkdtempSync(join(tmpdir(), 'sa-plugin-bench-'));
process.env.XDG_CONFIG_HOME = mkdtempSync(join(tmpdir(), 'sa-plugin-bench-xdg-'));
process.env.XDG_CACHE_HOME = mkdtempSync(join(tmpdir(), 'sa-plugin-bench-cache-'));
// The hooks' own cost is measured in a fresh home folder, as on a new machine: the code caches under a real home
// (npx's packages, Maven's repository, …) are checked after every shell call and on each human message, and that cost
// grows with them; it is measured apart below, with this machine's home, and by files in bench/code-caches.ts.
const machineHome = process.env.HOME;
process.env.HOME = mkdtempSync(join(tmpdir(), 'sa-plugin-bench-home-'));
mkdirSync(join(project, '.opencode'), { recursive: true });
const presets = bundledPresets.map((p) => p.id);
// The OS sandbox is off here: this bench measures the rules' cost per hook (the sandbox wraps bash calls between
// the hooks, in shell.env, and bench/sandbox.bench.ts measures that with a real shell).
writeFileSync(
  join(project, '.opencode/opencode-semantic-anchors.yaml'),
  `version: 1\nextends: [${presets.join(', ')}]\nsettings:\n  sandbox: off\n`,
);

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const stats = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return { median: quantile(s, 0.5), p99: quantile(s, 0.99), max: s.at(-1)! };
};

// Cold start: each run is a fresh Node process, so module loading and first compilation are really cold.
const cold: { import: number; factory: number; total: number; ready: number }[] = [];
for (let i = 0; i < COLD_RUNS; i++) {
  const out = execFileSync(process.execPath, [join(root, 'bench/cold-start.mjs'), pathToFileURL(entry).href, project], {
    encoding: 'utf8',
  });
  cold.push(JSON.parse(out));
}

// Hook overhead, warm, in this process: realistic calls of an agent at work, most allowed, some warned or blocked.
const plugin = (await import(pathToFileURL(entry).href)).default as {
  server(
    input: unknown,
    options?: unknown,
  ): Promise<Record<string, (input: unknown, output?: unknown) => Promise<void>>>;
};
const client = { app: { log: async () => ({ data: true }) }, tui: { showToast: async () => ({ data: true }) } };
const hooks = await plugin.server({ directory: project, worktree: project, client }, {});
const session = 'ses_bench';
await hooks['chat.message']!(
  { sessionID: session },
  { message: { agent: 'build', id: 'msg_1', sessionID: session }, parts: [{ type: 'text', text: 'start' }] },
);
const calls: { tool: string; args: Record<string, unknown> }[] = [
  { tool: 'read', args: { filePath: join(project, 'src/app.ts') } },
  { tool: 'bash', args: { command: 'npm test', description: 'run tests' } },
  { tool: 'edit', args: { filePath: join(project, 'src/app.ts'), oldString: 'a', newString: 'b' } },
  { tool: 'grep', args: { pattern: 'TODO', path: project } },
  { tool: 'bash', args: { command: 'git push --force origin main', description: 'push' } },
  {
    tool: 'write',
    args: { filePath: join(project, 'docs/adr/0001-use-x.md'), content: '# 1. Use X\n\n## Status\nAccepted\n' },
  },
];
const beforeUs: number[] = [];
const afterUs: number[] = [];
let blocked = 0;
for (let i = 0; i < HOOK_CALLS; i++) {
  const call = calls[i % calls.length]!;
  const callID = `call_${i}`;
  const output = { title: '', output: 'ok', metadata: {} };
  let t = process.hrtime.bigint();
  let ran = true;
  try {
    await hooks['tool.execute.before']!({ tool: call.tool, sessionID: session, callID }, { args: call.args });
  } catch {
    ran = false; // A BLOCK: the throw is the hook's answer, and part of its cost.
    blocked++;
  }
  beforeUs.push(Number(process.hrtime.bigint() - t) / 1000);
  if (ran) {
    t = process.hrtime.bigint();
    await hooks['tool.execute.after']!({ tool: call.tool, sessionID: session, callID, args: call.args }, output);
    afterUs.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  // The human confirms now and then, as in a real session, so Step Confirmation contracts do not block everything.
  if (i % 4 === 3)
    await hooks['chat.message']!(
      { sessionID: session },
      { message: { agent: 'build', id: `msg_${i}`, sessionID: session }, parts: [{ type: 'text', text: 'continue' }] },
    );
}

// The same hooks with this machine's home folder and its caches as they are: a bash call's after-hook checks them.
const homeCosts = await (async () => {
  if (machineHome === undefined || HOME_CALLS === 0) return undefined;
  process.env.HOME = machineHome;
  const homeProject = mkdtempSync(join(tmpdir(), 'sa-plugin-bench-home-project-'));
  mkdirSync(join(homeProject, '.opencode'), { recursive: true });
  writeFileSync(
    join(homeProject, '.opencode/opencode-semantic-anchors.yaml'),
    `version: 1\nextends: [${presets.join(', ')}]\nsettings:\n  sandbox: off\n`,
  );
  const homeHooks = await plugin.server({ directory: homeProject, worktree: homeProject, client }, {});
  const s = 'ses_bench_home';
  const message = (id: string) =>
    homeHooks['chat.message']!(
      { sessionID: s },
      { message: { agent: 'build', id, sessionID: s }, parts: [{ type: 'text', text: 'go on' }] },
    );
  await message('msg_home_0');
  const bashAfter: number[] = [];
  const otherBefore: number[] = [];
  const humanMessage: number[] = [];
  for (let i = 0; i < HOME_CALLS; i++) {
    const call = calls[i % calls.length]!;
    const callID = `home_${i}`;
    let t = process.hrtime.bigint();
    try {
      await homeHooks['tool.execute.before']!({ tool: call.tool, sessionID: s, callID }, { args: call.args });
    } catch {
      continue;
    }
    if (call.tool !== 'bash') otherBefore.push(Number(process.hrtime.bigint() - t) / 1e6);
    t = process.hrtime.bigint();
    await homeHooks['tool.execute.after']!(
      { tool: call.tool, sessionID: s, callID, args: call.args },
      { title: '', output: 'ok', metadata: {} },
    );
    if (call.tool === 'bash') bashAfter.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (i % 4 === 3) {
      t = process.hrtime.bigint();
      await message(`msg_home_${i}`);
      humanMessage.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  }
  return {
    home: machineHome,
    bashAfterMs: stats(bashAfter),
    otherBeforeMs: stats(otherBefore),
    humanMessageMs: stats(humanMessage),
  };
})();

const coldTotal = stats(cold.map((c) => c.total));
const coldReady = stats(cold.map((c) => c.ready));
const figures = {
  presets: presets.length,
  coldStartMs: {
    ...coldTotal,
    importMedian: stats(cold.map((c) => c.import)).median,
    factoryMedian: stats(cold.map((c) => c.factory)).median,
    // From the import's start until a hook can answer: the rules loaded and compiled, the checks' first reading taken.
    readyMedian: coldReady.median,
    readyP99: coldReady.p99,
    runs: COLD_RUNS,
    target: TARGET_COLD_MS,
    met: coldTotal.median <= TARGET_COLD_MS,
  },
  toolExecuteBeforeUs: {
    ...stats(beforeUs),
    calls: beforeUs.length,
    blocked,
    target: TARGET_HOOK_US,
    met: stats(beforeUs).p99 <= TARGET_HOOK_US,
  },
  toolExecuteAfterUs: {
    ...stats(afterUs),
    calls: afterUs.length,
    target: TARGET_HOOK_US,
    met: stats(afterUs).p99 <= TARGET_HOOK_US,
  },
  machineHome: homeCosts,
  resultCheck: measureResultCheck(),
  codeCaches: measureCodeCaches(),
  tarball: measureTarball(root),
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(figures, null, 2));
} else {
  const f = (n: number, d = 1) => n.toFixed(d);
  const met = (m: boolean) => (m ? 'met' : 'NOT met');
  console.log(`opencode-semantic-anchors plugin bench (${presets.length} presets extended; Node ${process.version})`);
  console.log(
    `cold start, what opencode waits for (import + factory), ${COLD_RUNS} fresh processes: median ${f(figures.coldStartMs.median)} ms, p99 ${f(figures.coldStartMs.p99)} ms ` +
      `(import ${f(figures.coldStartMs.importMedian)} ms + factory ${f(figures.coldStartMs.factoryMedian)} ms) — target ≤ ${TARGET_COLD_MS} ms (median): ${met(figures.coldStartMs.met)}`,
  );
  console.log(
    `ready to judge a call (the rest of the code imported, load + compile, first readings; in the background on opencode's thread, every hook waits for it): ` +
      `median ${f(figures.coldStartMs.readyMedian)} ms, p99 ${f(figures.coldStartMs.readyP99)} ms from the import's start`,
  );
  console.log(
    `tool.execute.before, a fresh home folder, ${beforeUs.length} calls (${blocked} blocked): median ${f(figures.toolExecuteBeforeUs.median)} µs, p99 ${f(figures.toolExecuteBeforeUs.p99)} µs — target ≤ ${TARGET_HOOK_US} µs p99: ${met(figures.toolExecuteBeforeUs.met)}`,
  );
  console.log(
    `tool.execute.after, a fresh home folder, ${afterUs.length} calls: median ${f(figures.toolExecuteAfterUs.median)} µs, p99 ${f(figures.toolExecuteAfterUs.p99)} µs — target ≤ ${TARGET_HOOK_US} µs p99: ${met(figures.toolExecuteAfterUs.met)}`,
  );
  const mh = figures.machineHome;
  if (mh !== undefined)
    console.log(
      `with this machine's home folder (${mh.home}, its code caches as they are): after a bash call median ${f(mh.bashAfterMs.median)} ms, p99 ${f(mh.bashAfterMs.p99)} ms; ` +
        `before another tool median ${f(mh.otherBeforeMs.median)} ms; a human message median ${f(mh.humanMessageMs.median)} ms (the caches taken as they are)`,
    );
  const rc = figures.resultCheck;
  console.log(
    `result check (${rc.files} protected files in ${rc.folders} folders: contract file, opencode config, git hooks and config, .opencode/node_modules with zod, the installed plugin): ` +
      `built in ${f(rc.buildMs)} ms (installed packages after the start); per check with nothing changed ${f(rc.quietCheckUs.median)} µs median, ${f(rc.quietCheckUs.p99)} µs p99 (${rc.checks} checks; each call pays one before it and, for tools that write, one after); a check that finds, undoes and reports a change ${f(rc.changeCheckUs.median)} µs median`,
  );
  const cc = figures.codeCaches;
  console.log(
    `code caches, one check with nothing changed (after each shell call, and a file-tool write into one): ${cc.caches.map((c) => `${c.files} files ${f(c.medianMs)} ms median, ${f(c.p99Ms)} ms p99`).join('; ')}`,
  );
  console.log(
    `opencode configuration in sub-folders, one search (after each shell call, and a file-tool write naming one; node_modules and .git not searched): ${cc.subConfigs.map((c) => `${c.folders} folders ${f(c.medianMs, 2)} ms median, ${f(c.p99Ms, 2)} ms p99`).join('; ')}`,
  );
  const kb = (n: number) => `${f(n / 1024)} KB`;
  const t = figures.tarball;
  console.log(
    `tarball (npm pack): ${kb(t.packedBytes)} packed, ${kb(t.unpackedBytes)} unpacked, ${t.files} files; ` +
      `schema/v1.json ${kb(t.schemaBytes)}, source maps ${kb(t.sourceMapBytes)}; largest: ${t.largest.map((l) => `${l.path} ${kb(l.bytes)}`).join(', ')}`,
  );
}
// The sandbox library keeps a process alive once loaded (by a plugin with it on); this bench ends here.
process.exit(0);
