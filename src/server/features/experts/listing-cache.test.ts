import { describe, expect, it } from 'vitest';
import { createListingCache } from './listing-cache.js';
import { expertListQuerySchema } from '../../../common/expert.js';

const query = (params: Record<string, string> = {}) => expertListQuerySchema.parse(params);

describe('the expert listing cache', () => {
  it('shares one load between concurrent and repeated requests for the same query', async () => {
    let loads = 0;
    const cache = createListingCache(async () => ({ body: `[${++loads}]`, total: loads }));
    const [a, b] = await Promise.all([cache.get(query(), 0), cache.get(query(), 1)]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    await cache.get(query({ sort: 'rating' }), 10); // the same query once defaults apply
    expect(loads).toBe(1);
  });

  it('loads again after five seconds, for another query, and after clear()', async () => {
    let loads = 0;
    const cache = createListingCache(async () => ({ body: '[]', total: ++loads }));
    await cache.get(query(), 0);
    await cache.get(query(), 5_001);
    expect(loads).toBe(2);
    await cache.get(query({ specialty: 'hull' }), 5_002);
    expect(loads).toBe(3);
    cache.clear();
    await cache.get(query(), 5_003);
    expect(loads).toBe(4);
  });

  it('does not keep a failed load', async () => {
    let calls = 0;
    const cache = createListingCache(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
      return { body: '[]', total: 0 };
    });
    await expect(cache.get(query(), 0)).rejects.toThrow('database down');
    await expect(cache.get(query(), 1)).resolves.toMatchObject({ body: '[]', total: 0 });
  });
});

describe('the expert listing cache, bounded', () => {
  const limits = { maxEntries: 500, maxBytes: 2_500 };
  const bodyOf = (length: number) => `[${'x'.repeat(length - 2)}]`;

  it('counts bodies and their compressed copies, and drops the oldest answers beyond its bytes', async () => {
    let loads = 0;
    const cache = createListingCache(async () => ({ body: bodyOf(1_000), total: ++loads }), limits);
    const first = await cache.get(query({ specialty: 'a' }), 0);
    await cache.get(query({ specialty: 'b' }), 1);
    expect(cache.usage()).toEqual({ entries: 2, bytes: 2_000 });
    const gzip = first.encoded('gzip');
    expect(cache.usage().bytes).toBe(2_000 + gzip.length);
    first.encoded('gzip'); // made once, counted once
    expect(cache.usage().bytes).toBe(2_000 + gzip.length);
    await cache.get(query({ specialty: 'c' }), 2);
    expect(cache.usage()).toEqual({ entries: 2, bytes: 2_000 });
    await cache.get(query({ specialty: 'b' }), 3);
    expect(loads).toBe(3);
    await cache.get(query({ specialty: 'a' }), 4);
    expect(loads).toBe(4);
  });

  it('drops expired answers when new ones come, and keeps no more than its entries', async () => {
    const cache = createListingCache(async () => ({ body: '[]', total: 0 }), { maxEntries: 3, maxBytes: 1_000_000 });
    for (const specialty of ['a', 'b', 'c', 'd']) await cache.get(query({ specialty }), 0);
    expect(cache.usage().entries).toBe(3);
    await cache.get(query({ specialty: 'a' }), 5_001);
    expect(cache.usage()).toEqual({ entries: 1, bytes: 2 });
  });

  it('forgets everything on clear()', async () => {
    const cache = createListingCache(async () => ({ body: bodyOf(100), total: 0 }), limits);
    await cache.get(query(), 0);
    cache.clear();
    expect(cache.usage()).toEqual({ entries: 0, bytes: 0 });
  });
});
