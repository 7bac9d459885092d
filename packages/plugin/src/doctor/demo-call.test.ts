import { describe, expect, it } from 'vitest';
import { compile, loadConfig } from '@semantic-anchors/engine';
import { chooseDemoCall, describeCall } from './demo-call.js';

function choose(yaml: string) {
  const loaded = loadConfig(yaml, { file: 'test.yaml' });
  return chooseDemoCall(compile(loaded.config), loaded.config.contracts);
}

describe('choosing the call the live check replays', () => {
  it('takes a BLOCK example of the default preset that the engine blocks for the build agent, preferring bash', () => {
    const demo = choose('version: 1\nextends: [software-developer]\n');
    expect(demo).toMatchObject({ tool: 'bash', agent: 'build' });
    expect(demo?.contracts[0]).toMatch(/^dev-/);
  });

  it("finds a preset's example when the loaded contracts carry none (the package ships presets without examples)", () => {
    const loaded = loadConfig('version: 1\nextends: [software-developer]\n', { file: 'test.yaml' });
    // As the package's lean preset data loads: the same contracts, with no examples.
    const withoutExamples = loaded.config.contracts.map((c) => ({ ...c, contract: { ...c.contract, examples: [] } }));
    const demo = chooseDemoCall(compile(loaded.config), withoutExamples);
    expect(demo).toMatchObject({ tool: 'bash', agent: 'build' });
    expect(demo?.contracts[0]).toMatch(/^dev-/);
  });

  it('uses the plan agent when only the architect role is blocked', () => {
    const demo = choose(`version: 1
roles: { default: software-developer, agents: { plan: software-architect, build: software-developer } }
contracts:
  - id: arch-no-src
    description: Architects do not edit source.
    mode: BLOCK
    roles: [software-architect]
    anchorRefs: [arc42]
    when: { tool: { name: edit, path: 'src/**' } }
    message: Write an ADR.
    examples:
      - event: { tool: edit, args: { filePath: src/a.ts, oldString: a, newString: b } }
        expect: BLOCK
`);
    expect(demo).toMatchObject({ tool: 'edit', agent: 'plan', contracts: ['arch-no-src'] });
    expect(describeCall(demo!)).toBe('edit src/a.ts');
  });

  it('finds nothing when no BLOCK contract has a tool example', () => {
    expect(
      choose(`version: 1
contracts:
  - id: warn-only
    description: Only a warning.
    mode: WARN
    anchorRefs: [github-flow]
    when: { tool: { name: bash, command: x } }
    message: Look again.
    examples: [{ event: { tool: bash, args: { command: x } }, expect: WARN }]
`),
    ).toBeUndefined();
  });
});
