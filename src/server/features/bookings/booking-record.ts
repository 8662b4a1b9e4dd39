import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { bookings, experts, users } from '../../db/schema.js';
import type { Booking, BookingDetail, BookingHistoryEntry, BookingViewer } from '../../../common/bookings.js';
import type { BookingBoats } from '../../core/service-context.js';
import { allowedActions, type BookingActor, type BookingStatus } from '../../../common/bookings-status.js';
import { centsToDecimal } from '../../../common/experts-rules.js';
import { formatClockTime, localDateOf, localMinutesOf } from '../../../common/zoned-time.js';
import { auditTrail } from '../../audit/audit-log.js';

/** A booking row with what its screens and e-mails need of its expert and owner. */
export interface BookingRecord {
  booking: typeof bookings.$inferSelect;
  expert: {
    id: number;
    userId: string | null;
    name: string;
    specialty: string;
    profileImage: string | null;
    city: string;
    state: string;
    timeZone: string;
    onsiteMinimumHours: number;
    instantBooking: boolean;
    email: string | null;
    /** The zone the expert's account chose in Settings, or null. */
    chosenTimeZone: string | null;
  };
  /** `chosenTimeZone`: the zone the owner chose in Settings, or null. */
  owner: { id: string; name: string; email: string; chosenTimeZone: string | null };
}

/** The expert's columns a booking record carries (its `expert` less what comes from their account). */
export const bookingExpertColumns = {
  id: experts.id,
  userId: experts.userId,
  name: experts.name,
  specialty: experts.specialty,
  profileImage: experts.profileImage,
  city: experts.city,
  state: experts.state,
  timeZone: experts.timeZone,
  onsiteMinimumHours: experts.onsiteMinimumHours,
  instantBooking: experts.instantBooking,
};

/** The expert's own account, if any (demo experts have none). */
const expertUsers = alias(users, 'expert_users');

/** Selects booking records; `forUpdate` locks the booking rows (inside a transaction). */
export async function selectBookingRecords(db: Database, where: SQL, options: { forUpdate?: boolean; orderBy?: SQL[]; limit?: number } = {}): Promise<BookingRecord[]> {
  let query = db
    .select({
      booking: bookings,
      expert: bookingExpertColumns,
      ownerName: users.name,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerEmail: users.email,
      ownerTimeZone: users.timeZone,
      expertEmail: expertUsers.email,
      expertTimeZone: expertUsers.timeZone,
    })
    .from(bookings)
    .innerJoin(experts, eq(experts.id, bookings.expertId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(expertUsers, eq(expertUsers.id, experts.userId))
    .where(where)
    .$dynamic();
  if (options.orderBy) query = query.orderBy(...options.orderBy);
  if (options.limit) query = query.limit(options.limit);
  if (options.forUpdate) query = query.for('update', { of: bookings });
  const rows = await query;
  return rows.map((row) => ({
    booking: row.booking,
    expert: { ...row.expert, email: row.expertEmail, chosenTimeZone: row.expertTimeZone },
    owner: {
      id: row.booking.userId,
      name: [row.ownerFirstName, row.ownerLastName].filter(Boolean).join(' ') || row.ownerName,
      email: row.ownerEmail,
      chosenTimeZone: row.ownerTimeZone,
    },
  }));
}

/** The booking as a caller holding `roles` towards it (in `bookingRolesOf`'s order) sees it now. */
export function toBooking(record: BookingRecord, roles: readonly BookingActor[], now = new Date()): Booking {
  // The background jobs' own answer reaches no page; it reads as support's would.
  const viewer = roles.find((role): role is BookingViewer => role !== 'system') ?? 'admin';
  const { booking, expert, owner } = record;
  const zone = booking.timeZone;
  return {
    id: booking.id,
    number: booking.number,
    serviceType: booking.serviceType,
    status: booking.status,
    paymentStatus: booking.paymentStatus,
    expert: {
      id: expert.id,
      name: expert.name,
      specialty: expert.specialty,
      profileImage: expert.profileImage,
      city: expert.city,
      state: expert.state,
    },
    owner: { name: owner.name, email: owner.email },
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    timeZone: zone,
    placeTimeZone: booking.placeTimeZone,
    scheduledDate: localDateOf(booking.startsAt, zone),
    preferredTime: formatClockTime(localMinutesOf(booking.startsAt, zone)),
    durationMinutes: Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000),
    description: booking.description,
    onsite:
      booking.serviceType === 'onsite'
        ? {
            boatAddress: booking.boatAddress ?? '',
            marinaName: booking.marinaName,
            dockSlip: booking.dockSlip,
            contactPhone: booking.contactPhone ?? '',
            emergencyContact: booking.emergencyContact,
            boatType: booking.boatType ?? 'other',
            boatLength: booking.boatLength,
            estimatedHours: booking.estimatedHours ?? 0,
          }
        : null,
    boat: booking.boatSnapshot,
    maintenanceTaskId: booking.maintenanceTaskId,
    price: centsToDecimal(booking.priceCents),
    minutePrice: booking.minutePriceCents === null ? null : centsToDecimal(booking.minutePriceCents),
    currency: booking.currency,
    cancelReason: booking.cancelReason,
    allowedActions: allowedActions(booking, roles, now),
    viewer,
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
  };
}

/** The booking's page: the booking as `roles` see it, its history, and the engine hours recorded on the visit. */
export async function toBookingDetail(
  db: Database,
  boats: Pick<BookingBoats, 'hoursRecorded'>,
  record: BookingRecord,
  roles: readonly BookingActor[],
  now: Date,
): Promise<BookingDetail> {
  const history = await bookingHistory(db, record.booking.id);
  const hoursRecorded = record.booking.boatId ? await boats.hoursRecorded(db, record.booking.id) : null;
  return { ...toBooking(record, roles, now), history, hoursRecorded };
}

/** The booking's status history, read from its audit entries. */
export async function bookingHistory(db: Database, bookingId: string): Promise<BookingHistoryEntry[]> {
  const entries = await auditTrail(db, 'booking', bookingId);
  return entries.map((entry) => ({
    action: entry.action.replace(/^booking\./, ''),
    status: ((entry.after as { status?: BookingStatus } | null)?.status ?? 'requested') as BookingStatus,
    at: entry.createdAt.toISOString(),
    by: entry.actorRole === 'user' ? 'owner' : entry.actorRole,
    note: entry.note,
  }));
}

/** What the audit log keeps of a booking before and after a change. */
export function auditSnapshot(booking: Pick<typeof bookings.$inferSelect, 'status' | 'startsAt' | 'endsAt' | 'paymentStatus'>) {
  return {
    status: booking.status,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    paymentStatus: booking.paymentStatus,
  };
}
