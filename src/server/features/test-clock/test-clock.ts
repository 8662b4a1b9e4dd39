/** A clock the browser journeys move forward (a booking 'has started' without waiting for it). */
export function createTestClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set(to: Date | null) {
      offsetMs = to ? to.getTime() - Date.now() : 0;
    },
  };
}
export type TestClock = ReturnType<typeof createTestClock>;
