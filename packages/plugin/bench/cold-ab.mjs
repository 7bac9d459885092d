// Cold start, this build against an older one (issue 17: "cold start of the plugin unchanged within 10 %"), in
// Node and in opencode's own Bun. Each build's dist is copied as a user installs it (its own package folder), a
// project extends all twelve presets with the sandbox off, then fresh processes run bench/cold-start.mjs,
// interleaved (each round runs both builds in both runtimes, the order alternating), and the medians of `ready`
// (import + factory + the background start until a hook answers) are compared. The machine may be shared and noisy:
// interleaving spreads the noise over both builds, the median of per-round ratios pairs runs taken seconds apart.
//
//   node packages/plugin/bench/cold-ab.mjs [--base <rev>] [--rounds 21] [--runtimes node,bun] [--no-build] [--git]
//
// In Bun each round also runs a first start: an empty transpiler cache, as after an install or an upgrade (Bun keeps
// a transpiled copy of every large module it loads in $XDG_CACHE_HOME/bun; later starts read it), and a warm start
// "as in opencode": the built-ins a real opencode has loaded when it loads a plugin (host-builtins.mjs starts one to
// find them) are loaded before the clock starts, since a plugin inside opencode does not pay for them. All are printed.
//
// --base (default 5c664db^, the build before issue 17's work): its files written once to $TMPDIR/sa-cold-base-<sha>
// (git archive) with node_modules hard-linked from this checkout's (never installed), and built there.
// This checkout is built unless --no-build. Node is /usr/bin/node if present (Node 20 here), else this process's;
// --node <path> to choose. Bun is opencode's (node_modules/opencode-linux-x64/bin/opencode with BUN_BE_BUN=1).
// Before measuring, each build and runtime must block a force push to main with no configuration problem logged
// (bench/cold-check.mjs): a build that failed to load its rules would start faster for nothing. --git makes the
// project a git repository (the contract file committed).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hostBuiltins } from './host-builtins.mjs';
import { parseArgs } from 'node:util';

const bench = dirname(fileURLToPath(import.meta.url));
const repo = join(bench, '../../..');
const { values: opts } = parseArgs({
  options: {
    base: { type: 'string', default: '5c664db^' },
    rounds: { type: 'string', default: '21' },
    runtimes: { type: 'string', default: 'node,bun' },
    node: { type: 'string', default: existsSync('/usr/bin/node') ? '/usr/bin/node' : process.execPath },
    'no-build': { type: 'boolean', default: false },
    git: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const git = (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
const say = (line) => process.stderr.write(`${line}\n`);
// Every temporary folder of this run (the base's folder is kept: the next run reuses its build).
const temps = [];
const temp = (prefix) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
process.on('exit', () => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** Builds the plugin in a checkout; returns its dist folder. */
function build(checkout) {
  say(`building ${checkout}`);
  execFileSync('npm', ['run', 'build', '-w', 'opencode-semantic-anchors'], { cwd: checkout, stdio: 'ignore' });
  return join(checkout, 'packages/plugin/dist');
}

// The base: its files (git archive, so the repository gets no worktree to clean up), node_modules hard-linked
// (cp -al), so nothing is installed and nothing under this checkout's node_modules is written.
const baseSha = git('rev-parse', `${opts.base}^{commit}`);
const baseDir = join(tmpdir(), `sa-cold-base-${baseSha.slice(0, 12)}`);
if (!existsSync(join(baseDir, 'packages/plugin/dist/index.js'))) {
  if (!existsSync(baseDir)) {
    mkdirSync(baseDir);
    execFileSync('sh', ['-c', `git archive --format=tar ${baseSha} | tar -x -C "${baseDir}"`], { cwd: repo });
  }
  for (const nm of ['node_modules', 'packages/plugin/node_modules'])
    if (existsSync(join(repo, nm)) && !existsSync(join(baseDir, nm)))
      execFileSync('cp', ['-al', join(repo, nm), join(baseDir, nm)]);
  build(baseDir);
}
const headDist = opts['no-build'] ? join(repo, 'packages/plugin/dist') : build(repo);

/** A copy of a dist as a user installs it; returns the entry. */
function install(dist) {
  const pkg = join(temp('sa-cold-pkg-'), 'node_modules/opencode-semantic-anchors');
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  for (const f of readdirSync(dist).filter((n) => n.endsWith('.js') || n.endsWith('.br')))
    copyFileSync(join(dist, f), join(pkg, 'dist', f));
  copyFileSync(join(dist, '../package.json'), join(pkg, 'package.json'));
  return pathToFileURL(join(pkg, 'dist/index.js')).href;
}

/** A project whose contract file extends every preset; the sandbox off where the build has one. */
function project(presets, sandboxSetting) {
  const dir = temp('sa-cold-project-');
  mkdirSync(join(dir, '.opencode'));
  writeFileSync(
    join(dir, '.opencode/opencode-semantic-anchors.yaml'),
    `version: 1\nextends: [${presets.join(', ')}]\n${sandboxSetting ? 'settings:\n  sandbox: off\n' : ''}`,
  );
  // --git: the project is a repository with the contract file committed, as most are (the plugin reads git's copies
  // of the protected files).
  if (opts.git)
    for (const args of [
      ['init', '-q'],
      ['add', '-A'],
      ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', 'commit', '-qm', 'contracts'],
    ])
      execFileSync('git', args, { cwd: dir });
  return dir;
}
// The preset ids, from the presets folder of this checkout (the base has the same twelve; checked below).
const presetIds = (root) =>
  readdirSync(join(root, 'presets'))
    .filter((n) => /\.ya?ml$/.test(n))
    .map((n) => n.replace(/\.ya?ml$/, ''));
const headPresets = presetIds(repo);
const basePresets = presetIds(baseDir);
if (headPresets.join() !== basePresets.join())
  say(`note: the presets differ: base ${basePresets.join(',')}; this build ${headPresets.join(',')}`);
// The base predates settings.sandbox (its settings are strict): its project says nothing of a sandbox it has not.
const baseHasSandbox = git('show', `${baseSha}:packages/engine/src/schema/config.ts`).includes('sandbox');
const builds = [
  {
    name: 'base',
    entry: install(join(baseDir, 'packages/plugin/dist')),
    project: project(basePresets, baseHasSandbox),
  },
  { name: 'this', entry: install(headDist), project: project(headPresets, true) },
];

const bunPath = join(repo, 'node_modules/opencode-linux-x64/bin/opencode');
const runtimes = opts.runtimes.split(',').map((name) => {
  if (name === 'node')
    return { name: `node ${execFileSync(opts.node, ['-v'], { encoding: 'utf8' }).trim()}`, cmd: opts.node, env: {} };
  if (name === 'bun') {
    const env = { BUN_BE_BUN: '1' };
    const version = execFileSync(bunPath, ['--version'], { encoding: 'utf8', env: { ...process.env, ...env } }).trim();
    return { name: `opencode's bun ${version}`, cmd: bunPath, env };
  }
  throw new Error(`unknown runtime ${name}`);
});
// Fresh config and cache homes for every process run here (Bun's transpiler cache lands in the cache home: the first
// run of each build fills it, as opencode's first start does, and the rounds measure the starts after it).
// HOME is empty too: the session's first message takes the integrity baseline of the code caches under HOME (npm's,
// Go's, ...), whose cost is this machine's caches, not the plugin's start.
const homes = {
  HOME: temp('sa-cold-home-'),
  XDG_CONFIG_HOME: temp('sa-cold-xdg-'),
  XDG_CACHE_HOME: temp('sa-cold-cache-'),
};
const run = (runtime, script, b, cacheHome = homes.XDG_CACHE_HOME, preload = '') => {
  const r = spawnSync(runtime.cmd, [join(bench, script), b.entry, b.project], {
    encoding: 'utf8',
    env: { ...process.env, ...homes, XDG_CACHE_HOME: cacheHome, ...runtime.env, SA_COLD_PRELOAD: preload },
  });
  if (r.status !== 0) throw new Error(`${runtime.name} ${script} ${b.name} failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout);
};

for (const runtime of runtimes)
  for (const b of builds) {
    const check = run(runtime, 'cold-check.mjs', b);
    if (!check.blocked || check.problems.length > 0)
      throw new Error(`${b.name} in ${runtime.name}: ${JSON.stringify(check)} (a force push to main must be blocked)`);
  }

const rounds = Number(opts.rounds);
const times = new Map(runtimes.map((r) => [r.name, { base: [], this: [] }]));
// First starts, Bun only (Node keeps no cache between processes): a cache folder of its own, emptied, for every run.
const firstStarts = runtimes.filter((r) => r.env.BUN_BE_BUN);
for (const r of firstStarts) times.set(`${r.name}, first start (empty transpiler cache)`, { base: [], this: [] });
// As in opencode: a fresh process also loads the built-ins the plugin uses, which opencode has loaded before it loads
// a plugin (its server and HTTP client): node:zlib and the stream modules beneath it are ~20 ms of Bun's start. Those
// a real opencode has loaded (host-builtins.mjs asks one) are loaded before the clock starts; the warm start then.
const preloaded = firstStarts.length > 0 ? (await hostBuiltins()).loaded : [];
const asInOpencode = (r) => `${r.name}, as in opencode (built-ins it has loaded: ${preloaded.join(' ')})`;
for (const r of firstStarts) times.set(asInOpencode(r), { base: [], this: [] });
for (let i = 0; i < rounds; i++) {
  for (const runtime of runtimes) {
    const order = i % 2 === 0 ? builds : [...builds].reverse();
    for (const b of order) times.get(runtime.name)[b.name].push(run(runtime, 'cold-start.mjs', b));
  }
  for (const runtime of firstStarts) {
    const order = i % 2 === 0 ? builds : [...builds].reverse();
    for (const b of order) {
      const empty = temp('sa-cold-first-');
      times
        .get(`${runtime.name}, first start (empty transpiler cache)`)
        [b.name].push(run(runtime, 'cold-start.mjs', b, empty));
      rmSync(empty, { recursive: true, force: true });
    }
    for (const b of order)
      times.get(asInOpencode(runtime))[b.name].push(run(runtime, 'cold-start.mjs', b, undefined, preloaded.join(',')));
  }
  if ((i + 1) % 5 === 0) say(`${i + 1}/${rounds} rounds`);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const load = execFileSync('uptime', { encoding: 'utf8' })
  .trim()
  .replace(/^.*load average: /, '');
const figures = [...times].map(([runtime, t]) => {
  const of = (b, k) => median(t[b].map((x) => x[k]));
  const ratios = t.this.map((x, i) => x.ready / t.base[i].ready);
  return {
    runtime,
    rounds,
    base: {
      ready: of('base', 'ready'),
      cpu: of('base', 'cpu'),
      import: of('base', 'import'),
      waited: of('base', 'total'),
      bash: of('base', 'bash'),
      cpuBash: of('base', 'cpuBash'),
      cpuFirstBash: of('base', 'cpuFirstBash'),
    },
    this: {
      ready: of('this', 'ready'),
      cpu: of('this', 'cpu'),
      import: of('this', 'import'),
      waited: of('this', 'total'),
      bash: of('this', 'bash'),
      cpuBash: of('this', 'cpuBash'),
      cpuFirstBash: of('this', 'cpuFirstBash'),
    },
    readyRatio: of('this', 'ready') / of('base', 'ready'),
    pairedRatioMedian: median(ratios),
    cpuRatio: of('this', 'cpu') / of('base', 'cpu'),
    cpuPairedRatioMedian: median(t.this.map((x, i) => x.cpu / t.base[i].cpu)),
    // Until the first bash call's verdict: what a build that defers work past `ready` must be judged by.
    cpuFirstBashRatio: of('this', 'cpuFirstBash') / of('base', 'cpuFirstBash'),
    cpuFirstBashPairedRatioMedian: median(t.this.map((x, i) => x.cpuFirstBash / t.base[i].cpuFirstBash)),
  };
});
if (opts.json) console.log(JSON.stringify({ base: baseSha, load, figures }, null, 2));
else {
  const f = (n) => n.toFixed(1);
  const pct = (r) => `${r >= 1 ? '+' : ''}${((r - 1) * 100).toFixed(1)} %`;
  console.log(
    `cold start, ready to judge a call: this build against ${opts.base} (${baseSha.slice(0, 7)}); load average ${load}`,
  );
  for (const x of figures)
    console.log(
      `${x.runtime}, ${x.rounds} rounds: ready base ${f(x.base.ready)} ms, this ${f(x.this.ready)} ms: ${pct(x.readyRatio)} ` +
        `(median of paired ratios ${pct(x.pairedRatioMedian)}) — target within 10 %: ${x.readyRatio <= 1.1 ? 'met' : 'NOT met'}; ` +
        `CPU until ready base ${f(x.base.cpu)} ms, this ${f(x.this.cpu)} ms: ${pct(x.cpuRatio)}; ` +
        // What opencode's own start waits for (the import and the factory); the rest of `ready` runs in the background.
        `opencode waits for the import + factory: base ${f(x.base.waited)} ms, this ${f(x.this.waited)} ms; ` +
        // Work a build defers past `ready` is paid by the first bash call: its figures keep the comparison honest.
        `the first bash call: base ${f(x.base.bash)} ms (CPU ${f(x.base.cpuBash)}), this ${f(x.this.bash)} ms ` +
        `(CPU ${f(x.this.cpuBash)}); CPU until its verdict (start, first message, first bash call): base ` +
        `${f(x.base.cpuFirstBash)} ms, this ${f(x.this.cpuFirstBash)} ms: ${pct(x.cpuFirstBashRatio)} ` +
        `(paired ${pct(x.cpuFirstBashPairedRatioMedian)}); paired CPU ratios until ready ${pct(x.cpuPairedRatioMedian)}`,
    );
}
process.exit(0);
