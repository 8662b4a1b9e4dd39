import { z } from 'zod';
import { BOAT_TYPES } from './bookings-fields.js';
import { isLocalDate } from './zoned-time.js';
import { hasControlCharacters } from './follow-up-summary.js';

/**
 * An owner's boat (docs/PRODUCT.md#my-boats): what it is, its engines and where it is kept. Bookings
 * attach one and keep a snapshot of it; the assistant answers about it; its maintenance schedule and
 * service history hang off it.
 */

export const HULL_TYPES = ['monohull', 'catamaran', 'trimaran', 'pontoon', 'inflatable', 'other'] as const;
export type HullType = (typeof HULL_TYPES)[number];
export const HULL_TYPE_LABELS: Record<HullType, string> = {
  monohull: 'Monohull',
  catamaran: 'Catamaran',
  trimaran: 'Trimaran',
  pontoon: 'Pontoon',
  inflatable: 'Inflatable (RIB)',
  other: 'Other',
};

export const PROPULSIONS = ['outboard', 'inboard', 'sterndrive', 'jet', 'sail', 'electric'] as const;
export type Propulsion = (typeof PROPULSIONS)[number];
export const PROPULSION_LABELS: Record<Propulsion, string> = {
  outboard: 'Outboard',
  inboard: 'Inboard',
  sterndrive: 'Sterndrive (I/O)',
  jet: 'Jet drive',
  sail: 'Sail (with or without an auxiliary engine)',
  electric: 'Electric',
};

export const FUELS = ['gasoline', 'diesel', 'electric'] as const;
export type Fuel = (typeof FUELS)[number];
export const FUEL_LABELS: Record<Fuel, string> = { gasoline: 'Gasoline', diesel: 'Diesel', electric: 'Electric' };

export const BOAT_LIMITS = {
  name: 80,
  make: 60,
  model: 60,
  marina: 200,
  slip: 50,
  engines: 4,
  hours: 100_000,
  note: 4000,
  correctionNote: 500,
  minYear: 1900,
  boatsPerOwner: 20,
  notesPerBoat: 500,
} as const;

/** Who gave a reading of the engine hours: the owner, or the expert of a booking for the boat. */
export const HOURS_RECORDERS = ['owner', 'expert'] as const;
export type HoursRecorder = (typeof HOURS_RECORDERS)[number];

export const BOAT_MESSAGES = {
  nameRequired: "Please enter your boat's name",
  typeRequired: 'Please choose the type of boat',
  hullRequired: 'Please choose the hull type',
  propulsionRequired: 'Please choose how the boat is driven',
  year: `Enter a year from ${BOAT_LIMITS.minYear} to next year`,
  length: 'Enter the length in feet, from 5 to 400',
  zip: 'Enter a 5-digit ZIP code',
  engineMake: "Please enter the engine's make, or remove this engine",
  hours: `Engine hours are a whole number from 0 to ${BOAT_LIMITS.hours.toLocaleString('en-US')}`,
  hoursBack: 'Engine hours cannot go down: enter at least the hours recorded before, or mark this a correction and say why',
  hoursBackInForm: "Engine hours cannot go down here: use 'Update engine hours', mark it a correction and say why",
  correctionNote: 'Say what was wrong with the hours recorded before',
  engines: `A boat can have at most ${BOAT_LIMITS.engines} engines`,
  fuelRequired: 'Please choose the fuel',
  noteRequired: 'Please write the note',
  notFound: 'Boat not found',
  tooMany: `My Boats holds up to ${BOAT_LIMITS.boatsPerOwner} boats. Remove one you no longer keep to add another.`,
  tooManyNotes: `A boat's history holds up to ${BOAT_LIMITS.notesPerBoat} notes. Delete one you no longer need to add another.`,
  recordBusy: 'Your service record is still being made. Try again in a moment.',
  badCursor: 'This page of the history is not known. Reload the history.',
  photo: 'Please choose a photo of the boat',
  photoTooLarge: 'The photo is larger than 10 MB. Please choose a smaller one.',
} as const;

const CONTROL_CHARACTERS = 'Remove the control characters from this text';

/** A one-line text field; empty is null. */
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine((v) => !hasControlCharacters(v, false), CONTROL_CHARACTERS)
    .nullish()
    .transform((v) => (v ? v : null));

const requiredLine = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .refine((v) => !hasControlCharacters(v, false), CONTROL_CHARACTERS);

/** A number field of a form: '' and null are 'not given'; text is coerced. */
const optionalNumber = (message: string, check: (n: number) => boolean) =>
  z
    .union([z.number(), z.string().trim()], { error: message })
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return null;
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n) || !check(n)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** The latest model year a form accepts: next year's models are sold from this summer. */
export const latestBoatYear = (today = new Date()) => today.getUTCFullYear() + 1;

const yearField = optionalNumber(BOAT_MESSAGES.year, (n) => Number.isInteger(n) && n >= BOAT_LIMITS.minYear && n <= latestBoatYear());
export const engineHoursField = optionalNumber(BOAT_MESSAGES.hours, (n) => Number.isInteger(n) && n >= 0 && n <= BOAT_LIMITS.hours);

export const engineSchema = z.object({
  make: requiredLine(BOAT_MESSAGES.engineMake, BOAT_LIMITS.make),
  model: optionalLine(BOAT_LIMITS.model),
  year: yearField,
  hours: engineHoursField,
  fuel: z.enum(FUELS, { error: BOAT_MESSAGES.fuelRequired }),
});
export type EngineInput = z.input<typeof engineSchema>;
export type Engine = z.output<typeof engineSchema>;

/** The add and edit form of a boat, and `POST /api/boats`, `PUT /api/boats/:id`. */
export const boatFormSchema = z.object({
  name: requiredLine(BOAT_MESSAGES.nameRequired, BOAT_LIMITS.name),
  boatType: z.enum(BOAT_TYPES, { error: BOAT_MESSAGES.typeRequired }),
  make: optionalLine(BOAT_LIMITS.make),
  model: optionalLine(BOAT_LIMITS.model),
  year: yearField,
  lengthFeet: optionalNumber(BOAT_MESSAGES.length, (n) => n >= 5 && n <= 400 && Math.round(n * 10) === n * 10),
  hullType: z.enum(HULL_TYPES, { error: BOAT_MESSAGES.hullRequired }),
  propulsion: z.enum(PROPULSIONS, { error: BOAT_MESSAGES.propulsionRequired }),
  engines: z.array(engineSchema).max(BOAT_LIMITS.engines, BOAT_MESSAGES.engines).default([]),
  homeMarina: optionalLine(BOAT_LIMITS.marina),
  slip: optionalLine(BOAT_LIMITS.slip),
  homeZip: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\d{5}$/.test(v), BOAT_MESSAGES.zip),
});
export type BoatFormInput = z.input<typeof boatFormSchema>;
export type BoatForm = z.output<typeof boatFormSchema>;

export const boatSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  boatType: z.enum(BOAT_TYPES),
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  lengthFeet: z.number().nullable(),
  hullType: z.enum(HULL_TYPES),
  propulsion: z.enum(PROPULSIONS),
  engines: z.array(
    z.object({ make: z.string(), model: z.string().nullable(), year: z.number().int().nullable(), hours: z.number().int().nullable(), fuel: z.enum(FUELS) }),
  ),
  homeMarina: z.string().nullable(),
  slip: z.string().nullable(),
  homeZip: z.string().nullable(),
  /** The photo's address (private: the owner, experts of its bookings and administrators), or null. */
  photoUrl: z.string().nullable(),
  /** When the engine hours were last recorded. */
  hoursRecordedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Boat = z.infer<typeof boatSchema>;

/** What a booking keeps of its boat as it was when booked: an expert reads this, never the live record. */
export const boatSnapshotSchema = boatSchema.pick({
  id: true,
  name: true,
  boatType: true,
  make: true,
  model: true,
  year: true,
  lengthFeet: true,
  hullType: true,
  propulsion: true,
  engines: true,
  homeMarina: true,
  slip: true,
});
export type BoatSnapshot = z.infer<typeof boatSnapshotSchema>;

const hoursList = z
  .array(engineHoursField.pipe(z.number({ error: BOAT_MESSAGES.hours })))
  .min(1, BOAT_MESSAGES.hours)
  .max(BOAT_LIMITS.engines, BOAT_MESSAGES.engines);

/** `POST /api/bookings/:id/engine-hours` (the booking's expert): the hours of each engine, in the boat's engine order. */
export const engineHoursSchema = z.object({ hours: hoursList });
export type EngineHoursInput = z.input<typeof engineHoursSchema>;

/**
 * `POST /api/boats/:id/engine-hours` (the owner): as the expert's, and a correction may lower them, with a
 * note saying why (docs/PRODUCT.md#my-boats).
 */
export const ownerEngineHoursSchema = z
  .object({
    hours: hoursList,
    correction: z.boolean().default(false),
    note: z
      .string()
      .trim()
      .max(BOAT_LIMITS.correctionNote, `Must be at most ${BOAT_LIMITS.correctionNote} characters`)
      .refine((v) => !hasControlCharacters(v, true), CONTROL_CHARACTERS)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((input, ctx) => {
    if (input.correction && input.note === null) ctx.addIssue({ code: 'custom', path: ['note'], message: BOAT_MESSAGES.correctionNote });
  });
export type OwnerEngineHoursInput = z.input<typeof ownerEngineHoursSchema>;
export type OwnerEngineHours = z.output<typeof ownerEngineHoursSchema>;

export const boatNoteFormSchema = z.object({
  body: z
    .string({ error: BOAT_MESSAGES.noteRequired })
    .trim()
    .min(1, BOAT_MESSAGES.noteRequired)
    .max(BOAT_LIMITS.note, `Must be at most ${BOAT_LIMITS.note} characters`)
    .refine((v) => !hasControlCharacters(v, true), CONTROL_CHARACTERS),
});
export type BoatNoteFormInput = z.input<typeof boatNoteFormSchema>;

/** One entry of a boat's service history, newest first (`GET /api/boats/:id/history`). */
export const serviceHistoryEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('booking'),
    at: z.iso.datetime(),
    bookingId: z.uuid(),
    number: z.number().int(),
    serviceType: z.enum(['video', 'onsite']),
    expertName: z.string(),
    specialty: z.string(),
    description: z.string(),
    /** The expert's follow-up summary or service report, when written. */
    summary: z.object({ findings: z.string(), nextSteps: z.string(), parts: z.array(z.string()) }).nullable(),
    invoice: z.object({ number: z.string(), totalCents: z.number().int(), status: z.string() }).nullable(),
  }),
  z.object({ kind: z.literal('conversation'), at: z.iso.datetime(), sessionId: z.uuid(), question: z.string(), category: z.string() }),
  z.object({ kind: z.literal('note'), at: z.iso.datetime(), noteId: z.uuid(), body: z.string() }),
  z.object({
    kind: z.literal('engine_hours'),
    at: z.iso.datetime(),
    readingId: z.uuid(),
    /** The hours recorded, in engine order, and what they replaced (null: none recorded before). */
    hours: z.array(z.number().int()),
    previous: z.array(z.number().int().nullable()),
    recordedBy: z.enum(HOURS_RECORDERS),
    /** The expert's name and the booking's number when an expert recorded them from a booking. */
    expertName: z.string().nullable(),
    bookingNumber: z.number().int().nullable(),
    /** A correction the owner made, with what they said was wrong. */
    correction: z.boolean(),
    note: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('maintenance'),
    at: z.iso.datetime(),
    taskId: z.uuid(),
    title: z.string(),
    doneOn: z.string(),
    engineHours: z.number().int().nullable(),
    note: z.string().nullable(),
  }),
]);
export type ServiceHistoryEntry = z.infer<typeof serviceHistoryEntrySchema>;

export const HISTORY_PAGE = { default: 30, max: 100 } as const;

/**
 * Where a page of the history starts: just older than the last entry of the page before (its instant,
 * kind and id, as entries sharing an instant are ordered by kind, then id).
 */
const HISTORY_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(booking|conversation|engine_hours|maintenance|note)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
export type HistoryKind = ServiceHistoryEntry['kind'];
export interface HistoryCursor {
  at: string;
  kind: HistoryKind;
  id: string;
}
export const historyCursorText = (cursor: HistoryCursor) => `${cursor.at}_${cursor.kind}_${cursor.id}`;

/** `GET /api/boats/:id/history?before=&limit=`. */
export const historyPageQuerySchema = z.object({
  before: z
    .string()
    .max(200, BOAT_MESSAGES.badCursor)
    .transform((text, ctx): HistoryCursor => {
      const match = HISTORY_CURSOR.exec(text);
      if (!match || Number.isNaN(Date.parse(match[1]!))) {
        ctx.addIssue({ code: 'custom', message: BOAT_MESSAGES.badCursor });
        return z.NEVER;
      }
      return { at: match[1]!, kind: match[2] as HistoryKind, id: match[3]! };
    })
    .optional(),
  limit: z.coerce
    .number({ error: `Give a limit from 1 to ${HISTORY_PAGE.max}` })
    .int(`Give a limit from 1 to ${HISTORY_PAGE.max}`)
    .min(1, `Give a limit from 1 to ${HISTORY_PAGE.max}`)
    .max(HISTORY_PAGE.max, `Give a limit from 1 to ${HISTORY_PAGE.max}`)
    .default(HISTORY_PAGE.default),
});

export const historyPageSchema = z.object({
  entries: z.array(serviceHistoryEntrySchema),
  /** Where the next, older page starts (`before`), or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const localDateField = (message: string) => z.string({ error: message }).trim().refine(isLocalDate, message);
