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
