import { and, eq, gt, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings, expertOnCall, experts } from '../../db/schema.js';
import { haversineMiles, loadZipCentroids } from '../../geo/zip-centroids.js';
import { PRESENCE_WINDOW_MS } from '../../../common/experts-rules.js';
import { CALL_BOOKED_MINUTES, NOT_SURE, withinOnCallHours } from '../../../common/help-now.js';
import { localMinutesOf } from '../../../common/zoned-time.js';

/** Where the owner is, as far as distances go: a position, or the centroid of the ZIP code they typed. */
export interface OwnerPlace {
  latitude: number | null;
  longitude: number | null;
  zipCode: string | null;
}

export interface RingableExpert {
  id: number;
  userId: string;
  name: string;
  specialty: string;
  timeZone: string;
  rating: number;
  /** Booking requests they let expire in the last 180 days: fewer is a better response record. */
  missedRequests: number;
  firstPriceCents: number;
  minutePriceCents: number;
  onsiteRateCents: number;
  onsiteMinimumHours: number;
  distanceMiles: number | null;
}

const RESPONSE_RECORD_DAYS = 180;

/**
 * The experts a request may ring now (docs/PRODUCT.md#help-now): approved, taking video calls, on call and
 * within their hours in their own zone, online (active in the last two minutes), not the owner, free for
 * the call's half hour, and not rung by this request already. Best first: the specialty asked for, then
 * rating, then response record, then the nearest.
 */
export async function ringableExperts(
  db: Database,
  options: { specialty: string; ownerId: string; place: OwnerPlace; alreadyRung: number[]; now: Date },
): Promise<RingableExpert[]> {
  const { now } = options;
  const callEnds = new Date(now.getTime() + CALL_BOOKED_MINUTES * 60_000);
  const rows = await db
    .select({
      id: experts.id,
      userId: experts.userId,
      name: experts.name,
      specialty: experts.specialty,
      timeZone: experts.timeZone,
      zipCode: experts.zipCode,
      rating: experts.rating,
      onsiteRateCents: experts.onsiteRateCents,
      onsiteMinimumHours: experts.onsiteMinimumHours,
      fromMinute: expertOnCall.fromMinute,
      toMinute: expertOnCall.toMinute,
      firstPriceCents: expertOnCall.firstPriceCents,
      minutePriceCents: expertOnCall.minutePriceCents,
      missedRequests: sql<number>`(select count(*)::int from ${bookings} b where b.expert_id = ${experts.id} and b.status = 'expired'
        and b.created_at > ${new Date(now.getTime() - RESPONSE_RECORD_DAYS * 86_400_000).toISOString()}::timestamptz)`,
    })
    .from(expertOnCall)
    .innerJoin(experts, eq(experts.id, expertOnCall.expertId))
    .where(
      and(
        eq(expertOnCall.onCall, true),
        eq(experts.status, 'approved'),
        isNotNull(experts.userId),
        ne(experts.userId, options.ownerId),
        sql`'video' = any(${experts.serviceTypes})`,
        gt(experts.lastSeenAt, new Date(now.getTime() - PRESENCE_WINDOW_MS)),
        options.alreadyRung.length ? notInArray(experts.id, options.alreadyRung) : undefined,
        sql`not exists (select 1 from ${bookings} b where b.expert_id = ${experts.id} and b.status in ('requested', 'confirmed')
          and tstzrange(b.starts_at, b.ends_at) && tstzrange(${now.toISOString()}::timestamptz, ${callEnds.toISOString()}::timestamptz))`,
      ),
    );
  const zips = await loadZipCentroids();
  const origin: [number, number] | null =
    options.place.latitude !== null && options.place.longitude !== null
      ? [options.place.latitude, options.place.longitude]
      : options.place.zipCode
        ? zips.centroid(options.place.zipCode)
        : null;
  const wanted = options.specialty === NOT_SURE ? null : options.specialty;
  return rows
    .filter((row) => withinOnCallHours(localMinutesOf(now, row.timeZone), row.fromMinute, row.toMinute))
    .map((row) => {
      const at = zips.centroid(row.zipCode);
      return {
        ...row,
        userId: row.userId!,
        rating: Number(row.rating),
        distanceMiles: origin && at ? Math.round(haversineMiles(origin[0], origin[1], at[0], at[1]) * 10) / 10 : null,
      };
    })
    .sort(
      (a, b) =>
        Number(b.specialty === wanted) - Number(a.specialty === wanted) ||
        b.rating - a.rating ||
        a.missedRequests - b.missedRequests ||
        (a.distanceMiles ?? Infinity) - (b.distanceMiles ?? Infinity) ||
        a.id - b.id,
    );
}
