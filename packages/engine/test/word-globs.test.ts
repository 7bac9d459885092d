// Word globs (program names, subcommand words, positional arguments): "*" matches any characters, "/" included —
// also in a word that starts with "./" or "../", which picomatch's own "*" never matches.
import { describe, expect, it } from 'vitest';
import { compileWords } from '../src/matchers/words.js';

describe('word globs', () => {
  it('match a relative path that starts with ./ or ../ with "*", as any other word', () => {
    const any = compileWords(['*']);
    for (const w of ['./app.jar', '../x', 'a/./b', 'config/prod.yaml', 'main']) expect(any.test(w), w).toBe(true);
    expect(compileWords(['*:*']).test('./a:b')).toBe(true);
    expect(compileWords(['*.jar']).test('./app.jar')).toBe(true);
  });

  it('keep a word that starts with ./ out of a glob that asks for another first character', () => {
    const bucket = compileWords(['?*/?*', '!.*', '!/*', '!~*', '!local/*']);
    expect(bucket.test('prod/shop-www')).toBe(true);
    for (const w of ['./exports', '../x/y', '/tmp/x', '~/x', 'local/b/x']) expect(bucket.test(w), w).toBe(false);
    expect(compileWords(['s3://*']).test('./site')).toBe(false);
  });
});
