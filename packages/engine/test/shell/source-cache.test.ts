// The parse caches' map: sources are filed by their length and a few characters, never hashed whole, so two sources
// filed alike must still be told apart, and the bounds (entries, bytes) must hold whatever arrives.
import { describe, expect, it } from 'vitest';
import { SHELL_CACHE_LIMITS, SourceCache } from '../../src/shell/source-cache.js';

describe('the source cache', () => {
  it('tells apart sources of one length that differ only where it does not look', () => {
    const cache = new SourceCache<string>(16);
    // Same length, same first character; they differ only at index 1, between the sampled characters.
    const a = 'xa-------------------------------';
    const b = 'xb-------------------------------';
    cache.set(a, 'A');
    expect(cache.get(b)).toBeUndefined();
    cache.set(b, 'B');
    expect(cache.get(a)).toBe('A');
    expect(cache.get(b)).toBe('B');
    expect(cache.get(`${a.slice(0, -1)}+`)).toBeUndefined();
  });

  it('keeps a few of the sources filed alike and never answers one with another', () => {
    const cache = new SourceCache<number>(256);
    // 1,000 characters that differ only at index 3, which no sample looks at: all filed alike.
    const made = (i: number) => `abc${String.fromCharCode(65 + i)}${'-'.repeat(996)}`;
    for (let i = 0; i < 10; i++) cache.set(made(i), i);
    expect(cache.stats.entries).toBe(4);
    for (let i = 0; i < 6; i++) expect(cache.get(made(i))).toBeUndefined();
    for (let i = 6; i < 10; i++) expect(cache.get(made(i))).toBe(i);
    // The others still count as usual.
    cache.set('git status', 11);
    expect(cache.get('git status')).toBe(11);
    expect(cache.stats.entries).toBe(5);
  });

  it('replaces what a key held without counting it twice, and evicts the oldest first', () => {
    const cache = new SourceCache<number>(3);
    cache.set('one', 1);
    cache.set('two', 2);
    cache.set('one', 11);
    expect(cache.stats).toEqual({ entries: 2, bytes: 6 });
    cache.set('three', 3);
    cache.set('four', 4);
    // 'two' was the oldest once 'one' was set again.
    expect(cache.get('two')).toBeUndefined();
    expect([cache.get('one'), cache.get('three'), cache.get('four')]).toEqual([11, 3, 4]);
    expect(cache.stats).toEqual({ entries: 3, bytes: 12 });
  });

  it('keeps its byte bound and never keeps a source over the per-source bound', () => {
    const cache = new SourceCache<number>(10_000);
    const piece = 'z'.repeat(60 * 1024);
    // A different first character each: no two are filed alike, so only the byte bound evicts.
    const key = (i: number) => `${String.fromCharCode(0x4e00 + i)} ${piece}`;
    for (let i = 0; i < 200; i++) cache.set(key(i), i);
    expect(cache.stats.bytes).toBeLessThanOrEqual(SHELL_CACHE_LIMITS.bytes);
    expect(cache.get(key(199))).toBe(199);
    expect(cache.get(key(0))).toBeUndefined();
    cache.set('y'.repeat(SHELL_CACHE_LIMITS.maxSource + 1), 1);
    expect(cache.get('y'.repeat(SHELL_CACHE_LIMITS.maxSource + 1))).toBeUndefined();
  });

  it('answers as a plain insertion-ordered map with the same bounds would, through replacements and evictions', () => {
    const cache = new SourceCache<number>(8);
    const reference = new Map<string, number>();
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    for (let i = 0; i < 5000; i++) {
      // Few distinct keys of few lengths, so replacements, holes and sources filed alike are frequent.
      const key = `${'k'.repeat(next() % 3)}${next() % 20}`;
      cache.set(key, i);
      reference.delete(key);
      reference.set(key, i);
      for (const oldest of reference.keys()) {
        if (reference.size <= 8) break;
        reference.delete(oldest);
      }
      if (i % 50 === 0) {
        for (let k = 0; k < 20; k++)
          for (const pad of ['', 'k', 'kk']) expect(cache.get(`${pad}${k}`)).toBe(reference.get(`${pad}${k}`));
        expect(cache.stats.entries).toBe(reference.size);
      }
    }
  });
});
