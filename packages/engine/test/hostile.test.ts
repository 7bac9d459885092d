// Hostile input: every case is a real file or generated text, and each must end in a clear diagnostic, not a hang,
// a crash or a polluted prototype.
import { describe, expect, it } from 'vitest';
import { LIMITS, evaluate, loadConfig, startState, compile } from '@semantic-anchors/engine';
import { bash, fixture, readFixture } from './helpers.js';

describe('hostile input', () => {
  it('refuses an alias bomb with a diagnostic instead of expanding it', () => {
    const result = loadConfig(readFixture('hostile/alias-bomb.yaml'), { file: 'alias-bomb.yaml' });
    expect(result.status).toBe('unreadable');
    expect(result.diagnostics[0]).toMatchObject({ code: 'yaml-limit', severity: 'error' });
    expect(result.diagnostics[0]!.hint).toMatch(/fewer aliases/);
  });

  it('refuses a file over the size limit before parsing it', () => {
    const huge = `version: 1\ncontracts: []\n# ${'x'.repeat(LIMITS.maxBytes)}`;
    const result = loadConfig(huge, { file: 'huge.yaml' });
    expect(result.diagnostics[0]!.message).toMatch(/the limit is 524288/);
  });

  it('refuses deep nesting, flow and block alike', () => {
    const flow = `version: 1\nx: ${'['.repeat(200)}${']'.repeat(200)}\n`;
    const block = `version: 1\nx:\n${Array.from({ length: 100 }, (_, i) => `${' '.repeat(i + 1)}-`).join('\n')} y\n`;
    for (const text of [flow, block]) {
      const result = loadConfig(text, { file: 'deep.yaml' });
      expect(result.status).toBe('unreadable');
      expect(result.diagnostics.some((d) => d.code === 'yaml-limit' || d.code === 'yaml-syntax')).toBe(true);
    }
  });

  it('treats __proto__ and constructor as plain keys and pollutes nothing', () => {
    const result = loadConfig(readFixture('hostile/proto-keys.yaml'), { file: fixture('hostile/proto-keys.yaml') });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(result.config.contracts.map((c) => c.contract.id)).toEqual(['fine']);
    expect(result.diagnostics.some((d) => d.code === 'unknown-key' && d.message.includes('"__proto__"'))).toBe(true);
    expect(Object.getPrototypeOf(result.config.roles.agents)).toBe(Object.prototype);
    // The reserved agent name is reported, not dropped silently; "constructor" is an ordinary name.
    expect(
      result.diagnostics.some(
        (d) => d.message === 'the agent name "__proto__" is reserved and cannot be mapped' && d.position?.line === 4,
      ),
    ).toBe(true);
    expect(result.config.roles.agents).toEqual({ constructor: 'software-architect' });
    const policy = compile(result.config);
    // An agent literally named "toString" is not mapped, so it falls back to the default role.
    expect(startState(policy, 'toString').role).toBe(null);
    expect(startState(policy, 'constructor').role).toBe('software-architect');
  });

  it('matches catastrophic-backtracking patterns in linear time (RE2)', () => {
    const result = loadConfig(readFixture('hostile/catastrophic.yaml'), { file: 'catastrophic.yaml' });
    expect(result.diagnostics).toEqual([]);
    const policy = compile(result.config);
    // 100 000 characters: a backtracking engine would not return from either pattern in our lifetime.
    const evil = `${'a'.repeat(100_000)}!`;
    expect(evaluate(policy, startState(policy), bash(evil)).decision).toBe('ALLOW');
    const content = evaluate(policy, startState(policy), {
      tool: 'write',
      args: { filePath: 'x', content: `${'a'.repeat(100_000)}c` },
    });
    expect(content.decision).toBe('ALLOW');
    expect(evaluate(policy, startState(policy), bash('aaaa')).decision).toBe('WARN');
  });

  it('ignores prototype keys in tool arguments from the host', () => {
    const policy = compile(
      loadConfig(
        'version: 1\ncontracts:\n  - { id: p, description: d, mode: BLOCK, message: m, when: { tool: { path: "**" } } }\n',
      ).config,
    );
    const args = JSON.parse('{"__proto__": {"filePath": "src/x.ts"}, "constructor": "y"}') as Record<string, unknown>;
    expect(evaluate(policy, startState(policy), { tool: 'read', args }).decision).toBe('ALLOW');
  });
});
