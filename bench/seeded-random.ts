/**
 * A small deterministic random source (mulberry32): the same seed gives the same data and query mix every
 * run. Its state stays a 32-bit integer. The LCG it replaces multiplied in floating point, lost precision
 * past 2^53 and fell into a cycle of under 900 values: the 'varied' experts benchmark asked only 762
 * distinct queries, over and over, so the listing cache answered nearly all of them.
 */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
