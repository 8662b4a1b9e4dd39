import { z } from 'zod';
import { EXPERT_STATUSES, SERVICE_TYPES, type ServiceType } from './roles.js';
import { bookingSchema } from './bookings.js';
import { expertSchema } from './experts.js';
import { isLocalDate, isValidTimeZone } from './zoned-time.js';

/** The expert's own profile as the workspace shows it: the listing's fields plus what only they see. */
export const workspaceProfileSchema = expertSchema.extend({
  status: z.enum(EXPERT_STATUSES),
  statusReason: z.string().nullable(),
  instantBooking: z.boolean(),
});
export type WorkspaceProfile = z.infer<typeof workspaceProfileSchema>;

export const NO_EXPERT_PROFILE = 'Your account has no expert profile yet. Apply to become a K&B Expert at /expert/apply.';

/** Rates above this are a typing mistake, not a price: $5,000 a session or an hour. */
export const MAX_RATE = 5000;
export const RATE_MESSAGE = `Enter a rate between $1 and $${MAX_RATE.toLocaleString('en-US')}, like 75 or 75.00`;
export const VIDEO_NEEDS_RATE = 'Set a video rate above $0 before offering video consultations';
export const SERVICE_TYPES_REQUIRED = 'Offer at least one service: video or onsite';
export const TIME_ZONE_MESSAGE = 'Choose a valid time zone, like America/New_York';

/** A rate typed as '75', '75.5' or '75.00' (a stray '$' is tolerated), answered in cents. */
const rateSchema = z
  .union([z.string(), z.number()], { error: RATE_MESSAGE })
  .transform((value, ctx) => {
    const text = String(value).trim().replace(/^\$/, '');
    if (!/^\d{1,5}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: RATE_MESSAGE });
      return z.NEVER;
    }
    const cents = Math.round(Number(text) * 100);
    if (cents <= 0 || cents > MAX_RATE * 100) {
      ctx.addIssue({ code: 'custom', message: RATE_MESSAGE });
      return z.NEVER;
    }
    return cents;
  });

const wholeNumberBetween = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

export const ONSITE_MINIMUM_MESSAGE = 'Minimum onsite hours must be between 1 and 8';
export const SERVICE_RADIUS_MESSAGE = 'Service radius must be between 5 and 500 miles';

export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .min(1, TIME_ZONE_MESSAGE)
  .max(64, TIME_ZONE_MESSAGE)
  .refine(isValidTimeZone, TIME_ZONE_MESSAGE);

/**
 * `PATCH /api/workspace/profile`: any of the practice's fields. Whether video may be offered depends on
 * the stored video rate as well, so the service checks it against the profile after this schema.
 */
export const updateWorkspaceProfileSchema = z
  .object({
    videoRate: rateSchema,
    onsiteRate: rateSchema,
    onsiteMinimumHours: wholeNumberBetween(1, 8, ONSITE_MINIMUM_MESSAGE),
    serviceTypes: z
      .array(z.enum(SERVICE_TYPES, { error: "Service types are 'video' and 'onsite'" }), { error: SERVICE_TYPES_REQUIRED })
      .min(1, SERVICE_TYPES_REQUIRED)
      .max(2, SERVICE_TYPES_REQUIRED)
      .transform((types) => [...new Set(types)]),
    serviceRadius: wholeNumberBetween(5, 500, SERVICE_RADIUS_MESSAGE),
    available: z.boolean({ error: 'available must be true or false' }),
    instantBooking: z.boolean({ error: 'instantBooking must be true or false' }),
    bio: z.string({ error: 'The bio must be text' }).trim().max(2000, 'The bio must be at most 2000 characters'),
    certifications: z
      .string({ error: 'Certifications must be text' })
      .trim()
      .max(500, 'Certifications must be at most 500 characters'),
    timeZone: timeZoneSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change' });
export type UpdateWorkspaceProfileInput = z.input<typeof updateWorkspaceProfileSchema>;
export type UpdateWorkspaceProfile = z.output<typeof updateWorkspaceProfileSchema>;

/** Weekday names, index 0 = Sunday (as `Date#getDay` and the database count them). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Working ranges start and end on the half hour, like the booking slots. */
export const HOURS_STEP_MINUTES = 30;
export const TIME_OF_DAY_MESSAGE = 'Use a time on the hour or half hour, like 08:00 or 17:30';

/** '08:30' as minutes after midnight; '24:00' is the end of the day. */
export function minutesOfTimeOfDay(text: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

export function timeOfDayOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const timeOfDaySchema = z
  .string({ error: TIME_OF_DAY_MESSAGE })
  .refine((text) => {
    const minutes = minutesOfTimeOfDay(text);
    return minutes !== null && minutes % HOURS_STEP_MINUTES === 0;
  }, TIME_OF_DAY_MESSAGE);

export const workingRangeSchema = z
  .object({ from: timeOfDaySchema, to: timeOfDaySchema })
  .refine((range) => (minutesOfTimeOfDay(range.to) ?? 0) > (minutesOfTimeOfDay(range.from) ?? 0), {
    message: 'The end time must be after the start time',
    path: ['to'],
  });
export type WorkingRange = z.infer<typeof workingRangeSchema>;

/** One weekday's ranges, in order; two ranges may not overlap (touching is fine: 8-12 and 12-18). */
const workingDaySchema = z
  .array(workingRangeSchema, { error: 'Each day is a list of working ranges' })
  .max(6, 'At most 6 working ranges a day')
  .superRefine((ranges, ctx) => {
    const sorted = ranges
      .map((range, index) => ({ index, from: minutesOfTimeOfDay(range.from) ?? 0, to: minutesOfTimeOfDay(range.to) ?? 0 }))
      .sort((a, b) => a.from - b.from);
    for (let i = 1; i < sorted.length; i += 1) {
      if (sorted[i]!.from < sorted[i - 1]!.to) {
        ctx.addIssue({ code: 'custom', message: 'Working ranges on the same day cannot overlap', path: [sorted[i]!.index, 'from'] });
        return;
      }
    }
  });

/** Seven days, Sunday first. */
const workingWeekSchema = z.array(workingDaySchema, { error: 'Give the working hours of all seven days, Sunday first' }).length(7, 'Give the working hours of all seven days, Sunday first');

/** `GET/PUT /api/workspace/hours`: the weekly hours per service type, in the expert's own zone. */
export const workingHoursSchema = z.object({ video: workingWeekSchema, onsite: workingWeekSchema });
export type WorkingHours = z.infer<typeof workingHoursSchema>;
export type WorkingWeek = WorkingHours[ServiceType];

export const workingHoursAnswerSchema = workingHoursSchema.extend({ timeZone: z.string() });
export type WorkingHoursAnswer = z.infer<typeof workingHoursAnswerSchema>;

export const DAY_OFF_DATE_MESSAGE = 'Choose a date, written YYYY-MM-DD';
export const DAY_OFF_IN_PAST = 'Choose today or a later date';

export const dayOffSchema = z.object({ date: z.string(), note: z.string().nullable() });
export type DayOff = z.infer<typeof dayOffSchema>;

export const createDayOffSchema = z.object({
  date: z.string({ error: DAY_OFF_DATE_MESSAGE }).trim().refine(isLocalDate, DAY_OFF_DATE_MESSAGE),
  note: z
    .string()
    .trim()
    .max(200, 'The note must be at most 200 characters')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type CreateDayOffInput = z.input<typeof createDayOffSchema>;

export const dayOffParamsSchema = z.object({ date: z.string().refine(isLocalDate, DAY_OFF_DATE_MESSAGE) });

/** A booking as the expert works it: the owner's phone and, while requested, when it expires. */
export const workspaceBookingSchema = bookingSchema.extend({
  owner: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  expiresAt: z.iso.datetime().nullable(),
});
export type WorkspaceBooking = z.infer<typeof workspaceBookingSchema>;

/** How many past bookings the workspace shows (newest first). */
export const PAST_BOOKINGS_LIMIT = 50;

export const workspaceBookingsSchema = z.object({
  requests: z.array(workspaceBookingSchema),
  upcoming: z.array(workspaceBookingSchema),
  past: z.array(workspaceBookingSchema),
  /** All past bookings, of which `past` holds the newest PAST_BOOKINGS_LIMIT. */
  pastTotal: z.number().int(),
});
export type WorkspaceBookings = z.infer<typeof workspaceBookingsSchema>;

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The workspace's practice form: the PATCH schema, where an empty video rate means 'not set' (a new
 * expert has none) and video cannot be ticked without one.
 */
export const practiceFormSchema = z
  .preprocess((value) => {
    if (!value || typeof value !== 'object') return value;
    const { videoRate, ...rest } = value as Record<string, unknown>;
    return videoRate === '' || videoRate === undefined ? rest : value;
  }, updateWorkspaceProfileSchema)
  .superRefine((body, ctx) => {
    if (body.serviceTypes?.includes('video') && body.videoRate === undefined) {
      ctx.addIssue({ code: 'custom', path: ['videoRate'], message: VIDEO_NEEDS_RATE });
    }
  });

/** What the practice form sends: its values as typed, without an empty video rate. */
export function practiceFormBody(values: UpdateWorkspaceProfileInput): UpdateWorkspaceProfileInput {
  const { videoRate, ...rest } = values;
  return videoRate === '' || videoRate === undefined ? rest : values;
}
