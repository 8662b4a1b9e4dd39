import { describe, expect, it } from 'vitest';
import { createExpertJsonCache } from './expert-json-cache.js';

const json = (text: string) => Buffer.from(text);

describe('createExpertJsonCache', () => {
  it('answers an expert for its time to live, then asks again', () => {
    const cache = createExpertJsonCache({ ttlMs: 100, maxBytes: 1_000 });
    cache.set(1, json('{"id":1}'), 0);
    expect(cache.get(1, 99)).toEqual(json('{"id":1}'));
    expect(cache.get(1, 100)).toBeUndefined();
    expect(cache.usage()).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps within its bytes, dropping the oldest first, and drops expired entries as new ones come', () => {
    const cache = createExpertJsonCache({ ttlMs: 100, maxBytes: 20 });
    cache.set(1, json('x'.repeat(10)), 0);
    cache.set(2, json('y'.repeat(10)), 10);
    cache.set(3, json('z'.repeat(10)), 20);
    expect(cache.get(1, 30)).toBeUndefined();
    expect(cache.get(2, 30)).toEqual(json('y'.repeat(10)));
    cache.set(4, json('w'), 115);
    expect(cache.usage()).toEqual({ entries: 2, bytes: 11 });
  });

  it('replaces an expert set again, and forgets everything on clear', () => {
    const cache = createExpertJsonCache({ ttlMs: 100, maxBytes: 1_000 });
    cache.set(1, json('old'), 0);
    cache.set(1, json('newer'), 1);
    expect(cache.get(1, 2)).toEqual(json('newer'));
    expect(cache.usage().bytes).toBe(5);
    cache.clear();
    expect(cache.get(1, 2)).toBeUndefined();
  });
});
