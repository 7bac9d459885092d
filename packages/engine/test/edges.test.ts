// The edges where the engine once failed open without saying so (issue "Enforcement that holds", section 3).
// Each test pins one: what happens to oversize and non-text input, malformed events, a contract that throws,
// unknown tools, batch calls, case-insensitive paths and the self-protection no configuration can switch off.
import { describe, expect, it } from 'vitest';
import {
  compile,
  loadConfig,
  startState,
  step,
  MAX_EVENT_TEXT,
  type Event,
  type LoadedConfig,
} from '@semantic-anchors/engine';
import { bash, policyOf, replay } from './helpers.js';

const forcePush = `
version: 1
roles: { default: software-developer }
contracts:
  - id: no-force-push
    description: Force-pushing rewrites shared history.
    mode: BLOCK
    when: { tool: { name: bash, run: { program: git, subcommand: push, flags: [-f, --force] } } }
    message: Push a new commit instead.
  - id: no-drop-table
    description: Dropping tables loses data.
    mode: BLOCK
    when: { tool: { content: '(?i)\\bdrop\\s+table\\b' } }
    message: Write a migration instead.
`;

const decision = (yaml: string, events: Event[], settings = ''): string[] =>
  replay(policyOf(yaml + settings), events).verdicts.map((v) => v.decision);

describe('input the engine cannot check is a fault verdict decided by settings.onError, never a silent allow of the tail', () => {
  const huge = `git status ${'x'.repeat(MAX_EVENT_TEXT)} ; git push --force origin main`;
  it('an oversize command fails open by default, and says so', () => {
    const { verdicts } = replay(policyOf(forcePush), [bash(huge)]);
    expect(verdicts[0]!.decision).toBe('ALLOW');
    expect(verdicts[0]!.error).toMatch(/over the .* limit/);
  });
  it('an oversize command is blocked when the project fails closed', () => {
    const { verdicts } = replay(policyOf(`${forcePush}settings: { onError: block }\n`), [bash(huge)]);
    expect(verdicts[0]!.decision).toBe('BLOCK');
  });
  it('a command just under the limit is matched to its very end', () => {
    const tail = `git status ${'x'.repeat(200_000)} ; git push --force origin main`;
    expect(decision(forcePush, [bash(tail)])).toEqual(['BLOCK']);
  });
  it('a command given as an argv list is matched like the same command line', () => {
    expect(
      decision(forcePush, [{ tool: 'bash', args: { command: ['git', 'push', '--force', 'origin', 'main'] } }]),
    ).toEqual(['BLOCK']);
  });
  it('content given as a list of strings is matched', () => {
    expect(
      decision(forcePush, [{ tool: 'write', args: { filePath: 'm.sql', content: ['-- up', 'DROP TABLE users;'] } }]),
    ).toEqual(['BLOCK']);
  });
  it('a command of the wrong type is a fault verdict, not an allow that looks checked', () => {
    const { verdicts } = replay(policyOf(`${forcePush}settings: { onError: block }\n`), [
      { tool: 'bash', args: { command: { argv: ['git', 'push', '-f'] } } },
    ]);
    expect(verdicts[0]!.decision).toBe('BLOCK');
    expect(verdicts[0]!.error).toMatch(/not a command line/);
  });
});

describe('events are validated at the engine boundary', () => {
  const policy = policyOf(forcePush);
  const malformed: unknown[] = [
    null,
    'git push -f',
    [],
    {},
    { tool: 'bash', message: 'x' },
    { tool: 42 },
    { tool: 'bash', args: 'git push -f' },
    { message: 7 },
    { bypass: 1 },
    { reload: false },
    { role: 'Not A Role' },
  ];
  for (const event of malformed) {
    it(`a malformed event ${JSON.stringify(event)} is a fault, not a reload or an allow in disguise`, () => {
      const before = startState(policy);
      const r = step(policy, { ...before, toolCalls: 4 }, event as Event);
      expect(r.verdict.error).toBeDefined();
      expect(r.state.toolCalls).toBe(4);
      expect(r.state.counts).toEqual(before.counts);
    });
  }
});

describe('a contract that fails while matching is isolated', () => {
  // A pattern the load stage would reject, handed straight to the compiler: it throws on first use.
  const broken: LoadedConfig = (() => {
    const loaded = loadConfig(forcePush, { file: 'inline.yaml' }).config;
    const bad = {
      ...loaded.contracts[1]!,
      contract: { ...loaded.contracts[1]!.contract, id: 'broken', when: { tool: { command: '(unclosed' } } },
    };
    return { ...loaded, contracts: [bad, ...loaded.contracts] };
  })();
  it('the other contracts still decide, and the verdict names the one that failed', () => {
    const policy = compile(broken);
    const v = step(policy, startState(policy), {
      tool: 'bash',
      args: { command: 'git push --force origin main' },
    }).verdict;
    expect(v.decision).toBe('BLOCK');
    expect(v.matches.map((m) => m.id)).toEqual(['no-force-push']);
    expect(v.faults.map((f) => f.id)).toEqual(['broken']);
  });
  it('with onError: block the failing contract itself blocks', () => {
    const policy = compile({ ...broken, settings: { ...broken.settings, onError: 'block' } });
    const v = step(policy, startState(policy), { tool: 'bash', args: { command: 'ls' } }).verdict;
    expect(v.decision).toBe('BLOCK');
    expect(v.faults.map((f) => f.id)).toEqual(['broken']);
  });
  // The fail-closed rule is settings.onError alone (decide.ts, faultMode): a failed WARN contract is no softer.
  const brokenWarn: LoadedConfig = {
    ...broken,
    contracts: broken.contracts.map((c) =>
      c.contract.id === 'broken' ? { ...c, contract: { ...c.contract, mode: 'WARN' } } : c,
    ),
  };
  it('with onError: block a failing WARN contract blocks too, and its match says so', () => {
    const policy = compile({ ...brokenWarn, settings: { ...brokenWarn.settings, onError: 'block' } });
    const v = step(policy, startState(policy), { tool: 'bash', args: { command: 'ls' } }).verdict;
    expect(v.decision).toBe('BLOCK');
    expect(v.matches.map((m) => [m.id, m.mode, m.effect])).toEqual([['broken', 'BLOCK', 'block']]);
  });
  it('with onError: allow a failing WARN contract decides nothing and is reported as a fault', () => {
    const policy = compile({ ...brokenWarn, settings: { ...brokenWarn.settings, onError: 'allow' } });
    const v = step(policy, startState(policy), { tool: 'bash', args: { command: 'ls' } }).verdict;
    expect(v.decision).toBe('ALLOW');
    expect(v.matches).toEqual([]);
    expect(v.faults.map((f) => f.id)).toEqual(['broken']);
  });
});

describe('tools the engine does not know', () => {
  it('their string arguments are scanned as content, labelled as such', () => {
    const { verdicts } = replay(policyOf(forcePush), [
      { tool: 'postgres_query', args: { sql: 'DROP TABLE users', db: 'prod' } },
    ]);
    expect(verdicts[0]!.decision).toBe('BLOCK');
    expect(verdicts[0]!.matches[0]!.held.join(' ')).toMatch(/argument sql of a tool the engine does not know/);
  });
  it('a contract can name an MCP tool and match one of its arguments', () => {
    const yaml = `version: 1
contracts:
  - id: no-prod-query
    description: Production is read by humans only.
    mode: BLOCK
    when: { tool: { name: 'postgres_*', args: { db: '^prod$' } } }
    message: Query staging.
`;
    expect(
      decision(yaml, [
        { tool: 'postgres_query', args: { sql: 'select 1', db: 'prod' } },
        { tool: 'postgres_query', args: { sql: 'select 1', db: 'staging' } },
      ]),
    ).toEqual(['BLOCK', 'ALLOW']);
  });
  it('each call inside a batch is checked as if it were made alone', () => {
    expect(
      decision(forcePush, [
        {
          tool: 'batch',
          args: {
            tool_calls: [
              { tool: 'read', parameters: { filePath: 'a' } },
              { tool: 'bash', parameters: { command: 'git push -f origin main' } },
            ],
          },
        },
      ]),
    ).toEqual(['BLOCK']);
  });
});

describe('paths', () => {
  const envRule = `version: 1
contracts:
  - id: no-env
    description: x
    mode: BLOCK
    when: { tool: { effect: { path: '**/.env' } } }
    message: y
`;
  it('.. inside the project resolves against the root', () => {
    const policy = policyOf(envRule, { root: '/home/dev/shop' });
    const r = replay(policy, [{ tool: 'write', args: { filePath: 'src/../../shop/.env', content: 'A=1' } }]);
    expect(r.verdicts[0]!.decision).toBe('BLOCK');
  });
  it('case is ignored only when settings.caseInsensitivePaths is on', () => {
    const event: Event = { tool: 'write', args: { filePath: '/home/dev/shop/.ENV', content: 'A=1' } };
    expect(replay(policyOf(envRule, { root: '/home/dev/shop' }), [event]).verdicts[0]!.decision).toBe('ALLOW');
    expect(
      replay(policyOf(`${envRule}settings: { caseInsensitivePaths: true }\n`, { root: '/home/dev/shop' }), [event])
        .verdicts[0]!.decision,
    ).toBe('BLOCK');
  });
});

describe('self-protection no configuration can switch off', () => {
  const protect = {
    contractFiles: ['/home/dev/shop/.opencode/opencode-semantic-anchors.yaml'],
    hostFiles: ['/home/dev/shop/opencode.json', '/home/dev/shop/.opencode/plugins/**'],
    servers: ['http://127.0.0.1:4096'],
    secretEnv: ['OPENCODE_SERVER_PASSWORD'],
  };
  const yaml = `version: 1\ndisable: [anchor-protect-host-server]\ncontracts: []\n`;
  const run = (events: Event[]) => {
    const policy = compile(loadConfig(yaml, { file: 'x.yaml' }).config, { root: '/home/dev/shop', protect });
    let state = startState(policy);
    return events.map((e) => {
      const r = step(policy, state, e);
      state = r.state;
      return r.verdict;
    });
  };
  it('the agent cannot reach the host server, attach to it, or read its password', () => {
    const vs = run([
      bash(
        'curl -s -X POST http://127.0.0.1:4096/session/ses_1/command -d \'{"command":"anchor","arguments":"bypass x"}\'',
      ),
      bash('PORT=4096; curl localhost:4096/session'),
      bash('opencode run --attach http://127.0.0.1:4096 "/anchor bypass"'),
      { tool: 'webfetch', args: { url: 'http://localhost:4096/session', format: 'text' } },
      bash('echo $OPENCODE_SERVER_PASSWORD'),
      bash('printenv'),
      bash('cat /proc/self/environ'),
      bash('curl -s http://127.1:4096/session'),
      bash('curl http://[::1]:4096/session'),
      bash('exec 3<>/dev/tcp/127.0.0.1/4096'),
      bash('nc localhost 4096 < req.txt'),
      bash('npx -y opencode-ai@1.18.33 run --attach http://0:4096 "/anchor bypass x"'),
    ]);
    expect(vs.map((v) => v.decision)).toEqual(Array(12).fill('BLOCK'));
  });
  it("the host's environment is not read through a thread's copy (/proc/<pid>/task/<tid>/environ), by any tool", () => {
    const vs = run([
      { tool: 'read', args: { filePath: '/proc/8051/task/8051/environ' } },
      { tool: 'read', args: { filePath: '/proc/self/task/8051/environ' } },
      { tool: 'read', args: { filePath: '/proc/thread-self/environ' } },
      bash('cat /proc/8051/task/8052/environ'),
      bash("tr '\\0' '\\n' < /proc/self/task/8051/environ"),
      // The read tool on a link whose target the host resolved (a link in the project, /proc/<pid>/root/…).
      {
        tool: 'read',
        args: { filePath: '/home/dev/shop/notes.txt' },
        realPaths: { '/home/dev/shop/notes.txt': '/proc/8051/environ' },
      },
    ]);
    expect(vs.map((v) => v.decision)).toEqual(Array(6).fill('BLOCK'));
    // What is beside it stays readable: a thread's status, the process's own limits.
    const honest = run([
      { tool: 'read', args: { filePath: '/proc/8051/task/8051/status' } },
      bash('cat /proc/self/limits'),
    ]);
    expect(honest.map((v) => v.decision)).toEqual(['ALLOW', 'ALLOW']);
  });
  it('a bypass opens the contract file only when it names its contract, and never opens the host server', () => {
    const write = bash("cat > .opencode/opencode-semantic-anchors.yaml <<'EOF'\nversion: 1\nEOF");
    const vs = run([
      write,
      { bypass: 'let me try' },
      write,
      { bypass: 'let me try', contract: 'anchor-protect-contract-files' },
      bash('curl localhost:4096/session'),
      write,
      { tool: 'edit', args: { filePath: '/home/dev/shop/opencode.json', oldString: 'a', newString: 'b' } },
      bash('rm .opencode/plugins/semantic-anchors.js'),
    ]);
    expect(vs.map((v) => v.decision)).toEqual(['BLOCK', 'ALLOW', 'BLOCK', 'ALLOW', 'BLOCK', 'WARN', 'BLOCK', 'BLOCK']);
    expect(vs[1]!.bypass.granted).toBe(false);
    expect(vs[1]!.notice).toContain('/anchor bypass anchor-protect-contract-files <reason>');
    expect(vs[3]!.bypass.granted).toBe(true);
  });
  it('honest work is untouched: other ports, reading the contract file, opencode --version', () => {
    const vs = run([
      bash('curl -s http://localhost:3000/health'),
      bash('cat .opencode/opencode-semantic-anchors.yaml'),
      bash('opencode --version'),
      bash('echo $HOME'),
      bash('ssh-keygen -t rsa -b 4096 -f ~/.ssh/id_test -N ""'),
      bash('npx vitest run'),
    ]);
    expect(vs.map((v) => v.decision)).toEqual(['ALLOW', 'ALLOW', 'ALLOW', 'ALLOW', 'ALLOW', 'ALLOW']);
  });
});

describe('paths that lead into a protected place through a symbolic link', () => {
  const protect = { contractFiles: ['/home/dev/shop/.opencode/opencode-semantic-anchors.yaml'] };
  const policy = compile(loadConfig('version: 1\ncontracts: []\n', { file: 'x.yaml' }).config, {
    root: '/home/dev/shop',
    protect,
  });
  const real = { 'cfg/opencode-semantic-anchors.yaml': '/home/dev/shop/.opencode/opencode-semantic-anchors.yaml' };
  const judge = (event: Event) => step(policy, startState(policy), event).verdict;

  it('a write through the link is judged as a write to the real path', () => {
    const write = { tool: 'write', args: { filePath: 'cfg/opencode-semantic-anchors.yaml', content: 'x' } };
    expect(judge(write).decision).toBe('ALLOW');
    const v = judge({ ...write, realPaths: real });
    expect(v.decision).toBe('BLOCK');
    expect(v.matches.map((m) => m.id)).toEqual(['anchor-protect-contract-files']);
  });
  it('the host may give the real path by the absolute form of the path', () => {
    const v = judge({
      tool: 'edit',
      args: { filePath: '/home/dev/shop/cfg/opencode-semantic-anchors.yaml', oldString: 'a', newString: 'b' },
      realPaths: { '/home/dev/shop/cfg/opencode-semantic-anchors.yaml': real['cfg/opencode-semantic-anchors.yaml'] },
    });
    expect(v.decision).toBe('BLOCK');
  });
  it('a patch and a shell redirect through the link are judged on the real path too', () => {
    const patch = '*** Begin Patch\n*** Update File: cfg/opencode-semantic-anchors.yaml\n@@\n-a\n+b\n*** End Patch';
    expect(judge({ tool: 'patch', args: { patchText: patch }, realPaths: real }).decision).toBe('BLOCK');
    expect(
      judge({ tool: 'bash', args: { command: 'echo x > cfg/opencode-semantic-anchors.yaml' }, realPaths: real })
        .decision,
    ).toBe('BLOCK');
  });
  it('a link that leads to an ordinary file changes nothing', () => {
    const v = judge({
      tool: 'write',
      args: { filePath: 'notes.md', content: 'x' },
      realPaths: { 'notes.md': '/home/dev/shop/docs/notes.md' },
    });
    expect(v.decision).toBe('ALLOW');
  });
});
