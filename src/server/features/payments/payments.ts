import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { bookings } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import { PAYMENT_UNAVAILABLE } from '../../../common/bookings.js';
import { isLive } from '../../../common/bookings-status.js';
import type { CurrentUser } from '../../../common/user.js';
import type { z } from 'zod';
import type { createPaymentIntentSchema } from '../../../common/bookings.js';
import { auditSnapshot } from '../bookings/index.js';
import type { ServiceContext } from '../../core/service-context.js';
import { REFUND_QUEUE } from '../../jobs/queues.js';
import { bookingAccess } from '../bookings/index.js';
import { createStripeClient } from './stripe-client.js';

type PaymentIntentRequest = z.output<typeof createPaymentIntentSchema>;

/** PaymentIntent states in which the customer can still pay with the intent we made. */
const PAYABLE_STATES = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing']);

export interface Payments {
  enabled: boolean;
  publishableKey: string | null;
  defineJobs(jobs: JobQueue): void;
  createPaymentIntent(user: CurrentUser, input: PaymentIntentRequest): Promise<{ clientSecret: string }>;
  /** Applies a Stripe webhook after verifying its signature on the raw body; 400 for a bad signature. */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void>;
}

function unavailable(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', PAYMENT_UNAVAILABLE);
}

/** Stripe's own failures (network, outage, our keys) reach the customer as 'payment unavailable'. */
async function callStripe<T>(stripe: Stripe, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof stripe.errors.StripeError) throw unavailable();
    throw error;
  }
}

export async function createPayments(config: Config, deps: ServiceContext): Promise<Payments> {
  const stripe = await createStripeClient(config);
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;

  async function refund(data: { bookingId: string }) {
    if (!stripe) return;
    const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, data.bookingId));
    if (!booking || booking.paymentStatus !== 'refund_pending' || !booking.paymentIntentId) return;
    // Stripe's idempotency key makes a retried job refund once.
    await stripe.refunds.create({ payment_intent: booking.paymentIntentId }, { idempotencyKey: `refund-${booking.id}` });
    await inTransaction(deps.db, async (tx) => {
      const [after] = await tx
        .update(bookings)
        .set({ paymentStatus: 'refunded' })
        .where(eq(bookings.id, booking.id))
        .returning();
      await writeAudit(tx, {
        actorUserId: null,
        actorRole: 'system',
        action: 'booking.refund',
        entityType: 'booking',
        entityId: booking.id,
        before: auditSnapshot(booking),
        after: auditSnapshot(after!),
        note: 'Refunded in full',
      });
    });
  }

  async function markPaid(paymentIntent: Stripe.PaymentIntent) {
    const bookingId = paymentIntent.metadata?.bookingId;
    if (!bookingId) return;
    await inTransaction(deps.db, async (tx) => {
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
      // The same event twice, or an event for an intent we replaced, changes nothing.
      if (!booking || booking.paymentStatus !== 'unpaid' || booking.paymentIntentId !== paymentIntent.id) return;
      // Paid after it was cancelled (the customer paid in another tab): keep the money only for a live booking.
      const paymentStatus = isLive(booking.status) ? ('paid' as const) : ('refund_pending' as const);
      const [after] = await tx.update(bookings).set({ paymentStatus }).where(eq(bookings.id, bookingId)).returning();
      await writeAudit(tx, {
        actorUserId: null,
        actorRole: 'system',
        action: 'booking.payment',
        entityType: 'booking',
        entityId: bookingId,
        before: auditSnapshot(booking),
        after: auditSnapshot(after!),
        note: `Paid $${(paymentIntent.amount_received / 100).toFixed(2)} with Stripe`,
      });
      if (paymentStatus === 'refund_pending') await deps.jobs.send(tx, REFUND_QUEUE, { bookingId }, { singletonKey: bookingId });
    });
  }

  return {
    enabled: !!stripe,
    publishableKey: stripe ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,

    defineJobs(jobs) {
      jobs.define<{ bookingId: string }>(REFUND_QUEUE, refund);
    },

    async createPaymentIntent(user, input) {
      if (!stripe) throw unavailable();
      // Only its owner pays for a booking; to its expert and administrators it is as unknown as to anyone.
      const { booking } = (await bookingAccess(deps.db, user, input.bookingId, { only: ['owner'] })).record;
      const mismatch =
        (input.expertId !== undefined && input.expertId !== booking.expertId) ||
        (input.serviceType !== undefined && input.serviceType !== booking.serviceType) ||
        (input.estimatedHours !== undefined && booking.serviceType === 'onsite' && input.estimatedHours > booking.estimatedHours!);
      if (mismatch) throw new AppError('BAD_REQUEST', 'The payment details do not match the booking.');
      if (booking.paymentStatus !== 'unpaid') throw new AppError('CONFLICT', 'This booking is already paid.');
      if (!isLive(booking.status)) throw new AppError('CONFLICT', 'This booking can no longer be paid.');

      if (booking.paymentIntentId) {
        const existing = await callStripe(stripe, () => stripe.paymentIntents.retrieve(booking.paymentIntentId!));
        if (PAYABLE_STATES.has(existing.status) && existing.amount === booking.priceCents && existing.client_secret) {
          return { clientSecret: existing.client_secret };
        }
      }
      const intent = await callStripe(stripe, () =>
        stripe.paymentIntents.create(
          {
            amount: booking.priceCents,
            currency: booking.currency,
            automatic_payment_methods: { enabled: true },
            description: `K&B Marine booking #${booking.number}`,
            metadata: { bookingId: booking.id, bookingNumber: String(booking.number) },
          },
          // One intent per booking and price, however often the customer opens the payment step.
          { idempotencyKey: `booking-${booking.id}-${booking.priceCents}` },
        ),
      );
      await deps.db.update(bookings).set({ paymentIntentId: intent.id }).where(eq(bookings.id, booking.id));
      if (!intent.client_secret) throw unavailable();
      return { clientSecret: intent.client_secret };
    },

    async handleWebhook(rawBody, signature) {
      if (!stripe || !webhookSecret) throw new AppError('NOT_FOUND', 'Payments are not configured.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid webhook signature.');
      }
      if (event.type === 'payment_intent.succeeded') await markPaid(event.data.object);
    },
  };
}
