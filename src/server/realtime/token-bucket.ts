/**
 * A token bucket: `burst` tokens at first, refilled at `perSecond`; `take()` spends one if there is one.
 * Per connection, so it lives in memory with the socket.
 */
export function createTokenBucket(perSecond: number, burst: number, now: () => number = performance.now.bind(performance)) {
  let tokens = burst;
  let last = now();
  return {
    take(): boolean {
      const at = now();
      tokens = Math.min(burst, tokens + ((at - last) / 1000) * perSecond);
      last = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
