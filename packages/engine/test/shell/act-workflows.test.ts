// act runs a GitHub Actions workflow's steps on this machine: a workflow the session wrote, run with act, is judged as
// the run: scripts of the jobs act runs (issue 17, section 2; blind round 9's three pending variants).
import { describe, expect, it } from 'vitest';
import { workflowSteps } from '../../src/shell/project-tasks.js';
import { runs, written } from './follow-helpers.js';

const WORKFLOW = [
  'name: ci',
  'on: push',
  'jobs:',
  '  test:',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '      - uses: actions/checkout@v4',
  '      - run: npm test',
  '  release:',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '      - run: |',
  '          npm ci',
  '          npm publish --access public',
  '      - run: print("hi")',
  '        shell: python',
  '',
].join('\n');

describe('act runs the steps of a workflow the session wrote', () => {
  it('act -j release runs that job’s run: script', () => {
    expect(runs('act -j release', written({ '.github/workflows/ci.yml': WORKFLOW }))).toContain(
      'npm publish --access public',
    );
  });
  it('act with no job runs every job (the stricter reading of the jobs the event triggers)', () => {
    const r = runs('act push', written({ '.github/workflows/ci.yml': WORKFLOW }));
    expect(r).toContain('npm test');
    expect(r).toContain('npm publish --access public');
  });
  it('act -W names the workflow file; --job= the job', () => {
    expect(runs('act -W ci/flow.yaml --job=release', written({ 'ci/flow.yaml': WORKFLOW }))).toContain(
      'npm publish --access public',
    );
  });
  it('a second workflow in the folder is read too', () => {
    const other = 'on: push\njobs:\n  r9:\n    steps:\n      - run: git push --force origin main\n';
    const r = runs('act', written({ '.github/workflows/a.yml': WORKFLOW, '.github/workflows/b.yml': other }));
    expect(r).toContain('git push --force origin main');
  });
});

describe('what act does not run', () => {
  it('act -j test runs only the test job', () => {
    const r = runs('act -j test', written({ '.github/workflows/ci.yml': WORKFLOW }));
    expect(r).toContain('npm test');
    expect(r).not.toContain('npm publish --access public');
  });
  it('act -l, act -n and act -g run no step', () => {
    for (const cmd of ['act -l', 'act -n -j release', 'act --graph'])
      expect(runs(cmd, written({ '.github/workflows/ci.yml': WORKFLOW }))).not.toContain('npm publish --access public');
  });
  it('a step in another language and an action are not read as shell', () => {
    expect(workflowSteps(WORKFLOW, ['release']).map((l) => l.source)).toEqual([
      'npm ci\nnpm publish --access public\n',
    ]);
  });
  it('a workflow the session did not write is not guessed at', () => {
    expect(runs('act -j release')).toEqual(['act']);
  });
  it('a text that is not YAML runs nothing', () => {
    expect(workflowSteps('jobs: [unclosed', [])).toEqual([]);
  });
});
