import { z } from 'zod';
import { isValidTimeZone } from './zoned-time.js';

export const UNKNOWN_TIME_ZONE = 'Please choose a time zone from the list (an IANA name such as America/New_York)';

/** The IANA name as the platform spells it: 'america/new_york' is 'America/New_York'. */
function canonicalTimeZone(timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
}

/**
 * `PUT /api/profile/time-zone` and the Settings field (docs/PRODUCT.md#settings): an IANA zone the platform
 * knows, or null to have none (e-mails then tell a booking's time in its own zone only).
 */
export const timeZoneSettingSchema = z.object({
  timeZone: z
    .string({ error: UNKNOWN_TIME_ZONE })
    .trim()
    .max(100, UNKNOWN_TIME_ZONE)
    .refine(isValidTimeZone, UNKNOWN_TIME_ZONE)
    .transform(canonicalTimeZone)
    .nullable(),
});
export type TimeZoneSettingInput = z.input<typeof timeZoneSettingSchema>;
export type TimeZoneSetting = z.output<typeof timeZoneSettingSchema>;
