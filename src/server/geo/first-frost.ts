/**
 * The usual (median) first autumn frost of a place in the United States, from its latitude alone, so a
 * boat's winterization can be dated without fetching anything.
 *
 * The rule: the table below gives the median first-frost day for a few latitudes; between two of them the
 * day is interpolated in a straight line and rounded to a whole day. North of the last row the date stays
 * at that row's (Alaska); south of the first row frost is not usual and there is no date (South Florida,
 * the Keys, Hawaii, Puerto Rico). The date is only a starting point: coast, elevation and the local
 * climate move it by weeks, which is why the owner can edit the task's date.
 */

/**
 * Median first-frost dates by latitude band in the contiguous United States, rounded, in line with the
 * NOAA climate normals' freeze dates (as the USDA and state extension services publish them) for typical
 * low-lying inland places of each band, and one row for Alaska. Coastal and elevation effects are ignored.
 * Days are days of a common (non-leap) year: 1 is Jan 1.
 */
const FIRST_FROST_BY_LATITUDE: readonly { latitude: number; dayOfYear: number }[] = [
  { latitude: 27, dayOfYear: 354 }, // Dec 20: central Florida, where frost is rare
  { latitude: 30, dayOfYear: 335 }, // Dec 1: Gulf Coast, north Florida
  { latitude: 33, dayOfYear: 314 }, // Nov 10: Charleston, Atlanta, Dallas
  { latitude: 36, dayOfYear: 301 }, // Oct 28: Norfolk, Nashville
  { latitude: 39, dayOfYear: 291 }, // Oct 18: Chesapeake Bay, Kansas City
  { latitude: 42, dayOfYear: 281 }, // Oct 8: Boston, Chicago
  { latitude: 45, dayOfYear: 271 }, // Sep 28: Maine, upper Great Lakes
  { latitude: 48, dayOfYear: 261 }, // Sep 18: northern border states
  { latitude: 55, dayOfYear: 244 }, // Sep 1: Alaska, and anywhere further north
];

/** Month (1-12) and day of the usual first frost at this latitude, or null where frost is not usual (south of ~27°N, Hawaii's latitudes). */
export function usualFirstFrost(latitude: number): { month: number; day: number } | null {
  const rows = FIRST_FROST_BY_LATITUDE;
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  if (!Number.isFinite(latitude) || latitude < first.latitude) return null;

  let dayOfYear = last.dayOfYear;
  for (let i = 1; i < rows.length; i++) {
    const below = rows[i - 1]!;
    const above = rows[i]!;
    if (latitude <= above.latitude) {
      const share = (latitude - below.latitude) / (above.latitude - below.latitude);
      dayOfYear = Math.round(below.dayOfYear + share * (above.dayOfYear - below.dayOfYear));
      break;
    }
  }
  // A common year's calendar, so the same latitude always gives the same month and day.
  const date = new Date(Date.UTC(2001, 0, dayOfYear));
  return { month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The next usual first frost on or after `today` (YYYY-MM-DD): this year's if not past, else next year's; null where none. */
export function nextFirstFrost(latitude: number, today: string): string | null {
  const frost = usualFirstFrost(latitude);
  if (!frost) return null;
  const year = Number(today.slice(0, 4));
  const monthDay = `${String(frost.month).padStart(2, '0')}-${String(frost.day).padStart(2, '0')}`;
  const thisYear = `${year}-${monthDay}`;
  // YYYY-MM-DD strings sort as the dates do.
  return thisYear >= today ? thisYear : `${year + 1}-${monthDay}`;
}
