import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_FILE_NAME, discoverConfig } from './config-source.js';

function places() {
  const base = mkdtempSync(join(tmpdir(), 'sa-discovery-'));
  const project = join(base, 'project');
  const home = join(base, 'home');
  const xdg = join(base, 'xdg');
  const write = (path: string) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, 'version: 1\n');
    return path;
  };
  return { project, home, xdg, write };
}

describe('config discovery: first found wins', () => {
  it('prefers the plugin option, relative to the project, over the project and user files', () => {
    const p = places();
    const option = p.write(join(p.project, 'rules/a.yaml'));
    p.write(join(p.project, '.opencode', CONFIG_FILE_NAME));
    expect(discoverConfig({ directory: p.project, optionPath: 'rules/a.yaml', env: {}, home: p.home }).found).toEqual({
      place: 'option',
      path: option,
    });
  });

  it('falls through a missing option to the project file', () => {
    const p = places();
    const project = p.write(join(p.project, '.opencode', CONFIG_FILE_NAME));
    expect(discoverConfig({ directory: p.project, optionPath: 'missing.yaml', env: {}, home: p.home }).found).toEqual({
      place: 'project',
      path: project,
    });
  });

  it('honours XDG_CONFIG_HOME for the user file, else ~/.config', () => {
    const p = places();
    const xdgFile = p.write(join(p.xdg, 'opencode', CONFIG_FILE_NAME));
    const homeFile = p.write(join(p.home, '.config', 'opencode', CONFIG_FILE_NAME));
    expect(discoverConfig({ directory: p.project, env: { XDG_CONFIG_HOME: p.xdg }, home: p.home }).found?.path).toBe(
      xdgFile,
    );
    expect(discoverConfig({ directory: p.project, env: {}, home: p.home }).found?.path).toBe(homeFile);
  });

  it('lists every place it looked when nothing is found', () => {
    const p = places();
    const d = discoverConfig({ directory: p.project, env: {}, home: p.home });
    expect(d.found).toBeUndefined();
    expect(d.tried.map((c) => c.place)).toEqual(['project', 'user']);
  });
});
