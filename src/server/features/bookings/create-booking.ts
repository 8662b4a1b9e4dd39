import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings, experts } from '../../db/schema.js';
import { inTransaction, LOCKS, lockForTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { idempotentWrite } from '../../idempotency/idempotent-write.js';
import { AppError } from '../../core/app-error.js';
import type { Booking, CreateBooking } from '../../../common/booking.js';
import { REQUEST_TTL_MS, billableHours, bookingPriceCents } from '../../../common/booking-rules.js';
import type { CurrentUser } from '../../../common/user.js';
import { resolveSlot } from './slots.js';
import { auditSnapshot, selectBookingRecords, toBooking } from './booking-record.js';
import type { BookingDeps } from './booking-deps.js';
import { notify } from './booking-notices.js';
import { syncReminders } from './booking-reminders.js';
import { attachConversation, copyOwnConversation } from '../ai-handoff/attached-conversation.js';
import { EXPERT_NOT_FOUND } from '../experts/service.js';

/** The expert to book, or why not: unknown or not approved is 404; not offering the service or away is 409. */
export async function loadBookableExpert(db: Database, expertId: number, serviceType: CreateBooking['serviceType']) {
  const [expert] = await db
    .select()
    .from(experts)
    .where(and(eq(experts.id, expertId), eq(experts.status, 'approved')));
  if (!expert) throw new AppError('NOT_FOUND', EXPERT_NOT_FOUND);
  if (!expert.serviceTypes.includes(serviceType)) {
    const message = serviceType === 'video' ? 'This expert does not offer video consultations.' : 'This expert does not offer onsite service.';
    throw new AppError('BAD_REQUEST', message, { expertId: message });
  }
  if (!expert.available) throw new AppError('CONFLICT', 'This expert is not taking bookings right now. Please choose another expert.');
  return expert;
}

/**
 * Books an expert for the caller: one transaction that takes the expert's booking lock, checks the slot,
 * computes the price from the expert's stored rates, writes the booking, its audit entry and its e-mails.
 * With an idempotency key, a retry of the same request answers the booking it made.
 */
export async function createBooking(
  deps: BookingDeps,
  user: CurrentUser,
  input: CreateBooking,
  idempotencyKey?: string,
): Promise<{ booking: Booking; replayed: boolean }> {
  return inTransaction(deps.db, async (tx) => {
    await lockForTransaction(tx, LOCKS.bookingsOfExpert, input.expertId);
    const { answer, replayed } = await idempotentWrite(
      tx,
      { userId: user.id, key: idempotencyKey, request: ['POST /api/bookings', input] },
      async () => {
        const booking = await insertBooking(deps, tx, user, input);
        return { id: booking.id, answer: booking };
      },
      async (id) => {
        const [record] = await selectBookingRecords(tx, eq(bookings.id, id));
        return record ? toBooking(record, ['owner'], deps.now()) : null;
      },
    );
    return { booking: answer, replayed };
  });
}

/** The booking itself, inside `createBooking`'s transaction and under its lock. */
async function insertBooking(deps: BookingDeps, tx: Database, user: CurrentUser, input: CreateBooking): Promise<Booking> {
  const now = deps.now();
  const expert = await loadBookableExpert(tx, input.expertId, input.serviceType);
  const hours = input.serviceType === 'onsite' ? billableHours(input.estimatedHours, expert.onsiteMinimumHours) : 0;
  const slot = await resolveSlot(tx, expert, input.serviceType, input.scheduledDate, input.preferredTime, hours, now);
  const status = expert.instantBooking ? 'confirmed' : 'requested';
  const onsite = input.serviceType === 'onsite' ? input : null;
  // The assistant conversation is copied as it is now: the expert reads what the owner booked with.
  const conversation = input.aiSessionId ? await copyOwnConversation(tx, user.id, input.aiSessionId) : null;
  const [created] = await tx
    .insert(bookings)
    .values({
      userId: user.id,
      expertId: expert.id,
      serviceType: input.serviceType,
      status,
      startsAt: slot.start,
      endsAt: slot.end,
      timeZone: expert.timeZone,
      expiresAt: status === 'requested' ? new Date(Math.min(now.getTime() + REQUEST_TTL_MS, slot.start.getTime())) : null,
      description: input.description,
      boatAddress: onsite?.boatAddress ?? null,
      marinaName: onsite?.marinaName ?? null,
      dockSlip: onsite?.dockSlip ?? null,
      contactPhone: onsite?.contactPhone ?? null,
      emergencyContact: onsite?.emergencyContact ?? null,
      boatType: onsite?.boatType ?? null,
      boatLength: onsite?.boatLength ?? null,
      estimatedHours: onsite ? hours : null,
      priceCents: bookingPriceCents(input.serviceType, hours, expert),
      onsiteVisitCents: expert.onsiteRateCents * Math.max(expert.onsiteMinimumHours, 1),
      aiSessionId: input.aiSessionId ?? null,
    })
    .returning({ id: bookings.id });
  if (conversation) await attachConversation(tx, created!.id, conversation);
  const [record] = await selectBookingRecords(tx, eq(bookings.id, created!.id));
  await writeAudit(tx, {
    actorUserId: user.id,
    actorRole: 'owner',
    action: 'booking.create',
    entityType: 'booking',
    entityId: created!.id,
    after: auditSnapshot(record!.booking),
  });
  await notify(deps, tx, record!, status === 'confirmed' ? 'confirmed' : 'requested');
  await syncReminders(deps, tx, null, record!.booking);
  return toBooking(record!, ['owner'], now);
}
