// The plugin as users get it: `npm pack` of packages/plugin installs into an empty project (its one runtime
// dependency, the OS sandbox, comes from the npm cache `npm ci` filled; a fresh machine fetches its registry metadata), its CLI runs there under the name of the
// package, and the plugin finds and runs the sandbox from the installed layout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { built, pluginDir } from './support.js';

// The child npm must not inherit the npm_* settings of the `npm test` that runs this suite (workspace, prefix).
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
const fixtures = join(import.meta.dirname, 'fixtures');
const exportsDir = join(import.meta.dirname, '../../packages/engine/test/fixtures/opencode-exports');
let temp = '';
let project = '';
let tarball = '';
let packed: { size: number; unpackedSize: number; files: { path: string; size: number }[] };
const pkg = JSON.parse(readFileSync(join(pluginDir, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
};

beforeAll(() => {
  built(join(pluginDir, 'dist/index.js'));
  temp = mkdtempSync(join(tmpdir(), 'sa-pack-'));
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', temp], {
    cwd: pluginDir,
    env,
    encoding: 'utf8',
  });
  packed = (JSON.parse(out) as (typeof packed & { filename: string })[])[0]!;
  tarball = join(temp, readdirSync(temp).find((f) => f.endsWith('.tgz'))!);
  project = join(temp, 'project');
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), '{ "name": "a-team-project", "private": true }\n');
  // --prefer-offline: the packages come from the cache `npm ci` filled, but `npm ci` keeps no registry metadata
  // (packuments), which resolving the tarball's dependencies needs: on a fresh machine that metadata is fetched once.
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
    cwd: project,
    env,
    stdio: 'pipe',
  });
  copyFileSync(join(fixtures, 'team.yaml'), join(project, 'team.yaml'));
  copyFileSync(join(fixtures, 'broken.yaml'), join(project, 'broken.yaml'));
}, 120_000);

afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

/** `npx <bin> …args` in the installed project, offline: it must find the bin in node_modules/.bin. */
function npx(...args: string[]) {
  const run = spawnSync('npx', ['--offline', '--no-install', ...args], {
    cwd: project,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('npm pack of the plugin', () => {
  it('has one runtime dependency, the OS sandbox, pinned to an exact version', () => {
    expect(Object.keys(pkg.dependencies ?? {})).toEqual(['@anthropic-ai/sandbox-runtime']);
    expect(pkg.dependencies?.['@anthropic-ai/sandbox-runtime']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('carries the licences, and no source maps', () => {
    const paths = packed.files.map((f) => f.path);
    for (const file of [
      'LICENSE',
      'NOTICE',
      'README.md',
      'dist/THIRD-PARTY-LICENSES.txt',
      'dist/index.js',
      'dist/cli.js',
    ]) {
      expect(paths).toContain(file);
    }
    // Maps that named sources the tarball does not ship were 1.9 MB of the 4.1 MB; a map is useful with its sources
    // or not at all.
    expect(paths.filter((p) => p.endsWith('.map'))).toEqual([]);
    expect(packed.files.some((f) => /sourceMappingURL/.test(readFileSync(join(pluginDir, f.path), 'latin1')))).toBe(
      false,
    );
  });

  it('is at most 1.9 MB unpacked, with one copy of the engine that the plugin and the CLI share', () => {
    // 5.4 MB before (maps, the engine and its libraries in both bundles, the presets as JSON text twice). The guard is
    // ours, against accidental weight (maps, a second engine, data as text): it was 1.5 MB until 3 December 2026, when
    // the rules the presets need (issue 17, section 7) had left 6 KB; the package was 1,494,867 bytes then. 1.6 MB until
    // 4 December 2026: round 15's readings (SDK calls, jq/yq updates, dvc and snakemake runs) and the rules they feed
    // made it 1,605,843 bytes — deliberate weight, each piece in its own module. 1.65 MB until 5 December 2026: round
    // 28's PowerShell translation (programs/powershell.ts, powershell-params.ts), the config-file setters and the rules
    // for the ecosystems' other tools made it 1,665,692 bytes, deliberate again. 1.75 MB until 6 December 2026: round
    // 33's readings of task files known in pieces (a sed script reader and runner, workspace runners, structured edits,
    // tool images' entrypoints) made it 1,778,380 bytes. 1.85 MB until 7 December 2026: rounds 45–51's readings (git's
    // own settings, the tools' aliases, plugins and config files, what test runners and docs builds load, same groups)
    // made it 1,850,591 bytes, deliberate again.
    expect(packed.unpackedSize).toBeLessThanOrEqual(1_900_000);
    // A message only the engine's loader holds is in one file, and
    // both entries import that file.
    const js = packed.files.filter((f) => f.path.endsWith('.js') && f.path.startsWith('dist/'));
    const holders = js.filter((f) =>
      readFileSync(join(pluginDir, f.path), 'utf8').includes('is not a bundled role preset'),
    );
    expect(holders.map((f) => f.path)).toHaveLength(1);
    // Both entries reach that file: the CLI by a static import, the plugin through the chunk its factory imports in
    // the background (the import opencode waits for holds only the factory).
    const reached = (entry: string): Set<string> => {
      const seen = new Set<string>();
      const visit = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        const text = readFileSync(join(pluginDir, file), 'utf8');
        for (const m of text.matchAll(/(?:from\s*|import\s*\(?\s*)"\.\/([\w-]+\.js)"/g)) visit(`dist/${m[1]}`);
      };
      visit(entry);
      return seen;
    };
    for (const entry of ['dist/index.js', 'dist/cli.js'])
      expect([...reached(entry)], entry).toContain(holders[0]!.path);
  });

  // 40,000 bytes until run.followed (round 38: a team's own Makefile matched by its target's name) took it past.
  it('ships the JSON Schema in at most 40.5 KB', () => {
    const schema = packed.files.find((f) => f.path === 'schema/v1.json');
    expect(schema?.size).toBeLessThanOrEqual(40_500);
    expect(JSON.parse(readFileSync(join(pluginDir, 'schema/v1.json'), 'utf8'))).toHaveProperty('$schema');
  });

  it('installs offline into an empty project, with the sandbox runtime and its helper binaries', () => {
    const installed = join(project, 'node_modules', pkg.name);
    expect(statSync(join(installed, 'dist/index.js')).isFile()).toBe(true);
    const runtime = join(project, 'node_modules/@anthropic-ai/sandbox-runtime');
    expect(statSync(join(runtime, 'vendor/seccomp/x64/apply-seccomp')).isFile()).toBe(true);
  });

  it('finds and runs the OS sandbox from the installed package', () => {
    const script = `
      const plugin = (await import(${JSON.stringify(pkg.name)})).default;
      const client = { app: { log: async () => ({ data: true }) }, tui: { showToast: async () => ({ data: true }) } };
      const hooks = await plugin.server({ directory: process.cwd(), worktree: process.cwd(), client }, {});
      const args = { command: 'echo hi' };
      await hooks['tool.execute.before']({ tool: 'bash', sessionID: 's', callID: 'c' }, { args });
      console.log(args.command.startsWith('exec ') ? 'wrapped' : 'not wrapped');
      console.log((await hooks.tool.anchor_status.execute({}, { sessionID: 's' })).split('\\n').find((l) => l.startsWith('Sandbox:')));
      process.exit(0);`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: project,
      env: { ...env, XDG_CONFIG_HOME: join(temp, 'xdg') },
      encoding: 'utf8',
    });
    expect(out).toContain('wrapped\n');
    expect(out).toMatch(/Sandbox: on \(bubblewrap\)/);
  });

  it('imports as the plugin module opencode loads', () => {
    const script = `import(${JSON.stringify(`${pkg.name}`)}).then((m) => console.log(typeof m.default?.server ?? typeof m.default))`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: project,
      env,
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('function');
  });

  it("runs in opencode's own Bun untranspiled: every file the plugin loads starts with Bun's pragma", () => {
    // Without the pragma Bun re-prints each large module before running it (~90 ms at a first start, a 1.9 MB copy in
    // its cache for every later one). With it, the module goes to the engine as it is and nothing lands in the cache.
    const loaded = readdirSync(join(project, 'node_modules', pkg.name, 'dist')).filter(
      (f) => f.endsWith('.js') && f !== 'cli.js',
    );
    for (const f of loaded)
      expect(readFileSync(join(project, 'node_modules', pkg.name, 'dist', f), 'utf8').startsWith('// @bun\n'), f).toBe(
        true,
      );
    const bun = join(import.meta.dirname, '../../node_modules/opencode-linux-x64/bin/opencode');
    const cache = join(temp, 'bun-cache');
    const script = `
      const plugin = (await import(${JSON.stringify(join(project, 'node_modules', pkg.name, 'dist/index.js'))})).default;
      const client = { app: { log: async () => ({ data: true }) }, tui: { showToast: async () => ({ data: true }) } };
      const hooks = await plugin.server({ directory: process.cwd(), worktree: process.cwd(), client }, {});
      const args = { command: 'git push --force origin main' };
      try { await hooks['tool.execute.before']({ tool: 'bash', sessionID: 's', callID: 'c' }, { args }); console.log('allowed'); }
      catch (e) { console.log('blocked'); }
      process.exit(0);`;
    writeFileSync(join(temp, 'bun-load.mjs'), script);
    const out = execFileSync(bun, [join(temp, 'bun-load.mjs')], {
      cwd: project,
      env: { ...env, BUN_BE_BUN: '1', XDG_CACHE_HOME: cache, XDG_CONFIG_HOME: join(temp, 'xdg') },
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('blocked');
    // Bun's transpiler cache holds no copy of the plugin's chunks (a copy would carry the engine's messages).
    const piles = (() => {
      try {
        return readdirSync(join(cache, 'bun', '@t@')).map((f) => join(cache, 'bun', '@t@', f));
      } catch {
        return [];
      }
    })();
    expect(piles.filter((f) => readFileSync(f, 'latin1').includes('is not a bundled role preset'))).toEqual([]);
  });

  it(`runs as "npx ${pkg.name} --version" and prints the package version`, () => {
    const run = npx(pkg.name, '--version');
    expect(run.out).toContain(pkg.version);
    expect(run.code).toBe(0);
  });

  it(`runs as "npx ${pkg.name} --help"`, () => {
    const run = npx(pkg.name, '--help');
    expect(run.out).toMatch(/validate/);
    expect(run.code).toBe(0);
  });

  it('validates a contract file there, and reports a broken one with file:line:col', () => {
    const good = npx(pkg.name, 'validate', 'team.yaml');
    expect(good.out).toContain('0 error(s)');
    expect(good.code).toBe(0);
    const bad = npx(pkg.name, 'validate', 'broken.yaml');
    expect(bad.out).toMatch(/broken\.yaml:5:11: error: .*"STOP"/);
    expect(bad.code).toBe(1);
  });
});

/**
 * Every `npx semantic-anchors …` / `npx opencode-semantic-anchors …` line the users read (the site's docs page and the
 * plugin README), run as written in a project with the package installed: placeholders become real files there.
 */
describe('every CLI command the docs show', () => {
  const repo = join(import.meta.dirname, '../..');
  const sources = ['site-content/pages/docs.md', 'packages/plugin/README.md'];
  const lines = sources.flatMap((file) =>
    [...readFileSync(join(repo, file), 'utf8').matchAll(/```sh\n([\s\S]*?)```/g)]
      .flatMap((m) => m[1]!.split('\n'))
      .map((l) => l.replace(/\s+#.*$/, '').trim())
      .filter((l) => /^npx (opencode-)?semantic-anchors\b/.test(l))
      .map((line) => ({ file, line })),
  );

  it('finds the commands to run (the docs still show some)', () => {
    expect(lines.length).toBeGreaterThan(8);
  });

  it.each(lines)('$file: $line', ({ line }) => {
    const contract = 'opencode-semantic-anchors.yaml';
    copyFileSync(join(fixtures, 'team.yaml'), join(project, contract));
    execFileSync('mkdir', ['-p', join(project, '.opencode')]);
    copyFileSync(join(fixtures, 'team.yaml'), join(project, '.opencode', contract));
    writeFileSync(join(project, 'opencode.json'), '{ "plugin": ["opencode-semantic-anchors"] }\n');
    // A decision log as the plugin writes it, for `log` to summarise.
    copyFileSync(join(fixtures, 'decisions.jsonl'), join(project, '.opencode', 'semantic-anchors-decisions.jsonl'));
    writeFileSync(join(project, 'events.jsonl'), '{"tool":"bash","args":{"command":"git push --force origin main"}}\n');
    // A real opencode 1.18.33 export (captured by tests/opencode/support/capture-exports.ts), as a file and in a folder.
    copyFileSync(join(exportsDir, 'session.json'), join(project, 'session.json'));
    execFileSync('mkdir', ['-p', join(project, 'exports')]);
    copyFileSync(join(exportsDir, 'session.json'), join(project, 'exports', 'session.json'));
    const command = line
      .replace(/<config>/g, contract)
      .replace(/<events\.jsonl>/g, 'events.jsonl')
      // The synopsis' optional input (`[<export.json | folder | … | ->]`): an export file.
      .replace(/\[<export\.json[^\]]*\]/g, 'session.json')
      .replace(/^npx /, 'npx --offline --no-install ');
    // No opencode on PATH (the suite's node_modules/.bin is left out): doctor's live check is skipped, not failed.
    const path = (env.PATH ?? '')
      .split(':')
      .filter((d) => !d.includes('node_modules'))
      .join(':');
    const run = spawnSync('sh', ['-c', command], {
      cwd: project,
      env: { ...env, PATH: path },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const out = `${run.stdout}${run.stderr}`;
    expect(out).not.toMatch(/unknown command|not built yet|command not found|could not determine executable/);
    if (/ replay\s*$/.test(command)) {
      // With no input, replay asks opencode's CLI for the project's sessions; with no opencode here it must say so,
      // and how to go on (the real lookup runs in tests/opencode/replay.test.ts).
      expect(out).toMatch(/no opencode on PATH[\s\S]*hint: pass export files/);
      expect(run.status).toBe(2);
      return;
    }
    expect(run.status, `${command}\n${out}`).toBe(0);
  });
});
