import type { Database } from '../../db/client.js';
import type { ActivityItem, DashboardStats } from '../../../common/dashboard.js';
import { AI_CATEGORY_LABELS } from '../../../common/ai-rules.js';
import { countAiQuestions, listAiSessions } from '../ai/index.js';
import { completedBookingFigures, recentBookings } from '../bookings/index.js';
import type { BookingRecord } from '../bookings/index.js';
import { describeTime } from '../../../common/zoned-time.js';
import { bookingTimeZone } from '../../../common/bookings-time-zone.js';
import { ratingsOfBookings } from '../reviews/index.js';
import { bookingsWithSummary } from '../follow-up-summary/index.js';

/** The signed-in user's figures, counted from the records of what they did. */
export async function getDashboardStats(db: Database, userId: string): Promise<DashboardStats> {
  const [bookings, aiQueries] = await Promise.all([completedBookingFigures(db, userId), countAiQuestions(db, userId)]);
  return {
    consultations: bookings.consultations,
    services: bookings.services,
    aiQueries,
    savings: bookings.savingsCents / 100,
  };
}

function bookingActivity({ booking, expert }: BookingRecord, rating: number | undefined, summaries: Set<string>): ActivityItem {
  const video = booking.serviceType === 'video';
  const summary = summaries.has(booking.id) ? (video ? ' · Summary available' : ' · Service report available') : '';
  return {
    id: `booking:${booking.id}`,
    type: video ? 'consultation' : 'onsite',
    title: `${video ? 'Video consultation' : 'Onsite service'} with ${expert.name}`,
    description: `Booking #${booking.number} · ${describeTime(booking.startsAt, bookingTimeZone(booking))}${summary}`,
    date: booking.updatedAt.toISOString(),
    status: booking.status,
    href: `/bookings/${booking.id}`,
    // The item's optional rating: the owner's own stars for the booking, once they reviewed it.
    ...(rating === undefined ? {} : { rating }),
  };
}

/** The user's activity across features (bookings and AI questions), most recent first. */
export async function getRecentActivity(db: Database, userId: string, limit: number): Promise<ActivityItem[]> {
  const [sessions, bookings] = await Promise.all([listAiSessions(db, userId, limit), recentBookings(db, userId, limit)]);
  const ids = bookings.map((record) => record.booking.id);
  const [ratings, summaries] = await Promise.all([ratingsOfBookings(db, ids), bookingsWithSummary(db, ids)]);
  const questions: ActivityItem[] = sessions.map((session) => ({
    id: `ai_query:${session.id}`,
    type: 'ai_query',
    title: session.question.length > 80 ? `${session.question.slice(0, 77)}...` : session.question,
    description: `AI Assistant · ${AI_CATEGORY_LABELS[session.category]}`,
    date: session.createdAt,
    status: 'completed',
  }));
  return [...bookings.map((record) => bookingActivity(record, ratings.get(record.booking.id), summaries)), ...questions]
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, limit);
}
