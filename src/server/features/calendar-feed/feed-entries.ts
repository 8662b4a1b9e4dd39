import { and, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { boats, bookings, experts, maintenanceTasks, users } from '../../db/schema.js';
import type { BookingStatus } from '../../../common/bookings-status.js';

/** How far back the feed keeps bookings: a visit of last month stays where it was in the calendar. */
export const FEED_PAST_DAYS = 90;
/**
 * The bookings a feed holds: requested and confirmed ones, and completed ones (done, they stay in the
 * calendar's past). Declined, expired, cancelled and no-show ones are left out, so a subscribed calendar,
 * which takes the feed whole at each refresh, removes them.
 */
export const FEED_STATUSES = ['requested', 'confirmed', 'completed'] as const satisfies readonly BookingStatus[];

export interface FeedBooking {
  id: string;
  number: number;
  status: (typeof FEED_STATUSES)[number];
  serviceType: 'video' | 'onsite';
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  placeTimeZone: string | null;
  description: string;
  boatAddress: string | null;
  calendarSequence: number;
  updatedAt: Date;
  expertName: string;
  ownerName: string;
  /** Whose booking this is for the feed's account: they booked it, or they are its expert. */
  role: 'owner' | 'expert';
}

export interface FeedTask {
  id: string;
  boatId: string;
  boatName: string;
  title: string;
  dueDate: string;
  updatedAt: Date;
}

/** The account's bookings (as owner and as expert) and its boats' open maintenance with a due date. */
export async function feedEntries(db: Database, userId: string, now: Date): Promise<{ bookings: FeedBooking[]; tasks: FeedTask[] }> {
  const owner = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.name})`;
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  const [bookingRows, tasks] = await Promise.all([
    db
      .select({
        id: bookings.id,
        number: bookings.number,
        status: bookings.status,
        serviceType: bookings.serviceType,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        timeZone: bookings.timeZone,
        placeTimeZone: bookings.placeTimeZone,
        description: bookings.description,
        boatAddress: bookings.boatAddress,
        calendarSequence: bookings.calendarSequence,
        updatedAt: bookings.updatedAt,
        expertName: experts.name,
        expertUserId: experts.userId,
        ownerId: bookings.userId,
        ownerName: owner,
      })
      .from(bookings)
      .innerJoin(experts, eq(experts.id, bookings.expertId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(and(or(eq(bookings.userId, userId), eq(experts.userId, userId)), inArray(bookings.status, [...FEED_STATUSES]), gte(bookings.startsAt, since)))
      .orderBy(bookings.startsAt, bookings.id),
    db
      .select({
        id: maintenanceTasks.id,
        boatId: boats.id,
        boatName: boats.name,
        title: maintenanceTasks.title,
        dueDate: sql<string>`${maintenanceTasks.dueDate}::text`,
        updatedAt: maintenanceTasks.updatedAt,
      })
      .from(maintenanceTasks)
      .innerJoin(boats, eq(boats.id, maintenanceTasks.boatId))
      .where(and(eq(boats.ownerId, userId), isNull(maintenanceTasks.doneAt), isNotNull(maintenanceTasks.dueDate)))
      .orderBy(maintenanceTasks.dueDate, maintenanceTasks.id),
  ]);
  return {
    bookings: bookingRows.map(({ expertUserId, ownerId, ...row }) => ({
      ...row,
      status: row.status as FeedBooking['status'],
      role: ownerId === userId ? 'owner' : expertUserId === userId ? 'expert' : 'owner',
    })),
    tasks,
  };
}
