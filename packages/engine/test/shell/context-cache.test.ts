// The parse cache stays context-free and frozen while calls carry a context (the session's values and directory, the
// files it wrote, the branch): a call is walked again only when the context answers what its context-free walk asked
// about, so a full ledger does not make every call a fresh parse, and no context ever leaks into a cached model.
import { describe, expect, it } from 'vitest';
import { parseShell, sameModel, type ShellContext } from '../../src/shell/index.js';

const files =
  (known: Record<string, string>): ShellContext['file'] =>
  (path) =>
    Object.hasOwn(known, path) ? { text: known[path], pieces: [] } : undefined;

describe('the parse cache with a context', () => {
  it('answers a call that asks nothing of the context from the frozen context-free model', () => {
    parseShell('npm test && git status');
    const free = parseShell('npm test && git status');
    const withContext = parseShell('npm test && git status', undefined, {
      file: files({ 'x.sh': 'rm -rf src\n' }),
      branch: 'main',
    });
    expect(withContext).toBe(free);
    expect(Object.isFrozen(free)).toBe(true);
  });

  it('walks a call again when the context knows a file it runs, and only then', () => {
    const source = 'bash scripts/ship.sh';
    parseShell(source);
    const unknown = parseShell(source, undefined, { file: files({ 'other.sh': 'git push -f origin main\n' }) });
    expect(unknown).toBe(parseShell(source));
    expect(unknown.commands.map((c) => c.program)).toEqual(['bash']);
    const known = parseShell(source, undefined, { file: files({ 'scripts/ship.sh': 'git push -f origin main\n' }) });
    expect(known).not.toBe(unknown);
    expect(known.commands.map((c) => c.program)).toEqual(['bash', 'git']);
    // The cached model is untouched by the walk that had the context.
    expect(parseShell(source).commands.map((c) => c.program)).toEqual(['bash']);
  });

  it('caches a push that needs only the branch by source and branch, frozen', () => {
    const source = 'git push --force-with-lease';
    const onMain = parseShell(source, undefined, { branch: 'main' });
    expect(parseShell(source, undefined, { branch: 'main' })).toBe(onMain);
    expect(Object.isFrozen(onMain)).toBe(true);
    expect(onMain.commands[0]?.positionals).toEqual(['push', 'origin', 'main']);
    const onFeature = parseShell(source, undefined, { branch: 'feat/x' });
    expect(onFeature.commands[0]?.positionals).toEqual(['push', 'origin', 'feat/x']);
    expect(parseShell(source).commands[0]?.positionals).toEqual(['push']);
  });

  it('walks a call whose values matter with its whole context, uncached', () => {
    const source = 'git push -f origin "$B" && bash run.sh';
    const model = parseShell(source, undefined, { env: { B: 'main' }, file: files({ 'run.sh': 'rm -rf src\n' }) });
    expect(Object.isFrozen(model)).toBe(false);
    expect(model.commands.map((c) => [c.program, ...c.positionals].join(' '))).toEqual([
      'git push origin main',
      'bash run.sh',
      'rm src',
    ]);
    expect(parseShell(source).commands[0]?.positionals).toEqual(['push', 'origin', '$B']);
  });

  it('says when a context cannot change a context-free model, so a second reading of a call is not made twice', () => {
    const plain = parseShell('npm test && git status');
    expect(sameModel('npm test && git status', plain, undefined)).toBe(true);
    expect(sameModel('npm test && git status', plain, { env: { NODE_ENV: '' } })).toBe(true);
    // A directory changes every path; a value changes a word that reads it.
    expect(sameModel('npm test && git status', plain, { cwd: 'build' })).toBe(false);
    const reads = parseShell('echo "$NODE_ENV" > out.txt');
    expect(sameModel('echo "$NODE_ENV" > out.txt', reads, { env: { NODE_ENV: '' } })).toBe(false);
    // A file the context knows and the call runs, or the branch a push implies, is walked with the context.
    const runs = parseShell('bash run.sh');
    expect(sameModel('bash run.sh', runs, { file: files({ 'run.sh': 'rm -rf src\n' }) })).toBe(false);
    expect(sameModel('bash run.sh', runs, { file: files({ 'other.sh': 'rm -rf src\n' }) })).toBe(true);
    const push = parseShell('git push --force-with-lease');
    expect(sameModel('git push --force-with-lease', push, { branch: 'main' })).toBe(false);
    // A model walked with a context is never taken for the context-free one.
    const walked = parseShell('echo "$B"', undefined, { env: { B: 'main' } });
    expect(sameModel('echo "$B"', walked, undefined)).toBe(false);
  });
});
