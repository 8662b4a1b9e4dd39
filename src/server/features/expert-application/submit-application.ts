import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { expertApplications, experts, users } from '../../db/schema.js';
import { inTransaction, LOCKS } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import { enqueueEmail } from '../../mail/email-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { listingSpecialtyOf, type ApplicationSummary, type ExpertApplication } from '../../../common/expert-application.js';
import type { CurrentUser } from '../../../common/user.js';
import { timeZoneForZip } from '../../../common/zip-time-zone.js';
import { insertDefaultWorkingHours } from '../workspace/index.js';
import { applicationReceivedEmail } from './application-emails.js';
import { ALREADY_EXPERT, ALREADY_PENDING } from './application-messages.js';

/** Where an expert without a ZIP code we can place starts; they confirm their zone in the workspace. */
const FALLBACK_TIME_ZONE = 'America/New_York';

export interface ApplicationDeps {
  db: Database;
  jobs: JobQueue;
  baseUrl: string;
}

/** The pending expert profile an application creates: hidden from listings until an administrator approves it. */
export function expertProfileOf(application: ExpertApplication) {
  return {
    name: `${application.firstName} ${application.lastName}`,
    specialty: listingSpecialtyOf(application.specialty),
    city: application.city,
    state: application.state,
    zipCode: application.zipCode,
    experience: application.experience,
    certifications: application.certifications,
    bio: application.bio,
    serviceRadius: application.serviceRadius,
    onsiteRateCents: application.onsiteRateCents,
    // The form asks no video rate: the expert sets one in the workspace, and offers video only from then on.
    videoRateCents: 0,
    serviceTypes: application.serviceTypes.filter((type) => type !== 'video'),
    timeZone: timeZoneForZip(application.zipCode) ?? FALLBACK_TIME_ZONE,
    status: 'pending' as const,
    statusReason: null,
  };
}

/**
 * Files the caller's application in one transaction: the application as validated, the pending expert
 * profile beside it (with the default working week), the account marked pending, the audit entry and
 * the receipt e-mail. One open application per account, and none for an account that is already an expert.
 */
export async function submitApplication(deps: ApplicationDeps, user: CurrentUser, application: ExpertApplication): Promise<ApplicationSummary> {
  return inTransaction(deps.db, async (tx) => {
    // Two submits at once (a double click, two tabs) queue here, so the second sees the first's
    // application and hears the pending 409 instead of tripping over a unique index.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.applicationsOfUser}::int, hashtext(${user.id}))`);
    const [pending] = await tx
      .select({ id: expertApplications.id })
      .from(expertApplications)
      .where(and(eq(expertApplications.userId, user.id), eq(expertApplications.status, 'pending')));
    if (pending) throw new AppError('CONFLICT', ALREADY_PENDING);

    const [existing] = await tx.select({ id: experts.id, status: experts.status }).from(experts).where(eq(experts.userId, user.id));
    if (existing && existing.status !== 'pending') throw new AppError('CONFLICT', ALREADY_EXPERT);

    const profile = expertProfileOf(application);
    // A pending profile without a pending application is left over from an earlier decision: refresh it
    // rather than trip over the one-profile-per-account index.
    const [expert] = existing
      ? await tx.update(experts).set(profile).where(eq(experts.id, existing.id)).returning({ id: experts.id })
      : await tx.insert(experts).values({ ...profile, userId: user.id }).returning({ id: experts.id });
    if (!existing) await insertDefaultWorkingHours(tx, [expert!.id]);

    const [row] = await tx
      .insert(expertApplications)
      .values({ userId: user.id, expertId: expert!.id, status: 'pending', payload: application })
      .returning();
    await tx.update(users).set({ status: 'pending' }).where(eq(users.id, user.id));

    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'user',
      action: 'application.submitted',
      entityType: 'expert_application',
      entityId: String(row!.id),
      before: { accountStatus: user.status },
      after: { status: 'pending', expertId: expert!.id, accountStatus: 'pending', specialty: application.specialty },
    });
    // The receipt goes to the account's own address, the one the person proved by signing up, rather than
    // to whatever the form says: the form cannot be used to send our mail to someone else.
    await enqueueEmail(
      deps.jobs,
      tx,
      applicationReceivedEmail({ to: user.email, firstName: application.firstName, specialty: application.specialty, baseUrl: deps.baseUrl }),
    );
    return { id: row!.id, status: row!.status, createdAt: row!.createdAt.toISOString() };
  });
}
