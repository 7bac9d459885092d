// settings.sandbox: the forms a team writes, what the engine hands the plugin (EffectiveSandbox), and how a file's
// own setting wins over the one it extends. The wrong forms, with their positions, are in
// fixtures/diagnostics/sandbox-settings.yaml.
import { describe, expect, it } from 'vitest';
import { loadConfig, type EffectiveSandbox } from '../src/index.js';

const sandboxOf = (yaml: string, files: Record<string, string> = {}): EffectiveSandbox => {
  const result = loadConfig(yaml, { file: '/p/.opencode/x.yaml', readFile: (path) => files[path] });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result.config.settings.sandbox;
};

describe('settings.sandbox', () => {
  it('is on with nothing opened when the file does not mention it', () => {
    expect(sandboxOf('version: 1\n')).toEqual({ mode: 'on', writable: [], network: undefined, localPorts: [] });
  });

  it.each(['off', 'false'])('is off when a human writes "sandbox: %s"', (value) => {
    expect(sandboxOf(`version: 1\nsettings:\n  sandbox: ${value}\n`)).toEqual({ mode: 'off' });
  });

  it('carries what the team opened, as written (the plugin resolves ~ and relative paths)', () => {
    const yaml = [
      'version: 1',
      'settings:',
      '  sandbox:',
      '    writable: [~/.cache/ms-playwright, /srv/fixtures, build/out, ./tmp-data]',
      "    network: [registry.npmjs.org, '*.github.com', '10.0.0.5:5432', '[2001:db8::1]:443']",
      '    localPorts: [3000, 5432, 3000]',
    ].join('\n');
    expect(sandboxOf(yaml)).toEqual({
      mode: 'on',
      writable: ['~/.cache/ms-playwright', '/srv/fixtures', 'build/out', './tmp-data'],
      network: ['registry.npmjs.org', '*.github.com', '10.0.0.5:5432', '[2001:db8::1]:443'],
      localPorts: [3000, 5432],
    });
  });

  it('`public` in the network list keeps any public host and adds the hosts named (the cloud metadata service)', () => {
    expect(sandboxOf("version: 1\nsettings:\n  sandbox: { network: [public, '169.254.169.254:80'] }\n")).toMatchObject({
      network: ['public', '169.254.169.254:80'],
    });
  });

  it('an empty network list means no network at all, not the default', () => {
    expect(sandboxOf('version: 1\nsettings:\n  sandbox: { network: [] }\n')).toMatchObject({ network: [] });
  });

  it("a file's own setting replaces the one it extends, whole (lists are not merged)", () => {
    const base = 'version: 1\nsettings:\n  sandbox: { writable: [/srv/a], localPorts: [3000] }\n';
    expect(
      sandboxOf('version: 1\nextends: [./base.yaml]\nsettings:\n  sandbox: { localPorts: [8080] }\n', {
        '/p/.opencode/base.yaml': base,
      }),
    ).toEqual({ mode: 'on', writable: [], network: undefined, localPorts: [8080] });
    expect(sandboxOf('version: 1\nextends: [./base.yaml]\n', { '/p/.opencode/base.yaml': base })).toMatchObject({
      writable: ['/srv/a'],
    });
  });

  it.each([
    ['a relative path that climbs out', 'writable: [../shared]'],
    ['a relative path that climbs out further in', 'writable: [build/../../x]'],
    ['the root folder', 'writable: [/]'],
    ['a user other than the human', 'writable: [~root/.ssh]'],
    ['a URL instead of a host', "network: ['https://registry.npmjs.org']"],
    ['a top-level wildcard', "network: ['*.com']"],
    ['a port out of range', 'localPorts: [65536]'],
    ['port 0', 'localPorts: [0]'],
    ['a port as text', "localPorts: ['3000']"],
  ])('rejects %s with a positioned error', (_name, line) => {
    const result = loadConfig(`version: 1\nsettings:\n  sandbox:\n    ${line}\n`, { file: 'x.yaml' });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.position?.line).toBe(4);
    expect(errors[0]?.path?.slice(0, 2)).toEqual(['settings', 'sandbox']);
    // A broken sandbox setting never switches the sandbox off: the default (on) applies.
    expect(result.config.settings.sandbox.mode).toBe('on');
  });
});
