import { z } from 'zod';

/**
 * An account's private calendar feed (docs/PRODUCT.md#calendars): its address is shown once, when it is
 * made or reset; afterwards the account only learns whether it has one.
 */

/** The feed's address on the site: `/calendar/{token}.ics`. */
export function calendarFeedPath(token: string): string {
  return `/calendar/${token}.ics`;
}

/** The same address for calendar apps that subscribe by `webcal://` (Apple Calendar, Outlook). */
export function webcalAddress(httpsAddress: string): string {
  return httpsAddress.replace(/^https?:\/\//, 'webcal://');
}

/** `GET /api/calendar-feed`. */
export const calendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** `POST /api/calendar-feed` and `POST /api/calendar-feed/reset`: the new address, shown this once. */
export const calendarFeedLinkSchema = z.object({ url: z.string(), webcalUrl: z.string(), createdAt: z.string() });
export type CalendarFeedLink = z.infer<typeof calendarFeedLinkSchema>;

export const CALENDAR_FEED_MESSAGES = {
  exists: 'You already have a calendar link. Reset it to get a new address.',
  none: 'You have no calendar link yet. Create one first.',
  notFound: 'Calendar not found',
  tooMany: 'This calendar is being read too often. Please try again in a minute.',
} as const;
