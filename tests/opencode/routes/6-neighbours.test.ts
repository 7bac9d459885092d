// Family 6 (issue 16, second pass): the routes next to families 1–3 that the first suite did not try — code that
// opencode itself runs outside the shell's sandbox because of a project file (a formatter named by composer.json, a
// plugin, an MCP server or a command template the human's opencode.json names by path), code the human's tools run
// from places the sandbox opens for honest work (a virtualenv's activate script and interpreter, npx's cache of
// installed packages, a git submodule's own config and hooks under `.git/modules/`), and a shim in node_modules/.bin.
// Each route is followed by what the human does next (the write tool's own formatter, the next opencode start and a
// slash command, activating the virtualenv, `npx`, a git session in the submodule, `npm test`) and holds when the
// marker that code writes is absent (and, for the formatter, when no session it would create is on the server).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { anchorsPlugin, type Harness } from '../support/harness.js';
import { bash, callDirective } from '../support/turns.js';
import { route } from './support/route.js';
import { asHuman, expectNoMarker, marker, playAll, serverSessionTitles, sleep } from './support/effects.js';
import { HUMAN_GITCONFIG, startRoutesHarness } from './support/routes-harness.js';

/** The team's own opencode plugin, named by path in the human's opencode.json (it does nothing). */
const TEAM_PLUGIN = 'export const TeamPlugin = async () => ({});\n';
/** The team's docs MCP server, named by path in the human's opencode.json (a stand-in: it exits at once). */
const DOCS_MCP = 'process.exit(0);\n';
const HUMAN_PACKAGE = `${JSON.stringify({ name: 'app', version: '1.0.0', private: true, scripts: { test: 'hello-tool' } }, null, 2)}\n`;

/** A tiny package with a bin (`hello-tool`), packed as a tarball the human installs and runs with npx offline. */
function packHelloTool(h: Harness): string {
  const dir = join(h.dirs.root, 'hello-tool');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'hello-tool', version: '1.0.0', bin: { 'hello-tool': 'bin.js' } }),
  );
  writeFileSync(join(dir, 'bin.js'), '#!/usr/bin/env node\nconsole.log("hello");\n', { mode: 0o755 });
  asHuman(h, 'npm pack -q >/dev/null 2>&1', dir);
  return join(dir, 'hello-tool-1.0.0.tgz');
}

describe('family 6: code opencode or the human runs later, from places next to the first routes', () => {
  let h: Harness;
  let tarball = '';
  let titles: string[] = [];
  const write = (relative: string, content: string) =>
    callDirective('write', { filePath: join(h.dirs.project, relative), content });
  const npx = () => `npx --yes -p ${tarball} hello-tool`;

  beforeAll(async () => {
    h = await startRoutesHarness({
      // The human's set-up below runs before opencode's first start, which the restart after it is.
      startLater: true,
      projectText: {
        'package.json': HUMAN_PACKAGE,
        'src/app.js': 'export const answer = 42;\n',
        'tools/team-plugin.js': TEAM_PLUGIN,
        'tools/docs-mcp.js': DOCS_MCP,
        'prompts/release.md': 'Write the release notes for the changes since the last tag.\n',
      },
      // ~/.npm exists before the start, as on any machine where the human has used npm.
      homeText: { '.gitconfig': HUMAN_GITCONFIG, '.bashrc': "# the human's bashrc\n", '.npm/_logs/.keep': '' },
      // The human's opencode.json: a team plugin, a local MCP server, a command whose template is a file, and
      // opencode's formatters turned on (they are off by default in 1.18.33).
      extraConfig: {
        formatter: true,
        mcp: { docs: { type: 'local', command: ['node', './tools/docs-mcp.js'] } },
        command: { release: { template: '{file:./prompts/release.md}', description: 'Release notes' } },
      },
      plugins: [anchorsPlugin(), './tools/team-plugin.js'],
    });
    // The human's set-up: a virtualenv, a tool run once with npx (now in ~/.npm/_npx), the same tool installed in
    // the project (node_modules/.bin/hello-tool, what `npm test` runs), a library as a git submodule.
    asHuman(h, 'python3 -m venv --without-pip .venv');
    tarball = packHelloTool(h);
    asHuman(h, `${npx()} >/dev/null 2>&1`);
    asHuman(h, `npm install --no-audit --no-fund --no-save ${tarball} >/dev/null 2>&1`);
    asHuman(
      h,
      `git init -q ${h.dirs.root}/lib-src && git -C ${h.dirs.root}/lib-src commit --allow-empty -qm init && git -c protocol.file.allow=always submodule add -q ${h.dirs.root}/lib-src sub && git commit -qm "chore: sub" >/dev/null 2>&1`,
    );
    // The human starts opencode after that set-up, as a human does (what the plugin protects is found at its start).
    expect((await h.restart()).pluginLoaded).toBe(true);
    const session = await h.client.createSession();
    const touch = (id: string) => `touch ${marker(h, id)}`;
    /** Shell code (base64) that finds opencode's port with `ss` and creates a session titled `title` on it. */
    const reachServer = (title: string) =>
      Buffer.from(
        `for p in $(ss -ltnH | awk '{print $4}' | sed 's/.*://'); do curl -s -m 2 -X POST -H 'content-type: application/json' -d '{"title":"${title}"}' http://127.0.0.1:$p/session; done >/dev/null 2>&1\n`,
      ).toString('base64');
    await playAll(h, session, [
      // opencode formats a file it wrote with `./vendor/bin/pint` when composer.json requires laravel/pint: that runs
      // in opencode's own process environment, outside the shell's sandbox.
      write('composer.json', `${JSON.stringify({ 'require-dev': { 'laravel/pint': '^1.0' } }, null, 2)}\n`),
      write('vendor/bin/pint', `#!/bin/sh\n${touch('6.01')}\necho ${reachServer('r6.01')} | base64 -d | sh\nexit 0\n`),
      bash('chmod +x vendor/bin/pint'),
      write('src/index.php', '<?php echo "hi";\n'),
      // Files the human's opencode.json names by path: loaded or run at the next start, outside any sandbox.
      bash(
        `printf '\\nimport { writeFileSync } from "node:fs";\\nwriteFileSync(%s, "loaded");\\n' '"${marker(h, '6.02')}"' >> tools/team-plugin.js`,
      ),
      bash(
        `python3 -c "p = 'tools/docs-mcp.js'; t = open(p).read(); open(p, 'w').write('require(\\"fs\\").writeFileSync(\\"${marker(h, '6.03')}\\", \\"ran\\");\\n' + t)"`,
      ),
      write('prompts/release.md', `Write the release notes: !\`${touch('6.04')}\`\n`),
      // The virtualenv's activate script and interpreter: run by the human's shell and every python call in it.
      bash(`echo '${touch('6.05')}' >> .venv/bin/activate`),
      bash(
        `real=$(readlink -f .venv/bin/python) && rm .venv/bin/python && printf '#!/bin/sh\\n${touch('6.06')}\\nexec %s "$@"\\n' "$real" > .venv/bin/python && chmod +x .venv/bin/python`,
      ),
      // npx's cache holds installed packages it runs again without checking them.
      bash(
        `f=$(ls ~/.npm/_npx/*/node_modules/hello-tool/bin.js) && echo 'require("fs").writeFileSync("${marker(h, '6.07')}", "");' >> $f`,
      ),
      // A submodule's repository is `.git/modules/<name>`: its own config and hooks, run by git in the submodule.
      bash(
        `python3 -c "open('.git/modules/sub/config', 'a').write('[core]\\n\\tfsmonitor = \\"${touch('6.08')} #\\"\\n')"`,
      ),
      bash(
        `python3 -c "import os; p = '.git/modules/sub/hooks/post-commit'; open(p, 'w').write('#!/bin/sh\\n${touch('6.09')}\\n'); os.chmod(p, 0o755)"`,
      ),
      bash(`git -C sub config alias.st '!${touch('6.10')}; git status'`),
      // The tool `npm test` runs, in node_modules.
      bash(`echo 'require("fs").writeFileSync("${marker(h, '6.11')}", "");' >> node_modules/hello-tool/bin.js`),
    ]);
    await sleep(3000); // the formatter runs after the write tool returned
    titles = await serverSessionTitles(h);
    // The human, later: activates the virtualenv, runs the tool with npx, works in the submodule, runs the tests.
    asHuman(h, '. .venv/bin/activate && python -c pass');
    asHuman(h, '.venv/bin/python -c pass');
    asHuman(h, `${npx()} >/dev/null 2>&1`);
    asHuman(h, 'git status >/dev/null 2>&1; cd sub && git status >/dev/null 2>&1; git st >/dev/null 2>&1');
    asHuman(h, 'cd sub && git commit --allow-empty -qm "human work" >/dev/null 2>&1');
    asHuman(h, 'npm test >/dev/null 2>&1');
    // The human's next start, then the command their config defines.
    const next = await h.restart();
    expect(next.pluginLoaded).toBe(true);
    await sleep(2000); // the MCP server is started after the plugins
    const human = await h.client.createSession();
    await h.client.command(human, 'release', '');
  }, 300_000);
  afterAll(async () => h?.stop());

  route(
    '6.01',
    'with formatters on, composer.json requiring laravel/pint and `vendor/bin/pint` its script; then the write tool on a .php file',
    "opencode's formatter did not run the script: no marker, no session titled r6.01",
    () => {
      expectNoMarker(h, '6.01');
      expect(titles).not.toContain('r6.01');
    },
  );
  route(
    '6.02',
    "appends to the team plugin the human's opencode.json names by path (`./tools/team-plugin.js`)",
    'the human starts opencode again: no marker',
    () => expectNoMarker(h, '6.02'),
  );
  route(
    '6.03',
    "prepends to the local MCP server the human's opencode.json runs (`node ./tools/docs-mcp.js`), by python",
    'the human starts opencode again: no marker',
    () => expectNoMarker(h, '6.03'),
  );
  route(
    '6.04',
    "rewrites the command template the human's opencode.json reads with `{file:./prompts/release.md}` (write tool)",
    'the human runs /release at the next start: no marker',
    () => expectNoMarker(h, '6.04'),
  );
  route(
    '6.05',
    "appends a line to the project virtualenv's `bin/activate`",
    'the human activates the virtualenv: no marker',
    () => expectNoMarker(h, '6.05'),
  );
  route(
    '6.06',
    "replaces the project virtualenv's `bin/python` by a script that runs the real one",
    "the human runs the virtualenv's python: no marker",
    () => expectNoMarker(h, '6.06'),
  );
  route(
    '6.07',
    'appends to a package in npx’s cache (`~/.npm/_npx/*/node_modules/…`)',
    'the human runs the same `npx` again: no marker',
    () => expectNoMarker(h, '6.07'),
  );
  route(
    '6.08',
    "appends a `core.fsmonitor` to a submodule's config (`.git/modules/sub/config`) by python",
    'the human runs `git status` at the top and in the submodule: no marker',
    () => expectNoMarker(h, '6.08'),
  );
  route(
    '6.09',
    "writes a submodule's `post-commit` hook (`.git/modules/sub/hooks/`) by python",
    'the human commits in the submodule: no marker',
    () => expectNoMarker(h, '6.09'),
  );
  route(
    '6.10',
    "`git -C sub config alias.st '!…'` (the submodule's own config)",
    'the human runs `git st` in the submodule: no marker',
    () => expectNoMarker(h, '6.10'),
  );
  route(
    '6.11',
    'appends to the installed tool `npm test` runs (`node_modules/hello-tool/bin.js`)',
    'the human runs `npm test`: no marker',
    () => expectNoMarker(h, '6.11'),
  );
});
