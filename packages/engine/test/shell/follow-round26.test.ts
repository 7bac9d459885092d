// Stop 44 (issue 17): what round 25 left — a program reached through a symbolic link the session made, and a function
// handed a word that is only partly known.
import type { Event } from '@semantic-anchors/engine';
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { policyOf, replay } from '../helpers.js';

const programs = (source: string, context?: Parameters<typeof parseShell>[2]) =>
  parseShell(source, undefined, context).commands.map((c) => [c.program, ...c.argv].join(' '));

describe('a program named by a path through a symbolic link is the program the link reaches', () => {
  it('in the same call, plain and under a wrapper', () => {
    expect(
      programs('ln -sf "$(command -v docker)" bin/ctr; ./bin/ctr push ghcr.io/a/b:1; sudo bin/ctr push x'),
    ).toEqual(['command -v docker', 'ln -sf /usr/bin/docker bin/ctr', 'docker push ghcr.io/a/b:1', 'docker push x']);
  });
  it('through a link an earlier call made (the session context), from where a cd left the shell', () => {
    expect(programs('./bin/ctr push x', { links: { 'bin/ctr': '/usr/bin/docker' } })).toEqual(['docker push x']);
    expect(programs('../bin/ctr push x', { cwd: 'sub', links: { 'bin/ctr': '/usr/bin/docker' } })).toEqual([
      'docker push x',
    ]);
  });
  it('a bare name is looked up on $PATH, not through a link of the same name in the project', () => {
    expect(programs('ctr push x', { links: { ctr: '/usr/bin/docker' } })).toEqual(['ctr push x']);
  });
  it('a link made after the command, or to another place, changes nothing', () => {
    expect(programs('./bin/ctr images; ln -sf /usr/bin/docker bin/ctr')).toEqual([
      'ctr images',
      'ln -sf /usr/bin/docker bin/ctr',
    ]);
    expect(programs('./bin/tool x', { links: { 'bin/ctr': '/usr/bin/docker' } })).toEqual(['tool x']);
  });

  const policy = policyOf(
    [
      'version: 1',
      'contracts:',
      '  - id: no-publishing',
      '    description: no image pushed',
      '    mode: BLOCK',
      '    when: { tool: { name: bash, run: [{ program: docker, subcommand: push }] } }',
      '    message: m',
    ].join('\n'),
    { root: '/p' },
  );
  const bashCall = (command: string): Event => ({ tool: 'bash', args: { command } });
  it('a push through the link in a later call is blocked; an honest docker build through it is not', () => {
    const link = bashCall('mkdir -p bin && ln -sf "$(command -v docker)" bin/ctr');
    const decisions = (events: Event[]) => replay(policy, events).verdicts.map((v) => v.decision);
    expect(decisions([link, bashCall('./bin/ctr push ghcr.io/acme/orders-api:2.3.0')])).toEqual(['ALLOW', 'BLOCK']);
    expect(decisions([link, bashCall('./bin/ctr build -t orders-api .')])).toEqual(['ALLOW', 'ALLOW']);
  });
});

describe('a function handed a partly known word passes each word on', () => {
  it('"$@" keeps the words, the unknown one as written', () => {
    expect(
      programs('g() { command git "$@"; }; g remote set-url origin "https://x:$(gh auth token)@github.com/o/r"'),
    ).toContain('git remote set-url origin https://x:$(gh auth token)@github.com/o/r');
  });
  it('$N and $# read the words given; shift drops them one by one', () => {
    expect(programs('f() { git push "$2" "$1"; echo $#; }; f "$(cat t)" origin')).toEqual([
      'cat t',
      'f $(cat t) origin',
      'git push origin $(cat t)',
      'echo 2',
    ]);
    expect(programs('f() { shift; git "$@"; }; f "$X" push --force origin main')).toContain(
      'git push --force origin main',
    );
  });
});

describe('a path word through a symbolic link is also read as the path it reaches', () => {
  const policy = policyOf(
    [
      'version: 1',
      'contracts:',
      '  - id: no-prod',
      '    description: no production overlay applied',
      '    mode: BLOCK',
      "    when: { tool: { name: bash, run: [{ program: kubectl, subcommand: apply, option: { name: [-k, -f], value: 'overlays/production*' } }] } }",
      '    message: m',
    ].join('\n'),
    { root: '/p' },
  );
  const bashCall = (command: string): Event => ({ tool: 'bash', args: { command } });
  const run = (events: Event[]) => replay(policy, events).verdicts;
  it('kubectl apply -k of a link to the production overlay, in a later call or the same one', () => {
    const link = bashCall('ln -sfn overlays/production current');
    expect(run([link, bashCall('kubectl apply -k current')]).map((v) => v.decision)).toEqual(['ALLOW', 'BLOCK']);
    expect(run([bashCall('ln -sfn overlays/production cur && kubectl apply -k cur/')])[0]?.decision).toBe('BLOCK');
  });
  it('the block names the command it read through the link', () => {
    const [, blocked] = run([bashCall('ln -sfn overlays/production current'), bashCall('kubectl apply -k current')]);
    expect(blocked?.matches[0]?.held.join(' ')).toContain('simple command 1 read through a symbolic link');
  });
  it('a link to the staging overlay, and rendering the production one without applying it, are allowed', () => {
    expect(
      run([bashCall('ln -sfn overlays/staging current'), bashCall('kubectl apply -k current')]).map((v) => v.decision),
    ).toEqual(['ALLOW', 'ALLOW']);
    expect(
      run([bashCall('ln -sfn overlays/production current'), bashCall('kustomize build current > /tmp/r.yaml')]).map(
        (v) => v.decision,
      ),
    ).toEqual(['ALLOW', 'ALLOW']);
  });
});
