import { eq } from 'drizzle-orm';
import { followUpSummaries } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import { enqueueEmail } from '../../mail/email-job.js';
import type { CurrentUser } from '../../../common/user.js';
import {
  FOLLOW_UP_WORDS,
  summaryRefusal,
  summaryRefusalMessage,
  type BookingFollowUp,
  type FollowUpSummaryContent,
} from '../../../common/follow-up-summary.js';
import { transitionBooking } from '../bookings/index.js';
import type { ServiceContext } from '../../core/service-context.js';
import { bookingAccess } from '../bookings/index.js';
import { followUpOf } from './read-summary.js';
import { summaryEmail } from './summary-email.js';
import { notify } from '../notifications/index.js';

/** The 403 for anyone but the booking's expert. */
export function onlyTheExpert(serviceType: keyof typeof FOLLOW_UP_WORDS): string {
  return `Only the booking's expert can write its ${FOLLOW_UP_WORDS[serviceType].name}.`;
}

// Field by field: jsonb keeps no key order, so the stored parts do not stringify as they were sent.
function sameContent(a: FollowUpSummaryContent, b: FollowUpSummaryContent): boolean {
  return (
    a.findings === b.findings &&
    a.nextSteps === b.nextSteps &&
    a.parts.length === b.parts.length &&
    a.parts.every((part, i) => part.name === b.parts[i]!.name && part.partNumber === b.parts[i]!.partNumber && part.quantity === b.parts[i]!.quantity)
  );
}

export const ONSITE_COMPLETES_WITH_INVOICE = 'An onsite visit is completed with its invoice: the hours worked, parts and travel.';

/**
 * The expert writes or amends the follow-up summary of a video consultation or the service report of an
 * onsite visit, and may mark the booking completed in
 * the same step. One transaction: the booking's row lock (so two saves, or a save and the sweep, take turns),
 * the summary, its audit entry, the owner's e-mail (once per version: saving unchanged text sends nothing)
 * and, when asked, the completion through the booking state machine with its own audit entry.
 */
export async function writeFollowUpSummary(
  deps: ServiceContext,
  user: CurrentUser,
  bookingId: string,
  input: FollowUpSummaryContent & { markCompleted: boolean },
): Promise<BookingFollowUp> {
  return inTransaction(deps.db, async (tx) => {
    const now = deps.now();
    const { record, roles } = await bookingAccess(tx, user, bookingId, { forUpdate: true });
    if (!roles.includes('expert')) throw new AppError('FORBIDDEN', onlyTheExpert(record.booking.serviceType));
    const refusal = summaryRefusal(record.booking, now);
    if (refusal) throw new AppError('CONFLICT', summaryRefusalMessage(refusal, record.booking));
    if (input.markCompleted && record.booking.serviceType === 'onsite' && record.booking.status === 'confirmed') {
      throw AppError.onField('markCompleted', ONSITE_COMPLETES_WITH_INVOICE);
    }

    const content: FollowUpSummaryContent = { findings: input.findings, nextSteps: input.nextSteps, parts: input.parts };
    const [existing] = await tx.select().from(followUpSummaries).where(eq(followUpSummaries.bookingId, bookingId));
    if (!existing || !sameContent(existing, content)) {
      const revision = existing ? existing.revision + 1 : 1;
      if (existing) {
        await tx.update(followUpSummaries).set({ ...content, authorUserId: user.id, revision, updatedAt: now }).where(eq(followUpSummaries.bookingId, bookingId));
      } else {
        await tx.insert(followUpSummaries).values({ bookingId, ...content, authorUserId: user.id, revision, createdAt: now, updatedAt: now });
      }
      await writeAudit(tx, {
        actorUserId: user.id,
        actorRole: 'expert',
        action: existing ? 'booking_summary.amend' : 'booking_summary.send',
        entityType: 'booking_summary',
        entityId: bookingId,
        before: existing ? { findings: existing.findings, nextSteps: existing.nextSteps, parts: existing.parts, revision: existing.revision } : null,
        after: { ...content, revision },
      });
      const { owner, booking } = record;
      await notify(deps.jobs, tx, [
        {
          userId: owner.id,
          kind: 'service_summary',
          title: `${existing ? 'Service summary updated' : 'Service summary'}: booking #${booking.number}`,
          body: `${record.expert.name} ${existing ? 'updated' : 'wrote up'} the findings and next steps.`,
          path: `/bookings/${booking.id}`,
        },
      ]);
      const email = summaryEmail(record, content, { baseUrl: deps.baseUrl, amended: !!existing });
      await enqueueEmail(deps.jobs, tx, { ...email, notice: { userId: owner.id, kind: 'service_summary' } });
    }

    // A booking the sweep (or the expert) already completed stays as it is.
    if (input.markCompleted && record.booking.status === 'confirmed') {
      await transitionBooking({ ...deps, db: tx }, { user }, bookingId, 'complete');
    }
    return followUpOf(tx, record, roles, now);
  });
}
