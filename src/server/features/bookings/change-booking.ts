import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings } from '../../db/schema.js';
import { inTransaction, LOCKS, lockForTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import {
  BOOKING_TRANSITIONS,
  refusalMessage,
  refusalOf,
  type BookingAction,
  type BookingActor,
  type BookingStatus,
} from '../../../common/bookings-status.js';
import { REQUEST_TTL_MS } from '../../../common/bookings-rules.js';
import type { BookingDetail, RescheduleBookingInput } from '../../../common/bookings.js';
import type { CompleteBooking } from '../../../common/invoices.js';
import type { CurrentUser } from '../../../common/user.js';
import { auditSnapshot, toBookingDetail, type BookingRecord } from './booking-record.js';
import { bookingAccess, loadBooking } from './booking-access.js';
import type { ServiceContext } from '../../core/service-context.js';
import { REFUND_QUEUE } from '../../jobs/queues.js';
import { noticeJobs } from './booking-notices.js';
import { bookingNotifications } from './booking-notifications.js';
import { notify } from '../notifications/index.js';
import { syncReminders } from './booking-reminders.js';
import { resolveSlot } from './slots.js';
import type { BookingEmailEvent } from './booking-emails.js';
import { describeTime } from '../../../common/zoned-time.js';
import { bookingTimeZone } from '../../../common/bookings-time-zone.js';

/** Who acts: a signed-in user (owner, expert or admin of this booking) or the background jobs. */
export type BookingCaller = { user: CurrentUser } | { system: true };

/** The booking locked for change, and the caller's roles towards it; anyone unrelated gets 404. */
async function lockBooking(tx: Database, bookingId: string, caller: BookingCaller): Promise<{ record: BookingRecord; actors: BookingActor[] }> {
  if ('system' in caller) return { record: await loadBooking(tx, bookingId, { forUpdate: true }), actors: ['system'] };
  const { record, roles } = await bookingAccess(tx, caller.user, bookingId, { forUpdate: true });
  return { record, actors: roles };
}

function check(action: BookingAction, record: BookingRecord, actors: BookingActor[], now: Date) {
  const refusal = refusalOf(action, record.booking, actors, now);
  if (refusal === 'wrong-actor') throw new AppError('FORBIDDEN', refusalMessage(action, refusal, record.booking.status));
  if (refusal) throw new AppError('CONFLICT', refusalMessage(action, refusal, record.booking.status));
}

/** The role an entry is recorded under: the first of the caller's roles that may take the action. */
function actingRole(action: BookingAction, actors: BookingActor[]): BookingActor {
  return actors.find((actor) => BOOKING_TRANSITIONS[action].by.includes(actor)) ?? actors[0]!;
}

/** The booking as the change left it (its expert and owner are as the lock read them), with its history. */
function detail(deps: ServiceContext, tx: Database, record: BookingRecord, actors: BookingActor[], now: Date): Promise<BookingDetail> {
  return toBookingDetail(tx, deps.boats, record, actors, now);
}

const EMAIL_OF: Partial<Record<BookingAction, BookingEmailEvent>> = {
  confirm: 'confirmed',
  decline: 'declined',
  expire: 'expired',
  cancel: 'cancelled',
};

/** A booking that ends without taking place is refunded in full when it was paid. */
const REFUNDED_ON: readonly BookingStatus[] = ['cancelled', 'declined', 'expired'];

/**
 * Moves a booking along the state machine (confirm, decline, expire, cancel, complete, no_show): one
 * transaction with its audit entry, e-mails and, for a paid booking that will not take place, a refund.
 * Completing issues the final invoice (`completion`: an onsite visit's hours, parts and travel).
 */
export async function transitionBooking(
  deps: ServiceContext,
  caller: BookingCaller,
  bookingId: string,
  action: Exclude<BookingAction, 'reschedule'>,
  reason: string | null = null,
  completion: CompleteBooking | null = null,
): Promise<BookingDetail> {
  return inTransaction(deps.db, async (tx) => {
    const now = deps.now();
    const { record, actors } = await lockBooking(tx, bookingId, caller);
    check(action, record, actors, now);
    const before = record.booking;
    const status = BOOKING_TRANSITIONS[action].to as BookingStatus;
    const refund = REFUNDED_ON.includes(status) && before.paymentStatus === 'paid';
    const [after] = await tx
      .update(bookings)
      .set({
        status,
        expiresAt: null,
        ...(action === 'cancel' || action === 'decline' ? { cancelReason: reason } : {}),
        // The cancellation's invite must outrank the one it withdraws.
        ...(action === 'cancel' ? { calendarSequence: before.calendarSequence + 1 } : {}),
        ...(refund ? { paymentStatus: 'refund_pending' as const } : {}),
      })
      .where(eq(bookings.id, bookingId))
      .returning();
    await writeAudit(tx, {
      actorUserId: 'user' in caller ? caller.user.id : null,
      actorRole: actingRole(action, actors),
      action: `booking.${action}`,
      entityType: 'booking',
      entityId: bookingId,
      before: auditSnapshot(before),
      after: auditSnapshot(after!),
      note: reason,
    });
    const changed = { ...record, booking: after! };
    const event = EMAIL_OF[action];
    const actor = { userId: 'user' in caller ? caller.user.id : null, role: actingRole(action, actors) };
    if (action === 'complete') await deps.boats.completed(tx, after!, actor, now);
    if (event) await notify(deps.jobs, tx, bookingNotifications(changed, event, actor.userId));
    await deps.jobs.insert(tx, [
      ...(action === 'complete' ? await deps.invoices.issue(tx, bookingId, completion, actor, now) : []),
      ...(refund ? [{ name: REFUND_QUEUE, data: { bookingId }, options: { singletonKey: bookingId } }] : []),
      ...(await syncReminders(deps, tx, before, after!)),
      ...(event ? noticeJobs(deps, changed, event, reason) : []),
    ]);
    return detail(deps, tx, changed, actors, now);
  });
}

/**
 * Moves a live booking to another free time of the same expert. It goes back to 'requested' unless the
 * expert takes instant bookings; the calendar invite is updated (same UID, higher SEQUENCE).
 */
export async function rescheduleBooking(
  deps: ServiceContext,
  user: CurrentUser,
  bookingId: string,
  input: RescheduleBookingInput & { scheduledDate: string; preferredTime: string },
): Promise<BookingDetail> {
  return inTransaction(deps.db, async (tx) => {
    const now = deps.now();
    // Peek at the expert first, so the expert's booking lock is taken before the booking's row lock,
    // in the same order as a new booking takes them.
    const peek = await bookingAccess(tx, user, bookingId);
    await lockForTransaction(tx, LOCKS.bookingsOfExpert, peek.record.expert.id);
    const { record, actors } = await lockBooking(tx, bookingId, { user });
    check('reschedule', record, actors, now);
    const before = record.booking;
    const hours = before.serviceType === 'onsite' ? (before.estimatedHours ?? 1) : 0;
    const slot = await resolveSlot(
      tx,
      { id: record.expert.id, timeZone: before.timeZone, onsiteMinimumHours: record.expert.onsiteMinimumHours },
      before.serviceType,
      input.scheduledDate,
      input.preferredTime,
      hours,
      now,
      bookingId,
    );
    if (slot.start.getTime() === before.startsAt.getTime()) {
      throw AppError.onField('preferredTime', 'The booking is already at this time. Please choose another time.');
    }
    const status: BookingStatus = record.expert.instantBooking ? 'confirmed' : 'requested';
    const [after] = await tx
      .update(bookings)
      .set({
        startsAt: slot.start,
        endsAt: slot.end,
        status,
        expiresAt: status === 'requested' ? new Date(Math.min(now.getTime() + REQUEST_TTL_MS, slot.start.getTime())) : null,
        calendarSequence: before.calendarSequence + 1,
      })
      .where(eq(bookings.id, bookingId))
      .returning();
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: actingRole('reschedule', actors),
      action: 'booking.reschedule',
      entityType: 'booking',
      entityId: bookingId,
      before: auditSnapshot(before),
      after: auditSnapshot(after!),
      note: `Moved from ${describeTime(before.startsAt, bookingTimeZone(before))} to ${describeTime(after!.startsAt, bookingTimeZone(before))}`,
    });
    const changed = { ...record, booking: after! };
    await notify(deps.jobs, tx, bookingNotifications(changed, 'rescheduled', user.id));
    await deps.jobs.insert(tx, [...noticeJobs(deps, changed, 'rescheduled'), ...(await syncReminders(deps, tx, before, after!))]);
    return detail(deps, tx, changed, actors, now);
  });
}
