import { addDays, localDateOf, localMinutesOf, zonedTimeToInstant } from '../../../common/zoned-time.js';

/** No text that can wait is sent from 21:00 until 08:00 on the recipient's clock (docs/PRODUCT.md#text-messages). */
export const QUIET_FROM_MINUTES = 21 * 60;
export const QUIET_UNTIL_MINUTES = 8 * 60;

/** The zone of a recipient who chose none and works in none. */
export const DEFAULT_TEXT_TIME_ZONE = 'America/New_York';

/** When quiet hours end, if `now` falls in them in the zone; null when a text may go now. */
export function quietHoursEnd(now: Date, timeZone: string): Date | null {
  const minutes = localMinutesOf(now, timeZone);
  if (minutes >= QUIET_UNTIL_MINUTES && minutes < QUIET_FROM_MINUTES) return null;
  const today = localDateOf(now, timeZone);
  return zonedTimeToInstant(minutes >= QUIET_FROM_MINUTES ? addDays(today, 1) : today, QUIET_UNTIL_MINUTES, timeZone);
}
