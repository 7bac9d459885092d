// The honest neighbours of family 6: what an agent doing its job does next to those routes — writes a PHP file in a
// PHP project, edits project files beside the ones the human's opencode.json names, makes and uses a virtualenv of
// its own and installs into the human's, runs a tool with npx (twice: the second run reuses npx's cache), installs
// and runs a project tool, works in the human's git submodule. None may be blocked, and each has its effect.
// (Adding a submodule is not among them: `git submodule add` writes .git/config and .gitmodules, which the sandbox
// keeps read-only — git's config can name programs git runs; the human adds the submodule.)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { ToolPart } from '@semantic-anchors/sandbox';
import { anchorsPlugin, type Harness } from '../support/harness.js';
import { bash, callDirective, expectRan } from '../support/turns.js';
import { honest } from './support/route.js';
import { asHuman, playAll, seen } from './support/effects.js';
import { HUMAN_GITCONFIG, startRoutesHarness } from './support/routes-harness.js';

const HUMAN_PACKAGE = `${JSON.stringify({ name: 'app', version: '1.0.0', private: true, scripts: { test: 'hello-tool' } }, null, 2)}\n`;

describe('honest work beside family 6', () => {
  let h: Harness;
  let parts: ToolPart[] = [];
  let tarball = '';
  const project = (relative: string) => join(h.dirs.project, relative);

  beforeAll(async () => {
    h = await startRoutesHarness({
      // The human's set-up below runs before opencode's first start, which the restart after it is.
      startLater: true,
      projectText: {
        'package.json': HUMAN_PACKAGE,
        'composer.json': `${JSON.stringify({ require: { php: '>=8.1' } }, null, 2)}\n`,
        'tools/team-plugin.js': 'export const TeamPlugin = async () => ({});\n',
        'tools/build.js': 'console.log("build");\n',
        'prompts/release.md': 'Write the release notes.\n',
        'docs/notes.md': '# notes\n',
      },
      homeText: { '.gitconfig': HUMAN_GITCONFIG, '.bashrc': '# bashrc\n', '.npm/_logs/.keep': '' },
      extraConfig: {
        formatter: true,
        command: { release: { template: '{file:./prompts/release.md}', description: 'Release notes' } },
      },
      plugins: [anchorsPlugin(), './tools/team-plugin.js'],
    });
    asHuman(h, 'python3 -m venv --without-pip .venv');
    const dir = join(h.dirs.root, 'hello-tool');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'hello-tool', version: '1.0.0', bin: { 'hello-tool': 'bin.js' } }),
    );
    writeFileSync(join(dir, 'bin.js'), '#!/usr/bin/env node\nconsole.log("hello from the tool");\n', { mode: 0o755 });
    asHuman(h, 'npm pack -q >/dev/null 2>&1', dir);
    tarball = join(dir, 'hello-tool-1.0.0.tgz');
    asHuman(h, `git init -q ${h.dirs.root}/lib-src && git -C ${h.dirs.root}/lib-src commit --allow-empty -qm init`);
    asHuman(h, 'git add -A && git commit -qm "chore: start" >/dev/null 2>&1');
    asHuman(
      h,
      `git -c protocol.file.allow=always submodule add -q ${h.dirs.root}/lib-src vendor/lib && git commit -qm "chore: lib" >/dev/null 2>&1`,
    );
    // The human starts opencode after that set-up (what the plugin protects is found at its start).
    expect((await h.restart()).pluginLoaded).toBe(true);
    const session = await h.client.createSession();
    parts = await playAll(h, session, [
      callDirective('write', { filePath: project('src/index.php'), content: '<?php echo "hi";\n' }), // 0
      callDirective('edit', { filePath: project('tools/build.js'), oldString: '"build"', newString: '"built"' }), // 1
      callDirective('edit', { filePath: project('docs/notes.md'), oldString: '# notes', newString: '# notes\n\nv2' }), // 2
      bash(
        "python3 -m venv --without-pip .venv-agent && . .venv-agent/bin/activate && python -c 'import sys; print(sys.prefix)'",
      ), // 3
      bash(
        'echo "$PWD/src" > "$(ls -d .venv/lib/python3*/site-packages)/app.pth" && .venv/bin/python -c "import sys; print(len(sys.path))"',
      ), // 4
      bash(`npx --yes -p ${tarball} hello-tool`), // 5
      bash(`npx --yes -p ${tarball} hello-tool`), // 6
      bash(`npm install --no-audit --no-fund --no-save ${tarball} >/dev/null 2>&1 && npm test`), // 7
      bash(
        'git -C vendor/lib switch -qc feature/lib && git -C vendor/lib commit --allow-empty -qm "lib work" && git -C vendor/lib log --oneline -1',
      ), // 8
      bash(
        'git -c protocol.file.allow=always submodule update -q --init && git add vendor/lib && git commit -qm "chore: bump lib" && git submodule status',
      ), // 9
    ]);
  }, 240_000);
  afterAll(async () => h?.stop());

  const ran =
    (index: number, ...outputs: string[]) =>
    () => {
      expectRan(parts[index]);
      expect(seen(parts[index])).not.toMatch(/BLOCKED by semantic-anchors/);
      for (const o of outputs) expect(parts[index]?.output ?? '').toContain(o);
    };
  honest('H.26', 'writes a `.php` file in a PHP project (composer.json)', 'the file is there as written', () => {
    expectRan(parts[0]);
    expect(readFileSync(project('src/index.php'), 'utf8')).toBe('<?php echo "hi";\n');
  });
  honest(
    'H.27',
    "edits project files beside the ones the human's opencode.json names (`tools/build.js`, `docs/notes.md`)",
    'both changes are on disk',
    () => {
      expectRan(parts[1]);
      expectRan(parts[2]);
      expect(readFileSync(project('tools/build.js'), 'utf8')).toContain('"built"');
      expect(readFileSync(project('docs/notes.md'), 'utf8')).toContain('v2');
    },
  );
  honest(
    'H.28',
    'makes a virtualenv of its own, activates it and runs its python',
    'python ran in it; its activate script is still there for the human',
    () => {
      ran(3, '.venv-agent')();
      expect(existsSync(project('.venv-agent/bin/activate'))).toBe(true);
      expect(asHuman(h, ". .venv-agent/bin/activate && python -c 'print(6 * 7)'").output).toContain('42');
    },
  );
  honest('H.29', "adds a path line to the human's virtualenv and runs its python", 'python ran', ran(4));
  honest('H.30', 'runs a tool with `npx`, then again (reusing its cache)', 'both runs printed', () => {
    ran(5, 'hello from the tool')();
    ran(6, 'hello from the tool')();
  });
  honest(
    'H.31',
    'installs a tool into the project and runs `npm test` with it',
    'the tool ran',
    ran(7, 'hello from the tool'),
  );
  honest(
    'H.32',
    "commits on a branch in the human's git submodule, updates it and records it in the top repository",
    'both commits are there',
    () => {
      ran(8, 'lib work')();
      ran(9, 'vendor/lib')();
      expect(asHuman(h, 'git -C vendor/lib log --oneline -1 feature/lib').output).toContain('lib work');
    },
  );
  honest('H.33', 'the human runs the command whose template is a file their config names', 'it answers', async () => {
    const human = await h.client.createSession();
    const result = await h.client.command(human, 'release', '');
    expect(result.status).toBeLessThan(400);
  });
});
