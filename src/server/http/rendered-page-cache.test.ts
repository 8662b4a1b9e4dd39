import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createRenderedPageCache } from './rendered-page-cache.js';

describe('the cache of pages rendered for signed-out visitors', () => {
  const counting = (keep: boolean) => {
    let loads = 0;
    return {
      load: async () => {
        loads += 1;
        return { status: 200, html: `<p>render ${loads}</p>`, keep };
      },
      loads: () => loads,
    };
  };

  it('renders a page once for all who ask for it within its time, and again after', async () => {
    const cache = createRenderedPageCache({ ttlMs: 5_000 });
    const page = counting(true);
    const [a, b] = await Promise.all([cache.get('/experts', page.load, 0), cache.get('/experts', page.load, 0)]);
    expect(a).toBe(b);
    expect((await cache.get('/experts', page.load, 4_999)).html).toBe('<p>render 1</p>');
    expect((await cache.get('/experts', page.load, 5_000)).html).toBe('<p>render 2</p>');
    expect(page.loads()).toBe(2);
  });

  it('keeps no page its loader says not to keep (one the server could not render)', async () => {
    const cache = createRenderedPageCache();
    const page = counting(false);
    await cache.get('/expert/7', page.load, 0);
    await cache.get('/expert/7', page.load, 1);
    expect(page.loads()).toBe(2);
  });

  it('forgets every page when experts change, and a failed load at once', async () => {
    const cache = createRenderedPageCache();
    const page = counting(true);
    await cache.get('/', page.load, 0);
    cache.clear();
    await cache.get('/', page.load, 1);
    expect(page.loads()).toBe(2);
    await expect(cache.get('/x', () => Promise.reject(new Error('database away')), 2)).rejects.toThrow('database away');
    expect((await cache.get('/x', page.load, 3)).html).toBe('<p>render 3</p>');
  });

  it('compresses a kept page once per encoding', async () => {
    const cache = createRenderedPageCache();
    const page = await cache.get('/', counting(true).load, 0);
    const first = page.bytes('br');
    expect(page.bytes('br')).toBe(first);
    expect(brotliDecompressSync(first).toString()).toBe('<p>render 1</p>');
  });
});
