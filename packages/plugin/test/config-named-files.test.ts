// What the human's opencode configuration names by path is protected like the configuration: a plugin given as a
// path or a file URL, a local MCP server's (or formatter's, LSP server's) script, a `{file:…}` substitution. And the
// formatters that run the project's own code are turned off when formatters are on. Real files, no mocks.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configNamedFiles } from '../src/core/config-named-files.js';
import { fenceFormatters, lspWarning } from '../src/core/project-code-runners.js';
import { protectFacts, virtualenvHolders, virtualenvStartFiles } from '../src/core/protection.js';

function project(files: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'sa-named-')));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

describe('files the opencode configuration names by path', () => {
  it('a plugin path, a file URL, an MCP script, a {file:} template; never the project or home itself', () => {
    const dir = project({
      'tools/team-plugin.js': '',
      'tools/mcp.js': '',
      'docs/index.md': '',
      'data/app.db': '',
      'plugins/pkg/index.js': '',
      'prompts/release.md': '',
    });
    const config = {
      plugin: ['./tools/team-plugin.js', [pathToFileURL(join(dir, 'plugins/pkg')).href, {}], 'some-npm-plugin', './'],
      mcp: {
        docs: { type: 'local', command: ['node', './tools/mcp.js', '--port', '3000'] },
        // A server's data (a folder to serve, a database) stays the project's to write.
        files: { type: 'local', command: ['npx', 'server-filesystem', './docs', '--db', './data/app.db'] },
      },
      command: { release: { template: '{file:./prompts/release.md}' } },
      formatter: { custom: { command: ['npx', 'fmt', '$FILE'] } },
    };
    writeFileSync(join(dir, 'opencode.json'), JSON.stringify(config));
    const named = configNamedFiles([join(dir, 'opencode.json')], { directory: dir, home: '/home/dev' });
    expect(named.sort()).toEqual(
      [
        join(dir, 'tools/team-plugin.js'),
        join(dir, 'plugins/pkg/**'),
        join(dir, 'tools/mcp.js'),
        join(dir, 'prompts/release.md'),
      ].sort(),
    );
  });

  it('reaches the protect facts: the host files of a project whose opencode.json names a plugin', () => {
    const dir = project({ 'tools/team-plugin.js': '' });
    writeFileSync(join(dir, 'opencode.json'), JSON.stringify({ plugin: ['./tools/team-plugin.js'] }));
    const facts = protectFacts({ directory: dir, home: '/home/dev', env: {} }, []);
    expect(facts.hostFiles).toContain(join(dir, 'tools/team-plugin.js'));
  });

  it("a virtualenv's activate scripts, interpreters and pyvenv.cfg, at the top and one level down", () => {
    const dir = project({
      '.venv/pyvenv.cfg': 'home = /usr/bin\n',
      '.venv/bin/python3.12': '',
      'backend/.venv/pyvenv.cfg': 'home = /usr/bin\n',
      'src/app.py': '',
    });
    const files = virtualenvStartFiles(dir);
    expect(files).toEqual(
      expect.arrayContaining([
        join(dir, '.venv/bin/activate'),
        join(dir, '.venv/bin/python'),
        join(dir, '.venv/bin/python3.12'),
        join(dir, '.venv/pyvenv.cfg'),
        join(dir, 'backend/.venv/bin/activate'),
      ]),
    );
    expect(files.some((f) => f.includes('/src/'))).toBe(false);
  });

  it("a virtualenv's pip.conf, and the environments tox, nox and poetry made, are guarded like the project's own", () => {
    const dir = project({
      '.venv/pyvenv.cfg': 'home = /usr/bin\n',
      '.tox/py311/pyvenv.cfg': 'home = /usr/bin\n',
      '.tox/.tmp/readme': '',
      '.nox/tests-3-11/pyvenv.cfg': 'home = /usr/bin\n',
    });
    const home = project({ '.cache/pypoetry/virtualenvs/app-Xq3vT9aB-py3.11/pyvenv.cfg': 'home = /usr/bin\n' });
    const holders = virtualenvHolders(dir, home, {});
    expect(holders).toEqual([join(dir, '.tox'), join(dir, '.nox'), join(home, '.cache/pypoetry/virtualenvs')]);
    expect(virtualenvHolders(dir, home, { POETRY_VIRTUALENVS_PATH: '/srv/envs' })[2]).toBe('/srv/envs');
    const files = virtualenvStartFiles(dir, holders);
    expect(files).toEqual(
      expect.arrayContaining([
        join(dir, '.venv/pip.conf'),
        join(dir, '.tox/py311/bin/python'),
        join(dir, '.tox/py311/pip.conf'),
        join(dir, '.nox/tests-3-11/bin/activate'),
        join(home, '.cache/pypoetry/virtualenvs/app-Xq3vT9aB-py3.11/bin/python'),
      ]),
    );
    expect(files.some((f) => f.includes('/.tmp/'))).toBe(false);
    const facts = protectFacts({ directory: dir, home, env: {} }, []);
    expect(facts.startupFiles).toContain(join(dir, '.tox/py311/bin/python'));
    // The editor's folders, which the sandbox runtime already keeps the shell out of.
    expect(facts.startupFiles).toEqual(expect.arrayContaining([join(dir, '.vscode/**'), join(dir, '.idea/**')]));
  });
});

describe("opencode's formatters that run project code", () => {
  it('are turned off when formatters are on (`true` keeps the others on as an object)', () => {
    const cfg: Record<string, unknown> = { formatter: true };
    expect(fenceFormatters(cfg)).toEqual(['pint', 'prettier', 'rubocop', 'standardrb', 'mix']);
    expect(cfg.formatter).toEqual({
      pint: { disabled: true },
      prettier: { disabled: true },
      rubocop: { disabled: true },
      standardrb: { disabled: true },
      mix: { disabled: true },
    });
  });

  it('keep what the human set beside them, and nothing changes when formatters are off', () => {
    const cfg: Record<string, unknown> = {
      formatter: { gofmt: { disabled: true }, prettier: { extensions: ['.js'] } },
    };
    fenceFormatters(cfg);
    expect(cfg.formatter).toMatchObject({
      gofmt: { disabled: true },
      prettier: { extensions: ['.js'], disabled: true },
    });
    const off: Record<string, unknown> = {};
    expect(fenceFormatters(off)).toEqual([]);
    expect(off).toEqual({});
  });

  it('LSP servers turned on are said to run project code outside the sandbox', () => {
    expect(lspWarning({ lsp: true })).toMatch(/outside the OS sandbox/);
    expect(lspWarning({})).toBeUndefined();
  });
});
