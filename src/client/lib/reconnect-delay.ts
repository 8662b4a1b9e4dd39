const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 30_000;

/**
 * How long a live socket waits before its next attempt: twice as long after each failed one, up to 30 s, with
 * some jitter so the pages a restart dropped do not all return at once.
 */
export function reconnectDelay(attempt: number): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}
