import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts, helpRequests, users } from '../../db/schema.js';
import type { AdminHelpRequest } from '../../../common/help-now.js';
import { displayName } from '../../../common/user-display.js';

/** Administrators' list: the latest requests, with how many experts each rang, who took it and how fast. */
export async function listHelpRequests(db: Database, limit = 100): Promise<AdminHelpRequest[]> {
  const rows = await db
    .select({
      request: helpRequests,
      owner: { name: users.name, firstName: users.firstName, lastName: users.lastName },
      expertName: experts.name,
      rung: sql<number>`(select count(*)::int from help_rings r where r.request_id = ${helpRequests.id})`,
    })
    .from(helpRequests)
    .innerJoin(users, eq(users.id, helpRequests.userId))
    .leftJoin(experts, eq(experts.id, helpRequests.acceptedExpertId))
    .orderBy(desc(helpRequests.createdAt))
    .limit(limit);
  return rows.map(({ request, owner, expertName, rung }) => ({
    id: request.id,
    createdAt: request.createdAt.toISOString(),
    ownerName: displayName(owner),
    specialty: request.specialty as AdminHelpRequest['specialty'],
    problem: request.problem,
    status: request.status,
    expertsRung: rung,
    expertName: expertName ?? null,
    secondsToAccept: request.acceptedAt ? Math.round((request.acceptedAt.getTime() - request.createdAt.getTime()) / 1000) : null,
    bookingId: request.bookingId,
  }));
}
