import type { Database } from '../../db/client.js';
import { bookings } from '../../db/schema.js';
import { writeAudit } from '../../audit/audit-log.js';
import type { BoatSnapshot } from '../../../common/boats.js';
import { CALL_BOOKED_MINUTES } from '../../../common/help-now.js';
import { auditSnapshot } from './booking-record.js';

export interface HelpCall {
  ownerId: string;
  expert: { id: number; userId: string; timeZone: string; onsiteRateCents: number; onsiteMinimumHours: number };
  description: string;
  boat: { boatId: string | null; snapshot: BoatSnapshot | null };
  firstPriceCents: number;
  minutePriceCents: number;
}

/**
 * A Help now call as a booking (docs/PRODUCT.md#help-now): a video consultation confirmed at once, starting
 * now, holding half an hour of the expert's time (the overlap constraint guards it like any booking) and
 * priced by the minute from its real length when it is completed. Inside the accepting transaction.
 */
export async function insertHelpCallBooking(tx: Database, call: HelpCall, now: Date) {
  const startsAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const endsAt = new Date(startsAt.getTime() + CALL_BOOKED_MINUTES * 60_000);
  const [booking] = await tx
    .insert(bookings)
    .values({
      userId: call.ownerId,
      expertId: call.expert.id,
      serviceType: 'video',
      status: 'confirmed',
      startsAt,
      endsAt,
      timeZone: call.expert.timeZone,
      description: call.description,
      priceCents: call.firstPriceCents,
      minutePriceCents: call.minutePriceCents,
      onsiteVisitCents: call.expert.onsiteRateCents * Math.max(call.expert.onsiteMinimumHours, 1),
      boatId: call.boat.boatId,
      boatSnapshot: call.boat.snapshot,
    })
    .returning();
  await writeAudit(tx, {
    actorUserId: call.expert.userId,
    actorRole: 'expert',
    action: 'booking.create',
    entityType: 'booking',
    entityId: booking!.id,
    after: auditSnapshot(booking!),
    note: 'Help now call, accepted by the expert',
  });
  return booking!;
}
