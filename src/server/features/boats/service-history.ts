import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { aiSessions, boatNotes, bookings, engineHourReadings, experts, followUpSummaries, invoices, maintenanceCompletions } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import type { ServiceContext } from '../../core/service-context.js';
import { BOAT_LIMITS, BOAT_MESSAGES, historyCursorText, type HistoryCursor, type HistoryKind, type HistoryPage, type ServiceHistoryEntry } from '../../../common/boats.js';
import type { CurrentUser } from '../../../common/user.js';
import { boatAccess, isUuid, type BoatRow } from './boat-record.js';

/** An entry with where it sorts: newest first, then by kind and id, so a page boundary is exact. */
interface Keyed {
  key: HistoryCursor;
  entry: ServiceHistoryEntry;
}

/** The entry's instant to the millisecond as text, by the database itself, so a cursor compares exactly. */
const instant = (column: SQL | AnyPgColumn) => sql`date_trunc('milliseconds', ${column})`;
const instantText = (column: SQL | AnyPgColumn) => sql<string>`to_char(${instant(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const maintenanceInstant = sql`((${maintenanceCompletions.doneOn} + time '12:00') at time zone 'UTC')`;

/** The rows of one kind older than the cursor: by instant, then (one kind's rows sharing it) by id. */
function olderThan(kind: HistoryKind, at: SQL | AnyPgColumn, id: AnyPgColumn, cursor: HistoryCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const cursorAt = sql`${cursor.at}::timestamptz`;
  if (kind < cursor.kind) return sql`${instant(at)} <= ${cursorAt}`;
  if (kind > cursor.kind) return sql`${instant(at)} < ${cursorAt}`;
  return sql`(${instant(at)}, ${id}) < (${cursorAt}, ${cursor.id}::uuid)`;
}

const newestFirst = (a: Keyed, b: Keyed) =>
  a.key.at !== b.key.at ? (a.key.at < b.key.at ? 1 : -1) : a.key.kind !== b.key.kind ? (a.key.kind < b.key.kind ? 1 : -1) : a.key.id < b.key.id ? 1 : a.key.id > b.key.id ? -1 : 0;

/**
 * Everything done to and asked about a boat (docs/PRODUCT.md#service-history): its completed bookings
 * with the expert's follow-up and the invoice, the maintenance log, the engine-hours readings, the
 * assistant conversations about it and the owner's notes, newest first: the page older than `before`
 * of at most `limit` entries (all of them without a limit), and where the next page starts.
 */
export async function readServiceHistory(
  db: Database,
  boat: BoatRow,
  page: { before?: HistoryCursor; limit?: number } = {},
): Promise<{ entries: ServiceHistoryEntry[]; next: HistoryCursor | null }> {
  const { before } = page;
  // One more than the page of each kind tells whether an older page exists.
  const take = page.limit === undefined ? undefined : page.limit + 1;
  const limited = <T extends PgSelect>(query: T) => (take === undefined ? query : query.limit(take));
  const [visits, done, readings, conversations, notes] = await Promise.all([
    limited(
      db
        .select({ at: instantText(bookings.startsAt), booking: bookings, expert: { name: experts.name, specialty: experts.specialty }, summary: followUpSummaries, invoice: invoices })
        .from(bookings)
        .innerJoin(experts, eq(experts.id, bookings.expertId))
        .leftJoin(followUpSummaries, eq(followUpSummaries.bookingId, bookings.id))
        .leftJoin(invoices, eq(invoices.bookingId, bookings.id))
        .where(and(eq(bookings.boatId, boat.id), eq(bookings.status, 'completed'), olderThan('booking', bookings.startsAt, bookings.id, before)))
        .orderBy(desc(instant(bookings.startsAt)), desc(bookings.id))
        .$dynamic(),
    ),
    limited(
      db
        .select({ at: instantText(maintenanceInstant), completion: maintenanceCompletions })
        .from(maintenanceCompletions)
        .where(and(eq(maintenanceCompletions.boatId, boat.id), olderThan('maintenance', maintenanceInstant, maintenanceCompletions.id, before)))
        .orderBy(desc(maintenanceCompletions.doneOn), desc(maintenanceCompletions.id))
        .$dynamic(),
    ),
    limited(
      db
        .select({ at: instantText(engineHourReadings.createdAt), reading: engineHourReadings, bookingNumber: bookings.number })
        .from(engineHourReadings)
        .leftJoin(bookings, eq(bookings.id, engineHourReadings.bookingId))
        .where(and(eq(engineHourReadings.boatId, boat.id), olderThan('engine_hours', engineHourReadings.createdAt, engineHourReadings.id, before)))
        .orderBy(desc(instant(engineHourReadings.createdAt)), desc(engineHourReadings.id))
        .$dynamic(),
    ),
    limited(
      db
        .select({ at: instantText(aiSessions.createdAt), session: aiSessions })
        .from(aiSessions)
        .where(and(eq(aiSessions.boatId, boat.id), olderThan('conversation', aiSessions.createdAt, aiSessions.id, before)))
        .orderBy(desc(instant(aiSessions.createdAt)), desc(aiSessions.id))
        .$dynamic(),
    ),
    limited(
      db
        .select({ at: instantText(boatNotes.createdAt), note: boatNotes })
        .from(boatNotes)
        .where(and(eq(boatNotes.boatId, boat.id), olderThan('note', boatNotes.createdAt, boatNotes.id, before)))
        .orderBy(desc(instant(boatNotes.createdAt)), desc(boatNotes.id))
        .$dynamic(),
    ),
  ]);
  const all: Keyed[] = [
    ...visits.map(({ at, booking, expert, summary, invoice }): Keyed => ({
      key: { at, kind: 'booking', id: booking.id },
      entry: {
        kind: 'booking',
        at,
        bookingId: booking.id,
        number: booking.number,
        serviceType: booking.serviceType,
        expertName: expert.name,
        specialty: expert.specialty,
        description: booking.description,
        summary: summary && {
          findings: summary.findings,
          nextSteps: summary.nextSteps,
          parts: summary.parts.map((p) => [p.quantity ? `${p.quantity} × ` : '', p.name, p.partNumber ? ` (${p.partNumber})` : ''].join('')),
        },
        invoice: invoice && { number: invoice.number, totalCents: invoice.totalCents - invoice.refundedCents, status: invoice.status },
      },
    })),
    ...done.map(({ at, completion: c }): Keyed => ({
      key: { at, kind: 'maintenance', id: c.id },
      entry: { kind: 'maintenance', at, taskId: c.taskId ?? c.id, title: c.title, doneOn: c.doneOn, engineHours: c.engineHours, note: c.note },
    })),
    ...readings.map(({ at, reading: r, bookingNumber }): Keyed => ({
      key: { at, kind: 'engine_hours', id: r.id },
      entry: {
        kind: 'engine_hours',
        at,
        readingId: r.id,
        hours: r.hours,
        previous: r.previous,
        recordedBy: r.recordedBy,
        expertName: r.expertName,
        bookingNumber: bookingNumber ?? null,
        correction: r.correction,
        note: r.note,
      },
    })),
    ...conversations.map(({ at, session: s }): Keyed => ({
      key: { at, kind: 'conversation', id: s.id },
      entry: { kind: 'conversation', at, sessionId: s.id, question: s.question, category: s.category },
    })),
    ...notes.map(({ at, note: n }): Keyed => ({ key: { at, kind: 'note', id: n.id }, entry: { kind: 'note', at, noteId: n.id, body: n.body } })),
  ].sort(newestFirst);
  const shown = page.limit === undefined ? all : all.slice(0, page.limit);
  return { entries: shown.map((k) => k.entry), next: shown.length < all.length ? shown.at(-1)!.key : null };
}

export async function boatHistory(deps: ServiceContext, user: CurrentUser, boatId: string, page: { before?: HistoryCursor; limit: number }): Promise<HistoryPage> {
  const { row } = await boatAccess(deps.db, user, boatId, { admins: true });
  const { entries, next } = await readServiceHistory(deps.db, row, page);
  return { entries, nextCursor: next && historyCursorText(next) };
}

export async function addNote(deps: ServiceContext, user: CurrentUser, boatId: string, body: string): Promise<ServiceHistoryEntry> {
  return inTransaction(deps.db, async (tx) => {
    // The boat's row lock: two notes at once cannot both pass the count.
    const { row: boat } = await boatAccess(tx, user, boatId, { forUpdate: true });
    const [{ count: kept } = { count: 0 }] = await tx.select({ count: count() }).from(boatNotes).where(eq(boatNotes.boatId, boat.id));
    if (kept >= BOAT_LIMITS.notesPerBoat) throw new AppError('CONFLICT', BOAT_MESSAGES.tooManyNotes);
    const [note] = await tx.insert(boatNotes).values({ boatId: boat.id, body, createdAt: deps.now() }).returning();
    await writeAudit(tx, { actorUserId: user.id, actorRole: 'owner', action: 'boat.note_add', entityType: 'boat', entityId: boat.id, after: { noteId: note!.id } });
    return { kind: 'note', at: note!.createdAt.toISOString(), noteId: note!.id, body: note!.body };
  });
}

export async function removeNote(deps: ServiceContext, user: CurrentUser, boatId: string, noteId: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const { row: boat } = await boatAccess(tx, user, boatId);
    const removed = isUuid(noteId) ? await tx.delete(boatNotes).where(and(eq(boatNotes.id, noteId), eq(boatNotes.boatId, boat.id))).returning() : [];
    if (removed.length === 0) throw new AppError('NOT_FOUND', 'Note not found');
    await writeAudit(tx, { actorUserId: user.id, actorRole: 'owner', action: 'boat.note_remove', entityType: 'boat', entityId: boat.id, before: { body: removed[0]!.body } });
  });
}
