// Honest work under the OS sandbox: replays the bash calls of the role corpora (tests/corpus/harmless/*.yaml) for
// real, through the built plugin's hooks (tool.execute.before → shell.env → the launcher run by bash, as opencode's
// bash tool runs it → tool.execute.after), with the default sandbox settings, in a prepared scratch project per
// session (a git repository with a package.json, a few source files and a commit), a home folder outside every
// writable place (as a user's is), and this machine's tools and network. Reports every call the SANDBOX refused
// something in (from the refusal note the agent would read), what it refused and which setting would open it —
// not the calls that fail because a tool or a file of the imagined project is missing here.
//
//   npm run build -w opencode-semantic-anchors
//   npx tsx tests/corpus/sandbox-replay.ts [--role <id>] [--match <regex>] [--session <regex>] [--limit <n>] [--timeout <s>] [--json <file>]
//
// --match replays only the calls it matches; --session replays every call of the sessions whose name it matches;
// --show prints each call's exit code and the end of its output.
// While it runs, do not edit or build packages/plugin: the plugin it loads protects its own package files (dist/,
// README.md, package.json) and puts back the bytes it found at its start after every call (measured: a README edit
// and a fresh dist/ were reverted during a replay).
//
// Measured with the tools besides npm (yarn 1.22 and pnpm 12 from the npm registry, bun 1.3 as opencode's binary,
// Debian's direnv and cron, pyenv's python 3.11; --match '\b(yarn|pnpm|bunx?|pip3?|uv|pipx|pipenv|direnv|crontab|corepack)\b',
// as root): 251 calls before pnpm's store was named to it, 30 with a refusal — pnpm 3 (its home missing at a first
// use: it probed the disk's root and kept its store inside the project), yarn 12 (yarn 1's global folder, /usr/local
// as root: a warning, it carries on), pyenv 10 (`pip install` into the machine's python: its shims' rehash; on
// purpose), corepack 3 (`corepack enable` writes /usr/bin: on purpose), bun 2 (it opens each package.json above the
// project read-write, and its tracing marker in /sys: it carries on). After, with the four sessions of other
// package managers added (270 calls): pnpm 0, yarn 13, pyenv 10, corepack 3, bun 4 (the /sys marker since left out
// of the note). No call needed a setting; 218 exited non-zero for files of the imagined projects and the network
// (PyPI is not reachable here).
// Go (Debian's go 1.19) at a first use: `mkdir ~/go` refused at every call until Go's module cache was made with
// pnpm's store (pnpm-store.ts, firstUseCaches); the Go module proxy is not reachable here, so no download was tried.
//
// The full replay, role by role (`--role <id>`, one after the other, niced on 2 cores shared with other work; of the
// registries only npm's reachable here; as root): 2,777 calls in 56 min — business-analyst 151, consultant 182,
// data-scientist 242, devops-engineer 414, educator 216, product-owner 177, qa-engineer 256, software-architect 163,
// software-developer 396, team-lead 196, technical-writer 221, ux-designer 163. 2,306 exited non-zero (tools, files,
// hosts and credentials of the imagined projects), 37 were stopped by the rules first, 18 timed out at 30 s; 116 had
// something refused by the sandbox. By cause:
//   honest work paying, fixed: vitest 5's API token in ~/.local/share/vitest 27 (opened, and made when the project
//   has vitest; the replay's projects have none, so npx fetches vitest 5 and it stays refused here: 0 of 10 with a
//   vitest in the project), terraform's checkpoint in ~/.terraform.d 10 (CHECKPOINT_DISABLE=1: 0), cargo's first
//   download 2 (~/.cargo/registry made; cargo's locks at the top of CARGO_HOME left out of the note: 0), npm CLIs'
//   ~/.config/configstore at a first use 2 (made when npm is installed: 0; one of them also lighthouse's Chrome
//   wanting the human's browser profile, kept);
//   kept, on purpose (code or settings that run later as the human, or the machine's): global installs 19 (`npm i -g`,
//   `corepack enable`, apt under `playwright install-deps`), git config 12 (`.git/config`, `~/.gitconfig`), pip into
//   pyenv's python 10 (its shims), `rustup default` 5 (~/.rustup/settings.toml), ~/.npmrc 1, notation's signing keys
//   in ~/.config 1, codemod's ~/.config/codemod 2;
//   kept, the tool carries on: gcloud's ~/.config/gcloud 3 (a warning; with a real login not measured, likely
//   `writable: ['~/.config/gcloud']`), storybook's ~/.storybook 2, systemd-analyze's /run/systemd 1, man's page cache
//   in /var/cache/man 1 (as root only);
//   needs a setting: aws looking for the cloud metadata service 15 (no credentials here; on an instance with a role:
//   `network: [public, '169.254.169.254:80']`);
//   the replay's, not the sandbox's: a CI step run at the project's root writing `../_output` 2 (it ran in a chart's
//   sub-folder), `$GITHUB_WORKSPACE` unset writing to / 1.
// After the fixes, the refused calls replayed again (--match on their first lines: 122 calls, then the cargo,
// terraform, configstore ones once more, 59 calls, with the replay handing the machine's CARGO_HOME to the plugin as
// well as to the shells): terraform 0, cargo 0, configstore 0 (lighthouse's Chrome profile stays), every kept cause as
// before — 103 calls of the 2,777 with a refusal, 76 in projects that have their vitest. No call of honest work
// needed a setting but the aws metadata probe (on a cloud instance); the replay took 56 min, the re-runs 8.
//
// The scratch home holds what a developer's has (~/.npm, ~/.cache, ~/.gitconfig); the machine's Rust toolchain is
// used where it is installed (RUSTUP_HOME, CARGO_HOME), as a user's would be. A session that runs `git init` starts
// without a repository.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readHarmless, type CorpusProblem } from './lib/files.js';
import { harmlessDir, repoRoot } from './lib/paths.js';

const { values } = parseArgs({
  options: {
    role: { type: 'string' },
    match: { type: 'string' },
    session: { type: 'string' },
    limit: { type: 'string' },
    timeout: { type: 'string', default: '30' },
    json: { type: 'string' },
    keep: { type: 'boolean' },
    show: { type: 'boolean' },
  },
});
const timeoutMs = Number(values.timeout) * 1000;
const limit = values.limit === undefined ? Number.POSITIVE_INFINITY : Number(values.limit);
const match = values.match === undefined ? undefined : new RegExp(values.match);
const sessionMatch = values.session === undefined ? undefined : new RegExp(values.session);
const LAUNCHER = 'exec /usr/bin/env -u SEMANTIC_ANCHORS_SANDBOXED /bin/sh -c "$SEMANTIC_ANCHORS_SANDBOXED"';

type Hooks = Record<string, (input: unknown, output?: unknown) => Promise<void>>;
const plugin = (await import(pathToFileURL(join(repoRoot, 'packages/plugin/dist/index.js')).href)).default as {
  server(input: unknown, options?: unknown): Promise<Hooks>;
};
const client = { app: { log: async () => ({ data: true }) }, tui: { showToast: async () => ({ data: true }) } };

// Outside /tmp and /var/tmp (writable in the sandbox): a home folder there would not be a user's.
// Outside this repository too: a session that starts without a repository (it runs `git init`) would otherwise find
// this checkout above its project, git would act on it, and the sandbox would open its git dirs (a linked worktree's
// gitdir and common dir) to the session's calls. Move it with SANDBOX_REPLAY_PARENT.
const parent = process.env.SANDBOX_REPLAY_PARENT ?? join(homedir(), '.cache', 'semantic-anchors-replay');
mkdirSync(parent, { recursive: true });
const base = mkdtempSync(join(parent, 'run-'));
const home = join(base, 'home');
for (const d of ['.npm', '.cache', '.config']) mkdirSync(join(home, d), { recursive: true });
writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = Replay\n\temail = replay@example.com\n[init]\n\tdefaultBranch = main\n');
// A user's environment: npm_* variables come from running this script through npm/npx, not from a user's shell.
for (const key of Object.keys(process.env)) if (/^npm_/i.test(key)) delete process.env[key];
const env: Record<string, string> = {
  ...Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined)),
  HOME: home,
  XDG_CONFIG_HOME: join(home, '.config'),
  XDG_CACHE_HOME: join(home, '.cache'),
};
// The machine's Rust toolchain, where it is installed, as a user's own would be found through their home.
for (const [name, dir] of [
  ['RUSTUP_HOME', join(homedir(), '.rustup')],
  ['CARGO_HOME', join(homedir(), '.cargo')],
] as const)
  // In opencode's environment too (the plugin reads it): the sandbox opens cargo's caches where CARGO_HOME puts them.
  if (existsSync(dir) && env[name] === undefined) env[name] = process.env[name] = dir;
process.env.HOME = home;
process.env.XDG_CONFIG_HOME = join(home, '.config');

/** A scratch project like the session's: a git repository with a package.json, sources, tests, a first commit. */
let projects = 0;
function scratchProject(root: string, repository: boolean): string {
  const dir = join(base, 'projects', `${++projects}-${basename(root)}`);
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify({ name: basename(root), version: '1.0.0', type: 'module', scripts: { test: 'node --test', build: 'node -e "console.log(\'built\')"', lint: 'node -e "console.log(\'lint ok\')"' } }, null, 2)}\n`,
    'README.md': `# ${basename(root)}\n`,
    'src/index.js': 'export const answer = 42;\n',
    'test/index.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { answer } from '../src/index.js';\ntest('answer', () => assert.equal(answer, 42));\n",
    '.gitignore': 'node_modules/\n',
    'docs/notes.md': '# Notes\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  if (!repository) return dir;
  execFileSync('git', ['init', '-q', '-b', 'main', dir], { env });
  execFileSync('git', ['-C', dir, 'add', '-A'], { env });
  execFileSync('git', ['-C', dir, 'commit', '-q', '-m', 'chore: start'], { env });
  return dir;
}

function run(command: string, cwd: string, extra: Record<string, string>): Promise<{ code: number | null; out: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn('/bin/bash', ['-c', command], { cwd, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    const add = (b: Buffer) => {
      if (out.length < 200_000) out += b.toString('utf8');
    };
    child.stdout?.on('data', add);
    child.stderr?.on('data', add);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, out: error.message, timedOut: false });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, timedOut });
    });
  });
}

interface Refused {
  readonly role: string;
  readonly session: string;
  readonly command: string;
  readonly exit: number | null;
  readonly refusals: readonly string[];
}

const problems: CorpusProblem[] = [];
const refused: Refused[] = [];
const counts = { calls: 0, ran: 0, exitNonZero: 0, timedOut: 0, blockedByRules: 0, refusedBySandbox: 0 };
const started = Date.now();
outer: for (const file of readdirSync(harmlessDir).filter((f) => f.endsWith('.yaml')).sort()) {
  const corpus = readHarmless(join(harmlessDir, file), problems);
  if (!corpus || (values.role && corpus.role !== values.role)) continue;
  for (const session of corpus.sessions) {
    const commands = session.events.flatMap((e) =>
      'tool' in e && e.tool === 'bash' && typeof (e.args as { command?: unknown }).command === 'string'
        ? [(e.args as { command: string }).command]
        : [],
    );
    if (match && !commands.some((c) => match.test(c))) continue;
    if (sessionMatch && !sessionMatch.test(session.name)) continue;
    const dir = scratchProject(session.root, !commands.some((c) => /\bgit\s+init\b/.test(c)));
    const hooks = await plugin.server({ directory: dir, worktree: dir, client, serverUrl: new URL('http://127.0.0.1:4096') }, {});
    for (const event of session.events) {
      if (!('tool' in event) || event.tool !== 'bash') continue;
      const args = event.args as { command?: unknown; workdir?: unknown };
      if (typeof args.command !== 'string') continue;
      if (match && !match.test(args.command)) continue;
      if (counts.calls >= limit) break outer;
      counts.calls++;
      const command = args.command.split(session.root).join(dir);
      const callID = `call_${counts.calls}`;
      const callArgs: Record<string, unknown> = { command, description: 'replay' };
      try {
        await hooks['tool.execute.before']!({ tool: 'bash', sessionID: `ses_${corpus.role}`, callID }, { args: callArgs });
      } catch (error) {
        counts.blockedByRules++;
        continue;
      }
      const shellEnv: Record<string, string> = {};
      await hooks['shell.env']!({ cwd: dir, sessionID: `ses_${corpus.role}`, callID }, { env: shellEnv });
      const workdir = typeof args.workdir === 'string' ? args.workdir.split(session.root).join(dir) : dir;
      const cwd = workdir.startsWith(dir) ? workdir : dir;
      mkdirSync(cwd, { recursive: true }); // A folder of the imagined project the call starts in.
      const result = await run(`${LAUNCHER}\n${command}`, cwd, shellEnv);
      const output = { title: command, output: result.out, metadata: {} };
      await hooks['tool.execute.after']!({ tool: 'bash', sessionID: `ses_${corpus.role}`, callID, args: callArgs }, output);
      counts.ran++;
      if (result.timedOut) counts.timedOut++;
      else if (result.code !== 0) counts.exitNonZero++;
      if (values.show)
        process.stdout.write(`EXIT ${result.timedOut ? 'timeout' : result.code} [${corpus.role}] ${args.command.slice(0, 120)}\n${output.output.trimEnd().split('\n').slice(-12).map((l) => `  | ${l}`).join('\n')}\n`);
      const note = output.output.split('The sandbox refused part of this command')[1];
      if (note !== undefined) {
        counts.refusedBySandbox++;
        const refusals = note.split('\n').filter((l) => l.startsWith('- ')).map((l) => l.slice(2));
        refused.push({ role: corpus.role, session: session.name, command: args.command, exit: result.code, refusals });
        process.stdout.write(`REFUSED [${corpus.role}] ${args.command.slice(0, 120)}\n  ${refusals.join('\n  ')}\n`);
      }
      if (counts.calls % 25 === 0)
        process.stdout.write(`… ${counts.calls} calls, ${counts.refusedBySandbox} with a sandbox refusal (${Math.round((Date.now() - started) / 1000)} s)\n`);
    }
  }
}

const figures = { ...counts, seconds: Math.round((Date.now() - started) / 1000), problems, refused };
console.log(
  `\nReplayed ${counts.calls} bash calls of the harmless corpora under the sandbox (default settings) in ${figures.seconds} s: ` +
    `${counts.ran} ran, ${counts.blockedByRules} stopped by the rules first, ${counts.exitNonZero} exited non-zero (missing tools and files of the imagined projects, mostly), ` +
    `${counts.timedOut} timed out, ${counts.refusedBySandbox} had something refused by the sandbox.`,
);
if (values.json) writeFileSync(values.json, `${JSON.stringify(figures, null, 2)}\n`);
if (!values.keep) rmSync(base, { recursive: true, force: true });
process.exit(0);
