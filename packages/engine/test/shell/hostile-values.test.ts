// Following the data must stay linear and bounded whatever the agent writes: long chains of assignments, deep default
// expansions, huge heredocs fed to shells, loops over many words, parallel's argument products, operator storms.
// The bounds checked here are counts (commands, runs, recoveries); the time limit only catches an exponential walk.
import { describe, expect, it } from 'vitest';
import { parseShell, SHELL_LIMITS, type ShellModel } from '../../src/shell/index.js';
import { VALUE_LIMITS } from '../../src/shell/values.js';
import { globMatch } from '../../src/shell/glob-match.js';

const KB = 1024;

/**
 * Parses `source`, checks the model is well formed and the work stayed under `ms`. The limit is far above the
 * linear walk's time (under 2 s here even on a loaded machine) and far below an exponential one's (200 nested levels
 * would never end): a loaded CI machine once took 4.3 s for the slowest case, so a tighter limit only measured load.
 */
function bounded(source: string, ms = 20_000): ShellModel {
  const started = performance.now();
  const model = parseShell(source, { maxDepth: SHELL_LIMITS.maxDepth });
  expect(performance.now() - started, 'time').toBeLessThan(ms);
  expect(model.commands.length).toBeLessThanOrEqual(SHELL_LIMITS.maxCommands);
  for (const c of model.commands) expect(c.end).toBeLessThanOrEqual(source.length);
  return model;
}

describe('values on hostile input', () => {
  it('a chain of 20,000 assignments each built from the last stays bounded', () => {
    let source = 'X0=a';
    for (let i = 1; i < 20_000; i++) source += `; X${i}="$X${i - 1}a"`;
    const model = bounded(`${source}; echo "$X19999"`);
    // Past the name bound a value is unknown, never wrong.
    const echo = model.commands.find((c) => c.program === 'echo');
    if (echo !== undefined) expect(echo.unknown.length).toBe(1);
  });

  it('a value doubled again and again stops at the length bound', () => {
    let source = 'X=aaaaaaaa';
    for (let i = 0; i < 40; i++) source += '; X="$X$X"';
    const model = bounded(`${source}; rm -rf "$X"`);
    const rm = model.commands.find((c) => c.program === 'rm');
    expect(rm?.unknown.length).toBe(1);
    expect(rm?.argv.every((a) => a.length <= VALUE_LIMITS.maxLength + 64)).toBe(true);
  });

  it('deeply nested default expansions stop at the depth bound', () => {
    const source = `echo ${'${X:-'.repeat(3000)}main${'}'.repeat(3000)}`;
    bounded(source);
  });

  it('nested substitutions of literals stop at the depth bound', () => {
    const source = `git push -f origin ${'$(echo '.repeat(200)}main${')'.repeat(200)}`;
    bounded(source);
  });

  it('pattern removal on a long value does not backtrack', () => {
    const value = 'a'.repeat(600);
    bounded(`X=${value}; echo "\${X##*a*a*a*a*a*b}" "\${X%%a*a*a*a*b}"`);
    const started = performance.now();
    expect(globMatch(`${'*a'.repeat(200)}b`, 'a'.repeat(5000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a loop over many words is walked once with its variable unknown, and nested loops cannot multiply', () => {
    const many = bounded(
      `for b in ${Array.from({ length: 5000 }, (_, i) => `b${i}`).join(' ')}; do git push -f origin "$b"; done`,
    );
    expect(many.commands.filter((c) => c.program === 'git')).toHaveLength(1);
    const words = Array.from({ length: 16 }, (_, i) => `w${i}`).join(' ');
    const nested = bounded(
      `for a in ${words}; do for b in ${words}; do for c in ${words}; do (( x++ )); :; done; done; done`,
    );
    expect(nested.commands.length).toBeLessThanOrEqual(SHELL_LIMITS.maxCommands);
  });

  it('parallel with a huge argument product runs its command once, targets unknown', () => {
    const args = Array.from({ length: 100 }, (_, i) => `a${i}`).join(' ');
    const model = bounded(`parallel rm -rf {1}/{2} ::: ${args} ::: ${args}`);
    expect(model.commands.filter((c) => c.program === 'rm')).toHaveLength(1);
  });

  it('xargs and parallel fed a 200 KB literal stay bounded', () => {
    const input = Array.from({ length: 20_000 }, (_, i) => `f${i}`).join('\\n');
    bounded(`printf '${input}' | xargs -n1 rm -f`);
    bounded(`printf '${input}' | parallel rm -f`);
  });

  it('a 200 KB heredoc fed to a shell is parsed once, within the command bound', () => {
    const body = 'rm -rf x\n'.repeat((200 * KB) / 9);
    const model = bounded(`bash <<'EOF'\n${body}EOF`);
    expect(model.commands.length).toBe(SHELL_LIMITS.maxCommands);
  });

  it('an operator storm is recovered from a bounded number of times', () => {
    bounded(`${'&& '.repeat(50_000)}git push -f origin main`);
    bounded(`${'| ; && ) '.repeat(20_000)}rm -rf /`);
  });

  it('thousands of reads, exports and unsets stay bounded', () => {
    const parts: string[] = [];
    for (let i = 0; i < 3000; i++) parts.push(`read -r V${i} <<< v${i}`, `export E${i}=$V${i}`, `unset V${i}`);
    bounded(parts.join('; '));
  });

  it('cannot reach Object.prototype through variable names', () => {
    const model = bounded('__proto__=x; constructor=y; echo "$__proto__" "$constructor" "$toString"');
    const echo = model.commands.find((c) => c.program === 'echo');
    expect(echo?.positionals.slice(0, 2)).toEqual(['x', 'y']);
    expect(echo?.unknown.map((u) => u.text)).toEqual(['"$toString"']);
    expect(model.persists.env).toEqual(
      Object.fromEntries([
        ['__proto__', 'x'],
        ['constructor', 'y'],
      ]),
    );
    expect(Object.getPrototypeOf(model.persists.env)).toBe(Object.prototype);
  });
});
