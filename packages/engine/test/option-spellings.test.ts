// Options as a careful reader of the manuals spells them (issue 17, blind round 2): a long option cut short with an
// inner dash is that option; a long option set to `false` is switched off, whether a rule asks for it or against it.
import { describe, expect, it } from 'vitest';
import { bash, policyOf, replay } from './helpers.js';

const policy = `
version: 1
roles: { default: software-developer }
contracts:
  - id: no-lease-push
    description: A leased force push to main still rewrites it.
    mode: BLOCK
    when: { tool: { name: bash, run: { program: git, subcommand: push, flags: [--force-with-lease], args: [main] } } }
    message: Push a new commit instead.
  - id: no-publish
    description: Publishing cannot be taken back.
    mode: BLOCK
    when: { tool: { name: bash, run: { program: npm, subcommand: publish, notFlags: [--dry-run] } } }
    message: Publish from the pipeline.
  - id: no-auto-approve
    description: Apply only a reviewed plan.
    mode: BLOCK
    when: { tool: { name: bash, run: { program: terraform, subcommand: apply, flags: [-auto-approve] } } }
    message: Plan first.
`;
const decide = (command: string): string => replay(policyOf(policy), [bash(command)]).verdicts[0]!.decision;

describe('option spellings', () => {
  it('a long option cut short after an inner dash is the option it cuts short', () => {
    expect(decide('git push --force-with origin main')).toBe('BLOCK');
  });
  it('a long option that is a whole option of its own is not another one cut short', () => {
    expect(decide('git push --force origin main')).toBe('ALLOW');
  });
  it('--dry-run=false is no dry run', () => {
    expect(decide('npm publish --dry-run=false')).toBe('BLOCK');
    expect(decide('npm publish --dry-run')).toBe('ALLOW');
  });
  it('-auto-approve=false approves nothing', () => {
    expect(decide('terraform apply -auto-approve=false')).toBe('ALLOW');
    expect(decide('terraform apply -auto-approve')).toBe('BLOCK');
  });
});
