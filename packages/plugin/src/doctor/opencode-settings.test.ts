import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readOpencodeSettings } from './opencode-settings.js';

const roots: string[] = [];
function layout(files: Record<string, string>): { project: string; env: NodeJS.ProcessEnv } {
  const root = mkdtempSync(join(tmpdir(), 'doctor-settings-'));
  roots.push(root);
  for (const [relative, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, relative)), { recursive: true });
    writeFileSync(join(root, relative), text);
  }
  return { project: join(root, 'project'), env: { XDG_CONFIG_HOME: join(root, 'xdg') } };
}
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));

describe('finding the opencode entry that loads the plugin', () => {
  it('finds an npm entry with options in the user config', () => {
    const { project, env } = layout({
      'xdg/opencode/opencode.json': JSON.stringify({
        plugin: ['other', ['opencode-semantic-anchors@1.2.3', { config: 'a.yaml' }]],
      }),
      'project/.keep': '',
    });
    const { loads } = readOpencodeSettings(project, env);
    expect(loads).toEqual([
      {
        file: expect.stringContaining('xdg/opencode/opencode.json'),
        spec: 'opencode-semantic-anchors@1.2.3',
        options: { config: 'a.yaml' },
      },
    ]);
  });

  it('recognises a local path into a checkout by its package.json name and flags a missing file', () => {
    const { project, env } = layout({
      'checkout/package.json': JSON.stringify({ name: 'opencode-semantic-anchors' }),
      'checkout/dist/index.js': 'export default {}',
      'project/opencode.jsonc': '{ "plugin": ["../checkout/dist/index.js", "./nowhere/opencode-semantic-anchors.js"] }',
    });
    const { loads } = readOpencodeSettings(project, env);
    expect(loads.map((l) => [l.spec, l.missingFile !== undefined])).toEqual([
      ['../checkout/dist/index.js', false],
      ['./nowhere/opencode-semantic-anchors.js', true],
    ]);
  });

  it('counts an auto-loaded plugin file that imports the package, and reports a config that does not parse', () => {
    const { project, env } = layout({
      'project/.opencode/plugins/anchors.ts': "export { default } from 'opencode-semantic-anchors'",
      'project/opencode.json': '{\n  "plugin": [\n    "a" "b"\n  ]\n}',
    });
    const settings = readOpencodeSettings(project, env);
    expect(settings.loads.map((l) => l.spec)).toEqual([expect.stringContaining('.opencode/plugins/anchors.ts')]);
    expect(settings.errors[0]).toMatch(/opencode\.json:3:9: /);
  });

  it('ignores other plugins', () => {
    const { project, env } = layout({
      'project/opencode.json': JSON.stringify({ plugin: ['opencode-wakatime', 'opencode-semantic-anchors-fork'] }),
    });
    expect(readOpencodeSettings(project, env).loads).toEqual([]);
  });
});
