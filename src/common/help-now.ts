import { z } from 'zod';
import { SPECIALTY_VALUES } from './specialties.js';
import { minutesOfTimeOfDay, timeOfDayOf } from './workspace.js';
import { formatCents, moneyToCents } from './money.js';
import { line, type LineAmount } from './invoice-totals.js';

/**
 * Help now (docs/PRODUCT.md#help-now): an owner in trouble asks, the experts on call are rung five at a
 * time, the first to accept is on a video call with them within seconds, and the call is billed by its
 * real length. One definition of its rules, forms and answers for the server, the screens and the tests.
 */

/** How many experts one round rings, how long before the next round rings too, and when nobody has answered. */
export const RING_BATCH = 5;
export const RING_ROUND_MS = 90_000;
export const REQUEST_LIFETIME_MS = 5 * 60_000;
/** What the call's booking holds of the expert's time; its room stays open 30 minutes beyond (video-call.ts). */
export const CALL_BOOKED_MINUTES = 30;
/** The first price covers this many minutes; each further minute is priced on its own. */
export const FIRST_MINUTES = 15;

/** An expert's Help now prices, in cents: the first 15 minutes, and each minute after. */
export const FIRST_PRICE_BOUNDS = { min: 1_000, max: 30_000 } as const;
export const MINUTE_PRICE_BOUNDS = { min: 50, max: 1_000 } as const;
export const FIRST_PRICE_MESSAGE = 'Enter a price between $10 and $300 for the first 15 minutes, like 45 or 45.00';
export const MINUTE_PRICE_MESSAGE = 'Enter a price between $0.50 and $10 a minute, like 2.50';

export const SAFETY_LINE = 'If anyone is in danger, call 911 or the Coast Guard on VHF channel 16';
export const ANOTHER_EXPERT_TOOK_IT = 'Another expert has taken this request';
export const REQUEST_NOT_OPEN = 'This request is no longer open.';
export const ONE_OPEN_REQUEST = 'You already have a Help now request ringing. Wait for an answer, or cancel it first.';
export const NOT_ON_CALL = 'Turn on Help now in your workspace before taking requests.';
export const HELP_REQUEST_NOT_FOUND = 'Help request not found';

function centsBetween(bounds: { min: number; max: number }, message: string) {
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const cents = moneyToCents(String(value));
    if (cents === null || cents < bounds.min || cents > bounds.max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });
}

const ON_CALL_TIME_MESSAGE = 'Use a time like 08:00 or 17:30';
const onCallTime = z.string({ error: ON_CALL_TIME_MESSAGE }).refine((text) => {
  const minutes = minutesOfTimeOfDay(text);
  return minutes !== null && minutes < 24 * 60;
}, ON_CALL_TIME_MESSAGE);

/** The workspace's 'On call for Help now' form: the hours are in the expert's own zone, and may run past midnight. */
export const onCallSettingsSchema = z
  .object({
    onCall: z.boolean({ error: 'onCall must be true or false' }),
    from: onCallTime,
    to: onCallTime,
    firstPrice: centsBetween(FIRST_PRICE_BOUNDS, FIRST_PRICE_MESSAGE),
    minutePrice: centsBetween(MINUTE_PRICE_BOUNDS, MINUTE_PRICE_MESSAGE),
  })
  .refine((value) => value.from !== value.to, { path: ['to'], message: 'The hours must not start and end at the same time' });
export type OnCallSettingsInput = z.input<typeof onCallSettingsSchema>;

/** `GET /api/workspace/on-call`: the settings as stored, prices as decimal strings. */
export const onCallSettingsViewSchema = z.object({
  onCall: z.boolean(),
  from: z.string(),
  to: z.string(),
  firstPrice: z.string(),
  minutePrice: z.string(),
  timeZone: z.string(),
  /** Whether the expert could be rung this minute (on call, within the hours, online, approved). */
  ringableNow: z.boolean(),
});
export type OnCallSettingsView = z.infer<typeof onCallSettingsViewSchema>;

/** Whether a local time of day (minutes after midnight) is within the hours, which may wrap past midnight. */
export function withinOnCallHours(localMinutes: number, fromMinutes: number, toMinutes: number): boolean {
  if (fromMinutes < toMinutes) return localMinutes >= fromMinutes && localMinutes < toMinutes;
  return localMinutes >= fromMinutes || localMinutes < toMinutes;
}

export { minutesOfTimeOfDay, timeOfDayOf };

/** The owner's place: where the phone is (the Geolocation API), or a marina and ZIP code typed in. */
export const helpLocationSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('position'),
      latitude: z.number({ error: 'The position is not valid' }).min(-90, 'The position is not valid').max(90, 'The position is not valid'),
      longitude: z.number({ error: 'The position is not valid' }).min(-180, 'The position is not valid').max(180, 'The position is not valid'),
      /** Metres, as the browser reports it. */
      accuracy: z.number({ error: 'The position is not valid' }).min(0, 'The position is not valid').max(100_000, 'The position is too rough to use: type the marina and ZIP code instead'),
    }),
    z.object({
      kind: z.literal('place'),
      marina: z.string().trim().max(120, 'Keep the marina or place under 120 characters').default(''),
      zipCode: z.string({ error: 'Enter the 5-digit ZIP code of where the boat is' }).trim().regex(/^\d{5}$/, 'Enter the 5-digit ZIP code of where the boat is'),
    }),
  ],
  { error: 'Tell us where the boat is: share your position, or type the marina and ZIP code' },
);
export type HelpLocation = z.infer<typeof helpLocationSchema>;

export const NOT_SURE = 'not-sure';
export const helpSpecialtySchema = z.enum([...SPECIALTY_VALUES, NOT_SURE], { error: "Choose what kind of problem it is, or 'Not sure'" });

export const PROBLEM_MIN = 5;
export const PROBLEM_MAX = 300;
export const PROBLEM_MESSAGE = 'Say in one sentence what is wrong';

/** `POST /api/help-requests`. */
export const createHelpRequestSchema = z.object({
  specialty: helpSpecialtySchema,
  problem: z
    .string({ error: PROBLEM_MESSAGE })
    .trim()
    .min(PROBLEM_MIN, PROBLEM_MESSAGE)
    .max(PROBLEM_MAX, `Keep it under ${PROBLEM_MAX} characters: one sentence is enough`),
  boatId: z.uuid({ error: 'Choose one of your boats' }).nullable().optional(),
  location: helpLocationSchema,
});
export type CreateHelpRequest = z.input<typeof createHelpRequestSchema>;

/** `GET /api/help-requests/price`: what the experts who would be rung now ask, before the owner sends. */
export const helpPriceQuerySchema = z.object({
  specialty: helpSpecialtySchema.default(NOT_SURE),
  zipCode: z
    .string()
    .regex(/^\d{5}$/, 'Enter the 5-digit ZIP code of where the boat is')
    .optional(),
  latitude: z.coerce.number().min(-90, 'The position is not valid').max(90, 'The position is not valid').optional(),
  longitude: z.coerce.number().min(-180, 'The position is not valid').max(180, 'The position is not valid').optional(),
});
export const helpPriceSchema = z.object({
  /** How many experts are on call and could be rung now. */
  expertsOnCall: z.number().int(),
  firstPriceFrom: z.string().nullable(),
  minutePriceFrom: z.string().nullable(),
});
export type HelpPrice = z.infer<typeof helpPriceSchema>;

/** 'From $45.00 for the first 15 minutes, then $2.50 a minute' */
export function priceLine(firstCents: number, minuteCents: number): string {
  return `From ${formatCents(firstCents)} for the first ${FIRST_MINUTES} minutes, then ${formatCents(minuteCents)} a minute`;
}

export const HELP_REQUEST_STATUSES = ['ringing', 'accepted', 'expired', 'cancelled'] as const;
export type HelpRequestStatus = (typeof HELP_REQUEST_STATUSES)[number];

/** `GET /api/help-requests/{id}`: the owner's request as it stands (live on `/api/help-requests/{id}/live`). */
export const helpRequestSchema = z.object({
  id: z.uuid(),
  status: z.enum(HELP_REQUEST_STATUSES),
  specialty: helpSpecialtySchema,
  problem: z.string(),
  boatName: z.string().nullable(),
  /** Where the owner said the boat is, as a line ('Within 30 m of 41.3712, -72.0950', 'Harbor Marina, 06355'). */
  place: z.string(),
  zipCode: z.string().nullable(),
  hasPhoto: z.boolean(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** How many experts have been rung so far. */
  expertsRung: z.number().int(),
  /** The call's booking, once an expert accepted. */
  bookingId: z.uuid().nullable(),
  expertName: z.string().nullable(),
  /** The accepting expert's prices. */
  firstPrice: z.string().nullable(),
  minutePrice: z.string().nullable(),
});
export type HelpRequest = z.infer<typeof helpRequestSchema>;

/** A ring as the expert's pages show it (live on `/api/help-rings/live`). */
export const helpRingSchema = z.object({
  requestId: z.uuid(),
  specialty: helpSpecialtySchema,
  problem: z.string(),
  ownerName: z.string(),
  /** 'Sea Breeze, 2019 Boston Whaler 230 Outrage, 23 ft'; null when no boat was chosen. */
  boat: z.string().nullable(),
  /** Straight-line miles from the expert's ZIP code to the owner's position or ZIP code, when known. */
  distanceMiles: z.number().nullable(),
  place: z.string(),
  hasPhoto: z.boolean(),
  rungAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** What this expert's own prices make of the call. */
  firstPrice: z.string(),
  minutePrice: z.string(),
});
export type HelpRing = z.infer<typeof helpRingSchema>;
export const helpRingsSchema = z.object({ rings: z.array(helpRingSchema) });
export type HelpRings = z.infer<typeof helpRingsSchema>;

/** `POST /api/help-requests/{id}/accept`: where both parties meet. */
export const acceptedHelpSchema = z.object({ bookingId: z.uuid() });

/**
 * A call's price from its real length: the first price covers the first 15 minutes, each further whole
 * minute costs the minute price, and a part of a minute is not charged (the owner's favour). A call that
 * never connected costs nothing.
 */
export function callCharge(connectedMs: number | null, firstCents: number, minuteCents: number): { extraMinutes: number; totalCents: number } {
  if (connectedMs === null || connectedMs <= 0) return { extraMinutes: 0, totalCents: 0 };
  const extraMinutes = Math.max(0, Math.floor(connectedMs / 60_000) - FIRST_MINUTES);
  return { extraMinutes, totalCents: firstCents + extraMinutes * minuteCents };
}

/** The invoice lines of a Help now call of this real length (null: the two never met in the room). */
export function callLines(connectedMs: number | null, firstCents: number, minuteCents: number): LineAmount[] {
  const { extraMinutes, totalCents } = callCharge(connectedMs, firstCents, minuteCents);
  if (totalCents === 0) return [line('consultation', 'Help now call: the call did not connect', 1, 0)];
  const minutes = Math.floor(connectedMs! / 60_000);
  return [
    line('consultation', `Help now video call, ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}: the first ${FIRST_MINUTES}`, 1, firstCents),
    ...(extraMinutes > 0 ? [line('consultation', `Help now video call, each minute after the first ${FIRST_MINUTES}`, extraMinutes, minuteCents)] : []),
  ];
}

/** Administrators' list (`GET /api/admin/help-requests`). */
export const adminHelpRequestSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  ownerName: z.string(),
  specialty: helpSpecialtySchema,
  problem: z.string(),
  status: z.enum(HELP_REQUEST_STATUSES),
  expertsRung: z.number().int(),
  expertName: z.string().nullable(),
  /** Seconds from the request to the accept. */
  secondsToAccept: z.number().nullable(),
  bookingId: z.uuid().nullable(),
});
export type AdminHelpRequest = z.infer<typeof adminHelpRequestSchema>;

/** The tow services' own sites, offered when nobody answered (we send no tow ourselves). */
export const TOW_SERVICES = [
  { name: 'BoatUS TowBoatUS', url: 'https://www.boatus.com/towing' },
  { name: 'Sea Tow', url: 'https://www.seatow.com' },
] as const;
