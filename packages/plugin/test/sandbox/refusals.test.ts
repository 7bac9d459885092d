// What the agent reads when the sandbox refused part of its command: each refused path named with the kind of
// protected thing it is, each refused destination with the sandbox's reason; writes the call was allowed (the
// library's monitor judging by older lists) are not reported.
import { describe, expect, it } from 'vitest';
import { protectFacts } from '../../src/core/protection.js';
import { readRefusals, refusalNote } from '../../src/sandbox/refusals.js';

const facts = protectFacts({ directory: '/srv/shop', worktree: '/srv/shop', home: '/home/dev', env: {} }, [
  '/srv/shop/.opencode/opencode-semantic-anchors.yaml',
]);
const limits = { writable: ['/srv/shop', '/tmp'], readOnly: ['/srv/shop/.opencode', '/srv/shop/.git/hooks'] };

describe('refusals', () => {
  const lines = [
    'deny openat /srv/shop/.opencode/opencode-semantic-anchors.yaml',
    'deny mkdirat /srv/shop/.opencode/command',
    'deny openat /home/dev/.bashrc',
    'deny openat /srv/shop/.git/hooks/pre-commit',
    'deny openat /srv/shop/.vscode/tasks.json',
    'deny openat /etc/hosts',
    'deny openat /srv/shop/src/app.ts',
    "deny network-outbound 127.0.0.1:4096 (opencode's own server acts with the human's authority (commands, bypasses, sessions); the agent never reaches it)",
    'deny network-outbound localhost:5432 (this machine (loopback); its local services are off limits unless the contract file opens the port (settings.sandbox.localPorts))',
    'deny openat /home/dev/.bashrc',
  ];
  // The project's repository existed before the call; a folder's `.vscode/` below the working directory is the
  // agent's own (the runtime protects its names only in the working directory itself).
  const context = {
    cwd: '/srv/shop',
    since: 1000,
    createdAt: (p: string) => (p === '/srv/shop/.git/HEAD' ? 500 : undefined),
  };
  const refusals = readRefusals(lines, facts, limits, context);

  it('names the kind of each protected path, once each', () => {
    expect(refusals.map((r) => [r.target, r.category])).toEqual([
      ['/srv/shop/.opencode/opencode-semantic-anchors.yaml', 'contract file'],
      ['/srv/shop/.opencode/command', 'opencode configuration folder'],
      ['/home/dev/.bashrc', 'shell startup file'],
      ['/srv/shop/.git/hooks/pre-commit', 'git config or hooks'],
      ['/srv/shop/.vscode/tasks.json', 'editor settings'],
      ['/etc/hosts', 'outside the writable folders'],
      ['127.0.0.1:4096', 'opencode server'],
      ['localhost:5432', 'this machine'],
    ]);
  });

  it("names the human's tsx cache in the temp folder as what it is", () => {
    const uid = process.getuid?.() ?? 0;
    const bound = { ...limits, readOnly: [...limits.readOnly, `/tmp/tsx-${uid}`] };
    const [refusal] = readRefusals([`deny openat /tmp/tsx-${uid}/17962-abc`], facts, bound, context);
    expect(refusal?.category).toBe('tool cache');
    expect(refusal?.why).toMatch(/cache of the human's tools \(tsx's/);
  });

  it("leaves out cargo's locks and last-use database in a closed CARGO_HOME (cargo carries on), not its config", () => {
    const cargo = [
      'deny openat /home/dev/.cargo/.package-cache',
      'deny openat /home/dev/.cargo/.package-cache-mutate',
      'deny openat /home/dev/.cargo/.global-cache',
      'deny openat /home/dev/.cargo/.global-cache-journal',
      'deny openat /home/dev/.cargo/config.toml',
      'deny openat /home/dev/.cargo/bin/cargo-nextest',
    ];
    expect(readRefusals(cargo, facts, limits, context).map((r) => r.target)).toEqual([
      '/home/dev/.cargo/config.toml',
      '/home/dev/.cargo/bin/cargo-nextest',
    ]);
  });

  it("leaves out a write the call was allowed, the sandbox's own /proc and /dev, and the kernel's /sys", () => {
    expect(refusals.some((r) => r.target === '/srv/shop/src/app.ts')).toBe(false);
    expect(
      readRefusals(
        [
          'deny openat /proc/self/coredump_filter',
          'deny openat /dev/shm/x',
          'deny openat /sys/kernel/debug/tracing/trace_marker',
        ],
        facts,
        limits,
        context,
      ),
    ).toEqual([]);
    expect(readRefusals(['deny openat /system/x'], facts, limits, context)).toHaveLength(1);
  });

  it("leaves out the hooks of a repository the call itself created (git init in a subfolder), and a subfolder's .vscode", () => {
    const more = readRefusals(
      ['deny openat /srv/shop/exercise/.git/hooks/pre-push.sample', 'deny openat /srv/shop/pkg/.vscode/settings.json'],
      facts,
      limits,
      { ...context, createdAt: (p) => (p === '/srv/shop/exercise/.git/HEAD' ? 1500 : undefined) },
    );
    expect(more).toEqual([]);
  });

  it('the note says what did not happen, why, and who can change it', () => {
    const note = refusalNote(refusals) ?? '';
    expect(note).toMatch(/^\[semantic-anchors\] The sandbox refused part of this command/);
    expect(note).toContain("- writing /home/dev/.bashrc: a shell startup file runs in the human's next shell.");
    expect(note).toContain("- connecting to 127.0.0.1:4096: opencode's own server acts with the human's authority");
    expect(note).toMatch(/only they can change it \(settings\.sandbox in the contract file\)/);
    expect(refusalNote([])).toBeUndefined();
  });
});
