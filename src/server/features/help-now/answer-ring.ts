import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { expertOnCall, experts, helpRequests, helpRings } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import { insertHelpCallBooking } from '../bookings/index.js';
import { notify } from '../notifications/index.js';
import type { CurrentUser } from '../../../common/user.js';
import { ANOTHER_EXPERT_TOOK_IT, HELP_REQUEST_NOT_FOUND, NOT_ON_CALL, REQUEST_NOT_OPEN } from '../../../common/help-now.js';
import { announceChange } from './help-requests.js';
import type { HelpNowDeps } from './help-deps.js';
import { boatLine } from './help-request-view.js';

/** The caller's expert profile and their ring of this request; anyone it did not ring gets the 404 of a request that does not exist. */
async function ringOf(db: Database, user: CurrentUser, requestId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(requestId)) throw new AppError('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
  const [ring] = await db
    .select({ expertId: helpRings.expertId, declinedAt: helpRings.declinedAt })
    .from(helpRings)
    .innerJoin(experts, eq(experts.id, helpRings.expertId))
    .where(and(eq(helpRings.requestId, requestId), eq(experts.userId, user.id)));
  if (!ring) throw new AppError('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
  return ring;
}

/** Why a request can no longer be taken: someone else took it, or it ended. */
function closedRefusal(status: string): AppError {
  return new AppError('CONFLICT', status === 'accepted' ? ANOTHER_EXPERT_TOOK_IT : REQUEST_NOT_OPEN);
}

/**
 * The first expert to accept gets the call (docs/PRODUCT.md#help-now): the request's row is claimed by a
 * conditional update, so of any number accepting at once exactly one succeeds and the rest are told
 * another expert took it. The same transaction books the call (confirmed, starting now), tells the owner,
 * and stops every other ring.
 */
export async function acceptHelpRequest(deps: HelpNowDeps, user: CurrentUser, requestId: string): Promise<{ bookingId: string }> {
  const ring = await ringOf(deps.db, user, requestId);
  return inTransaction(deps.db, async (tx) => {
    const now = deps.now();
    const [expert] = await tx
      .select({
        id: experts.id,
        userId: experts.userId,
        name: experts.name,
        status: experts.status,
        timeZone: experts.timeZone,
        onsiteRateCents: experts.onsiteRateCents,
        onsiteMinimumHours: experts.onsiteMinimumHours,
        onCall: expertOnCall.onCall,
        firstPriceCents: expertOnCall.firstPriceCents,
        minutePriceCents: expertOnCall.minutePriceCents,
      })
      .from(experts)
      .innerJoin(expertOnCall, eq(expertOnCall.expertId, experts.id))
      .where(eq(experts.id, ring.expertId));
    if (!expert || expert.status !== 'approved' || !expert.onCall) throw new AppError('FORBIDDEN', NOT_ON_CALL);
    const [claimed] = await tx
      .update(helpRequests)
      .set({ status: 'accepted', acceptedExpertId: expert.id, acceptedAt: now })
      .where(and(eq(helpRequests.id, requestId), eq(helpRequests.status, 'ringing'), gt(helpRequests.expiresAt, now)))
      .returning();
    if (!claimed) {
      const [current] = await tx.select({ status: helpRequests.status }).from(helpRequests).where(eq(helpRequests.id, requestId));
      throw closedRefusal(current?.status ?? 'expired');
    }
    if (ring.declinedAt) await tx.update(helpRings).set({ declinedAt: null }).where(and(eq(helpRings.requestId, requestId), eq(helpRings.expertId, expert.id)));
    const booking = await insertHelpCallBooking(
      tx,
      {
        ownerId: claimed.userId,
        expert: { ...expert, userId: expert.userId! },
        description: `Help now: ${claimed.problem}`,
        boat: { boatId: claimed.boatId, snapshot: claimed.boatSnapshot },
        firstPriceCents: expert.firstPriceCents,
        minutePriceCents: expert.minutePriceCents,
      },
      now,
    );
    await tx.update(helpRequests).set({ bookingId: booking.id }).where(eq(helpRequests.id, requestId));
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'expert',
      action: 'help_request.accept',
      entityType: 'help_request',
      entityId: requestId,
      after: { status: 'accepted', bookingId: booking.id, expertId: expert.id, secondsToAccept: Math.round((now.getTime() - claimed.createdAt.getTime()) / 1000) },
    });
    await notify(deps.jobs, tx, [
      {
        userId: claimed.userId,
        kind: 'booking_confirmed',
        title: `${expert.name} is taking your Help now call`,
        body: [claimed.problem, boatLine(claimed.boatSnapshot)].filter(Boolean).join(' · '),
        path: `/consultation?booking=${booking.id}`,
      },
    ]);
    await announceChange(deps, tx, requestId);
    return { bookingId: booking.id };
  });
}

/** An expert says no: their ring stops; the request goes on ringing the others. */
export async function declineHelpRequest(deps: HelpNowDeps, user: CurrentUser, requestId: string): Promise<void> {
  const ring = await ringOf(deps.db, user, requestId);
  await inTransaction(deps.db, async (tx) => {
    const [request] = await tx.select({ status: helpRequests.status }).from(helpRequests).where(eq(helpRequests.id, requestId));
    if (request?.status !== 'ringing') throw closedRefusal(request?.status ?? 'expired');
    await tx
      .update(helpRings)
      .set({ declinedAt: deps.now() })
      .where(and(eq(helpRings.requestId, requestId), eq(helpRings.expertId, ring.expertId), isNull(helpRings.declinedAt)));
    await announceChange(deps, tx, requestId);
  });
}
