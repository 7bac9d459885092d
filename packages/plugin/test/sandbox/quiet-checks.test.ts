// A tool's own version check writes into a home folder the sandbox keeps closed: the sandboxed calls run with it off.
import { describe, expect, it } from 'vitest';
import { quietChecksEnv } from '../../src/sandbox/quiet-checks.js';

describe('quiet version checks', () => {
  it("turns off HashiCorp's checkpoint (~/.terraform.d, which holds provider plugins, stays closed)", () => {
    expect(quietChecksEnv({})).toEqual({ CHECKPOINT_DISABLE: '1' });
  });

  it('leaves a variable the human set as it is', () => {
    expect(quietChecksEnv({ CHECKPOINT_DISABLE: '' })).toEqual({});
  });
});
