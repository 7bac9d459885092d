import { describe, expect, it } from 'vitest';
import { watchPatterns } from './watch-list.js';

describe('what the result check watches', () => {
  it("never opencode's own data, state and caches (hostState), nor the folders the agent may write", () => {
    const watched = watchPatterns(
      {
        contractFiles: ['/p/.opencode/opencode-semantic-anchors.yaml'],
        hostFiles: ['/p/opencode.json'],
        hostState: ['/home/u/.local/share/opencode/**', '/home/u/.cache/opencode/**'],
        startupFiles: ['/home/u/.bashrc'],
        writable: ['/p', '/tmp', '/home/u/.npm'],
      },
      { directory: '/p' },
    ).map((w) => w.pattern);
    expect(watched).toEqual(['/p/.opencode/opencode-semantic-anchors.yaml', '/p/opencode.json', '/home/u/.bashrc']);
  });
});
