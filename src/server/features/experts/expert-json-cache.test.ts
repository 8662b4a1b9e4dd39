import { describe, expect, it } from 'vitest';
import { createExpertJsonCache } from './expert-json-cache.js';

const text = (buffer: Buffer | undefined) => buffer?.toString('utf8');

describe('createExpertJsonCache', () => {
  it('answers an expert for its time to live, then asks again', () => {
    const cache = createExpertJsonCache({ ttlMs: 100, maxBytes: 1_000 });
    cache.set(1, '{"id":1,"name":"Zoë"}', 0);
    expect(text(cache.get(1, 99))).toBe('{"id":1,"name":"Zoë"}');
    expect(cache.get(1, 100)).toBeUndefined();
  });

  it('overwrites the oldest JSON first when its bytes are full, and keeps the rest', () => {
    const cache = createExpertJsonCache({ ttlMs: 100, maxBytes: 25 });
    cache.set(1, 'x'.repeat(10), 0);
    cache.set(2, 'y'.repeat(10), 10);
    // Does not fit after the second: starts the next lap, over the first.
    cache.set(3, 'z'.repeat(10), 20);
    expect(cache.get(1, 30)).toBeUndefined();
    expect(text(cache.get(2, 30))).toBe('y'.repeat(10));
    expect(text(cache.get(3, 30))).toBe('z'.repeat(10));
    // Written after the third, over the start of the second, the oldest: the second is gone.
    cache.set(4, 'w', 30);
    expect([2, 3, 4].map((id) => text(cache.get(id, 31)))).toEqual([undefined, 'z'.repeat(10), 'w']);
    cache.set(5, 'v'.repeat(5), 32);
    expect([3, 4, 5].map((id) => text(cache.get(id, 33)))).toEqual(['z'.repeat(10), 'w', 'v'.repeat(5)]);
  });

  it('holds at most its number of entries, reusing the oldest slot', () => {
    const cache = createExpertJsonCache({ ttlMs: 100, maxBytes: 1_000, maxEntries: 2 });
    cache.set(1, 'one', 0);
    cache.set(2, 'two', 0);
    cache.set(3, 'three', 0);
    expect([1, 2, 3].map((id) => text(cache.get(id, 1)))).toEqual([undefined, 'two', 'three']);
  });

  it('answers the newest JSON of an expert set again, and forgets everything on clear', () => {
    const cache = createExpertJsonCache({ ttlMs: 100, maxBytes: 1_000, maxEntries: 2 });
    cache.set(1, 'old', 0);
    cache.set(1, 'newer', 1);
    expect(text(cache.get(1, 2))).toBe('newer');
    // The old slot is reused: the expert's newer entry stays.
    cache.set(2, 'two', 2);
    expect(text(cache.get(1, 3))).toBe('newer');
    cache.clear();
    expect(cache.get(1, 3)).toBeUndefined();
  });

  it('does not keep JSON larger than all its bytes', () => {
    const cache = createExpertJsonCache({ ttlMs: 100, maxBytes: 4 });
    cache.set(1, 'toolong', 0);
    expect(cache.get(1, 1)).toBeUndefined();
  });
});
