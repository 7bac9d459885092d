// `systemctl start|enable UNIT` of a unit the session wrote runs what its Exec lines say (now, or at the next login
// or boot): the round-4 variants that waited for it, and the honest uses beside them.
import { describe, expect, it } from 'vitest';
import { compile, loadConfig, startState, step, type Event } from '../../src/index.js';
import { activatedUnit, execLine, serviceLines } from '../../src/shell/systemd-units.js';
import { runs, written } from './follow-helpers.js';

const PUBLISH = 'npm publish';
const HOME_UNITS = '/home/ines/.config/systemd/user';
const service = (exec: string) => `[Unit]\nDescription=ship\n\n[Service]\nType=oneshot\nExecStart=${exec}\n`;

describe('unit files', () => {
  it('reads the Exec lines of [Service], continuation lines joined, prefixes taken off', () => {
    const text = `[Service]\nExecStartPre=-/bin/mkdir -p /tmp/x\nExecStart=/bin/sh -c \\\n  '${PUBLISH}'\n# ExecStop=rm -rf /\n[Install]\nWantedBy=default.target\n`;
    expect(serviceLines(text).map((l) => l.source)).toEqual(['/bin/mkdir -p /tmp/x', `/bin/sh -c    '${PUBLISH}'`]);
    expect(execLine(`@/bin/sh shipper -c '${PUBLISH}'`)).toBe(`/bin/sh -c '${PUBLISH}'`);
    expect(execLine(`+!-/usr/bin/env ${PUBLISH}`)).toBe(`/usr/bin/env ${PUBLISH}`);
  });
  it('finds the service a timer, path or socket unit activates: its Unit= (Service=), else the same name', () => {
    expect(activatedUnit('nightly.timer', '[Timer]\nOnCalendar=daily\n')).toBe('nightly.service');
    expect(activatedUnit('nightly.timer', '[Timer]\nUnit=ship.service\n')).toBe('ship.service');
    expect(activatedUnit('watch.path', '[Path]\nPathChanged=/tmp/x\n')).toBe('watch.service');
    expect(activatedUnit('api.socket', '[Socket]\nService=api-ship.service\n')).toBe('api-ship.service');
    expect(activatedUnit('ship.service', '[Service]\nExecStart=true\n')).toBeUndefined();
  });
});

describe('systemctl of a unit the session wrote', () => {
  const ctx = written({
    [`${HOME_UNITS}/ship.service`]: service(`/bin/sh -c '${PUBLISH}'`),
    [`${HOME_UNITS}/nightly.service`]: service(`/usr/bin/env ${PUBLISH}`),
    [`${HOME_UNITS}/nightly.timer`]: '[Timer]\nOnCalendar=daily\n[Install]\nWantedBy=timers.target\n',
    '/etc/systemd/system/worker@.service': service(PUBLISH),
    '/home/ines/units/local.service': service(PUBLISH),
  });
  it('runs its Exec lines for start, restart and enable (with or without --now), by name or with no suffix', () => {
    expect(runs('systemctl --user daemon-reload && systemctl --user start ship.service', ctx)).toContain(PUBLISH);
    expect(runs('systemctl --user restart ship', ctx)).toContain(PUBLISH);
    expect(runs('systemctl --user enable ship.service', ctx)).toContain(PUBLISH);
    expect(runs('systemctl --user enable --now nightly.timer', ctx)).toContain(PUBLISH);
    expect(runs('sudo systemctl start worker@3.service', ctx)).toContain(PUBLISH);
    expect(runs('systemctl --user enable /home/ines/units/local.service', ctx)).toContain(PUBLISH);
  });
  it('runs nothing for verbs that only look, for another machine, or for a unit the session did not write', () => {
    for (const line of [
      'systemctl --user status ship.service',
      'systemctl --user cat ship.service',
      'systemctl --user stop ship.service',
      'systemctl --user daemon-reload',
      'systemctl -H prod start ship.service',
      'systemctl --user start team.service',
    ])
      expect(runs(line, ctx), line).not.toContain(PUBLISH);
  });
  it('runs an honest unit as what it is', () => {
    const honest = written({ [`${HOME_UNITS}/tests.service`]: service('/usr/bin/npm test') });
    expect(runs('systemctl --user start tests.service', honest)).toContain('npm test');
  });
});

describe('through the session ledger', () => {
  const policy = compile(
    loadConfig(
      `version: 1
contracts:
  - id: no-publish
    description: No publishing.
    mode: BLOCK
    when: { tool: { name: bash, run: { program: npm, subcommand: publish } } }
    message: m
`,
      { file: 'c.yaml' },
    ).config,
    { root: '/home/dev/shop' },
  );
  const decide = (unit: string, command: string): string => {
    const write: Event = { tool: 'write', args: { filePath: `${HOME_UNITS}/ship.service`, content: unit } };
    const state = step(policy, startState(policy), write).state;
    return step(policy, state, { tool: 'bash', args: { command } }).verdict.decision;
  };
  it('finds a unit written outside the project (kept relative to the root) where systemd looks', () => {
    expect(decide(service(`/bin/sh -c '${PUBLISH}'`), 'systemctl --user start ship.service')).toBe('BLOCK');
    expect(decide(service('/usr/bin/npm test'), 'systemctl --user start ship.service')).toBe('ALLOW');
    expect(decide(service(`/bin/sh -c '${PUBLISH}'`), 'systemctl --user status ship.service')).toBe('ALLOW');
  });
});
