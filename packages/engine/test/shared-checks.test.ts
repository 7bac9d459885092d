// The event index drops a contract when no command of the call meets a check its `run` matches share (their
// subcommand's first word, the flags they need: compile/command-check.ts). A mistake there would let a forced push
// through, so the index is compared with no index at all — every contract matched in full — on generated commands
// and on every event of the corpora, under policies built to stress the checks and under the twelve presets: the same
// verdicts (decision, contracts, units, messages) and the same session state, event after event.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  bundledPresets,
  startState,
  step,
  type CompiledPolicy,
  type Event,
  type SessionState,
} from '@semantic-anchors/engine';
import { toolFacts } from '../src/facts/index.js';
import { bash, policyOf } from './helpers.js';

/** The same policy with every index answering "all of them": what evaluation would do with no narrowing. */
function unindexed(policy: CompiledPolicy): CompiledPolicy {
  return {
    ...policy,
    index: {
      contracts: { candidates: () => policy.contracts },
      history: { candidates: () => policy.history },
      counters: { candidates: () => policy.counters },
    },
  };
}

const RULE = (id: string, when: string, mode = 'BLOCK'): string => `
  - id: ${id}
    description: Rule ${id}.
    mode: ${mode}
    when: ${when}
    message: m`;

/** Run matches that share checks, checks with and without latitude, and matches the checks must leave alone. */
function checksPolicy(unknownValues: 'match' | 'ignore'): CompiledPolicy {
  const rules = [
    ...Array.from({ length: 6 }, (_, i) =>
      RULE(
        `push-${i}`,
        `{ tool: { name: bash, run: { program: [git, deploy${i}], subcommand: push, flags: [-f, --force], args: ['main${i}', '+main${i}'] } } }`,
      ),
    ),
    RULE('push-any', `{ tool: { name: bash, run: { program: git, subcommand: push, flags: [-f, --force] } } }`),
    RULE(
      'push-lease',
      `{ tool: { name: bash, run: { program: git, subcommand: push, allFlags: [--force-with-lease] } } }`,
    ),
    RULE(
      'push-unknown',
      `{ tool: { name: bash, run: { program: git, subcommand: push, args: main, unknown: match } } }`,
      'WARN',
    ),
    RULE('push-glob', `{ tool: { name: bash, run: { program: git, subcommand: 'pu*', flags: [--force] } } }`),
    RULE('push-not', `{ tool: { name: bash, run: { program: git, subcommand: '!commit', flags: [-n] } } }`, 'WARN'),
    RULE(
      'kube-ns',
      `{ tool: { name: bash, run: { program: kubectl, subcommand: ['delete namespace', 'delete ns'] } } }`,
    ),
    RULE(
      'two-runs',
      `{ tool: { name: bash, run: [{ program: npm, subcommand: publish }, { program: [yarn, pnpm], subcommand: [publish, npm publish], flags: --tag }] } }`,
    ),
    RULE(
      'mixed-runs',
      `{ tool: { name: bash, run: [{ program: git, subcommand: reset, flags: --hard }, { program: 'terra*' }] } }`,
    ),
    RULE(
      'run-and-effect',
      `{ tool: { run: { program: rm, flags: [-r, -R, --recursive] }, effect: { kind: delete } } }`,
    ),
    RULE('no-sub', `{ tool: { name: bash, run: { program: git, flags: [--no-verify] } } }`, 'WARN'),
    RULE(
      'exception',
      `{ tool: { name: bash, run: { program: git, subcommand: push } } }
    unless: [{ tool: { run: { program: git, subcommand: push, flags: --dry-run } } }]`,
      'WARN',
    ),
    RULE(
      'counted',
      `{ tool: { name: bash, run: { program: git, subcommand: commit, flags: [--amend] } }, state: { occurrence: { every: 2 } } }`,
      'WARN',
    ),
    RULE(
      'after-push',
      `{ tool: { name: bash, run: { program: npm, subcommand: test } }, state: { after: { tool: { run: { program: git, subcommand: push, flags: -f } } } } }`,
      'WARN',
    ),
  ];
  return policyOf(
    `version: 1\nsettings: { bypassBudget: 3, unknownValues: ${unknownValues} }\ncontracts:${rules.join('')}\n`,
    { root: '/home/dev/shop' },
  );
}

const presetsPolicy = (): CompiledPolicy =>
  policyOf(`version: 1\nextends: [${bundledPresets.map((p) => p.id).join(', ')}]\n`, { root: '/home/dev/shop' });

/** The verdict and state as data: what a host or a later event could see. */
const seen = (r: { verdict: unknown; state: SessionState }): string => JSON.stringify([r.verdict, r.state]);

/** Steps both policies through the events from the same state; returns the first event where they part, if any. */
function firstDifference(policy: CompiledPolicy, events: readonly Event[]): string | undefined {
  const plain = unindexed(policy);
  let a = startState(policy);
  let b = startState(plain);
  for (const e of events) {
    const ra = step(policy, a, e);
    const rb = step(plain, b, e);
    if (seen(ra) !== seen(rb)) return `${JSON.stringify(e)}\nindexed: ${seen(ra)}\nplain:   ${seen(rb)}`;
    a = ra.state;
    b = rb.state;
  }
  return undefined;
}

const WORD = fc.constantFrom(
  'push',
  'commit',
  'reset',
  'publish',
  'npm',
  'delete',
  'namespace',
  'ns',
  'test',
  'origin',
  'main',
  'main0',
  '+main1',
  'feat/x',
  '"$B"',
  '$B',
  '$(git branch --show-current)',
  'HEAD:main',
  'pu',
  'PUSH',
);
const FLAG = fc.constantFrom(
  '-f',
  '--force',
  '--forc',
  '--force-with-lease',
  '--force-with',
  '--force=false',
  '-fu',
  '-uf',
  '-n',
  '--no-verify',
  '--dry-run',
  '--hard',
  '--amend',
  '--tag',
  '--tag=beta',
  '-r',
  '-R',
  '-m "msg"',
);
const PROGRAM = fc.constantFrom(
  'git',
  'GIT',
  'git.exe',
  'deploy0',
  'deploy3',
  'kubectl',
  'npm',
  'yarn',
  'pnpm',
  'terraform',
  'rm',
);
const SIMPLE = fc
  .tuple(
    fc.option(fc.constantFrom('B=main', 'B=feat/x', 'sudo', 'env X=1', 'timeout 60'), { nil: undefined }),
    PROGRAM,
    fc.array(fc.oneof(WORD, FLAG), { maxLength: 5 }),
  )
  .map(([prefix, program, rest]) => [prefix, program, ...rest].filter((w) => w !== undefined).join(' '));
const COMMAND = fc
  .tuple(SIMPLE, fc.array(fc.tuple(fc.constantFrom(' && ', '; ', ' | ', ' || ', '\n'), SIMPLE), { maxLength: 3 }))
  .map(([first, rest]) => first + rest.map(([sep, c]) => sep + c).join(''))
  .chain((c) => fc.constantFrom(c, `bash -c '${c.replace(/'/g, '')}'`, `B=main; ${c}`, `git checkout main && ${c}`));

/** The corpora replayed here (tests/corpus/; SHARED_CHECKS_CORPORA=evasion,harmless,assembled for all of them). */
const FOLDERS = (process.env.SHARED_CHECKS_CORPORA ?? 'evasion').split(',');

describe('shared command checks narrow the candidates without changing a verdict', () => {
  const policies = [checksPolicy('match'), checksPolicy('ignore')];

  it('decides generated commands as the unindexed policy does, event after event', () => {
    fc.assert(
      fc.property(fc.array(COMMAND, { minLength: 1, maxLength: 6 }), (commands) => {
        const events = commands.map(bash);
        for (const policy of policies) expect(firstDifference(policy, events)).toBeUndefined();
      }),
      { numRuns: 400 },
    );
  });

  it('rules out the push rules for a commit and an unforced push, and keeps them for a forced one', () => {
    const policy = policies[0]!;
    const pushRules = (command: string) =>
      policy.index.contracts
        .candidates(toolFacts('bash', { command }, '/home/dev/shop'))
        .map((c) => c.id)
        .filter((id) => /^push-\d$/.test(id));
    expect(pushRules('git add -A && git commit -m x && git push origin feat/x')).toEqual([]);
    expect(pushRules('git push -f origin main3')).toEqual(['push-0', 'push-1', 'push-2', 'push-3', 'push-4', 'push-5']);
    // A subcommand the engine cannot know may be push: the checks give way.
    expect(pushRules('git "$(cat sub.txt)" --force origin main3')).toHaveLength(6);
    const forced = step(policy, startState(policy), bash('git commit -m x && git push --forc origin main3')).verdict;
    expect(forced.matches.map((m) => m.id)).toContain('push-3');
  });

  it('decides every event of the corpora as the unindexed policy does, under the twelve presets', () => {
    const corpus = join(dirname(fileURLToPath(import.meta.url)), '../../../tests/corpus');
    const policy = presetsPolicy();
    const checks = policies[0]!;
    let events = 0;
    for (const folder of FOLDERS) {
      for (const file of readdirSync(join(corpus, folder)).filter((f) => f.endsWith('.yaml'))) {
        const found: Event[] = [];
        for (const doc of parseAllDocuments(readFileSync(join(corpus, folder, file), 'utf8')))
          collectEvents(doc.toJS(), found);
        events += found.length;
        expect(firstDifference(policy, found), `${folder}/${file}`).toBeUndefined();
        expect(firstDifference(checks, found), `${folder}/${file}`).toBeUndefined();
      }
    }
    expect(events).toBeGreaterThan(500);
  }, 600_000);
});

/** Every value shaped like a tool event ({ tool, args }) in a corpus document, in document order. */
function collectEvents(value: unknown, out: Event[]): void {
  if (Array.isArray(value)) for (const v of value) collectEvents(v, out);
  else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.tool === 'string' && o.args !== null && typeof o.args === 'object') out.push(o as unknown as Event);
    else for (const v of Object.values(o)) collectEvents(v, out);
  }
}
