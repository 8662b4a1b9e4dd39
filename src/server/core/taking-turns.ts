/**
 * Runs at most `atOnce` pieces of work at a time; the rest wait their turn, first come first served.
 * For work that holds much native memory while it runs (password hashes, image decoding): libuv's
 * thread pool would otherwise run four at once, and a burst of them raised the server's peak memory.
 * With `maxWaiting`, work that would wait behind that many others is refused with `whenFull()` at once:
 * what waits holds its input (a photo of megabytes) in memory, so a long queue is memory, not service.
 */
export function takingTurns(atOnce: number, queue?: { maxWaiting: number; whenFull: () => Error }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < atOnce) running += 1;
      else if (queue && waiting.length >= queue.maxWaiting) throw queue.whenFull();
      else await new Promise<void>((resolve) => waiting.push(resolve)); // the finisher hands over its turn
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    /** How many run now. */
    running: () => running,
  };
}
