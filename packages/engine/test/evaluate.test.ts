import { describe, expect, it } from 'vitest';
import {
  LEDGER_LIMITS,
  compile,
  evaluate,
  loadConfig,
  next,
  startState,
  step,
  type Event,
} from '@semantic-anchors/engine';
import { bash, edit, fixture, policyOf, readFile, readFixture, replay } from './helpers.js';

const POLICY = `
version: 1
settings: { bypassBudget: 2 }
contracts:
  - id: no-force-push
    description: Force-pushing rewrites shared history.
    mode: BLOCK
    anchorRefs: [github-flow]
    when: { tool: { name: bash, command: '--force' } }
    message: Push a new commit.
  - id: no-push-main
    description: Main changes through pull requests.
    mode: BLOCK
    bypassable: false
    when: { tool: { name: shell, command: 'push\\b.*\\borigin main' } }
    message: Open a pull request.
  - id: push-note
    description: Pushing shares work.
    mode: WARN
    when: { tool: { name: bash, command: '\\bgit push\\b' } }
    message: Say what you pushed.
  - id: step-confirmation
    description: A human confirms every third call.
    mode: BLOCK
    anchorRefs: [meaningful-human-control]
    when: { tool: {}, state: { toolCalls: 3 } }
    message: Wait for the human to confirm.
`;

describe('verdicts', () => {
  const policy = policyOf(POLICY);

  it('lists every matched contract and lets BLOCK dominate WARN', () => {
    const v = evaluate(policy, startState(policy), bash('git push --force origin main'));
    expect(v.decision).toBe('BLOCK');
    expect(v.matches.map((m) => [m.id, m.effect])).toEqual([
      ['no-force-push', 'block'],
      ['no-push-main', 'block'],
      ['push-note', 'warn'],
    ]);
    expect(v.matches[0]!.held).toEqual([
      'tool bash, simple command 1: `git push --force origin main`, command ~ /--force/',
    ]);
  });

  it('WARN alone gives WARN, nothing gives ALLOW', () => {
    expect(evaluate(policy, startState(policy), bash('git push origin topic')).decision).toBe('WARN');
    expect(evaluate(policy, startState(policy), bash('ls')).decision).toBe('ALLOW');
  });

  it('folds host aliases: a shell call matches a bash contract and the other way round', () => {
    const v = evaluate(policy, startState(policy), { tool: 'shell', args: { command: 'git push origin main' } });
    expect(v.matches.map((m) => m.id)).toEqual(['no-push-main', 'push-note']);
  });

  it('writes a block message that names the contract, says why and what instead, links anchors and explains the bypass', () => {
    const v = evaluate(policy, startState(policy), bash('git push --force origin topic'));
    expect(v.agentMessage).toContain('BLOCKED by semantic-anchors');
    expect(v.agentMessage).toContain('[BLOCK] contract "no-force-push"');
    expect(v.agentMessage).toContain('Why: Force-pushing rewrites shared history.');
    expect(v.agentMessage).toContain('Do instead: Push a new commit.');
    expect(v.agentMessage).toContain(
      'Anchors: GitHub Flow <https://llm-coding.github.io/Semantic-Anchors/anchor/github-flow>',
    );
    expect(v.agentMessage).toContain('you cannot bypass this yourself');
    expect(v.agentMessage).toContain('2 of 2 bypasses left');
  });
});

describe('Step Confirmation and bypass', () => {
  const policy = policyOf(POLICY);

  it('blocks the Nth call, allows after a confirmation, and a bypass lets exactly one blocked call through', () => {
    const { verdicts, state } = replay(policy, [
      bash('ls'),
      bash('ls'),
      bash('ls'), // 3rd is blocked
      { bypass: 'reviewed' },
      bash('ls'),
      bash('ls'), // one through, the next blocked again
      { message: 'continue' },
      bash('ls'),
    ]);
    expect(verdicts.map((v) => v.decision)).toEqual([
      'ALLOW',
      'ALLOW',
      'BLOCK',
      'ALLOW',
      'WARN',
      'BLOCK',
      'ALLOW',
      'ALLOW',
    ]);
    expect(verdicts[4]!.matches[0]).toMatchObject({ id: 'step-confirmation', effect: 'bypassed' });
    expect(verdicts[4]!.bypass).toMatchObject({ used: true, left: 1 });
    expect(verdicts[6]!.notice).toMatch(/step count is reset \(was 3\)/);
    expect(state.toolCalls).toBe(1);
  });

  it('spends the budget at the grant, refuses when it is spent, and never goes below zero', () => {
    const { verdicts, state } = replay(policy, [
      bash('git push --force x'),
      { bypass: 'one' },
      bash('git push --force x'),
      { bypass: 'two' },
      bash('git push --force x'),
      { bypass: 'three' },
      bash('git push --force x'),
    ]);
    expect(verdicts.filter((v) => v.kind === 'bypass').map((v) => v.bypass.granted)).toEqual([true, true, false]);
    expect(verdicts[5]!.notice).toBe('Bypass refused: the budget of 2 for this session is spent.');
    expect(verdicts[6]!.decision).toBe('BLOCK');
    expect(verdicts[6]!.agentMessage).toContain('bypass budget is spent (2 of 2 used)');
    expect(state.bypass).toEqual({ spent: 2, pending: false });
  });

  it('does not spend a second grant while one is waiting', () => {
    const { verdicts, state } = replay(policy, [bash('git push --force x'), { bypass: 'a' }, { bypass: 'b' }]);
    expect(verdicts[2]!.bypass.granted).toBe(false);
    expect(state.bypass).toEqual({ spent: 1, pending: true, scope: ['no-force-push'], named: false, callsLeft: 5 });
  });

  it('refuses a bypass when the block it follows cannot be bypassed, spending nothing', () => {
    const { verdicts, state } = replay(policy, [bash('git push origin main'), { bypass: 'a' }]);
    expect(verdicts[0]!.agentMessage).toContain('"no-push-main" cannot be bypassed');
    expect(verdicts[1]!.bypass.granted).toBe(false);
    expect(verdicts[1]!.notice).toContain('blocked by "no-push-main", which cannot be bypassed');
    expect(state.bypass).toEqual({ spent: 0, pending: false });
  });

  it('a bypass that names a contract waits for a block by it; a call blocked by another contract too stays blocked', () => {
    const { verdicts, state } = replay(policy, [
      { bypass: 'approved', contract: 'no-force-push' },
      bash('git push --force origin main'),
      bash('git push --force origin topic'),
    ]);
    expect(verdicts[0]!.bypass).toMatchObject({ granted: true, scope: ['no-force-push'] });
    expect(verdicts[1]!.decision).toBe('BLOCK');
    expect(verdicts[2]!.decision).toBe('WARN');
    expect(state.bypass.pending).toBe(false);
  });

  it('resets the tool-call count on a role change; a reload resets counters and keeps the role', () => {
    const afterRole = replay(policy, [bash('ls'), bash('ls'), { role: 'qa-engineer' }, bash('ls')]);
    expect(afterRole.verdicts.at(-1)!.decision).toBe('ALLOW');
    expect(afterRole.state).toMatchObject({ role: 'qa-engineer', toolCalls: 1 });
    const afterReload = replay(policy, [{ role: 'qa-engineer' }, bash('ls'), bash('ls'), { reload: true }]);
    expect(afterReload.state).toMatchObject({ role: 'qa-engineer', toolCalls: 0 });
  });

  it('does not count blocked calls: they did not run', () => {
    const { state } = replay(policy, [bash('git push --force'), bash('git push --force')]);
    expect(state.toolCalls).toBe(0);
  });
});

describe('triggers', () => {
  it('matches paths relative to the root, outside it (../), and by absolute glob; "!" globs exclude', () => {
    const policy = policyOf(
      `
version: 1
contracts:
  - { id: src, description: d, mode: WARN, message: m, when: { tool: { path: ['src/**', '!src/**/*.test.ts'] } } }
  - { id: outside, description: d, mode: WARN, message: m, when: { tool: { path: '../**' } } }
  - { id: etc, description: d, mode: BLOCK, message: m, when: { tool: { path: '/etc/**' } } }
`,
      { root: '/home/me/project' },
    );
    const ids = (e: Event) => evaluate(policy, startState(policy), e).matches.map((m) => m.id);
    expect(ids(edit('/home/me/project/src/a.ts'))).toEqual(['src']);
    expect(ids(edit('src/a.test.ts'))).toEqual([]);
    expect(ids({ tool: 'read', args: { filePath: '/home/me/other/x.ts' } })).toEqual(['outside']);
    // One level up is ../; further out, an absolute glob says it plainly. ** never leaves the root.
    expect(ids({ tool: 'read', args: { filePath: '/etc/passwd' } })).toEqual(['etc']);
    expect(ids({ tool: 'read', args: { path: 'C:\\code\\src\\win.ts' } })).toEqual([]);
  });

  it('reads the paths a patch touches and the content it writes', () => {
    const policy = policyOf(`
version: 1
contracts:
  - { id: gen, description: d, mode: BLOCK, message: m, when: { tool: { name: [write, edit, patch], path: '**/generated/**' } } }
  - { id: secret, description: d, mode: BLOCK, message: m, when: { tool: { content: 'AKIA[0-9A-Z]{16}' } } }
`);
    const patch =
      '*** Begin Patch\n*** Update File: lib/generated/api.ts\n@@\n-a\n+const k = "AKIAABCDEFGHIJKLMNOP"\n*** End Patch';
    const v = evaluate(policy, startState(policy), { tool: 'apply_patch', args: { patchText: patch } });
    expect(v.matches.map((m) => m.id)).toEqual(['gen', 'secret']);
  });

  it('checks attached files as reads, without counting them as tool calls', () => {
    const policy = policyOf(`
version: 1
contracts:
  - { id: no-env, description: d, mode: BLOCK, message: m, when: { tool: { name: read, path: '**/.env*' } } }
  - { id: steps, description: d, mode: BLOCK, message: m, when: { tool: {}, state: { toolCalls: 1 } } }
`);
    const r = step(policy, startState(policy), { message: 'look at these', attachments: ['.env.local', 'README.md'] });
    expect(r.verdict.decision).toBe('BLOCK');
    expect(r.verdict.matches.map((m) => [m.id, m.subject])).toEqual([['no-env', 'attachment .env.local']]);
    expect(r.state.toolCalls).toBe(0);
  });

  it('counts occurrences of a trigger across the session', () => {
    const policy = policyOf(`
version: 1
contracts:
  - id: third-install
    description: d
    mode: WARN
    message: m
    when: { tool: { command: 'npm install' }, state: { occurrence: { atLeast: 3 } } }
`);
    const { verdicts } = replay(policy, [
      bash('npm install a'),
      bash('ls'),
      bash('npm install b'),
      bash('npm install c'),
      bash('npm install d'),
    ]);
    expect(verdicts.map((v) => v.decision)).toEqual(['ALLOW', 'ALLOW', 'ALLOW', 'WARN', 'WARN']);
    expect(verdicts[3]!.matches[0]!.held[1]).toBe('3rd matching event this session (from the 3rd on)');
  });

  it('expresses preconditions: after and notAfter, where blocked calls are not history', () => {
    const policy = policyOf(`
version: 1
contracts:
  - id: test-first
    description: d
    mode: WARN
    message: m
    when:
      tool: { name: [write, edit], path: ['src/**', '!src/**/*.test.ts'] }
      state: { notAfter: { tool: { name: [write, edit], path: 'src/**/*.test.ts' } } }
  - id: no-test-edits-on-fridays
    description: blocks test edits when the message says freeze
    mode: BLOCK
    message: m
    when:
      tool: { path: 'src/**/*.test.ts' }
      state: { after: { message: { text: freeze } } }
`);
    expect(replay(policy, [edit('src/a.ts')]).verdicts[0]!.decision).toBe('WARN');
    expect(replay(policy, [edit('src/a.test.ts'), edit('src/a.ts')]).verdicts[1]!.decision).toBe('ALLOW');
    // The test edit is blocked (freeze), so it did not happen: production code is still "before any test".
    const frozen = replay(policy, [{ message: 'code freeze' }, edit('src/a.test.ts'), edit('src/a.ts')]);
    expect(frozen.verdicts.map((v) => v.decision)).toEqual(['ALLOW', 'BLOCK', 'WARN']);
  });

  it('distinguishes confirmations from other messages', () => {
    const policy = policyOf(`
version: 1
settings: { confirmations: [weiter, go ahead] }
contracts:
  - { id: intent, description: d, mode: WARN, message: m, when: { message: { confirmation: false } } }
`);
    // The phrase confirms (case, spacing and trailing punctuation aside), alone or with a plain assent before it and
    // thanks after it as whole clauses, or with what to go on with ("go ahead with the tests", "go ahead and write the
    // hints"); never a prefix of a word, never with a condition or a refusal beside it, never a question after it.
    const { verdicts } = replay(policy, [
      { message: 'Weiter!' },
      { message: 'Go  AHEAD.' },
      { message: 'go ahead, thanks' },
      { message: 'Yes, go ahead.' },
      { message: 'ok, I follow, weiter' },
      { message: 'go aheadx' },
      { message: 'fix it' },
      { message: 'weiter', from: 'agent' },
      { message: 'go ahead only after you show me the plan' },
      { message: 'no, go ahead is wrong' },
      { message: 'no, weiter' },
      { message: 'go ahead, but not with main' },
      { message: 'Makes sense. Go ahead with the tests.' },
      { message: "Thanks, that's clear. weiter with the docs" },
      { message: 'go ahead with the deploy only after the review' },
      { message: 'go ahead with the release and then wait' },
      { message: 'Makes sense. Go ahead and write the hints.' },
      { message: 'Looks right, weiter.' },
      { message: 'go ahead and stop before main' },
      { message: 'go ahead. what did you change?' },
    ]);
    expect(verdicts.map((v) => v.decision)).toEqual([
      'ALLOW',
      'ALLOW',
      'ALLOW',
      'ALLOW',
      'ALLOW',
      'WARN',
      'WARN',
      'ALLOW',
      'WARN',
      'WARN',
      'WARN',
      'WARN',
      'ALLOW',
      'ALLOW',
      'WARN',
      'WARN',
      'ALLOW',
      'ALLOW',
      'WARN',
      'WARN',
    ]);
  });

  it('applies role-scoped contracts only to their roles, and maps agents to roles', () => {
    const loaded = loadConfig(readFixture('valid.yaml'), { file: fixture('valid.yaml'), readFile });
    const policy = compile(loaded.config);
    const e = edit('src/app.ts');
    const asPlan = startState(policy, 'plan');
    expect(asPlan.role).toBe('software-architect');
    expect(evaluate(policy, asPlan, e).decision).toBe('BLOCK');
    const toBuild = next(policy, asPlan, { agent: 'build' });
    expect(toBuild.role).toBe('software-developer');
    expect(evaluate(policy, toBuild, e).decision).toBe('ALLOW');
    expect(startState(policy, 'unknown-agent').role).toBe('software-developer');
  });

  it('reports the exception that excused an event in the trace', () => {
    const loaded = loadConfig(readFixture('valid.yaml'), { file: 'valid.yaml' });
    const policy = compile(loaded.config);
    const v = evaluate(policy, startState(policy), bash('git push --force-with-lease origin topic'));
    expect(v.decision).toBe('ALLOW');
    expect(v.excused).toEqual([
      expect.objectContaining({
        id: 'no-force-push',
        exception: 'unless',
        exceptionHeld: [
          'any tool (bash), simple command 1: `git push --force-with-lease origin topic`, command ~ /--force-with-lease/',
        ],
      }),
    ]);
  });
});

describe('faults', () => {
  it('never throws: a malformed event becomes a verdict carrying the error (fail open by default)', () => {
    const policy = policyOf(POLICY);
    const v = evaluate(policy, startState(policy), { tool: 'bash', args: { command: 42 } } as never);
    expect(v.decision).toBe('ALLOW');
    const garbage = evaluate(policy, startState(policy), null as never);
    expect(garbage.error).toBeTypeOf('string');
    expect(garbage.decision).toBe('ALLOW');
  });

  it('fails closed when settings.onError is block', () => {
    const policy = policyOf('version: 1\nsettings: { onError: block }\n');
    const v = evaluate(policy, startState(policy), null as never);
    expect(v.decision).toBe('BLOCK');
    expect(v.agentMessage).toMatch(/fail closed/);
  });
});

describe('session state', () => {
  it('stays bounded: after 10,000 events it is no bigger than after 1,000', () => {
    const policy = policyOf(`
version: 1
contracts:
  - id: test-first
    description: d
    mode: WARN
    message: m
    when:
      tool: { name: edit, path: 'src/**' }
      state: { notAfter: { tool: { name: edit, path: '**/*.test.ts' } }, occurrence: { every: 7 } }
  - { id: steps, description: d, mode: BLOCK, message: m, when: { tool: {}, state: { toolCalls: 50 } } }
`);
    const events: Event[] = [];
    for (let i = 0; i < 10_000; i++) {
      events.push(
        i % 40 === 39
          ? { confirm: true }
          : i % 3 === 0
            ? edit(`src/file${i}.ts`)
            : i % 3 === 1
              ? bash(`echo ${i}`)
              : { message: `message ${i}` },
      );
    }
    let state = startState(policy);
    let sizeAt1000 = 0;
    events.forEach((e, i) => {
      state = next(policy, state, e);
      if (i === 999) sizeAt1000 = JSON.stringify({ ...state, ledger: null }).length;
    });
    expect(state.seq).toBe(10_000);
    // Only counters grow in digits, and the bounded ledger of files written holds longer names: allow for that, nothing else.
    expect(state.ledger.count).toBeLessThanOrEqual(LEDGER_LIMITS.files);
    expect(state.ledger.chars).toBeLessThanOrEqual(LEDGER_LIMITS.totalChars);
    expect(JSON.stringify({ ...state, ledger: null }).length).toBeLessThanOrEqual(sizeAt1000 + 8);
    expect(Object.keys(state.seen).length + Object.keys(state.counts).length).toBeLessThanOrEqual(2);
  });
});
