import { z } from 'zod';
import { SPECIALTY_VALUES } from './specialties.js';
import { engineHoursField, localDateField } from './boats.js';
import { hasControlCharacters } from './follow-up-summary.js';
import { MAINTENANCE_LIMITS, TASK_STATES } from './maintenance-rules.js';

/**
 * A boat's maintenance schedule (docs/PRODUCT.md#maintenance-schedule): tasks due by a date, by engine
 * hours, or by whichever comes first; completing one moves it on by its interval.
 */

export const MAINTENANCE_MESSAGES = {
  titleRequired: 'Please name the task',
  specialty: 'Please choose the kind of expert for this task',
  dueRequired: 'Give a due date, due engine hours, or both',
  dueDate: 'Enter the due date as YYYY-MM-DD',
  dueHours: 'Due engine hours are a whole number from 1 to 100,000',
  intervalMonths: `Repeat every 1 to ${MAINTENANCE_LIMITS.intervalMonths} months, or leave it empty`,
  intervalHours: `Repeat every 1 to ${MAINTENANCE_LIMITS.intervalHours} hours, or leave it empty`,
  doneOn: 'Enter the date it was done, YYYY-MM-DD, not in the future',
  snoozeUntil: 'Choose a date after the current due date',
  notFound: 'Maintenance task not found',
  alreadyDone: 'This task is already done',
  tooMany: `A boat's schedule holds up to ${MAINTENANCE_LIMITS.tasksPerBoat} tasks. Remove one you no longer need to add another.`,
} as const;

/** A second booking for a task that has one going (docs/PRODUCT.md#maintenance-schedule). */
export const taskAlreadyBooked = (number: number) => `This task is already booked (#${number}). Open that booking to move or cancel it.`;

const wholeOrEmpty = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim()], { error: message })
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return null;
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

const optionalDate = (message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(localDateField(message).nullable());

const optionalNote = z
  .string()
  .trim()
  .max(MAINTENANCE_LIMITS.note, `Must be at most ${MAINTENANCE_LIMITS.note} characters`)
  .refine((v) => !hasControlCharacters(v, true), 'Remove the control characters from this text')
  .nullish()
  .transform((v) => (v ? v : null));

/** Add or edit a task (`POST /api/boats/:id/tasks`, `PUT /api/boats/:id/tasks/:taskId`). */
export const maintenanceTaskFormSchema = z
  .object({
    title: z
      .string({ error: MAINTENANCE_MESSAGES.titleRequired })
      .trim()
      .min(1, MAINTENANCE_MESSAGES.titleRequired)
      .max(MAINTENANCE_LIMITS.title, `Must be at most ${MAINTENANCE_LIMITS.title} characters`)
      .refine((v) => !hasControlCharacters(v, false), 'Remove the control characters from this text'),
    specialty: z.enum(SPECIALTY_VALUES, { error: MAINTENANCE_MESSAGES.specialty }),
    dueDate: optionalDate(MAINTENANCE_MESSAGES.dueDate),
    dueHours: wholeOrEmpty(MAINTENANCE_MESSAGES.dueHours, 1, 100_000),
    intervalMonths: wholeOrEmpty(MAINTENANCE_MESSAGES.intervalMonths, 1, MAINTENANCE_LIMITS.intervalMonths),
    intervalHours: wholeOrEmpty(MAINTENANCE_MESSAGES.intervalHours, 1, MAINTENANCE_LIMITS.intervalHours),
  })
  .superRefine((task, ctx) => {
    if (task.dueDate === null && task.dueHours === null) ctx.addIssue({ code: 'custom', path: ['dueDate'], message: MAINTENANCE_MESSAGES.dueRequired });
  });
export type MaintenanceTaskFormInput = z.input<typeof maintenanceTaskFormSchema>;
export type MaintenanceTaskForm = z.output<typeof maintenanceTaskFormSchema>;

/** `POST /api/boats/:id/tasks/:taskId/complete`. */
export const completeTaskSchema = z.object({
  doneOn: optionalDate(MAINTENANCE_MESSAGES.doneOn),
  engineHours: engineHoursField,
  note: optionalNote,
});
export type CompleteTaskInput = z.input<typeof completeTaskSchema>;

/** `POST /api/boats/:id/tasks/:taskId/snooze`. */
export const snoozeTaskSchema = z.object({ until: localDateField(MAINTENANCE_MESSAGES.snoozeUntil) });
export type SnoozeTaskInput = z.input<typeof snoozeTaskSchema>;

export const taskBookingSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  startsAt: z.iso.datetime(),
  /** The expert's zone; the visit's place's zone when known (`bookingTimeZone`), which the booking's pages show its time in. */
  timeZone: z.string(),
  placeTimeZone: z.string().nullable(),
  status: z.enum(['requested', 'confirmed']),
});
export type TaskBooking = z.infer<typeof taskBookingSchema>;

export const maintenanceTaskSchema = z.object({
  id: z.uuid(),
  boatId: z.uuid(),
  boatName: z.string(),
  /** The boat's home ZIP code: 'Book an expert' looks for experts who travel there. */
  boatZip: z.string().nullable(),
  title: z.string(),
  specialty: z.string(),
  /** The template it came from ('impeller'), or null for the owner's own task. */
  templateKey: z.string().nullable(),
  dueDate: z.string().nullable(),
  dueHours: z.number().int().nullable(),
  intervalMonths: z.number().int().nullable(),
  intervalHours: z.number().int().nullable(),
  lastDoneOn: z.string().nullable(),
  lastDoneHours: z.number().int().nullable(),
  /** The boat's engine hours now (the highest of its engines), to read `dueHours` against. */
  engineHours: z.number().int().nullable(),
  state: z.enum(TASK_STATES),
  /** Why the task has its date, when a rule set it ('Usual first frost near 02108: about Oct 12'). */
  dueReason: z.string().nullable(),
  /** The booking made for it that is still going (requested or confirmed), or null: one at a time. */
  booking: taskBookingSchema.nullable(),
});
export type MaintenanceTask = z.infer<typeof maintenanceTaskSchema>;
