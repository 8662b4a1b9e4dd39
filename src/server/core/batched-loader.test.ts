import { describe, expect, it } from 'vitest';
import { batchedLoader } from './batched-loader.js';

describe('batchedLoader', () => {
  it('loads the keys asked for within one turn of the event loop together, and later ones apart', async () => {
    const loads: number[][] = [];
    const load = batchedLoader(async (keys: number[]) => {
      loads.push(keys);
      return new Map(keys.map((k) => [k, k * 10]));
    });
    const [a, b] = await Promise.all([load([1, 2]), load([2, 3])]);
    expect(loads).toEqual([[1, 2, 3]]);
    expect([a.get(1), b.get(3)]).toEqual([10, 30]);
    await load([4]);
    expect(loads).toEqual([[1, 2, 3], [4]]);
  });

  it('gathers callers that ask from other callbacks of the same turn', async () => {
    const loads: number[][] = [];
    const load = batchedLoader(async (keys: number[]) => {
      loads.push(keys);
      return new Map();
    });
    // Two callbacks queued together run in one turn, as two requests read from the network do. Immediates,
    // not timers: two timers made a millisecond apart may fall due in different turns on a busy machine.
    await Promise.all([1, 2].map((key) => new Promise((resolve) => setImmediate(() => resolve(load([key]))))));
    expect(loads).toEqual([[1, 2]]);
  });

  it('fails every caller of a failed batch, and loads the next batch afresh', async () => {
    let fail = true;
    const load = batchedLoader(async (keys: number[]) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((k) => [k, k]));
    });
    const results = await Promise.allSettled([load([1]), load([2])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect((await load([1])).get(1)).toBe(1);
  });
});
