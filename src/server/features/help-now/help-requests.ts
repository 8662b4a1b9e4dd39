import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { expertOnCall, experts, helpRequests, helpRings } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import type { BookingBoats } from '../../core/service-context.js';
import { jobIdFor } from '../../jobs/job-id.js';
import type { CurrentUser } from '../../../common/user.js';
import {
  HELP_REQUEST_NOT_FOUND,
  REQUEST_LIFETIME_MS,
  REQUEST_NOT_OPEN,
  RING_ROUND_MS,
  type HelpRequest,
  type createHelpRequestSchema,
} from '../../../common/help-now.js';
import type { z } from 'zod';
import { requestTopic, ringsTopic, type HelpNowDeps } from './help-deps.js';
import { toHelpRequest, type HelpRequestRow } from './help-request-view.js';
import { ringRound } from './ring-round.js';

export const HELP_NOW_QUEUE = 'help-now-rounds';

/** The rounds after the first (every 90 s) and the expiry, as jobs of their own: each sweeps what is due. */
function roundJobs(requestId: string) {
  const dueAt = [];
  for (let at = RING_ROUND_MS; at < REQUEST_LIFETIME_MS; at += RING_ROUND_MS) dueAt.push(at);
  dueAt.push(REQUEST_LIFETIME_MS);
  return dueAt.map((ms) => ({
    name: HELP_NOW_QUEUE,
    data: { requestId },
    options: { startAfter: new Date(Date.now() + ms), id: jobIdFor(`help-now:${requestId}:${ms}`) },
  }));
}

/** The request as its owner sees it: how many were rung, and who took it at which prices. */
export async function describeRequest(db: Database, row: HelpRequestRow): Promise<HelpRequest> {
  const [rung] = await db.select({ n: count() }).from(helpRings).where(eq(helpRings.requestId, row.id));
  let accepted: { name: string; firstPriceCents: number | null; minutePriceCents: number | null } | undefined;
  if (row.acceptedExpertId !== null) {
    [accepted] = await db
      .select({ name: experts.name, firstPriceCents: expertOnCall.firstPriceCents, minutePriceCents: expertOnCall.minutePriceCents })
      .from(experts)
      .leftJoin(expertOnCall, eq(expertOnCall.expertId, experts.id))
      .where(eq(experts.id, row.acceptedExpertId));
  }
  return toHelpRequest(row, {
    expertsRung: rung?.n ?? 0,
    expertName: accepted?.name ?? null,
    firstPriceCents: accepted?.firstPriceCents ?? null,
    minutePriceCents: accepted?.minutePriceCents ?? null,
  });
}

/** The owner's own request, else the same 404 as for one that does not exist. */
export async function ownRequest(db: Database, user: CurrentUser, requestId: string): Promise<HelpRequestRow> {
  if (!/^[0-9a-f-]{36}$/i.test(requestId)) throw new AppError('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
  const [row] = await db.select().from(helpRequests).where(and(eq(helpRequests.id, requestId), eq(helpRequests.userId, user.id)));
  if (!row) throw new AppError('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
  return row;
}

/**
 * Sends a request: its row (one ringing per owner: 409), the boat's snapshot, the first round of rings,
 * the jobs of the later rounds and the expiry, and its audit entry, in one transaction. When nobody at all
 * can be rung, the request is closed at once as expired, and the page offers what else there is.
 */
export async function createHelpRequest(
  deps: HelpNowDeps & { boats: BookingBoats },
  user: CurrentUser,
  input: z.output<typeof createHelpRequestSchema>,
): Promise<HelpRequest> {
  const now = deps.now();
  const boat = input.boatId ? await deps.boats.attach(deps.db, user.id, { boatId: input.boatId }) : null;
  const { location } = input;
  return inTransaction(deps.db, async (tx) => {
    const [created] = await tx
      .insert(helpRequests)
      .values({
        userId: user.id,
        specialty: input.specialty,
        problem: input.problem,
        boatId: boat?.boatId ?? null,
        boatSnapshot: boat?.snapshot ?? null,
        ...(location.kind === 'position'
          ? { latitude: location.latitude, longitude: location.longitude, accuracyMeters: Math.round(location.accuracy) }
          : { marina: location.marina || null, zipCode: location.zipCode }),
        createdAt: now,
        expiresAt: new Date(now.getTime() + REQUEST_LIFETIME_MS),
      })
      .returning();
    let row = created!;
    const rang = await ringRound(deps, tx, row, 1, now);
    if (rang === 0) {
      [row] = await tx.update(helpRequests).set({ status: 'expired', closedAt: now }).where(eq(helpRequests.id, row.id)).returning() as [HelpRequestRow];
    } else {
      row = { ...row, rounds: 1 };
      await deps.jobs.insert(tx, roundJobs(row.id));
    }
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'owner',
      action: 'help_request.create',
      entityType: 'help_request',
      entityId: row.id,
      after: { status: row.status, specialty: row.specialty, rung: rang },
      note: rang === 0 ? 'Nobody on call could be rung' : null,
    });
    return describeRequest(tx, row);
  });
}

/** Tells the owner's page and every expert still ringing that the request changed (after the commit). */
export async function announceChange(deps: HelpNowDeps, tx: Database, requestId: string): Promise<void> {
  const rung = await tx
    .select({ userId: experts.userId })
    .from(helpRings)
    .innerJoin(experts, eq(experts.id, helpRings.expertId))
    .where(eq(helpRings.requestId, requestId));
  await deps.fanout.publish(tx, requestTopic(requestId), { changed: requestId });
  for (const { userId } of rung) if (userId) await deps.fanout.publish(tx, ringsTopic(userId), { changed: requestId });
}

/** The owner calls it off before anyone accepted: the rings stop at once. */
export async function cancelHelpRequest(deps: HelpNowDeps, user: CurrentUser, requestId: string): Promise<HelpRequest> {
  const mine = await ownRequest(deps.db, user, requestId);
  return inTransaction(deps.db, async (tx) => {
    const now = deps.now();
    const [row] = await tx
      .update(helpRequests)
      .set({ status: 'cancelled', closedAt: now })
      .where(and(eq(helpRequests.id, mine.id), eq(helpRequests.status, 'ringing')))
      .returning();
    if (!row) throw new AppError('CONFLICT', REQUEST_NOT_OPEN);
    await writeAudit(tx, { actorUserId: user.id, actorRole: 'owner', action: 'help_request.cancel', entityType: 'help_request', entityId: row.id, after: { status: 'cancelled' } });
    await announceChange(deps, tx, row.id);
    return describeRequest(tx, row);
  });
}

/**
 * What is due on the requests still ringing: the next round of rings every 90 s, and the expiry after 5
 * minutes. Each request is claimed by its update, so two servers (or a job retried) never ring a round twice.
 */
export async function sweepHelpRequests(deps: HelpNowDeps, requestId?: string): Promise<{ expired: number; rounds: number }> {
  const now = deps.now();
  const ringing = await deps.db
    .select({ id: helpRequests.id })
    .from(helpRequests)
    .where(and(eq(helpRequests.status, 'ringing'), requestId ? eq(helpRequests.id, requestId) : undefined));
  let expired = 0;
  let rounds = 0;
  for (const { id } of ringing) {
    await inTransaction(deps.db, async (tx) => {
      const [row] = await tx
        .select()
        .from(helpRequests)
        .where(and(eq(helpRequests.id, id), eq(helpRequests.status, 'ringing')))
        .for('update', { skipLocked: true });
      if (!row) return;
      if (now.getTime() >= row.expiresAt.getTime()) {
        await tx.update(helpRequests).set({ status: 'expired', closedAt: now }).where(eq(helpRequests.id, id));
        await writeAudit(tx, { actorUserId: null, actorRole: 'system', action: 'help_request.expire', entityType: 'help_request', entityId: id, after: { status: 'expired' } });
        await announceChange(deps, tx, id);
        expired += 1;
        return;
      }
      const due = Math.floor((now.getTime() - row.createdAt.getTime()) / RING_ROUND_MS) + 1;
      if (due <= row.rounds) return;
      await ringRound(deps, tx, row, due, now);
      await tx.update(helpRequests).set({ rounds: due }).where(eq(helpRequests.id, id));
      await deps.fanout.publish(tx, requestTopic(id), { changed: id });
      rounds += 1;
    });
  }
  return { expired, rounds };
}


/** A request by its id, as its owner sees it (the owner's live socket, already admitted). */
export async function describeRequestById(db: Database, requestId: string): Promise<HelpRequest> {
  const [row] = await db.select().from(helpRequests).where(eq(helpRequests.id, requestId));
  if (!row) throw new AppError('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
  return describeRequest(db, row);
}
