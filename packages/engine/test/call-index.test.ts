// The per-call index narrows which contracts and which simple commands are looked at; these pin down that the
// narrowing never changes what is found: the same contracts match, on the same (first) unit, in the same order.
import { describe, expect, it } from 'vitest';
import { evaluate, startState } from '@semantic-anchors/engine';
import { bash, policyOf } from './helpers.js';

const POLICY = `
version: 1
contracts:
  - id: deploy-or-push
    description: Deploys and pushes are announced.
    mode: WARN
    when: { tool: { name: bash, run: { program: [git, deploy], subcommand: [push, prod] } } }
    message: Say what you shipped.
  - id: generated-writes
    description: Generated files are not edited by hand.
    mode: BLOCK
    when: { tool: { effect: { kind: [write, append], path: '**/generated/**' } } }
    message: Regenerate them.
  - id: any-rm
    description: Deletes are announced.
    mode: WARN
    when: { tool: { name: bash, run: { program: rm } } }
    message: Say what you removed.
`;

describe('per-call index', () => {
  const policy = policyOf(POLICY);
  const verdict = (command: string) => evaluate(policy, startState(policy), bash(command));

  it('finds the first matching command when two programs of one match are interleaved', () => {
    const v = verdict('git status && deploy prod && git push origin main');
    expect(v.matches.map((m) => [m.id, m.unit])).toEqual([['deploy-or-push', { kind: 'command', index: 1 }]]);
  });

  it('matches program names without case, as before the index', () => {
    expect(verdict('GIT push origin main').matches.map((m) => m.id)).toEqual(['deploy-or-push']);
  });

  it('skips an effect contract only when the call has no effect of its kinds', () => {
    expect(verdict('cat src/generated/a.ts').matches).toEqual([]);
    expect(verdict('echo x >> src/generated/a.ts').matches.map((m) => m.id)).toEqual(['generated-writes']);
  });

  it('keeps contract order when several apply to one call', () => {
    const v = verdict('rm -f x && git push && echo y > out/generated/b.ts');
    expect(v.matches.map((m) => m.id)).toEqual(['deploy-or-push', 'generated-writes', 'any-rm']);
  });

  it('judges consecutive calls each on their own facts', () => {
    expect(verdict('git push').matches.map((m) => m.id)).toEqual(['deploy-or-push']);
    expect(verdict('rm -rf build').matches.map((m) => m.id)).toEqual(['any-rm']);
  });
});
