import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ServiceContext } from '../../core/service-context.js';
import { cancelUpcomingBookings } from '../bookings/index.js';
import { removeBoatsOf } from '../boats/index.js';
import { SUSPENSION_CANCEL_REASON } from '../admin-experts/index.js';
import { toCurrentUser } from '../../auth/current-user.js';
import type { CurrentUser } from '../../../common/user.js';
import { inTransaction, LOCKS, lockForTransaction } from '../../db/transaction.js';
import { accounts, aiSessions, bookingAiConversations, bookings, experts, sessions, users, verifications } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import { writeAudit } from '../../audit/audit-log.js';
import { OWN_DELETION, lockActiveAdministrators, lockUserToChange, refuseRemovingLastAdministrator } from './account-safety.js';

export const DELETED_USER_NAME = 'Deleted user';
/** Why a deleted account's expert profile is suspended (shown on Expert Management). */
export const ACCOUNT_DELETED_REASON = 'Account deleted';

/** What the experts of a deleted owner's upcoming bookings are told. */
export const OWNER_DELETED_REASON = "The boat owner's account was closed, so this booking is cancelled.";

/** A unique address on a reserved domain (RFC 2606), so nobody can sign up with it or receive mail at it. */
export function deletedEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

export interface DeleteUserOptions {
  actorId: string;
  userId: string;
}

/**
 * Suspends and hides the expert profile of a deleted account, as a suspension by the administrator
 * would (see admin-experts/suspend-expert.ts): its upcoming bookings are cancelled, owners told.
 */
async function suspendExpertProfile(deps: ServiceContext, tx: Database, admin: CurrentUser, userId: string): Promise<boolean> {
  const [profile] = await tx.select({ id: experts.id }).from(experts).where(eq(experts.userId, userId));
  if (!profile) return false;
  // Taken before the row lock, in the order a new booking takes them, so no booking slips in meanwhile.
  await lockForTransaction(tx, LOCKS.bookingsOfExpert, profile.id);
  const [before] = await tx.select().from(experts).where(eq(experts.id, profile.id)).for('update');
  const [after] = await tx
    .update(experts)
    .set({ status: 'suspended', statusReason: ACCOUNT_DELETED_REASON })
    .where(eq(experts.id, profile.id))
    .returning({ status: experts.status, statusReason: experts.statusReason });
  const cancelled = before!.status === 'approved' ? await cancelUpcomingBookings(deps, tx, admin, { expertId: profile.id }, SUSPENSION_CANCEL_REASON) : [];
  await writeAudit(tx, {
    actorUserId: admin.id,
    actorRole: 'admin',
    action: 'expert.suspend',
    entityType: 'expert',
    entityId: String(profile.id),
    before: { status: before!.status, statusReason: before!.statusReason },
    after: { ...after!, cancelledBookings: cancelled },
    note: ACCOUNT_DELETED_REASON,
  });
  return true;
}

/**
 * Deletes an account the way a marketplace can: the person is anonymised in place and can no longer sign
 * in (sessions, login credentials and pending reset links go), while the row stays so the bookings other
 * people depend on (an expert's history, an owner's past consultations) keep their counterpart. One
 * transaction with its audit entry; their upcoming bookings, as an owner and as an expert, are cancelled
 * with notices. Answers whether an expert profile was suspended, so the caller
 * clears the listings.
 */
export async function deleteUser(deps: ServiceContext, { actorId, userId }: DeleteUserOptions): Promise<{ expertSuspended: boolean }> {
  return inTransaction(deps.db, async (tx) => {
    const activeAdministrators = await lockActiveAdministrators(tx);
    const before = await lockUserToChange(tx, userId);
    if (userId === actorId) throw new AppError('CONFLICT', OWN_DELETION);
    refuseRemovingLastAdministrator(activeAdministrators, before);
    const [actorRow] = await tx.select().from(users).where(eq(users.id, actorId));
    const admin = toCurrentUser(actorRow!);

    // Before the person is anonymised, so the notices still know whom they are about. Their own
    // bookings as an owner that have not started would leave an expert waiting for nobody.
    await cancelUpcomingBookings(deps, tx, admin, { ownerId: userId }, OWNER_DELETED_REASON);
    const expertSuspended = await suspendExpertProfile(deps, tx, admin, userId);

    await tx
      .update(users)
      .set({
        name: DELETED_USER_NAME,
        firstName: 'Deleted',
        lastName: 'user',
        email: deletedEmail(userId),
        emailVerified: false,
        image: null,
        phone: null,
        address: null,
        city: null,
        state: null,
        zipCode: null,
        role: 'user',
        status: 'inactive',
        deletedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    // A password-reset link holds the user id as its value; used later, it would give the account a
    // new password.
    await tx.delete(verifications).where(eq(verifications.value, userId));
    // Their boats leave My Boats; the bookings keep the snapshot of the boat they were made with.
    await deps.jobs.insert(tx, await removeBoatsOf(tx, userId));
    // The assistant conversations are the person's own questions, which nobody else depends on.
    await tx.delete(aiSessions).where(eq(aiSessions.userId, userId));
    // So are the copies attached to their bookings (AI hand-off); the bookings themselves stay.
    await tx
      .delete(bookingAiConversations)
      .where(inArray(bookingAiConversations.bookingId, tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId))));

    await writeAudit(tx, {
      actorUserId: actorId,
      actorRole: 'admin',
      action: 'user.delete',
      entityType: 'user',
      entityId: userId,
      // Without the contact details: the point of deleting is that they are gone.
      before: { id: userId, role: before.role, status: before.status, createdAt: before.createdAt, expertStatus: before.expertStatus },
      after: { id: userId, name: DELETED_USER_NAME, email: deletedEmail(userId), role: 'user', status: 'inactive' },
      note: expertSuspended ? `Expert profile suspended: ${ACCOUNT_DELETED_REASON}` : null,
    });
    return { expertSuspended };
  });
}
