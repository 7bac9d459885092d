// Round 20 (issue 17): real scripts the agent writes, then runs — what the walk learned from them.
import type { Event } from '@semantic-anchors/engine';
import { describe, expect, it } from 'vitest';
import { ledgerFile } from '../../src/ledger/index.js';
import { COMPUTED_PIECE } from '../../src/shell/computed-piece.js';
import { parseShell } from '../../src/shell/index.js';
import { policyOf, replay } from '../helpers.js';

const root = '/p';
const policy = policyOf('version: 1\ncontracts: []\n', { root });
const write = (path: string, content: string): Event => ({
  tool: 'write',
  args: { filePath: `${root}/${path}`, content },
});
const bash = (command: string): Event => ({ tool: 'bash', args: { command } });

describe('sed -i with a value not known, on a text the session knows', () => {
  it('the value is a computed piece in the text, not the ${NAME} a tool would expand itself', () => {
    const npmrc = '//registry.npmjs.org/:_authToken=__NPM_TOKEN__\n';
    const { state } = replay(policy, [write('.npmrc', npmrc), bash('sed -i "s/__NPM_TOKEN__/${NPM_TOKEN}/" .npmrc')]);
    expect(ledgerFile(state.ledger, '.npmrc')?.text).toBe(`//registry.npmjs.org/:_authToken=${COMPUTED_PIECE}\n`);
  });
  it("single-quoted, the text written is the literal ${NAME} (npm's own reference)", () => {
    const npmrc = '//registry.npmjs.org/:_authToken=__NPM_TOKEN__\n';
    const { state } = replay(policy, [write('.npmrc', npmrc), bash("sed -i 's/__NPM_TOKEN__/${NPM_TOKEN}/' .npmrc")]);
    expect(ledgerFile(state.ledger, '.npmrc')?.text).toBe('//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n');
  });
});

describe("a module's words are the module's: python -m alembic -c alembic.ini", () => {
  it("python's -c after the module is alembic's config option, not python's code", () => {
    const m = parseShell('python -m alembic -c alembic.ini upgrade head');
    expect(m.commands.map((c) => c.program)).toEqual(['python', 'alembic']);
    expect(m.commands[1]?.positionals).toEqual(['upgrade', 'head']);
  });
  it('alembic takes -c, -n and -x before its command', () => {
    const [c] = parseShell('alembic -n dev -x tenant=acme -c db/alembic.ini downgrade base').commands;
    expect(c?.positionals).toEqual(['downgrade', 'base']);
  });
  it('python -c before -m is still code', () => {
    const m = parseShell("python -c 'import os' -m x");
    expect(m.commands.map((c) => c.program)).toEqual(['python']);
  });
});
