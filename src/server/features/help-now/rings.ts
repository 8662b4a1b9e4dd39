import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { expertOnCall, experts, helpRequests, helpRings, users } from '../../db/schema.js';
import { centsToDecimal } from '../../../common/experts-rules.js';
import type { HelpRing } from '../../../common/help-now.js';
import { displayName } from '../../../common/user-display.js';
import { boatLine, placeLine } from './help-request-view.js';

/** The requests ringing one expert now, oldest first: not declined, not taken, not expired. */
export async function readRings(db: Database, userId: string, now: Date): Promise<HelpRing[]> {
  const rows = await db
    .select({
      request: helpRequests,
      rungAt: helpRings.rungAt,
      distanceMiles: helpRings.distanceMiles,
      firstPriceCents: expertOnCall.firstPriceCents,
      minutePriceCents: expertOnCall.minutePriceCents,
      owner: { name: users.name, firstName: users.firstName, lastName: users.lastName },
    })
    .from(helpRings)
    .innerJoin(experts, eq(experts.id, helpRings.expertId))
    .innerJoin(expertOnCall, eq(expertOnCall.expertId, experts.id))
    .innerJoin(helpRequests, eq(helpRequests.id, helpRings.requestId))
    .innerJoin(users, eq(users.id, helpRequests.userId))
    .where(and(eq(experts.userId, userId), isNull(helpRings.declinedAt), eq(helpRequests.status, 'ringing'), gt(helpRequests.expiresAt, now)))
    .orderBy(asc(helpRings.rungAt))
    .limit(20);
  return rows.map(({ request, rungAt, distanceMiles, firstPriceCents, minutePriceCents, owner }) => ({
    requestId: request.id,
    specialty: request.specialty as HelpRing['specialty'],
    problem: request.problem,
    ownerName: displayName(owner),
    boat: boatLine(request.boatSnapshot),
    distanceMiles,
    place: placeLine(request),
    hasPhoto: request.photoName !== null,
    rungAt: rungAt.toISOString(),
    expiresAt: request.expiresAt.toISOString(),
    firstPrice: centsToDecimal(firstPriceCents),
    minutePrice: centsToDecimal(minutePriceCents),
  }));
}
