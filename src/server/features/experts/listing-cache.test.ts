import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createListingCache, type ListingCount } from './listing-cache.js';
import { expertListQuerySchema, type ExpertFilters } from '../../../common/experts.js';

const query = (params: Record<string, string> = {}) => expertListQuerySchema.parse(params);

function countingLoaders() {
  const calls = { pages: 0, counts: [] as ExpertFilters[] };
  return {
    calls,
    load: {
      page: async () => ({ body: Buffer.from(`[${++calls.pages}]`), nextCursor: null }),
      count: async (filters: ExpertFilters): Promise<ListingCount> => {
        calls.counts.push(filters);
        return { total: calls.counts.length, capped: false };
      },
    },
  };
}

describe('the expert listing cache', () => {
  it('shares one load between concurrent and repeated requests for the same query', async () => {
    const { calls, load } = countingLoaders();
    const cache = createListingCache(load);
    const [a, b] = await Promise.all([cache.get(query(), 0), cache.get(query(), 1)]);
    expect(a.page).toBe(b.page);
    expect(calls.pages).toBe(1);
    await cache.get(query({ sort: 'rating' }), 10); // the same query once defaults apply
    expect(calls.pages).toBe(1);
    expect(calls.counts).toHaveLength(1);
  });

  it('counts once per filter set, whatever the sort, page or cursor', async () => {
    const { calls, load } = countingLoaders();
    const cache = createListingCache(load);
    await cache.get(query({ specialty: 'hull' }), 0);
    await cache.get(query({ specialty: 'hull', sort: 'name' }), 1);
    await cache.get(query({ specialty: 'hull', offset: '24' }), 2);
    await cache.get(query({ specialty: 'hull', cursor: 'abc' }), 3);
    expect(calls.pages).toBe(4);
    expect(calls.counts).toEqual([{ specialty: 'hull' }]);
    await cache.get(query({ specialty: 'hull', minRating: '4' }), 4);
    expect(calls.counts).toHaveLength(2);
  });

  it('loads again after five seconds, for another query, and after clear()', async () => {
    const { calls, load } = countingLoaders();
    const cache = createListingCache(load);
    await cache.get(query(), 0);
    await cache.get(query(), 5_001);
    expect([calls.pages, calls.counts.length]).toEqual([2, 2]);
    await cache.get(query({ specialty: 'hull' }), 5_002);
    expect([calls.pages, calls.counts.length]).toEqual([3, 3]);
    cache.clear();
    await cache.get(query(), 5_003);
    expect([calls.pages, calls.counts.length]).toEqual([4, 4]);
  });

  it('does not keep a failed load', async () => {
    const { load } = countingLoaders();
    let calls = 0;
    const cache = createListingCache({
      ...load,
      page: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
        return { body: Buffer.from('[]'), nextCursor: null };
      },
    });
    await expect(cache.get(query(), 0)).rejects.toThrow('database down');
    expect((await cache.get(query(), 1)).page.bytes(undefined).toString()).toBe('[]');
  });
});

describe('the expert listing cache, bounded', () => {
  const limits = { maxEntries: 500, maxBytes: 2_500 };
  const bodyOf = (length: number) => Buffer.from(`[${'x'.repeat(length - 2)}]`);
  const pagesOf = (body: () => Buffer) => ({
    page: async () => ({ body: body(), nextCursor: null }),
    count: async () => ({ total: 0, capped: false }),
  });

  it('counts a page as the forms it keeps: the JSON gives way to the compressed form browsers ask for', async () => {
    const cache = createListingCache(pagesOf(() => bodyOf(1_000)), { maxEntries: 500, maxBytes: 1_000_000 });
    const first = await cache.get(query({ specialty: 'a' }), 0);
    expect(cache.usage()).toEqual({ entries: 1, bytes: 1_000 });
    const gzip = first.page.bytes('gzip');
    expect(gunzipSync(gzip).equals(bodyOf(1_000))).toBe(true);
    expect(cache.usage().bytes).toBe(gzip.length);
    expect(first.page.bytes('gzip')).toBe(gzip); // made once, counted once
    const br = first.page.bytes('br');
    expect(brotliDecompressSync(br).equals(bodyOf(1_000))).toBe(true);
    expect(cache.usage().bytes).toBe(gzip.length + br.length);
    const json = first.page.bytes(undefined);
    expect(json.equals(bodyOf(1_000))).toBe(true); // decompressed again, and kept for the next
    expect(first.page.bytes(undefined)).toBe(json);
    expect(cache.usage().bytes).toBe(1_000 + gzip.length + br.length);

    const second = await cache.get(query({ specialty: 'b' }), 1);
    second.page.bytes(undefined);
    const secondBr = second.page.bytes('br'); // a JSON client asked first: the JSON stays
    expect(cache.usage().bytes).toBe(2_000 + gzip.length + br.length + secondBr.length);
  });

  it('drops the oldest answers beyond its bytes', async () => {
    let loads = 0;
    const cache = createListingCache(pagesOf(() => (++loads, bodyOf(1_000))), limits);
    await cache.get(query({ specialty: 'a' }), 0);
    await cache.get(query({ specialty: 'b' }), 1);
    expect(cache.usage()).toEqual({ entries: 2, bytes: 2_000 });
    await cache.get(query({ specialty: 'c' }), 2);
    expect(cache.usage()).toEqual({ entries: 2, bytes: 2_000 });
    await cache.get(query({ specialty: 'b' }), 3);
    expect(loads).toBe(3);
    await cache.get(query({ specialty: 'a' }), 4);
    expect(loads).toBe(4);
  });

  it('drops expired answers when new ones come, and keeps no more than its entries', async () => {
    const cache = createListingCache(pagesOf(() => Buffer.from('[]')), { maxEntries: 3, maxBytes: 1_000_000 });
    for (const specialty of ['a', 'b', 'c', 'd']) await cache.get(query({ specialty }), 0);
    expect(cache.usage().entries).toBe(3);
    await cache.get(query({ specialty: 'a' }), 5_001);
    expect(cache.usage()).toEqual({ entries: 1, bytes: 2 });
  });

  it('forgets everything on clear()', async () => {
    const cache = createListingCache(pagesOf(() => bodyOf(100)), limits);
    await cache.get(query(), 0);
    cache.clear();
    expect(cache.usage()).toEqual({ entries: 0, bytes: 0 });
  });
});
