import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { aiSessions, boatNotes, bookings, experts, followUpSummaries, invoices, maintenanceCompletions } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { ServiceHistoryEntry } from '../../../common/boats.js';
import type { CurrentUser } from '../../../common/user.js';
import { boatAccess, isUuid, type BoatRow } from './boat-record.js';

const newestFirst = (a: ServiceHistoryEntry, b: ServiceHistoryEntry) => b.at.localeCompare(a.at);

/**
 * Everything done to and asked about a boat (docs/PRODUCT.md#service-history): its completed bookings
 * with the expert's follow-up and the invoice, the maintenance log, the assistant conversations about it
 * and the owner's notes, newest first.
 */
export async function readServiceHistory(db: Database, boat: BoatRow): Promise<ServiceHistoryEntry[]> {
  const [visits, done, conversations, notes] = await Promise.all([
    db
      .select({ booking: bookings, expert: { name: experts.name, specialty: experts.specialty }, summary: followUpSummaries, invoice: invoices })
      .from(bookings)
      .innerJoin(experts, eq(experts.id, bookings.expertId))
      .leftJoin(followUpSummaries, eq(followUpSummaries.bookingId, bookings.id))
      .leftJoin(invoices, eq(invoices.bookingId, bookings.id))
      .where(and(eq(bookings.boatId, boat.id), eq(bookings.status, 'completed'))),
    db.select().from(maintenanceCompletions).where(eq(maintenanceCompletions.boatId, boat.id)),
    db.select().from(aiSessions).where(eq(aiSessions.boatId, boat.id)).orderBy(desc(aiSessions.createdAt)),
    db.select().from(boatNotes).where(eq(boatNotes.boatId, boat.id)),
  ]);
  return [
    ...visits.map(({ booking, expert, summary, invoice }): ServiceHistoryEntry => ({
      kind: 'booking',
      at: booking.startsAt.toISOString(),
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
    })),
    ...done.map((c): ServiceHistoryEntry => ({
      kind: 'maintenance',
      at: `${c.doneOn}T12:00:00.000Z`,
      taskId: c.taskId ?? c.id,
      title: c.title,
      doneOn: c.doneOn,
      engineHours: c.engineHours,
      note: c.note,
    })),
    ...conversations.map((s): ServiceHistoryEntry => ({
      kind: 'conversation',
      at: s.createdAt.toISOString(),
      sessionId: s.id,
      question: s.question,
      category: s.category,
    })),
    ...notes.map((n): ServiceHistoryEntry => ({ kind: 'note', at: n.createdAt.toISOString(), noteId: n.id, body: n.body })),
  ].sort(newestFirst);
}

export async function boatHistory(deps: ServiceContext, user: CurrentUser, boatId: string): Promise<ServiceHistoryEntry[]> {
  const { row } = await boatAccess(deps.db, user, boatId, { admins: true });
  return readServiceHistory(deps.db, row);
}

export async function addNote(deps: ServiceContext, user: CurrentUser, boatId: string, body: string): Promise<ServiceHistoryEntry> {
  return inTransaction(deps.db, async (tx) => {
    const { row: boat } = await boatAccess(tx, user, boatId);
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
