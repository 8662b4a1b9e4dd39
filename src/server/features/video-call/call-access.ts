import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import type { CurrentUser } from '../../../common/user.js';
import {
  ROOM_CLOSES_AFTER_MS,
  joinRefusalMessage,
  joinStateOf,
  roomClosesAt,
  roomOpensAt,
  type CallRole,
  type CallSummary,
} from '../../../common/video-call.js';
import { selectBookingRecords } from '../bookings/index.js';
import { bookingAccess, partyBookings, partyRoleOf, type BookingRecord } from '../bookings/index.js';

export const NOT_A_PARTY = 'Only the boat owner and the expert of this booking can join its call.';

export interface CallAccess {
  record: BookingRecord;
  role: CallRole;
  summary: CallSummary;
}

function summarise(record: BookingRecord, role: CallRole, now: Date): CallSummary {
  const { booking, expert, owner } = record;
  const joinState = joinStateOf(booking, now);
  return {
    bookingId: booking.id,
    number: booking.number,
    role,
    otherPartyName: role === 'owner' ? expert.name : owner.name,
    expertName: expert.name,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    timeZone: booking.timeZone,
    opensAt: roomOpensAt(booking).toISOString(),
    closesAt: roomClosesAt(booking).toISOString(),
    joinState,
    message: joinState === 'open' ? null : joinRefusalMessage(joinState, booking),
  };
}

/**
 * The caller's place in a booking's call: its owner or its expert, with whether the room is open now.
 * Anyone else gets the booking's 404, so outsiders cannot tell it exists; an administrator, who may see the
 * booking, is told the call is only for its two parties (403).
 */
export async function readCallAccess(db: Database, user: CurrentUser, bookingId: string, now: Date): Promise<CallAccess> {
  const { record, role } = await bookingAccess(db, user, bookingId);
  if (role === 'admin') throw new AppError('FORBIDDEN', NOT_A_PARTY);
  return { record, role, summary: summarise(record, role, now) };
}

/** The WebSocket's admission: the same rule as the call endpoint, refusing with its sentence (409). */
export async function admitToCall(db: Database, user: CurrentUser, bookingId: string, now: Date): Promise<CallAccess> {
  const access = await readCallAccess(db, user, bookingId, now);
  if (access.summary.joinState !== 'open') throw new AppError('CONFLICT', access.summary.message!);
  return access;
}

/** The caller's confirmed video calls whose room has not closed yet, as owner or expert, soonest first. */
export async function listUpcomingCalls(db: Database, user: CurrentUser, now: Date): Promise<CallSummary[]> {
  const records = await selectBookingRecords(
    db,
    and(
      eq(bookings.serviceType, 'video'),
      inArray(bookings.status, ['confirmed', 'completed']),
      gt(bookings.endsAt, new Date(now.getTime() - ROOM_CLOSES_AFTER_MS)),
      partyBookings(user),
    )!,
    { orderBy: [asc(bookings.startsAt)], limit: 50 },
  );
  return records.map((record) => summarise(record, partyRoleOf(record, user)!, now));
}
