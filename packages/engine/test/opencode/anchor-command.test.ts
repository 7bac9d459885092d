import { describe, expect, it } from 'vitest';
import { parseAnchorCommand } from '../../src/hosts/opencode/anchor-command.js';

describe('/anchor command line', () => {
  it.each([
    ['', { kind: 'status' }],
    ['status', { kind: 'status' }],
    ['  STATUS ', { kind: 'status' }],
    ['bypass hotfix approved by  Jane', { kind: 'bypass', reason: 'hotfix approved by  Jane' }],
    ['bypass', { kind: 'bypass', reason: '' }],
    ['reload', { kind: 'reload', confirm: false }],
    ['reload confirm', { kind: 'reload', confirm: true }],
    ['reload now please', { kind: 'help', problem: '"/anchor reload" takes nothing or "confirm", not "now please"' }],
    ['role qa-engineer', { kind: 'role', role: 'qa-engineer' }],
    ['role', { kind: 'help', problem: 'give exactly one role id: /anchor role <id>' }],
    ['explain', { kind: 'explain' }],
    ['grant me', { kind: 'help', problem: 'unknown subcommand "grant"' }],
  ])('%j → %j', (text, expected) => {
    expect(parseAnchorCommand(text)).toEqual(expected);
  });
});
