// Round 47 (issue 17): a package manager runs what it runs inside the workspace package it selects. `pnpm --filter
// @shop/release exec bash scripts/sync.sh` runs packages/release/scripts/sync.sh, a script the session wrote there;
// `yarn turbo run deploy --filter=@booking/web` is turbo run by yarn, reading the package.json the session wrote.
// Each with the honest neighbour: another package, a package the session never wrote, a folder it cannot know.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { normaliseCommand } from '../../src/shell/normalise.js';
import { syntheticWord } from '../../src/shell/words.js';
import { selectedFolder, workspaceSelectors } from '../../src/shell/package-folders.js';
import { runs, written } from './follow-helpers.js';

const SYNC = '#!/bin/sh\nset -e\ngit fetch origin\ngit push --force-with-lease origin HEAD:main\n';
const pkg = (name: string, scripts: Record<string, string>) => JSON.stringify({ name, private: true, scripts });
/** The one package a manager's words select (the simple command they parse to), or undefined. */
const managerSelection = (source: string) => {
  const words = source.split(' ').map((w) => syntheticWord(w, 0, 0));
  const selected = workspaceSelectors(normaliseCommand(words, [], [], undefined, '', 0, 0, undefined, undefined));
  return selected?.length === 1 ? selected[0] : undefined;
};
/** The folder of the package named `name`, found as a command run inside it would be. */
const packageFolderByName = (name: string, under: string | undefined, files: ReturnType<typeof ledger>) =>
  selectedFolder({ name, under }, files);
/** The session's files as the walk's glob answers them. */
const ledger = (known: Record<string, string>) => {
  const ctx = written(known);
  return { matching: (pattern: string) => [...(ctx.glob?.(pattern) ?? [])] };
};

describe('which package the manager selects', () => {
  it('reads pnpm filters, npm workspaces and yarn workspace names', () => {
    expect(managerSelection('pnpm --filter @shop/release exec')).toEqual({ name: '@shop/release' });
    expect(managerSelection('pnpm --filter=./packages/ui exec')).toEqual({ folder: 'packages/ui' });
    expect(managerSelection('pnpm -F {packages/ui} exec')).toEqual({ folder: 'packages/ui' });
    expect(managerSelection('npm exec -w packages/api/ --')).toMatchObject({ folder: 'packages/api' });
    expect(managerSelection('npm exec --workspace=@x/api --')).toEqual({ name: '@x/api' });
    expect(managerSelection('yarn workspace @x/web exec')).toEqual({ name: '@x/web' });
    expect(managerSelection('pnpm --filter-prod web exec')).toEqual({ name: 'web' });
  });

  it('selects nothing for several packages, a glob, an exclusion or a dependency graph', () => {
    expect(managerSelection('pnpm --filter a --filter b exec')).toBeUndefined();
    expect(managerSelection('pnpm --filter @shop/* exec')).toBeUndefined();
    expect(managerSelection('pnpm --filter !docs exec')).toBeUndefined();
    expect(managerSelection('pnpm --filter web... exec')).toBeUndefined();
    expect(managerSelection('pnpm exec')).toBeUndefined();
    expect(managerSelection('yarn --cwd workspace exec')).toBeUndefined();
    expect(managerSelection('yarn -s workspace @x/web exec')).toEqual({ name: '@x/web' });
  });

  it('finds a package by the name in its package.json, else by the one folder of that name the session wrote in', () => {
    const named = ledger({ 'apps/storefront/package.json': pkg('@shop/web', {}) });
    expect(packageFolderByName('@shop/web', undefined, named)).toBe('apps/storefront');
    expect(packageFolderByName('web', undefined, named)).toBe('apps/storefront');
    const layout = ledger({ 'packages/release/scripts/sync.sh': SYNC });
    expect(packageFolderByName('@shop/release', undefined, layout)).toBe('packages/release');
    const twice = ledger({ 'packages/release/a.sh': SYNC, 'docs/release/notes.md': '# notes' });
    expect(packageFolderByName('@shop/release', undefined, twice)).toBeUndefined();
  });
});

describe('a command run inside the selected package', () => {
  const session = written({ 'packages/release/scripts/sync.sh': SYNC });

  it.each([
    'pnpm --filter @shop/release exec bash scripts/sync.sh',
    'pnpm -F ./packages/release exec ./scripts/sync.sh',
    'npm exec -w packages/release -- bash scripts/sync.sh',
    'yarn workspace @shop/release exec bash scripts/sync.sh',
    'cd packages && pnpm --filter release exec sh scripts/sync.sh',
  ])('%s runs the script the session wrote in that package', (source) => {
    expect(runs(source, session)).toContain('git push --force-with-lease origin HEAD:main');
  });

  it('leaves a package the session never wrote in where the manager stands', () => {
    expect(runs('pnpm --filter @shop/docs exec bash scripts/sync.sh', session)).not.toContain(
      'git push --force-with-lease origin HEAD:main',
    );
    const cwd = parseShell('pnpm --filter @shop/docs exec make', undefined, session).commands.at(-1)?.cwd;
    expect(cwd).toBeUndefined();
  });

  it('runs a script of the selected package by yarn workspace NAME, with or without run', () => {
    const scripts = written({
      'packages/release/package.json': pkg('@shop/release', { sync: 'git push -f origin main' }),
    });
    for (const source of ['yarn workspace @shop/release run sync', 'yarn workspace @shop/release sync'])
      expect(runs(source, scripts)).toContain('git push -f origin main');
    expect(runs('yarn workspace @shop/docs run sync', scripts)).not.toContain('git push -f origin main');
  });
});

describe('a monorepo tool run by the package manager', () => {
  const web = written({
    'apps/web/package.json': pkg('@booking/web', { build: 'vite build', deploy: 'netlify deploy --prod --dir=dist' }),
  });

  it('reads the scripts turbo runs when yarn, pnpm or npx starts turbo', () => {
    for (const source of [
      'yarn turbo run build test deploy --filter=@booking/web',
      'pnpm turbo run deploy --filter @booking/web',
      'npx turbo run deploy --filter=@booking/web',
    ])
      expect(runs(source, web)).toContain('netlify deploy --prod --dir=dist');
  });

  it('reads only the tasks named, and a root script named like the tool still wins', () => {
    expect(runs('yarn turbo run build --filter=@booking/web', web)).not.toContain('netlify deploy --prod --dir=dist');
    const own = written({
      'package.json': pkg('root', { turbo: 'echo not turbo' }),
      'apps/web/package.json': pkg('@booking/web', { deploy: 'netlify deploy --prod' }),
    });
    expect(runs('yarn turbo run deploy', own)).not.toContain('netlify deploy --prod');
  });
});
