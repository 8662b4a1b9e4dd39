import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import { NO_EXPERT_PROFILE } from '../../../common/workspace.js';

export type ExpertRow = typeof experts.$inferSelect;

/**
 * The expert profile the account owns, whatever its status. An account given role expert without an
 * approved application has none: 404 with a sentence that says where to apply.
 */
export async function ownExpert(db: Database, userId: string, options: { forUpdate?: boolean } = {}): Promise<ExpertRow> {
  const query = db.select().from(experts).where(eq(experts.userId, userId)).$dynamic();
  const [row] = await (options.forUpdate ? query.for('update') : query);
  if (!row) throw new AppError('NOT_FOUND', NO_EXPERT_PROFILE);
  return row;
}
