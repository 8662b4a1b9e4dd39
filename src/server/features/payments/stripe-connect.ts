import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import { writeAudit } from '../../audit/audit-log.js';
import { callStripe } from './stripe-client.js';

type ExpertRow = typeof experts.$inferSelect;

/**
 * Stripe Connect Express for an expert: their account is made once (Stripe's idempotency key and a guarded
 * update keep it one), and the onboarding itself happens on Stripe's own pages, which send the expert back
 * to the workspace's Earnings tab.
 */
export async function onboardingLink(db: Database, stripe: Stripe, expert: ExpertRow, email: string, userId: string, baseUrl: string): Promise<{ url: string }> {
  let accountId = expert.stripeAccountId;
  if (!accountId) {
    const account = await callStripe(stripe, () =>
      stripe.accounts.create(
        {
          type: 'express',
          email,
          metadata: { expertId: String(expert.id) },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        },
        { idempotencyKey: `connect-account-${expert.id}` },
      ),
    );
    await db.update(experts).set({ stripeAccountId: account.id }).where(and(eq(experts.id, expert.id), isNull(experts.stripeAccountId)));
    const [after] = await db.select({ accountId: experts.stripeAccountId }).from(experts).where(eq(experts.id, expert.id));
    accountId = after!.accountId!;
    await writeAudit(db, { actorUserId: userId, actorRole: 'expert', action: 'expert.stripe_account', entityType: 'expert', entityId: String(expert.id), after: { stripeAccountId: accountId } });
  }
  const earnings = `${baseUrl}/workspace?tab=earnings`;
  const link = await callStripe(stripe, () =>
    stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', refresh_url: `${earnings}&stripe=refresh`, return_url: `${earnings}&stripe=return` }),
  );
  return { url: link.url };
}

/**
 * Whether the expert's account can take payments yet. The `account.updated` webhook says so too; asking
 * when the expert comes back from onboarding shows it at once, whatever the webhook's delay.
 */
export async function refreshAccount(db: Database, stripe: Stripe, expert: ExpertRow): Promise<ExpertRow> {
  if (!expert.stripeAccountId || expert.stripePayoutsEnabled) return expert;
  const account = await callStripe(stripe, () => stripe.accounts.retrieve(expert.stripeAccountId!));
  const ready = account.charges_enabled && account.payouts_enabled;
  if (!ready) return expert;
  const [after] = await db.update(experts).set({ stripePayoutsEnabled: true }).where(eq(experts.id, expert.id)).returning();
  return after!;
}
