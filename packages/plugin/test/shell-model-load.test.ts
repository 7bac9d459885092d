// The package's build loads the engine's shell model after the plugin's start (scripts/deferred-shell.ts). If its
// chunk cannot be loaded, a shell call never passes silently: the failure is logged at error level, and each shell
// call is an error while checking the call — allowed and reported to the human (fail open, the default) or blocked
// (settings.onError: block). Calls that need no shell are judged as before.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Host from './support/v1-host.js';

/** The v1 test host with the deferred shell model in place and its chunk missing. */
async function hostWithoutShellModel(): Promise<typeof Host> {
  vi.resetModules();
  vi.doMock('../../engine/src/facts/shell-model.js', () =>
    vi.importActual('../../engine/src/facts/shell-model-deferred.js'),
  );
  vi.doMock('../../engine/src/shell/model.js', () => {
    throw new Error('chunk gone');
  });
  return import('./support/v1-host.js');
}

afterEach(() => {
  vi.doUnmock('../../engine/src/facts/shell-model.js');
  vi.doUnmock('../../engine/src/shell/model.js');
  vi.resetModules();
});

describe('a shell model that cannot be loaded', () => {
  it('is logged, and a shell call is allowed only as a reported internal error (fail open)', async () => {
    const h = await hostWithoutShellModel();
    const host = await h.startV1({ config: 'team' });
    expect(await h.before(host, h.bash(host, 'git push --force origin main'))).toBeUndefined();
    const errors = host.logs.filter((l) => l.level === 'error').map((l) => l.message);
    expect(errors.some((m) => m.includes('the shell model could not be loaded'))).toBe(true);
    expect(errors.some((m) => m.includes('shell model is not loaded') && m.includes('allowed (fail open)'))).toBe(true);
    expect(host.toasts.filter((t) => t.variant === 'error')).toHaveLength(1);
  });

  it('blocks a shell call when the project fails closed', async () => {
    const h = await hostWithoutShellModel();
    const host = await h.startV1({ config: 'fail-closed' });
    expect(await h.before(host, h.bash(host, 'npm test'))).toMatch(/settings\.onError: block/);
    // A call that needs no shell model is judged as usual.
    const read = {
      input: { tool: 'read', sessionID: h.ROOT_SESSION, callID: 'r1' },
      output: { args: { filePath: 'a' } },
    };
    expect(await h.before(host, read)).toBeUndefined();
  });
});
