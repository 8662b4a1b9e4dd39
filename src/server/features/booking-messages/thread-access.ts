import type { Database } from '../../db/client.js';
import { AppError } from '../../core/app-error.js';
import type { CurrentUser } from '../../../common/user.js';
import type { BookingStatus } from '../../../common/bookings-status.js';
import { bookingAccess, type BookingRecord } from '../bookings/index.js';

/** A booking's thread as the caller may use it. */
export interface ThreadAccess {
  record: BookingRecord;
  /** A party writes as owner or expert; an administrator only reads. */
  role: 'owner' | 'expert' | 'admin';
  /** The other party's account, to whom the caller's messages go (null for an administrator). */
  recipientId: string | null;
  canWrite: boolean;
  closedReason: string | null;
}

/** Bookings that ended without taking place: their threads stay readable, and closed to new messages. */
const CLOSED_STATUSES: Partial<Record<BookingStatus, string>> = {
  cancelled: 'This booking was cancelled. Its messages stay here to read, but new ones cannot be sent.',
  declined: 'This booking was declined. Its messages stay here to read, but new ones cannot be sent.',
  expired: 'This request expired. Its messages stay here to read, but new ones cannot be sent.',
};
export const ADMIN_READ_ONLY = 'Administrators can read booking messages but cannot write them.';

export function partyNames(record: BookingRecord) {
  return { owner: record.owner.name, expert: record.expert.name };
}

/**
 * The thread of one booking for its owner, its expert or an administrator; anyone else (another expert
 * too) gets the same 404 as for a booking that does not exist, so outsiders cannot tell it does.
 */
export async function threadAccess(db: Database, user: CurrentUser, rawId: string): Promise<ThreadAccess> {
  // An administrator who is also a party (an admin who booked an expert) writes as that party.
  const { record, role } = await bookingAccess(db, user, rawId);
  if (role === 'admin') return { record, role, recipientId: null, canWrite: false, closedReason: ADMIN_READ_ONLY };
  const recipientId = role === 'owner' ? record.expert.userId : record.booking.userId;
  const closedReason =
    CLOSED_STATUSES[record.booking.status] ??
    (recipientId ? null : `${record.expert.name} does not have an account here yet, so messages cannot reach them.`);
  return { record, role, recipientId, canWrite: closedReason === null, closedReason };
}

/** The access of a caller who is about to write: 403 for an administrator, 409 when the thread is closed. */
export type WritableThread = ThreadAccess & { recipientId: string; role: 'owner' | 'expert' };

export async function writableThread(db: Database, user: CurrentUser, rawId: string): Promise<WritableThread> {
  const access = await threadAccess(db, user, rawId);
  if (access.role === 'admin') throw new AppError('FORBIDDEN', ADMIN_READ_ONLY);
  if (!access.canWrite || !access.recipientId) throw new AppError('CONFLICT', access.closedReason ?? 'Messages cannot be sent on this booking.');
  return { ...access, role: access.role, recipientId: access.recipientId };
}
