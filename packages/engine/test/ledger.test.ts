// The ledger: what a session wrote, as the state keeps it — edits applied to the text it knows, patches, shell
// writes — and its bounds: per file, per session, with the eviction the state size depends on.
import { describe, expect, it } from 'vitest';
import { LEDGER_LIMITS, ledgerFile, ledgerFiles, step, type Event, type SessionState } from '@semantic-anchors/engine';
import { policyOf, replay } from './helpers.js';

const root = '/p';
const policy = policyOf('version: 1\ncontracts: []\n', { root });
const write = (path: string, content: string): Event => ({
  tool: 'write',
  args: { filePath: `${root}/${path}`, content },
});
const edit = (path: string, oldString: string, newString: string, replaceAll = false): Event => ({
  tool: 'edit',
  args: { filePath: `${root}/${path}`, oldString, newString, replaceAll },
});
const bash = (command: string): Event => ({ tool: 'bash', args: { command } });
const file = (state: SessionState, path: string) => ledgerFile(state.ledger, path);

describe('the ledger keeps what the session wrote', () => {
  it('applies an edit to the text it knows, every occurrence with replaceAll', () => {
    const { state } = replay(policy, [write('a.sh', 'echo a\necho a\n'), edit('a.sh', 'echo a', 'echo b', true)]);
    expect(file(state, 'a.sh')).toMatchObject({ text: 'echo b\necho b\n', unknown: undefined, via: 'edit tool' });
  });

  it('an edit whose old text is not found makes the text unknown and keeps the new text as a piece', () => {
    const { state } = replay(policy, [write('a.sh', 'echo a\n'), edit('a.sh', 'nope', 'git push -f')]);
    expect(file(state, 'a.sh')).toMatchObject({ text: undefined, pieces: ['git push -f'] });
    expect(file(state, 'a.sh')?.unknown).toMatch(/old text was not found/);
  });

  it('an edit with no old text writes the whole file (a new file)', () => {
    const { state } = replay(policy, [edit('new.sh', '', 'make deploy\n')]);
    expect(file(state, 'new.sh')).toMatchObject({ text: 'make deploy\n' });
  });

  it('applies apply_patch hunks to a known text; an added file is its added lines; a deleted one is forgotten', () => {
    const patch =
      '*** Begin Patch\n*** Update File: /p/a.sh\n@@\n echo 1\n-echo 2\n+git push -f origin main\n*** Add File: /p/b.sh\n+ls\n*** Delete File: /p/c.sh\n*** End Patch';
    const { state } = replay(policy, [
      write('a.sh', 'echo 1\necho 2\necho 3\n'),
      write('c.sh', 'x'),
      { tool: 'patch', args: { patchText: patch } },
    ]);
    expect(file(state, 'a.sh')?.text).toBe('echo 1\ngit push -f origin main\necho 3\n');
    expect(file(state, 'b.sh')?.text).toBe('ls\n');
    expect(file(state, 'c.sh')).toBeUndefined();
  });

  it('shell writes: a heredoc, an append, cp carrying the text, mv moving it, chmod keeping it, rm forgetting it', () => {
    const { state } = replay(policy, [
      bash("cat > s.sh <<'EOF'\nnpm test\nEOF"),
      bash("echo 'npm run lint' >> s.sh"),
      bash('cp s.sh t.sh && chmod +x t.sh && mv s.sh u.sh && rm -f v.sh'),
    ]);
    expect(file(state, 't.sh')?.text).toBe('npm test\nnpm run lint\n');
    expect(file(state, 'u.sh')?.text).toBe('npm test\nnpm run lint\n');
    expect(file(state, 's.sh')).toBeUndefined();
  });

  it('a write whose content is not known lists the file with its text unknown', () => {
    const { state } = replay(policy, [bash('curl -fsSL https://example.com/i.sh -o i.sh')]);
    expect(file(state, 'i.sh')).toMatchObject({ text: undefined, pieces: [] });
  });

  it('a blocked write is kept as refused; a blocked delete forgets nothing; an event that writes nothing shares the ledger', () => {
    const blocking = policyOf(
      'version: 1\ncontracts:\n  - { id: no-x, description: d, mode: BLOCK, message: m, when: { tool: { effect: { path: "**/x.sh" } } } }\n',
      { root },
    );
    const { state } = replay(blocking, [write('x.sh', 'git push -f origin main\n')]);
    expect(file(state, 'x.sh')).toMatchObject({ text: 'git push -f origin main\n', via: 'write tool, refused' });
    const kept = replay(blocking, [write('a.sh', 'a'), bash('rm a.sh x.sh')]).state;
    expect(file(kept, 'a.sh')).toMatchObject({ text: 'a' });
    const before = replay(policy, [write('a.sh', 'a')]).state;
    const after = step(policy, before, { tool: 'read', args: { filePath: '/p/a.sh' } }).state;
    expect(after.ledger).toBe(before.ledger);
  });

  it('running a file whose write was refused is judged as what the agent meant it to hold', () => {
    const two = policyOf(
      `version: 1
contracts:
  - { id: no-scripts, description: d, mode: BLOCK, message: m, when: { tool: { name: write, path: "**/*.sh" } } }
  - id: no-force-push
    description: d
    mode: BLOCK
    message: m
    when: { tool: { name: bash, run: { program: git, subcommand: push, flags: [-f] } } }
`,
      { root },
    );
    const r = replay(two, [write('deploy.sh', 'git push -f origin main\n'), bash('bash deploy.sh')]);
    expect(r.verdicts.map((v) => v.matches.map((m) => m.id))).toEqual([['no-scripts'], ['no-force-push']]);
  });
});

describe('the ledger is bounded', () => {
  it(`keeps no text over ${LEDGER_LIMITS.fileChars} characters: the file is listed, its text unknown`, () => {
    const { state } = replay(policy, [write('big.sql', 'x'.repeat(LEDGER_LIMITS.fileChars + 1))]);
    expect(file(state, 'big.sql')).toMatchObject({ text: undefined });
    expect(file(state, 'big.sql')?.unknown).toMatch(/not kept/);
  });

  it('past the total, the largest texts are forgotten first: one huge write does not push a small script out', () => {
    const big = 'y'.repeat(LEDGER_LIMITS.fileChars);
    const events: Event[] = [write('run.sh', 'git push -f origin main\n')];
    for (let i = 0; i < 6; i++) events.push(write(`junk${i}.txt`, big));
    const { state } = replay(policy, events);
    expect(file(state, 'run.sh')?.text).toBe('git push -f origin main\n');
    expect(state.ledger.chars).toBeLessThanOrEqual(LEDGER_LIMITS.totalChars);
    const forgotten = ledgerFiles(state.ledger)
      .map(([, f]) => f)
      .filter((f) => f.text === undefined);
    expect(forgotten.length).toBeGreaterThan(0);
    expect(forgotten[0]?.unknown).toMatch(/forgotten/);
  });

  it(`lists at most ${LEDGER_LIMITS.files} files, forgetting the one written longest ago`, () => {
    const events: Event[] = [];
    for (let i = 0; i <= LEDGER_LIMITS.files; i++) events.push(write(`f${i}.sh`, `echo ${i}`));
    const { state } = replay(policy, events);
    expect(state.ledger.count).toBe(LEDGER_LIMITS.files);
    expect(file(state, 'f0.sh')).toBeUndefined();
    expect(file(state, `f${LEDGER_LIMITS.files}.sh`)?.text).toBe(`echo ${LEDGER_LIMITS.files}`);
  });

  it('keeps at most the newest pieces of a file it never saw whole', () => {
    const events: Event[] = [];
    for (let i = 0; i < LEDGER_LIMITS.pieces + 3; i++) events.push(edit('team.sh', `old${i}`, `new${i}`));
    const { state } = replay(policy, events);
    expect(file(state, 'team.sh')?.pieces).toHaveLength(LEDGER_LIMITS.pieces);
    expect(file(state, 'team.sh')?.pieces.at(-1)).toBe(`new${LEDGER_LIMITS.pieces + 2}`);
  });
});

describe('a file the session wrote is found however a later call spells its path', () => {
  const guarded = policyOf(
    `version: 1
contracts:
  - id: no-force-push
    description: No force push to main.
    mode: BLOCK
    when: { tool: { name: bash, run: { program: git, subcommand: push, flags: [-f, --force], args: [main] } } }
    message: m
`,
    { root },
  );
  const ran = (command: string) =>
    replay(guarded, [
      write('scripts/x.sh', 'git push -f origin main\n'),
      write('scripts/ok.sh', 'npm test\n'),
      bash(command),
    ]).verdicts.at(-1)?.decision;

  it.each([
    'bash scripts/x.sh',
    'bash ./scripts//x.sh',
    'bash scripts/sub/../x.sh',
    'bash "$PWD/scripts/x.sh"',
    'bash /p/scripts/x.sh',
    'cd scripts && bash x.sh',
    'cd scripts && bash ../scripts/./x.sh',
    'source scripts/x.sh',
  ])('%s runs the script it wrote', (command) => {
    expect(ran(command)).toBe('BLOCK');
  });

  it.each(['bash scripts/ok.sh', 'bash scripts/y.sh', 'cd scripts && bash ok.sh', 'git commit -m wip'])(
    '%s does not',
    (command) => {
      expect(ran(command)).toBe('ALLOW');
    },
  );
});
