import { describe, expect, it } from 'vitest';
import { createListingCache, type ListingCount } from './listing-cache.js';
import { expertListQuerySchema, type ExpertFilters } from '../../../common/expert.js';

const query = (params: Record<string, string> = {}) => expertListQuerySchema.parse(params);

function countingLoaders() {
  const calls = { pages: 0, counts: [] as ExpertFilters[] };
  return {
    calls,
    load: {
      page: async () => ({ body: `[${++calls.pages}]`, nextCursor: null }),
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
        return { body: '[]', nextCursor: null };
      },
    });
    await expect(cache.get(query(), 0)).rejects.toThrow('database down');
    await expect(cache.get(query(), 1)).resolves.toMatchObject({ page: { body: '[]' } });
  });
});
