// The parse cache hands the same model to every caller from the second on: it must be frozen all the way down (a
// caller that changed it would change the next caller's answer), the first caller's model is its own, and the cache is
// bounded by bytes as well as entries (issue 19).
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { SHELL_CACHE_LIMITS, shellCacheStats } from '../../src/shell/model.js';

describe('the parse cache', () => {
  it("hands the first caller a model of its own: changing it changes nobody else's answer", () => {
    const source = 'git push --force origin main # first caller';
    const first = parseShell(source);
    (first.commands[0]!.argv as string[]).push('--dry-run');
    (first.commands[0]!.flags[0] as { name: string }).name = '--force-with-lease';
    const again = parseShell(source);
    expect(again).not.toBe(first);
    expect(again.commands[0]!.argv).toEqual(['push', '--force', 'origin', 'main']);
    expect(again.commands[0]!.flags.map((f) => f.name)).toEqual(['--force']);
  });

  it('hands out deeply frozen models once a source is seen again: changing one throws and the next caller gets the same answer', () => {
    parseShell('git push --force origin main');
    const first = parseShell('git push --force origin main');
    const again = parseShell('git push --force origin main');
    expect(again).toBe(first);
    const command = first.commands[0]!;
    expect(() => (command.argv as string[]).push('--dry-run')).toThrow(TypeError);
    expect(() => (command.flags as unknown as unknown[]).splice(0, 1)).toThrow(TypeError);
    expect(() => {
      (command.flags[0] as { name: string }).name = '--force-with-lease';
    }).toThrow(TypeError);
    expect(parseShell('git push --force origin main').commands[0]!.flags.map((f) => f.name)).toEqual(['--force']);
  });

  it('freezes everything a shared model holds (the environment, implied words, effects, unknown words)', () => {
    const source = 'B=main; KUBECONFIG=~/.kube/prod kubectl get pods > "$OUT" && git push -f origin "$X"';
    parseShell(source);
    const model = parseShell(source);
    const unfrozen: string[] = [];
    const visit = (value: unknown, at: string): void => {
      if (value === null || typeof value !== 'object') return;
      if (!Object.isFrozen(value)) unfrozen.push(at);
      for (const [k, v] of Object.entries(value)) visit(v, `${at}.${k}`);
    };
    visit(model, 'model');
    expect(model.commands.some((c) => c.environment !== undefined)).toBe(true);
    expect(model.effects.length).toBeGreaterThan(0);
    expect(unfrozen).toEqual([]);
  });

  it('does not keep a command longer than the per-source bound', () => {
    const long = `echo ${'x'.repeat(SHELL_CACHE_LIMITS.maxSource)}`;
    expect(parseShell(long)).not.toBe(parseShell(long));
  });

  it('stays within its byte bound however many distinct long commands arrive', () => {
    const piece = 'y'.repeat(32 * 1024);
    for (let i = 0; i < 300; i++) parseShell(`echo ${i} ${piece}`);
    const stats = shellCacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(SHELL_CACHE_LIMITS.bytes);
    expect(stats.entries).toBeLessThanOrEqual(SHELL_CACHE_LIMITS.entries + SHELL_CACHE_LIMITS.branchEntries);
    // The recent ones are still there: a bound, not a flush.
    parseShell(`echo 299 ${piece}`);
    expect(parseShell(`echo 299 ${piece}`)).toBe(parseShell(`echo 299 ${piece}`));
  });
});
