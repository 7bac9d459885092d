// A call that names a file above the project, in a project with a .gitignore: git's ignore rules are asked only about
// paths inside the folder of each ignore file. The `ignore` package throws on a path that climbs out of it, and a
// throw in the engine fails the call open — which let the write tool write the human's tsx cache and python's user
// site unjudged in any project with a .gitignore (round 7 of issue 16's routes).
import { describe, expect, it } from 'vitest';
import { compile, loadConfig, startState, step, type Event } from '../src/index.js';

const root = '/home/dev/shop';
const host = { gitignore: { '.': 'dist/\n*.log\n', '..': 'tmp/\n' } };

function decide(event: Event): string {
  const policy = compile(loadConfig('version: 1\n', { file: 'x.yaml' }).config, {
    root,
    protect: {
      hostState: ['/tmp/tsx-0/**'],
      startupFiles: ['/home/dev/.bashrc'],
      writable: [root, '/tmp'],
      home: '/home/dev',
    },
  });
  return step(policy, startState(policy), { ...event, host }).verdict.decision;
}

describe("a file above the project, with the project's .gitignore given", () => {
  it("is judged, not thrown on: the human's tsx cache, a startup file, python's user site", () => {
    expect(decide({ tool: 'write', args: { filePath: '/tmp/tsx-0/17962-abc', content: '{}' } })).toBe('BLOCK');
    expect(decide({ tool: 'write', args: { filePath: '/home/dev/.bashrc', content: 'x' } })).toBe('BLOCK');
    expect(
      decide({
        tool: 'write',
        args: { filePath: '/home/dev/.local/lib/python3.11/site-packages/x.pth', content: 'import os\n' },
      }),
    ).toBe('BLOCK');
  });

  it('an honest file above the project in the temp folder, and an ignored file inside it, still go through', () => {
    expect(decide({ tool: 'write', args: { filePath: '/tmp/notes.txt', content: 'x' } })).toBe('ALLOW');
    expect(decide({ tool: 'bash', args: { command: 'rm -rf dist && cp /tmp/notes.txt ../notes.txt' } })).not.toBe(
      'BLOCK',
    );
  });
});
