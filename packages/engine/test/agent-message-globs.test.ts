// The agent's message says what matched in words: a contract's long glob list stays in the contract (issue 18: a
// new user found a 600-character glob list in the agent's message).
import { describe, expect, it } from 'vitest';
import { compile, loadConfig, startState, step } from '@semantic-anchors/engine';

const blockOf = (preset: string, event: Parameters<typeof step>[2]) => {
  const policy = compile(loadConfig(`version: 1\nextends: [${preset}]\n`, { file: 'inline.yaml' }).config, {
    root: '/home/dev/shop',
  });
  return step(policy, startState(policy), event).verdict;
};

describe("the agent's message", () => {
  it('names the path, not the contract’s long glob list', () => {
    const v = blockOf('ux-designer', {
      tool: 'edit',
      args: { filePath: '/home/dev/shop/server/routes/cart.ts', oldString: 'a', newString: 'b' },
    });
    expect(v.decision).toBe('BLOCK');
    const matched = v.agentMessage!.split('\n').find((l) => l.startsWith('Matched:'))!;
    expect(matched).toContain('server/routes/cart.ts');
    // The glob that held, at most: never the rest of the contract's list.
    expect(matched).not.toContain('**/*.prisma');
    expect(matched).not.toContain('!**/');
    expect(matched.length).toBeLessThan(200);
  });

  it('keeps a short glob list, which says more than a count', () => {
    const policy = compile(
      loadConfig(
        `version: 1
contracts:
  - id: no-vendor-edits
    description: vendored code is updated by the vendoring script only
    mode: BLOCK
    when: { tool: { effect: { path: ['vendor/**'] } } }
    message: run the vendoring script
`,
        { file: 'inline.yaml' },
      ).config,
      { root: '/home/dev/shop' },
    );
    const v = step(policy, startState(policy), {
      tool: 'write',
      args: { filePath: '/home/dev/shop/vendor/lib.js', content: 'x' },
    }).verdict;
    expect(v.agentMessage).toMatch(/Matched: .*path matches vendor\/\*\*/);
  });
});
