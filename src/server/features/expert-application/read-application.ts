import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { expertApplications } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import type { ApplicationStatusView } from '../../../common/expert-application.js';
import { NO_APPLICATION } from './application-messages.js';

/** The caller's latest application and its decision, so the page shows where it stands instead of a blank form. */
export async function latestApplication(db: Database, userId: string): Promise<ApplicationStatusView> {
  const [row] = await db
    .select()
    .from(expertApplications)
    .where(eq(expertApplications.userId, userId))
    .orderBy(desc(expertApplications.createdAt), desc(expertApplications.id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', NO_APPLICATION);
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}
