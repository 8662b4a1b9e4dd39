import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import type { CurrentUser } from '../../../common/user.js';
import { VIDEO_NEEDS_RATE, type UpdateWorkspaceProfile, type WorkspaceProfile } from '../../../common/workspace.js';
import { ownExpert, type ExpertRow } from './own-expert.js';
import { toWorkspaceProfile } from './workspace-profile.js';

type ExpertChanges = Partial<Pick<ExpertRow,
  'videoRateCents' | 'onsiteRateCents' | 'onsiteMinimumHours' | 'serviceTypes' | 'serviceRadius' | 'available' | 'instantBooking' | 'bio' | 'certifications' | 'timeZone'>>;

function columnsOf(input: UpdateWorkspaceProfile): ExpertChanges {
  const { videoRate, onsiteRate, ...rest } = input;
  return {
    ...rest,
    ...(videoRate !== undefined ? { videoRateCents: videoRate } : {}),
    ...(onsiteRate !== undefined ? { onsiteRateCents: onsiteRate } : {}),
  };
}

/** Only the changed columns, before and after, so the audit entry says what moved. */
function difference(row: ExpertRow, changes: ExpertChanges) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    const old = row[key as keyof ExpertRow];
    if (JSON.stringify(old) !== JSON.stringify(value)) {
      before[key] = old;
      after[key] = value;
    }
  }
  return { before, after };
}

/**
 * Changes the caller's practice in one transaction with its audit entry. Video needs a video rate: a
 * new expert (whose application had none) offers video only once they set one, here.
 */
export async function updateWorkspaceProfile(db: Database, user: CurrentUser, input: UpdateWorkspaceProfile): Promise<WorkspaceProfile> {
  const changes = columnsOf(input);
  const row = await inTransaction(db, async (tx) => {
    const current = await ownExpert(tx, user.id, { forUpdate: true });
    const serviceTypes = changes.serviceTypes ?? current.serviceTypes;
    const videoRateCents = changes.videoRateCents ?? current.videoRateCents;
    if (serviceTypes.includes('video') && videoRateCents <= 0) {
      throw AppError.onField('videoRate', VIDEO_NEEDS_RATE);
    }
    const { before, after } = difference(current, changes);
    if (Object.keys(after).length === 0) return current;
    const [updated] = await tx.update(experts).set(changes).where(eq(experts.id, current.id)).returning();
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'expert',
      action: 'expert.profile_updated',
      entityType: 'expert',
      entityId: String(current.id),
      before,
      after,
    });
    return updated!;
  });
  return toWorkspaceProfile(row);
}
