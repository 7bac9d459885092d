import { describe, expect, it } from 'vitest';
import { bash, policyOf, replay } from './helpers.js';

// An option given twice (blind round 31: `helm upgrade … -f values.yaml -f values-prod.yaml`, the production values
// second) was judged by its first value only, so the production file walked through.
const decide = (yaml: string, command: string) => replay(policyOf(yaml), [bash(command)]).verdicts[0]!.decision;

const PROD_VALUES = `
version: 1
contracts:
  - id: prod
    description: d
    mode: BLOCK
    message: m
    when: { tool: { name: bash, run: { program: helm, subcommand: upgrade, option: { name: [-f, --values], value: 'prod' } } } }
    unless: { tool: { run: { program: helm, option: { name: --kube-context, value: '^kind-' } } } }
`;

describe('an option given more than once', () => {
  it('meets a condition when any of its values matches', () => {
    expect(decide(PROD_VALUES, 'helm upgrade api c -f values.yaml -f values-prod.yaml')).toBe('BLOCK');
    expect(decide(PROD_VALUES, 'helm upgrade api c -f values-prod.yaml -f values.yaml')).toBe('BLOCK');
    expect(decide(PROD_VALUES, 'helm upgrade api c -f values.yaml -f values-dev.yaml')).toBe('ALLOW');
  });

  it('meets an exception only when every value does: a second context does not excuse', () => {
    expect(decide(PROD_VALUES, 'helm upgrade api c -f values-prod.yaml --kube-context kind-dev')).toBe('ALLOW');
    expect(
      decide(PROD_VALUES, 'helm upgrade api c -f values-prod.yaml --kube-context kind-dev --kube-context prod-eu'),
    ).toBe('BLOCK');
  });

  it('is judged by its first value alone where the match says `first` (git commit’s subject is its first -m)', () => {
    const subject = `
version: 1
contracts:
  - id: long-subject
    description: d
    mode: WARN
    message: m
    when: { tool: { name: bash, run: { program: git, subcommand: commit, option: { name: -m, first: true, value: '^.{60,}' } } } }
`;
    const body = 'x'.repeat(80);
    expect(decide(subject, `git commit -m "fix: short" -m "${body}"`)).toBe('ALLOW');
    expect(decide(subject, `git commit -m "${body}" -m "fix: short"`)).toBe('WARN');
  });
});
