import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ExpiringMap } from './expiring-map.js';

/** A full collection on demand, without starting the test runner with --expose-gc. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('ExpiringMap', () => {
  it('answers a value for its time to live, then drops it', () => {
    const map = new ExpiringMap<string, number>(100, { maxEntries: 10, maxBytes: 1_000 });
    map.set('a', 1, 0, 5);
    expect(map.get('a', 99)).toBe(1);
    expect(map.get('a', 100)).toBeUndefined();
    expect(map.usage()).toEqual({ entries: 0, bytes: 0 });
  });

  it('drops expired entries as new ones come, oldest first', () => {
    const map = new ExpiringMap<string, number>(100, { maxEntries: 10, maxBytes: 1_000 });
    map.set('a', 1, 0, 1);
    map.set('b', 2, 50, 1);
    map.set('c', 3, 120, 1); // 'a' has expired by now, 'b' has not
    expect(map.usage()).toEqual({ entries: 2, bytes: 2 });
    expect(map.get('b', 120)).toBe(2);
  });

  it('keeps within its entries and bytes, the oldest leaving first, also when bytes are charged later', () => {
    const map = new ExpiringMap<string, string>(1_000, { maxEntries: 3, maxBytes: 10 });
    for (const key of ['a', 'b', 'c', 'd']) map.set(key, key, 0, 1);
    expect(map.get('a', 1)).toBeUndefined();
    expect(map.usage()).toEqual({ entries: 3, bytes: 3 });
    map.charge('d', 'd', 8); // 11 bytes: 'b' leaves
    expect(map.get('b', 1)).toBeUndefined();
    expect(map.get('c', 1)).toBe('c');
    expect(map.usage()).toEqual({ entries: 2, bytes: 10 });
  });

  it('charges and deletes only the value still kept under the key', () => {
    const map = new ExpiringMap<string, object>(1_000, { maxEntries: 10, maxBytes: 100 });
    const first = {};
    const second = {};
    map.set('k', first, 0);
    map.set('k', second, 1); // replaces: the first is skipped when the queue reaches it
    map.charge('k', first, 50);
    map.delete('k', first);
    expect(map.get('k', 2)).toBe(second);
    expect(map.usage()).toEqual({ entries: 1, bytes: 0 });
    map.delete('k', second);
    expect(map.get('k', 2)).toBeUndefined();
  });

  it('expires a replaced key by its newest time, and forgets everything on clear', () => {
    const map = new ExpiringMap<string, number>(100, { maxEntries: 10, maxBytes: 1_000 });
    map.set('k', 1, 0);
    map.set('k', 2, 90);
    map.set('other', 3, 150); // the first 'k' is due, the second is not
    expect(map.get('k', 150)).toBe(2);
    map.clear();
    expect(map.get('other', 151)).toBeUndefined();
    expect(map.usage()).toEqual({ entries: 0, bytes: 0 });
  });

  it('stays exact over many sets, replacements and expiries', () => {
    const map = new ExpiringMap<number, number>(50, { maxEntries: 1_000, maxBytes: 10_000 });
    const live = new Map<number, number>();
    for (let now = 0; now < 20_000; now++) {
      const key = (now * 7919) % 300;
      map.set(key, now, now, 1);
      live.set(key, now);
    }
    const now = 20_000;
    const expected = [...live].filter(([, setAt]) => setAt + 50 > now).map(([key]) => key);
    for (const [key, setAt] of live) expect(map.get(key, now)).toBe(setAt + 50 > now ? setAt : undefined);
    expect(map.usage()).toEqual({ entries: expected.length, bytes: expected.length });
  });

  it('lets go of what it drops at once, not when its queue is next cut', async () => {
    const map = new ExpiringMap<string, object>(1_000, { maxEntries: 1, maxBytes: 1_000 });
    const dropped = ((): WeakRef<object> => {
      const page = { body: 'x'.repeat(10_000) };
      map.set('first', page, 0, 10_000);
      return new WeakRef(page);
    })();
    map.set('second', {}, 1); // over maxEntries: 'first' leaves
    // A WeakRef holds its target until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(dropped.deref()).toBeUndefined();
  });
});
