import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { helpRequests, helpRings } from '../../db/schema.js';
import { notify, type Notice } from '../notifications/index.js';
import { RING_BATCH } from '../../../common/help-now.js';
import { specialtyLabel } from '../../../common/specialties.js';
import { distanceLabel } from '../../../common/travel-area.js';
import { ringableExperts } from './matching.js';
import { ringsTopic, type HelpNowDeps } from './help-deps.js';
import { boatLine, type HelpRequestRow } from './help-request-view.js';

/**
 * Rings the next five experts a request may ring, inside the caller's transaction: their rows, a
 * notification each (a high-urgency push, a text to those who chose it, even in quiet hours), and the
 * live ring on their open pages once it commits. Answers how many it rang.
 */
export async function ringRound(deps: HelpNowDeps, tx: Database, request: HelpRequestRow, round: number, now: Date): Promise<number> {
  const rung = await tx.select({ expertId: helpRings.expertId }).from(helpRings).where(eq(helpRings.requestId, request.id));
  const candidates = await ringableExperts(tx, {
    specialty: request.specialty,
    ownerId: request.userId,
    place: request,
    alreadyRung: rung.map((r) => r.expertId),
    now,
  });
  const chosen = candidates.slice(0, RING_BATCH);
  if (chosen.length === 0) return 0;
  await tx
    .insert(helpRings)
    .values(chosen.map((expert) => ({ requestId: request.id, expertId: expert.id, round, rungAt: now, distanceMiles: expert.distanceMiles })))
    .onConflictDoNothing();
  const boat = boatLine(request.boatSnapshot);
  const what = request.specialty === 'not-sure' ? 'Help now' : `Help now: ${specialtyLabel(request.specialty)}`;
  const notices: Notice[] = chosen.map((expert) => ({
    userId: expert.userId,
    kind: 'help_request',
    title: `${what}, an owner needs you`,
    body: [request.problem, boat, expert.distanceMiles !== null ? distanceLabel(expert.distanceMiles) : null].filter(Boolean).join(' · '),
    path: `/workspace?help=${request.id}`,
  }));
  await notify(deps.jobs, tx, notices);
  for (const expert of chosen) await deps.fanout.publish(tx, ringsTopic(expert.userId), { changed: request.id });
  await tx.update(helpRequests).set({ rounds: round }).where(eq(helpRequests.id, request.id));
  return chosen.length;
}
