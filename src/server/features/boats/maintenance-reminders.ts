import { and, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { bookExpertPath } from '../../../common/maintenance-rules.js';
import type { Database } from '../../db/client.js';
import { boats, maintenanceTasks, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { emailJobs } from '../../mail/email-job.js';
import { takeFromAllowance } from '../../http/request-limiter.js';
import type { MailMessage } from '../../mail/mailer.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import { addDays } from '../../../common/zoned-time.js';
import { REMINDER_DAYS } from '../../../common/maintenance-rules.js';
import { specialtyLabel } from '../../../common/specialties.js';
import { engineHoursOf } from './boat-record.js';
import { notify } from '../notifications/index.js';

export const MAINTENANCE_REMINDER_QUEUE = 'maintenance-reminders';
export const ENGINE_HOURS_REQUEST_QUEUE = 'engine-hours-requests';
/** Hourly: a reminder due while the server was down goes out at the next run after it starts. */
const REMINDER_CRON = '17 * * * *';
/** Daily; each boat is asked at most once a month. */
const HOURS_REQUEST_CRON = '0 15 * * *';
/**
 * The boating season, when hours grow and owners are asked each month to record them: April to October
 * (docs/PRODUCT.md#maintenance-schedule). UTC months, 1-12.
 */
export const SEASON_MONTHS = { first: 4, last: 10 } as const;

const [EARLY, LATE] = REMINDER_DAYS;
const DAY_MS = 86_400_000;

function ownerName(owner: { firstName: string | null; lastName: string | null; name: string }) {
  return [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.name;
}

function longDate(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

interface DueTask {
  task: typeof maintenanceTasks.$inferSelect;
  boat: typeof boats.$inferSelect;
  owner: { email: string; name: string; firstName: string | null; lastName: string | null };
}

function dueWhen(daysLeft: number): string {
  return daysLeft === 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;
}

/** One task's lines: what is due when, and where to mark it done or book an expert for it. */
function taskLines({ task, boat }: DueTask, daysLeft: number, baseUrl: string): string[] {
  const book = `${baseUrl}${bookExpertPath(task, boat)}`;
  return [
    `${task.title} on ${boat.name} is due ${dueWhen(daysLeft)}, on ${longDate(task.dueDate!)}${task.dueHours ? ` (or at ${task.dueHours.toLocaleString('en-US')} engine hours, whichever comes first)` : ''}.`,
    ...(task.dueReason ? [task.dueReason] : []),
    `Done it already? Mark it done, or snooze it: ${baseUrl}/boats/${boat.id}?tab=schedule`,
    `Book an expert (${specialtyLabel(task.specialty)}) for it: ${book}`,
  ];
}

/**
 * The owner's reminders of one run as one e-mail, the tasks soonest due first: however many tasks fall
 * due, an owner gets one e-mail (docs/PRODUCT.md#maintenance-schedule).
 */
export function ownerReminder(due: { task: DueTask; daysLeft: number }[], baseUrl: string): MailMessage {
  const sorted = [...due].sort((a, b) => a.daysLeft - b.daysLeft);
  const first = sorted[0]!;
  const subject =
    sorted.length === 1
      ? `${first.task.boat.name}: ${first.task.task.title} is due ${dueWhen(first.daysLeft)}`
      : `${sorted.length} maintenance tasks are due soon, the first ${dueWhen(first.daysLeft)}`;
  return {
    to: first.task.owner.email,
    subject,
    text: [
      `Hello ${ownerName(first.task.owner)},`,
      ...sorted.flatMap(({ task, daysLeft }) => ['', ...taskLines(task, daysLeft, baseUrl)]),
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}

export function hoursRequest(boat: typeof boats.$inferSelect, owner: DueTask['owner'], baseUrl: string): MailMessage {
  const hours = engineHoursOf(boat);
  return {
    to: owner.email,
    subject: `${boat.name}: how many engine hours now?`,
    text: [
      `Hello ${ownerName(owner)},`,
      '',
      `Some of ${boat.name}'s maintenance falls due by engine hours (oil, impeller, filters).`,
      hours === null ? 'We have no engine hours for it yet.' : `The last hours we have are ${hours.toLocaleString('en-US')}.`,
      'Record the hours on the meter so we can tell you when a task is due:',
      `${baseUrl}/boats/${boat.id}`,
      '',
      'We ask once a month in the boating season.',
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}

/**
 * Claims the reminders due on `today` and enqueues their e-mails in the same transaction: a task's
 * `reminded_*_for` becomes its due date, so a second run (or a second server) finds nothing to claim, a
 * crash before commit leaves them for the next run, and a due date moved later is reminded of afresh.
 * Inside two days only the late reminder goes out. Each owner gets at most one e-mail a day, listing
 * the tasks: the day's allowance is claimed with them, so a reminder of a task added after that day's
 * e-mail waits for the next day. Owners whose address is not verified are left out: their reminders wait
 * until it is (docs/PRODUCT.md#account-safety).
 */
export async function sendDueReminders(deps: ServiceContext): Promise<number> {
  const now = deps.now();
  const today = now.toISOString().slice(0, 10);
  return inTransaction(deps.db, async (tx) => {
    const open = and(isNull(maintenanceTasks.doneAt), isNotNull(maintenanceTasks.dueDate), gte(maintenanceTasks.dueDate, today));
    const lateDue = and(open, lte(maintenanceTasks.dueDate, addDays(today, LATE)), sql`${maintenanceTasks.reminded2For} is distinct from ${maintenanceTasks.dueDate}`);
    const earlyDue = and(open, lte(maintenanceTasks.dueDate, addDays(today, EARLY)), sql`${maintenanceTasks.reminded14For} is distinct from ${maintenanceTasks.dueDate}`);
    const owners = await tx
      .selectDistinct({ id: boats.ownerId })
      .from(maintenanceTasks)
      .innerJoin(boats, eq(boats.id, maintenanceTasks.boatId))
      .innerJoin(users, eq(users.id, boats.ownerId))
      .where(and(or(lateDue, earlyDue), isNull(users.deletedAt), eq(users.emailVerified, true)));
    const remindedToday: string[] = [];
    for (const owner of owners) {
      const allowance = await takeFromAllowance(tx, { key: `maintenance-reminders:${owner.id}:${today}`, max: 1, windowMs: DAY_MS, now: now.getTime() });
      if (allowance.taken) remindedToday.push(owner.id);
    }
    if (remindedToday.length === 0) return 0;
    const ofThoseOwners = inArray(maintenanceTasks.boatId, tx.select({ id: boats.id }).from(boats).where(inArray(boats.ownerId, remindedToday)));
    const late = await tx
      .update(maintenanceTasks)
      .set({ reminded2For: sql`${maintenanceTasks.dueDate}`, reminded14For: sql`${maintenanceTasks.dueDate}` })
      .where(and(lateDue, ofThoseOwners))
      .returning({ id: maintenanceTasks.id });
    const early = await tx
      .update(maintenanceTasks)
      .set({ reminded14For: sql`${maintenanceTasks.dueDate}` })
      .where(and(earlyDue, ofThoseOwners))
      .returning({ id: maintenanceTasks.id });
    const ids = [...late, ...early].map((r) => r.id);
    if (ids.length === 0) return 0;
    const due = await dueTasks(tx, ids);
    const daysLeft = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
    const byOwner = new Map<string, { task: DueTask; daysLeft: number }[]>();
    for (const task of due) byOwner.set(task.boat.ownerId, [...(byOwner.get(task.boat.ownerId) ?? []), { task, daysLeft: daysLeft(task.task.dueDate!) }]);
    const reminders = [...byOwner.entries()].map(([ownerId, tasks]) => ({ ownerId, tasks, email: ownerReminder(tasks, deps.baseUrl) }));
    await notify(
      deps.jobs,
      tx,
      reminders.map(({ ownerId, tasks, email }) => {
        const boatIds = new Set(tasks.map(({ task }) => task.boat.id));
        const path = boatIds.size === 1 ? `/boats/${[...boatIds][0]}` : '/boats';
        return { userId: ownerId, kind: 'maintenance_due' as const, title: email.subject, body: 'Open the schedule to book an expert or mark it done.', path };
      }),
    );
    await deps.jobs.insert(tx, emailJobs(reminders.map(({ ownerId, email }) => ({ ...email, notice: { userId: ownerId, kind: 'maintenance_due' as const } }))));
    return due.length;
  });
}

function dueTasks(tx: Database, ids: string[]): Promise<DueTask[]> {
  return tx
    .select({ task: maintenanceTasks, boat: boats, owner: { email: users.email, name: users.name, firstName: users.firstName, lastName: users.lastName } })
    .from(maintenanceTasks)
    .innerJoin(boats, eq(boats.id, maintenanceTasks.boatId))
    .innerJoin(users, eq(users.id, boats.ownerId))
    .where(and(inArray(maintenanceTasks.id, ids), isNull(users.deletedAt)));
}

/**
 * In season, asks each owner once a month to record the engine hours of a boat with tasks due by hours
 * whose hours were not recorded in the last 20 days. `hours_asked_month` is claimed with the e-mail.
 */
export async function requestEngineHours(deps: ServiceContext): Promise<number> {
  const now = deps.now();
  const month = now.getUTCMonth() + 1;
  if (month < SEASON_MONTHS.first || month > SEASON_MONTHS.last) return 0;
  const thisMonth = now.toISOString().slice(0, 7);
  const recent = new Date(now.getTime() - 20 * 86_400_000);
  return inTransaction(deps.db, async (tx) => {
    const asked = await tx
      .update(boats)
      .set({ hoursAskedMonth: thisMonth })
      .where(
        and(
          sql`${boats.hoursAskedMonth} is distinct from ${thisMonth}`,
          or(isNull(boats.hoursRecordedAt), lte(boats.hoursRecordedAt, recent)),
          sql`exists (select from ${maintenanceTasks} where ${maintenanceTasks.boatId} = ${boats.id} and ${maintenanceTasks.doneAt} is null and ${maintenanceTasks.intervalHours} is not null)`,
          // An unverified address is asked nothing (docs/PRODUCT.md#account-safety).
          sql`exists (select from ${users} where ${users.id} = ${boats.ownerId} and ${users.deletedAt} is null and ${users.emailVerified})`,
        ),
      )
      .returning();
    if (asked.length === 0) return 0;
    const owners = await tx
      .select({ id: users.id, email: users.email, name: users.name, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [...new Set(asked.map((b) => b.ownerId))]));
    const ownerOf = new Map(owners.map((o) => [o.id, o]));
    const requests = asked.map((boat) => ({ boat, email: hoursRequest(boat, ownerOf.get(boat.ownerId)!, deps.baseUrl) }));
    await notify(
      deps.jobs,
      tx,
      requests.map(({ boat, email }) => ({
        userId: boat.ownerId,
        kind: 'maintenance_due' as const,
        title: email.subject,
        body: 'Record the hours on the meter so we can tell you when a task is due.',
        path: `/boats/${boat.id}`,
      })),
    );
    await deps.jobs.insert(tx, emailJobs(requests.map(({ boat, email }) => ({ ...email, notice: { userId: boat.ownerId, kind: 'maintenance_due' as const } }))));
    return asked.length;
  });
}

export function defineMaintenanceJobs(jobs: JobQueue, deps: ServiceContext) {
  jobs.define(MAINTENANCE_REMINDER_QUEUE, async () => void (await sendDueReminders(deps)), { cron: REMINDER_CRON });
  jobs.define(ENGINE_HOURS_REQUEST_QUEUE, async () => void (await requestEngineHours(deps)), { cron: HOURS_REQUEST_CRON });
}
