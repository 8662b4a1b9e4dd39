import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts, externalBusyTimes, externalCalendars } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { CurrentUser } from '../../../common/user.js';
import { NO_EXPERT_PROFILE } from '../../../common/workspace.js';
import {
  EXTERNAL_CALENDAR_MESSAGES,
  MAX_EXTERNAL_CALENDARS,
  type AddExternalCalendar,
  type ExternalCalendar,
  type WorkspaceCalendars,
} from '../../../common/external-calendars.js';
import { merged } from './busy-times.js';
import { calendarReadJob } from './calendar-jobs.js';

const WEEK_MS = 7 * 86_400_000;

export interface CalendarServiceDeps {
  db: Database;
  jobs: JobQueue;
  now(): Date;
  /** http and private addresses allowed (ALLOW_PRIVATE_CALENDAR_URLS). */
  allowPrivate: boolean;
}

/** The caller's expert profile (id and zone); 404 with where to apply when the account has none. */
async function ownExpertOf(db: Database, userId: string, forUpdate = false): Promise<{ id: number; timeZone: string }> {
  const query = db.select({ id: experts.id, timeZone: experts.timeZone }).from(experts).where(eq(experts.userId, userId)).$dynamic();
  const [expert] = await (forUpdate ? query.for('update') : query);
  if (!expert) throw new AppError('NOT_FOUND', NO_EXPERT_PROFILE);
  return expert;
}

type CalendarRow = typeof externalCalendars.$inferSelect;

function toExternalCalendar(row: CalendarRow, busyCount: number): ExternalCalendar {
  return {
    id: row.id,
    label: row.label,
    host: new URL(row.url).host,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
    lastError: row.lastError,
    busyCount,
  };
}

/** `GET /api/workspace/calendars`: the expert's calendars and their busy times of the coming seven days. */
export async function listOwnCalendars(deps: CalendarServiceDeps, user: CurrentUser): Promise<WorkspaceCalendars> {
  const expert = await ownExpertOf(deps.db, user.id);
  const now = deps.now();
  // Spelled out: drizzle leaves a subquery's columns unqualified, and both tables have an id.
  const busyCount = sql<number>`(select count(*)::int from external_busy_times b where b.calendar_id = external_calendars.id)`;
  const rows = await deps.db
    .select({ calendar: externalCalendars, busyCount })
    .from(externalCalendars)
    .where(eq(externalCalendars.expertId, expert.id))
    .orderBy(asc(externalCalendars.createdAt));
  const week = await deps.db
    .select({ start: externalBusyTimes.startsAt, end: externalBusyTimes.endsAt })
    .from(externalBusyTimes)
    .where(and(eq(externalBusyTimes.expertId, expert.id), lt(externalBusyTimes.startsAt, new Date(now.getTime() + WEEK_MS)), gt(externalBusyTimes.endsAt, now)));
  return {
    calendars: rows.map((row) => toExternalCalendar(row.calendar, row.busyCount)),
    timeZone: expert.timeZone,
    week: merged(week.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() }))).map((b) => ({
      start: new Date(b.start).toISOString(),
      end: new Date(b.end).toISOString(),
    })),
  };
}

/**
 * `POST /api/workspace/calendars`: adds a calendar (at most three; the expert's row is locked so two at once
 * cannot make four) and queues its first read, committed with it.
 */
export async function addOwnCalendar(deps: CalendarServiceDeps, user: CurrentUser, input: AddExternalCalendar): Promise<ExternalCalendar> {
  if (!deps.allowPrivate && !input.url.startsWith('https://')) throw AppError.onField('url', EXTERNAL_CALENDAR_MESSAGES.httpsOnly);
  return inTransaction(deps.db, async (tx) => {
    const expert = await ownExpertOf(tx, user.id, true);
    const [{ value: existing } = { value: 0 }] = await tx.select({ value: count() }).from(externalCalendars).where(eq(externalCalendars.expertId, expert.id));
    if (existing >= MAX_EXTERNAL_CALENDARS) throw new AppError('CONFLICT', EXTERNAL_CALENDAR_MESSAGES.tooMany);
    const [row] = await tx.insert(externalCalendars).values({ expertId: expert.id, url: input.url, label: input.label }).onConflictDoNothing().returning();
    if (!row) throw AppError.onField('url', EXTERNAL_CALENDAR_MESSAGES.duplicate);
    // The address is a secret (it reads the whole calendar): the audit keeps its host only.
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'expert',
      action: 'external-calendar.add',
      entityType: 'external_calendar',
      entityId: row.id,
      after: { label: row.label, host: new URL(row.url).host },
    });
    await deps.jobs.insert(tx, [calendarReadJob(row.id)]);
    return toExternalCalendar(row, 0);
  });
}

/** `DELETE /api/workspace/calendars/:id`: the calendar and its busy times; another expert's is 404. */
export async function removeOwnCalendar(deps: CalendarServiceDeps, user: CurrentUser, calendarId: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const expert = await ownExpertOf(tx, user.id);
    const [row] = await tx
      .delete(externalCalendars)
      .where(and(eq(externalCalendars.id, calendarId), eq(externalCalendars.expertId, expert.id)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', EXTERNAL_CALENDAR_MESSAGES.notFound);
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'expert',
      action: 'external-calendar.remove',
      entityType: 'external_calendar',
      entityId: row.id,
      before: { label: row.label, host: new URL(row.url).host },
    });
  });
}
