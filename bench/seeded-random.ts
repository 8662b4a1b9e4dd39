/** A small deterministic random source (an LCG): the same seed gives the same data and query mix every run. */
export function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
