import { z } from 'zod';

/**
 * The outside calendars an expert's busy times are read from (docs/PRODUCT.md#calendars): the rules both
 * sides check, and the answers' shapes.
 */

export const MAX_EXTERNAL_CALENDARS = 3;
export const CALENDAR_LABEL_MAX = 60;
export const CALENDAR_URL_MAX = 2000;

export const EXTERNAL_CALENDAR_MESSAGES = {
  urlRequired: 'Paste the address of your calendar',
  urlInvalid: 'Enter the calendar address, starting with https:// or webcal://',
  httpsOnly: 'Use the calendar’s https:// or webcal:// address',
  labelRequired: 'Name this calendar, like Personal or Work',
  labelTooLong: `Use at most ${CALENDAR_LABEL_MAX} characters`,
  tooMany: `You can add up to ${MAX_EXTERNAL_CALENDARS} calendars. Remove one to add another.`,
  duplicate: 'This calendar is already added.',
  notFound: 'Calendar not found',
} as const;

/**
 * The address as it will be read: `webcal://` is the https address calendar apps subscribe with; http is
 * accepted here and refused by the server unless it allows private addresses (tests).
 */
export function calendarFetchAddress(text: string): string | null {
  const trimmed = text.trim().replace(/^webcals?:\/\//i, 'https://');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.hostname || url.username || url.password) return null;
  url.hash = '';
  return url.toString();
}

/** `POST /api/workspace/calendars`. */
export const addExternalCalendarSchema = z.object({
  url: z
    .string({ error: EXTERNAL_CALENDAR_MESSAGES.urlRequired })
    .trim()
    .min(1, EXTERNAL_CALENDAR_MESSAGES.urlRequired)
    .max(CALENDAR_URL_MAX, EXTERNAL_CALENDAR_MESSAGES.urlInvalid)
    .transform((value, ctx) => {
      const address = calendarFetchAddress(value);
      if (address) return address;
      ctx.addIssue({ code: 'custom', message: EXTERNAL_CALENDAR_MESSAGES.urlInvalid });
      return z.NEVER;
    }),
  label: z
    .string({ error: EXTERNAL_CALENDAR_MESSAGES.labelRequired })
    .trim()
    .min(1, EXTERNAL_CALENDAR_MESSAGES.labelRequired)
    .max(CALENDAR_LABEL_MAX, EXTERNAL_CALENDAR_MESSAGES.labelTooLong),
});
export type AddExternalCalendarInput = z.input<typeof addExternalCalendarSchema>;
export type AddExternalCalendar = z.output<typeof addExternalCalendarSchema>;

/** A calendar as the workspace shows it: its address cut to the host (the whole address is a secret). */
export const externalCalendarSchema = z.object({
  id: z.string(),
  label: z.string(),
  host: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Busy times currently blocking slots, from this calendar. */
  busyCount: z.number().int(),
});
export type ExternalCalendar = z.infer<typeof externalCalendarSchema>;

export const busyTimeSchema = z.object({ start: z.string(), end: z.string() });
export type BusyTime = z.infer<typeof busyTimeSchema>;

/** `GET /api/workspace/calendars`: the calendars, and their busy times of the coming week, merged, without titles. */
export const workspaceCalendarsSchema = z.object({
  calendars: z.array(externalCalendarSchema),
  timeZone: z.string(),
  week: z.array(busyTimeSchema),
});
export type WorkspaceCalendars = z.infer<typeof workspaceCalendarsSchema>;

export const calendarIdParamsSchema = z.object({ id: z.uuid({ error: EXTERNAL_CALENDAR_MESSAGES.notFound }) });
