// The glob prefilter's literal piece must be a necessary condition: every path picomatch matches contains it, so
// checking it first never rejects a path the glob would match.
import picomatch from 'picomatch/posix.js';
import { describe, expect, it } from 'vitest';
import { compileGlobs, keysOfPath, pathKeys, requiredSegment } from '../src/matchers/glob.js';

const GLOBS = [
  '**/generated/**',
  '**/.env.*',
  '**/.env.3',
  'src/**/*.ts',
  './src/*.ts',
  'a*b?c/**',
  '**/node_modules/**',
  '**/*.secret1',
  'docs/../secret/**',
  'lib5/**/*.ts',
  'pkg5/generated/**',
  'Src/**',
  '**/*.d.ts',
  'x/*.',
  '**/{a,b}/**',
  '**/[ab]x/**',
  '/etc/**',
  '**',
];
const PATHS = [
  'generated',
  'src/generated/api.ts',
  'x/generated',
  '.env.3',
  'app/.env.3',
  'app/.env.local',
  'src/a.ts',
  'src/deep/b.ts',
  'axbzc/file',
  'abxc/d/e',
  'node_modules/x/index.js',
  'config/app.secret1',
  'docs/../secret/key',
  'a/x',
  'q/bx/r',
  '/etc/passwd',
  '../outside/file',
  'lib5/core/b.ts',
  'lib50/core/b.ts',
  'lib5',
  'pkg5/generated',
  'pkg5/generated/api.ts',
  'src/types/a.d.ts',
  'Src/x',
  'x/y.',
];

describe('glob prefilter', () => {
  it('finds the longest literal piece of star-only globs, and none for other syntax', () => {
    expect(requiredSegment('**/generated/**')).toBe('generated');
    expect(requiredSegment('**/.env.*')).toBe('.env.');
    expect(requiredSegment('./src/*.ts')).toBe('src');
    expect(requiredSegment('**/{a,b}/**')).toBe('');
    expect(requiredSegment('**')).toBe('');
  });

  it('never rejects a path picomatch matches', () => {
    for (const glob of GLOBS)
      for (const path of PATHS)
        if (picomatch.makeRe(glob, { dot: true }).test(path))
          expect(path.includes(requiredSegment(glob)), `${glob} on ${path}`).toBe(true);
  });

  it('gives the same answers as before for matching and non-matching paths', () => {
    const hits = (glob: string, nocase: boolean) => {
      const r = compileGlobs([glob], nocase);
      if (!r.ok) throw new Error(r.error);
      return PATHS.filter((p) => r.value.test(p, p.startsWith('/') ? p : undefined));
    };
    const generated = ['generated', 'src/generated/api.ts', 'x/generated', 'pkg5/generated', 'pkg5/generated/api.ts'];
    expect(hits('**/generated/**', false)).toEqual(generated);
    expect(hits('**/GENERATED/**', true)).toEqual(generated);
    expect(hits('**/.env.*', false)).toEqual(['.env.3', 'app/.env.3', 'app/.env.local']);
  });

  it('gives path keys only for globs whose every match has them: first segment or extension', () => {
    expect(pathKeys(['lib5/**/*.ts'])).toEqual({ heads: new Set(['lib5']), exts: new Set() });
    expect(pathKeys(['**/*.secret1', '!**/x/**'])).toEqual({ heads: new Set(), exts: new Set(['secret1']) });
    expect(pathKeys(['**/generated/**'])).toBeUndefined();
    expect(pathKeys(['/etc/**'])).toBeUndefined();
    // "./" is no first segment (picomatch drops it), but the extension still holds.
    expect(pathKeys(['./src/*.ts'])).toEqual({ heads: new Set(), exts: new Set(['ts']) });
    expect(pathKeys(['./src/**'])).toBeUndefined();
    for (const glob of GLOBS) {
      const keys = pathKeys([glob]);
      if (keys === undefined) continue;
      for (const nocase of [false, true])
        for (const path of PATHS)
          if (picomatch.makeRe(glob, { dot: true, nocase }).test(path)) {
            const { head, ext } = keysOfPath(path);
            const has = keys.heads.has(head) || (ext !== undefined && keys.exts.has(ext));
            expect(has, `${glob} on ${path}`).toBe(true);
          }
    }
  });
});
