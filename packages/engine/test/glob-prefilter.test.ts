// The glob prefilter's literal piece must be a necessary condition: every path picomatch matches contains it, so
// checking it first never rejects a path the glob would match.
import picomatch from 'picomatch/posix.js';
import { describe, expect, it } from 'vitest';
import { compileGlobs, requiredSegment } from '../src/matchers/glob.js';

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
    expect(hits('**/generated/**', false)).toEqual(['generated', 'src/generated/api.ts', 'x/generated']);
    expect(hits('**/GENERATED/**', true)).toEqual(['generated', 'src/generated/api.ts', 'x/generated']);
    expect(hits('**/.env.*', false)).toEqual(['.env.3', 'app/.env.3', 'app/.env.local']);
  });
});
