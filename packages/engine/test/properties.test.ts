// Property tests (fast-check): the evaluator's invariants hold for any configuration and any event sequence.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'yaml';
import {
  compile,
  evaluate,
  loadConfig,
  startState,
  step,
  type CompiledPolicy,
  type ContractInput,
  type Event,
} from '@semantic-anchors/engine';

const TOOLS = ['bash', 'shell', 'read', 'write', 'edit', 'patch', 'glob', 'task', 'webfetch'];
const PATHS = ['src/a.ts', 'src/a.test.ts', '.env', 'docs/x.md', '/etc/passwd', '../other/y.ts', 'README.md'];
const COMMANDS = ['ls', 'git push --force', 'git push origin main', 'rm -rf /', 'npm test', 'git commit -m "x"'];

const contractArb = (i: number): fc.Arbitrary<ContractInput> =>
  fc
    .record({
      mode: fc.constantFrom('BLOCK' as const, 'WARN' as const),
      bypassable: fc.boolean(),
      name: fc.option(fc.subarray(['bash', 'read', 'write', 'edit', 'patch', '*'], { minLength: 1 }), {
        nil: undefined,
      }),
      path: fc.option(fc.constantFrom('src/**', '**/.env*', 'docs/**', '/etc/**', '../**'), { nil: undefined }),
      command: fc.option(fc.constantFrom('push', '--force', '^rm', 'test$'), { nil: undefined }),
      toolCalls: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      message: fc.boolean(),
      unless: fc.option(fc.constantFrom('lease', 'main'), { nil: undefined }),
    })
    .map((r) => ({
      id: `c-${i}`,
      description: `generated contract ${i}`,
      mode: r.mode,
      bypassable: r.bypassable,
      message: 'do something else',
      when: r.message
        ? { message: { text: '(?i)deploy' } }
        : {
            tool: {
              ...(r.name ? { name: r.name } : {}),
              ...(r.path ? { path: r.path } : {}),
              ...(r.command ? { command: r.command } : {}),
            },
            ...(r.toolCalls ? { state: { toolCalls: r.toolCalls } } : {}),
          },
      ...(r.unless ? { unless: { tool: { command: r.unless } } } : {}),
    }));

const configArb = fc
  .integer({ min: 0, max: 6 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => contractArb(i))))
  .chain((contracts) => fc.record({ budget: fc.integer({ min: 0, max: 3 }), contracts: fc.constant(contracts) }));

const eventArb: fc.Arbitrary<Event> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      tool: fc.constantFrom(...TOOLS),
      args: fc.record(
        { command: fc.constantFrom(...COMMANDS), filePath: fc.constantFrom(...PATHS) },
        { requiredKeys: [] },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        message: fc.constantFrom('continue', 'please deploy', 'fix it'),
        attachments: fc.option(fc.subarray(PATHS), { nil: undefined }),
      })
      .map((m) => (m.attachments ? m : { message: m.message })),
  },
  { weight: 1, arbitrary: fc.constant<Event>({ confirm: true }) },
  { weight: 2, arbitrary: fc.constant<Event>({ bypass: 'human says yes' }) },
  { weight: 1, arbitrary: fc.constantFrom<Event>({ role: 'qa-engineer' }, { reload: true }, { agent: 'plan' }) },
);

function policyFrom(cfg: { budget: number; contracts: ContractInput[] }): CompiledPolicy {
  const text = stringify({ version: 1, settings: { bypassBudget: cfg.budget }, contracts: cfg.contracts });
  const loaded = loadConfig(text, { file: 'gen.yaml' });
  expect(loaded.diagnostics).toEqual([]);
  return compile(loaded.config, { root: '/project' });
}

function run(policy: CompiledPolicy, events: readonly Event[]) {
  let state = startState(policy);
  return events.map((e) => {
    const r = step(policy, state, e);
    state = r.state;
    return r;
  });
}

describe('evaluator properties', () => {
  it('is deterministic: the same configuration and events give the same verdicts and states', () => {
    fc.assert(
      fc.property(configArb, fc.array(eventArb, { maxLength: 30 }), (cfg, events) => {
        const a = run(policyFrom(cfg), events);
        const b = run(policyFrom(cfg), events);
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      }),
      { numRuns: 150 },
    );
  });

  it('lets BLOCK dominate WARN dominate ALLOW, and lists every match', () => {
    fc.assert(
      fc.property(configArb, fc.array(eventArb, { maxLength: 30 }), (cfg, events) => {
        for (const { verdict } of run(policyFrom(cfg), events)) {
          const effects = verdict.matches.map((m) => m.effect);
          if (effects.includes('block')) expect(verdict.decision).toBe('BLOCK');
          else if (effects.length > 0) expect(verdict.decision).toBe('WARN');
          else expect(verdict.decision).toBe('ALLOW');
          expect(effects.includes('block') && effects.includes('bypassed')).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps the bypass budget: never below zero, never more grants than the budget, one pass per grant', () => {
    fc.assert(
      fc.property(configArb, fc.array(eventArb, { maxLength: 40 }), (cfg, events) => {
        const policy = policyFrom(cfg);
        let granted = 0;
        let used = 0;
        let expired = 0;
        for (const { verdict, state } of run(policy, events)) {
          if (verdict.bypass.granted) granted++;
          if (verdict.bypass.used) used++;
          if (verdict.bypass.expired) expired++;
          expect(state.bypass.spent).toBeLessThanOrEqual(cfg.budget);
          expect(verdict.bypass.left).toBeGreaterThanOrEqual(0);
          expect(verdict.bypass.left).toBe(cfg.budget - state.bypass.spent);
          // Every bypass used was granted before, and a grant is used at most once, or expires unused.
          expect(used + expired).toBeLessThanOrEqual(granted);
          expect(granted - used - expired).toBe(state.bypass.pending ? 1 : 0);
          if (verdict.bypass.used)
            expect(verdict.matches.every((m) => m.effect !== 'block' && (m.mode === 'WARN' || m.bypassable))).toBe(
              true,
            );
        }
        expect(granted).toBeLessThanOrEqual(cfg.budget);
      }),
      { numRuns: 200 },
    );
  });

  it('never throws, whatever the event', () => {
    const policy = policyFrom({ budget: 1, contracts: [] });
    const withContracts = loadConfig(
      stringify({
        version: 1,
        contracts: [
          {
            id: 'x',
            description: 'd',
            mode: 'BLOCK',
            message: 'm',
            when: { tool: { path: '**', command: 'a', content: 'b' } },
          },
        ],
      }),
    );
    const busy = compile(withContracts.config);
    fc.assert(
      fc.property(
        fc.anything({ withObjectString: true, withNullPrototype: true }),
        fc.jsonValue(),
        (anything, json) => {
          for (const p of [policy, busy]) {
            for (const e of [
              anything,
              json,
              { tool: 'bash', args: anything },
              { message: anything },
              { tool: anything },
            ]) {
              const v = evaluate(p, startState(p), e as Event);
              expect(['ALLOW', 'WARN', 'BLOCK']).toContain(v.decision);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('round-trips the schema: a generated configuration written as YAML loads back to the same contracts', () => {
    fc.assert(
      fc.property(configArb, (cfg) => {
        const text = stringify({ version: 1, settings: { bypassBudget: cfg.budget }, contracts: cfg.contracts });
        const loaded = loadConfig(text, { file: 'gen.yaml' });
        expect(loaded.diagnostics).toEqual([]);
        expect(loaded.config.settings.bypassBudget).toBe(cfg.budget);
        const back = loaded.config.contracts.map((c) => c.contract);
        expect(back).toEqual(cfg.contracts.map((c) => ({ anchorRefs: [], examples: [], ...c })));
        expect(
          loadConfig(
            stringify({ version: 1, settings: { bypassBudget: cfg.budget }, contracts: back }),
          ).config.contracts.map((c) => c.contract),
        ).toEqual(back);
      }),
      { numRuns: 150 },
    );
  });
});
