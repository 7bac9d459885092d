// Blind round 44 (issue 17): the run steps of real CI workflows, Makefiles and task runners. What the shell model had
// to learn so that a step replayed as written is read as it runs.
import { describe, expect, it } from 'vitest';
import { runs } from './follow-helpers.js';

describe("git status's output as a whole", () => {
  const on = { branch: 'main', upstream: 'origin/main' };
  // sec-an/Better-Auto-XXQG's update-repo.sh: push only when the status line says something changed.
  const step = [
    'status_log=$(git status -sb)',
    'if [ "$status_log" == "## main...origin/main" ];then',
    '  echo "nothing to commit, working tree clean"',
    'else',
    '  git add .&&git commit -m "update"&&git push origin main',
    'fi',
  ].join('\n');

  it('is not known: the lines about files follow the branch line, so the comparison cannot be decided', () => {
    expect(runs(step, on)).toContain('git push origin main');
    expect(runs(step.replace('==', '!='), on)).toContain('git push origin main');
  });

  it('still gives its branch line to a filter that takes the first line', () => {
    expect(runs('git push origin "$(git status -sb | head -n 1 | cut -c4- | cut -d. -f1)"', on)).toContain(
      'git push origin main',
    );
  });

  it('leaves a comparison of known values decided', () => {
    expect(runs('B=main; if [ "$B" = feat ]; then git push origin main; fi', on)).not.toContain('git push');
  });
});

describe('command runners of Node scripts', () => {
  it("reads shelljs's exec and execa's command form as the command line they run", () => {
    expect(runs(`node -e "const sh = require('shelljs'); sh.exec('netlify deploy --dir=dist --prod')"`)).toContain(
      'netlify deploy --dir=dist --prod',
    );
    expect(runs(`node -e "shell.exec('npm publish --access public')"`)).toContain('npm publish --access public');
    expect(runs(`node -e "await execaCommand('npm publish')"`)).toContain('npm publish');
  });

  it("reads execa's program and argument list, and leaves a regular expression's exec alone", () => {
    expect(runs(`node -e "await execa('npm', ['publish', '--tag', 'next'])"`)).toContain('npm publish --tag next');
    expect(runs(`node -e "const m = /v(\\d+)/.exec('npm publish')"`)).not.toContain('npm publish');
  });
});
