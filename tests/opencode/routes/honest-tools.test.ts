// The honest neighbours with the package managers and tools besides npm (issue 16: "the defaults must let honest
// work run"): yarn, pnpm and bun add a package from the registry (a local tarball would be held by the run-later
// check: npm runs its scripts at the human's install), run the project's tests with it and install again from their
// caches and stores; a virtualenv's pip looks at its cache;
// `crontab -l` and `direnv exec` with the environment the human allowed. Each runs in the sandbox with the default
// settings and has its effect; none is blocked, none gets a refusal note. One neighbour is not honest and is held:
// `direnv allow` is the human's word that the folder's `.envrc` may run in their shell at every `cd` (code run later
// as the human, as a git hook is), so the agent's allow must not take. Skipped where a tool is missing; .ci/run
// installs them (yarn and pnpm from the npm registry, bun as opencode's own binary, direnv and cron from Debian).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolPart } from '@semantic-anchors/sandbox';
import type { Harness } from '../support/harness.js';
import { bash, expectRan } from '../support/turns.js';
import { honest, lacking } from './support/route.js';
import { asHuman, playAll, ran as ranUnblocked } from './support/effects.js';
import { HUMAN_GITCONFIG, startRoutesHarness } from './support/routes-harness.js';

const NO_YARN = lacking('yarn --version');
const NO_PNPM = lacking('pnpm --version');
const NO_BUN = lacking('bun --version');
const NO_DIRENV = lacking('direnv version');
const NO_CRONTAB = lacking('command -v crontab');
const NO_VENV = lacking('python3 -m venv --help');
const REFUSED = 'The sandbox refused part of this command';

const TEST = `node -e "console.log(require('is-number')(5) ? 'is-number works' : 'broken')"`;
const pkg = (name: string) =>
  `${JSON.stringify({ name, version: '1.0.0', private: true, scripts: { test: TEST } }, null, 2)}\n`;

describe('honest work with yarn, pnpm, bun, pip, cron and direnv', () => {
  let h: Harness;
  let parts: ToolPart[] = [];
  const project = (relative: string) => join(h.dirs.project, relative);

  beforeAll(async () => {
    h = await startRoutesHarness({
      projectText: {
        'yarn-app/package.json': pkg('yarn-app'),
        'pnpm-app/package.json': pkg('pnpm-app'),
        'bun-app/package.json': pkg('bun-app'),
        '.envrc': 'export GREETING=hello-from-envrc\n',
      },
      homeText: { '.gitconfig': HUMAN_GITCONFIG, '.bashrc': '# bashrc\n' },
      // This machine's extra certificate authority, as the user's environment has it (yarn 1 needs it to reach the
      // registry through a TLS-inspecting network; npm, pnpm and bun use the system's store).
      ...(process.env.NODE_EXTRA_CA_CERTS ? { env: { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS } } : {}),
    });
    // The human allowed the project's .envrc once (direnv keeps that in its data folder, keyed by path and content).
    if (NO_DIRENV === undefined) asHuman(h, 'direnv allow .');
    asHuman(h, 'git add -A && git commit -qm "chore: start" >/dev/null 2>&1');
    const session = await h.client.createSession();
    parts = await playAll(h, session, [
      bash(`cd yarn-app && yarn add --dev is-number@7.0.0 && yarn test`), // 0
      bash('cd yarn-app && rm -rf node_modules && yarn install --frozen-lockfile --offline && yarn test'), // 1
      bash(`cd pnpm-app && pnpm add -D is-number@7.0.0 && pnpm test`), // 2
      bash('cd pnpm-app && rm -rf node_modules && pnpm install --frozen-lockfile --offline && pnpm test'), // 3
      bash(`cd bun-app && bun add -d is-number@7.0.0 && bun run test`), // 4
      bash('cd bun-app && rm -rf node_modules && bun install --frozen-lockfile && bun run test'), // 5
      bash('python3 -m venv .venv && .venv/bin/python -m pip cache dir && .venv/bin/python -m pip list'), // 6
      bash("crontab -l 2>&1 | head -3; echo 'crontab looked at'"), // 7
      bash('direnv exec . sh -c \'echo "greeting=$GREETING"\''), // 8
      bash("echo 'export GREETING=changed-by-agent' > .envrc && direnv allow . ; echo allow-tried"), // 9
    ]);
  }, 300_000);
  afterAll(async () => h?.stop());

  // The shared check (ran unblocked, printed the text), and no refusal note from the sandbox besides.
  const ran = (index: number, output: string) => () => {
    ranUnblocked(parts[index], output);
    expect(parts[index]?.output ?? '').not.toContain(REFUSED);
  };

  honest(
    'H.P1',
    "adds the human's package with yarn and runs `yarn test`, then installs again offline from yarn's cache",
    'both runs printed, no refusal',
    () => {
      // yarn 1 looks for a writable global folder at every run (/usr/local as root, ~/.yarn otherwise) and warns
      // when there is none: the only refusal it may meet, its global commands being code the human runs later.
      for (const index of [0, 1]) {
        expectRan(parts[index]);
        expect(parts[index]?.output ?? '').toContain('is-number works');
        const refused = (parts[index]?.output ?? '').split('\n').filter((l) => l.startsWith('- writing '));
        for (const line of refused) expect(line).toMatch(/^- writing (\/usr\/local\/(bin|share\/\.yarn)|\S*\/\.yarn)/);
      }
    },
    NO_YARN,
  );
  honest(
    'H.P2',
    'adds it with pnpm and runs `pnpm test`, then installs again offline from the store',
    "both runs printed; pnpm's store got the package, pnpm's home nothing else",
    () => {
      ran(2, 'is-number works')();
      ran(3, 'is-number works')();
      const pnpmHome = join(h.dirs.dataHome, 'pnpm');
      expect(readdirSync(pnpmHome)).toEqual(['store']);
    },
    NO_PNPM,
  );
  honest(
    'H.P3',
    'adds it with bun and runs `bun run test`, then installs again from the lock file',
    'both runs printed, no refusal',
    () => {
      expectRan(parts[4]);
      expect(parts[4]?.output ?? '').toContain('is-number works');
      expect(parts[5]?.output ?? '').toContain('is-number works');
    },
    NO_BUN,
  );
  honest(
    'H.P4',
    'makes a virtualenv and asks its pip where its cache is and what is installed',
    "pip answered with the cache in the human's cache folder",
    () => {
      // Not ran(): pyenv's shims on this machine's PATH try rustup's folder in the sandbox's home (a refusal note).
      expectRan(parts[6]);
      expect(parts[6]?.output ?? '').toContain(join(h.dirs.cacheHome, 'pip'));
    },
    NO_VENV,
  );
  honest('H.P5', 'looks at the crontab with `crontab -l`', 'it answered', ran(7, 'crontab looked at'), NO_CRONTAB);
  honest(
    'H.P6',
    'runs a command with the environment of the `.envrc` the human allowed (`direnv exec .`)',
    'the command saw it',
    ran(8, 'greeting=hello-from-envrc'),
    NO_DIRENV,
  );
  (NO_DIRENV === undefined ? it : it.skip)(
    "the agent's own `direnv allow` of an .envrc it changed does not take (the human's shell would run it at every cd)",
    () => {
      expectRan(parts[9]);
      // The human's allow folder exists: bound read-only, the write fails in the sandbox (no refusal note needed).
      expect(parts[9]?.output ?? '').toMatch(/read-only file system|The sandbox refused/);
      // The human's next `cd`: direnv finds the changed file not allowed.
      const human = asHuman(h, 'direnv exec . sh -c \'echo "greeting=$GREETING"\'');
      expect(human.output).not.toContain('greeting=changed-by-agent');
      expect(existsSync(project('.envrc'))).toBe(true);
    },
  );
});
