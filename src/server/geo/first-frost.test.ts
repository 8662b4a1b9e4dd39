import { describe, expect, it } from 'vitest';
import { nextFirstFrost, usualFirstFrost } from './first-frost.js';

/** Day of a common year, to compare month-and-day answers. */
const dayOfYear = ({ month, day }: { month: number; day: number }) => (Date.UTC(2001, month - 1, day) - Date.UTC(2001, 0, 1)) / 86_400_000 + 1;

describe('usualFirstFrost', () => {
  it('gives Boston early October', () => {
    const boston = usualFirstFrost(42.36)!;
    expect(boston.month).toBe(10);
    expect(boston.day).toBeGreaterThanOrEqual(1);
    expect(boston.day).toBeLessThanOrEqual(10);
  });

  it('gives no frost in Miami, Honolulu or south of 27°N, and frost from 27°N', () => {
    expect(usualFirstFrost(25.8)).toBeNull();
    expect(usualFirstFrost(21.3)).toBeNull();
    expect(usualFirstFrost(26.99)).toBeNull();
    expect(usualFirstFrost(27)).toEqual({ month: 12, day: 20 });
  });

  it('gives Anchorage early September, as for any latitude from 55°N', () => {
    const anchorage = usualFirstFrost(61.2)!;
    expect(anchorage.month).toBe(9);
    expect(anchorage.day).toBeLessThanOrEqual(7);
    expect(usualFirstFrost(70)).toEqual(usualFirstFrost(55));
  });

  it('matches the table at its rows and interpolates between them', () => {
    expect(usualFirstFrost(30)).toEqual({ month: 12, day: 1 });
    expect(usualFirstFrost(36)).toEqual({ month: 10, day: 28 });
    expect(usualFirstFrost(42)).toEqual({ month: 10, day: 8 });
    expect(usualFirstFrost(48)).toEqual({ month: 9, day: 18 });
    // Halfway from 39°N (Oct 18) to 42°N (Oct 8).
    expect(usualFirstFrost(40.5)).toEqual({ month: 10, day: 13 });
    // Boston: 281 - 0.36 / 3 x 10 = day 279.8 of the year, rounded to 280: Oct 7.
    expect(usualFirstFrost(42.36)).toEqual({ month: 10, day: 7 });
    // 291 - 0.2 / 3 x 10 = day 290.33, rounded down to 290: Oct 17.
    expect(usualFirstFrost(39.2)).toEqual({ month: 10, day: 17 });
  });

  it('never gives a later date at a higher latitude', () => {
    let previous = Number.POSITIVE_INFINITY;
    let dated = 0;
    for (let latitude = 25; latitude <= 70; latitude += 0.5) {
      const frost = usualFirstFrost(latitude);
      if (!frost) {
        // Once frost is usual, it stays usual further north.
        expect(dated).toBe(0);
        continue;
      }
      dated++;
      expect(dayOfYear(frost)).toBeLessThanOrEqual(previous);
      previous = dayOfYear(frost);
    }
    expect(dated).toBeGreaterThan(80);
  });

  it('gives no date for a latitude that is not a number', () => {
    expect(usualFirstFrost(Number.NaN)).toBeNull();
  });
});

describe('nextFirstFrost', () => {
  // 42°N: Oct 8.
  it("keeps this year's frost before the date and on the day itself", () => {
    expect(nextFirstFrost(42, '2026-05-01')).toBe('2026-10-08');
    expect(nextFirstFrost(42, '2026-10-07')).toBe('2026-10-08');
    expect(nextFirstFrost(42, '2026-10-08')).toBe('2026-10-08');
  });

  it("rolls to next year's frost after the date", () => {
    expect(nextFirstFrost(42, '2026-10-09')).toBe('2027-10-08');
    expect(nextFirstFrost(42, '2026-12-31')).toBe('2027-10-08');
  });

  it('is null where frost is not usual', () => {
    expect(nextFirstFrost(25.8, '2026-05-01')).toBeNull();
  });
});
