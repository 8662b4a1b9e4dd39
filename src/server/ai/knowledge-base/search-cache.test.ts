import { describe, expect, it } from 'vitest';
import { SearchCache } from './search-cache.js';

describe('SearchCache', () => {
  it('answers what it holds and drops the least recently used beyond its budget of characters', () => {
    const cache = new SearchCache<number>(10);
    cache.set('aaaa', 1);
    cache.set('bbbb', 2);
    expect(cache.get('aaaa')).toBe(1);
    cache.set('cccc', 3);
    // 12 characters: 'bbbb', used least recently, goes.
    expect(cache.get('bbbb')).toBeUndefined();
    expect(cache.get('aaaa')).toBe(1);
    expect(cache.get('cccc')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('does not keep a text longer than the whole budget', () => {
    const cache = new SearchCache<number>(3);
    cache.set('abcd', 1);
    expect(cache.size).toBe(0);
  });
});
