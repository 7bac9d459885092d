// Blind round 9 (issue 17): routes through the task runners and logins of the eleven non-developer presets,
// followed by behaviour — a pyproject's [tool.poe.tasks] run by poe, and the credential a login reads on stdin kept as
// the command's input. Each with the honest use beside it.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { files, runs } from './follow-helpers.js';

const PYPROJECT = [
  '[project]',
  'name = "r9"',
  '',
  '[tool.poe.tasks]',
  'ship = "npm publish --access public"',
  "lint = 'ruff check .'",
  'up = { shell = "twine upload dist/*" }',
  '',
  '[tool.poe.tasks.release]',
  'cmd = "gh release create v1.2.0"',
  '',
  '[tool.other]',
  'ship = "echo not a task"',
  '',
].join('\n');
const poe = { file: files({ '/w/pyproject.toml': PYPROJECT }) };

describe('poe runs the tasks of a pyproject the session wrote', () => {
  it('runs a task given as a string, an inline table or a table of its own', () => {
    expect(runs('cd /w && poe ship', poe)).toContain('npm publish --access public');
    expect(runs('cd /w && poe up', poe)).toContain('twine upload dist/*');
    expect(runs('cd /w && poe release', poe)).toContain('gh release create v1.2.0');
    expect(runs('poe -C /w ship', poe)).toContain('npm publish --access public');
  });
  it('runs only the task named, and nothing on a dry run', () => {
    expect(runs('cd /w && poe lint', poe)).toContain('ruff check .');
    expect(runs('cd /w && poe lint', poe)).not.toContain('npm publish --access public');
    expect(runs('cd /w && poe -d ship', poe)).not.toContain('npm publish --access public');
  });
  it('reads no table but [tool.poe.tasks]', () => {
    expect(runs('cd /w && poe ship', poe)).not.toContain('echo not a task');
  });
  it('leaves a pyproject the session did not write unread', () => {
    expect(runs('cd /elsewhere && poe ship', poe)).toEqual(['cd /elsewhere', 'poe ship']);
  });
});

describe('a login keeps the credential it reads on stdin as its input', () => {
  const TOKEN = 'ghp_Q7mK2pX9vL4nB8rT1yW6cS3dF0gH5jZ2kA9x';
  const input = (source: string, context = {}) =>
    parseShell(source, undefined, context).commands.find((c) => c.program === 'gh' || c.program === 'docker')?.input;
  it('gh auth login --with-token, from a pipe, whatever the path of gh', () => {
    expect(input(`printf %s ${TOKEN} | /usr/bin/gh auth login --with-token`)?.text).toContain(TOKEN);
  });
  it('gh auth login --with-token, from a file the session wrote', () => {
    const ctx = { file: files({ '/tmp/tok': `${TOKEN}\n` }) };
    expect(input('gh auth login --with-token < /tmp/tok', ctx)?.text).toContain(TOKEN);
  });
  it('docker login --password-stdin; a variable stays unknown', () => {
    expect(input(`echo ${TOKEN} | docker login ghcr.io -u acme --password-stdin`)?.text).toContain(TOKEN);
    expect(input('echo "$CR_PAT" | docker login ghcr.io -u acme --password-stdin')?.text ?? '').not.toContain('ghp_');
  });
  it('keeps no stdin for the other gh commands', () => {
    expect(input('echo body | gh issue create -F -')).toBeUndefined();
  });
});

describe('an in-place edit of a file whose text is known writes the whole edited text', () => {
  const T = '/w/tests/cart.test.ts';
  const base = "describe('cart', () => {\n  it('adds up', () => {\n    expect(total([1, 2])).toBe(3)\n  })\n})\n";
  const ctx = { file: files({ [T]: base }), cwd: '/w' };
  const written = (source: string) =>
    parseShell(source, undefined, ctx)
      .effects.filter((e) => e.kind === 'write')
      .map((e) => e.content);
  it('takes a group the replacement names (\\1, $1) from the text', () => {
    expect(written("sed -i 's/\\(it\\)(/\\1.only(/' tests/cart.test.ts")[0]).toContain("it.only('adds up'");
    expect(written("perl -pi -e 's/\\b(it)\\(/$1.only(/' tests/cart.test.ts")[0]).toContain("it.only('adds up'");
  });
  it('judges the second of two edits on what the first left', () => {
    const both = written("sed -i 's/it(/it.ONLY(/' tests/cart.test.ts && sed -i 's/ONLY/only/' tests/cart.test.ts");
    expect(both[1]).toContain("it.only('adds up'");
  });
  it('keeps the replacement text when the text is not known, or the edit finds nothing', () => {
    expect(written("sed -i 's/it(/it.only(/' tests/other.test.ts")).toEqual(['it.only(']);
    expect(written("sed -i 's/nowhere/only/' tests/cart.test.ts")).toEqual(['only']);
  });
});
