// Which Node built-ins a real opencode has already loaded when it loads a plugin. A plugin's cold start measured in a
// fresh Bun process (cold-start.mjs) also pays for loading the built-ins it uses — node:zlib and the stream modules
// beneath it alone are ~20 ms in Bun 1.3.14 — that opencode's own start has loaded long before (its server, its
// HTTP client). cold-ab.mjs loads the ones found here before it starts the clock, for a start "as in opencode".
//
//   node packages/plugin/bench/host-builtins.mjs [--json]
//
// How: a throw-away project whose `.opencode/plugins/` holds a probe plugin; `opencode serve` (the binary the e2e
// suites use, isolated homes, 127.0.0.1, an ephemeral port) loads it when the project's instance starts; the probe
// times process.getBuiltinModule for each candidate in order and writes what it saw. A candidate counts as loaded
// when it took under 50 µs and every candidate before it did too (loading one would load others beneath it).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const opencode = join(repo, 'node_modules/opencode-linux-x64/bin/opencode');

/** The built-ins the plugin's chunks use, most basic first; `node:fs#ReadStream` is fs's lazy stream getter. */
export const CANDIDATES = [
  'node:fs',
  'node:path',
  'node:os',
  'node:url',
  'node:events',
  'node:stream',
  'node:fs#ReadStream',
  'node:fs/promises',
  'node:zlib',
  'node:crypto',
  'node:child_process',
  'node:net',
];

const PROBE = `// @bun
export const Probe = async () => {
  const seen = [];
  for (const c of ${JSON.stringify(CANDIDATES)}) {
    const [name, prop] = c.split('#');
    const t0 = performance.now();
    const m = process.getBuiltinModule(name);
    if (prop) void m[prop];
    seen.push([c, performance.now() - t0]);
  }
  process.getBuiltinModule('node:fs').writeFileSync(process.env.SA_PROBE_OUT, JSON.stringify(seen));
  return {};
};
`;

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Starts opencode on the probe project, waits for the probe's report (at most 60 s), stops opencode. */
export async function hostBuiltins() {
  const dir = mkdtempSync(join(tmpdir(), 'sa-host-builtins-'));
  try {
    const project = join(dir, 'project');
    const home = join(dir, 'home');
    mkdirSync(join(project, '.opencode/plugins'), { recursive: true });
    mkdirSync(home);
    writeFileSync(join(project, '.opencode/plugins/probe.js'), PROBE);
    execFileSync('git', ['init', '-q'], { cwd: project });
    const out = join(dir, 'seen.json');
    const port = await freePort();
    const env = {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local/share'),
      XDG_CACHE_HOME: join(home, '.cache'),
      XDG_STATE_HOME: join(home, '.local/state'),
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
      OPENCODE_DISABLE_SHARE: '1',
      npm_config_offline: 'true',
      SA_PROBE_OUT: out,
    };
    const server = spawn(opencode, ['serve', '--port', String(port), '--hostname', '127.0.0.1'], {
      cwd: project,
      env,
      stdio: process.env.SA_PROBE_DEBUG ? 'inherit' : 'ignore',
    });
    try {
      const deadline = Date.now() + 60_000;
      while (!existsSync(out) && Date.now() < deadline) {
        // Any request for the project starts its instance, which loads its plugins.
        await fetch(`http://127.0.0.1:${port}/command?directory=${encodeURIComponent(project)}`, {
          signal: AbortSignal.timeout(5000),
        }).catch(() => {});
        await new Promise((r) => setTimeout(r, 300));
      }
      if (!existsSync(out)) throw new Error('the probe plugin did not report within 60 s');
      await new Promise((r) => setTimeout(r, 100));
      const seen = JSON.parse(readFileSync(out, 'utf8'));
      const loaded = [];
      for (const [name, ms] of seen) {
        if (ms >= 0.05) break;
        loaded.push(name);
      }
      return { seen, loaded };
    } finally {
      server.kill('SIGTERM');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = await hostBuiltins();
  if (process.argv.includes('--json')) console.log(JSON.stringify(r));
  else for (const [name, ms] of r.seen) console.log(`${name.padEnd(20)} ${(ms * 1000).toFixed(0).padStart(6)} µs`);
  process.exit(0);
}
