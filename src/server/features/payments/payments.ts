import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { bookings, experts, invoiceOverpayments, invoiceRefunds, invoices, stripeEvents } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import type { ServiceContext } from '../../core/service-context.js';
import { REFUND_QUEUE } from '../../jobs/queues.js';
import type { createPaymentIntentSchema } from '../../../common/bookings.js';
import { isLive } from '../../../common/bookings-status.js';
import { ofRate } from '../../../common/invoice-totals.js';
import { formatCents } from '../../../common/money.js';
import type { CurrentUser } from '../../../common/user.js';
import { auditSnapshot, bookingAccess } from '../bookings/index.js';
import { PAYMENT_UNDER_WAY, callStripe, cancelPaymentIntent, createStripeClient, paymentUnavailable } from './stripe-client.js';
import { NO_INVOICE, loadInvoiceRecord, type InvoiceRecord } from './invoice-record.js';
import { invoiceSnapshot } from './invoice-changes.js';
import { invoiceEvent } from './invoice-mail.js';
import { PAYMENT_REMINDER_QUEUE, REFUND_INVOICE_QUEUE } from './queues.js';
import type { QueuedJob } from '../../jobs/job-queue.js';

type PaymentIntentRequest = z.output<typeof createPaymentIntentSchema>;

/** PaymentIntent states in which the customer can still pay with the intent we made. */
const PAYABLE_STATES = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing']);

/** Payment reminders: when the invoice falls due, and a week later; each sent once. */
export const REMINDER_CRON = '17 * * * *';
const REMINDER_GAP_MS = 7 * 24 * 60 * 60 * 1000;

export interface Payments {
  enabled: boolean;
  publishableKey: string | null;
  defineJobs(jobs: JobQueue): void;
  createPaymentIntent(user: CurrentUser, input: PaymentIntentRequest): Promise<{ clientSecret: string }>;
  /** Applies a Stripe webhook after verifying its signature on the raw body; 400 for a bad signature. */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void>;
  /** The Stripe client, for the expert's Connect onboarding; null without Stripe. */
  stripe: Stripe | null;
}

const system = { actorUserId: null, actorRole: 'system' as const };

/** The expert's account a destination charge pays, or null for a payment the platform keeps. */
function destinationOf(intent: Stripe.PaymentIntent): string | null {
  const destination = intent.transfer_data?.destination;
  if (!destination) return null;
  return typeof destination === 'string' ? destination : destination.id;
}

export async function createPayments(config: Config, deps: ServiceContext): Promise<Payments> {
  const stripe = await createStripeClient(config);
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;

  /** A booking paid when booked (before invoices), then cancelled: refunded in full. */
  async function refundBooking(data: { bookingId: string }) {
    if (!stripe) return;
    const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, data.bookingId));
    if (!booking || booking.paymentStatus !== 'refund_pending' || !booking.paymentIntentId) return;
    // Stripe's idempotency key makes a retried job refund once.
    await stripe.refunds.create({ payment_intent: booking.paymentIntentId }, { idempotencyKey: `refund-${booking.id}` });
    await inTransaction(deps.db, async (tx) => {
      const [after] = await tx.update(bookings).set({ paymentStatus: 'refunded' }).where(eq(bookings.id, booking.id)).returning();
      await writeAudit(tx, { ...system, action: 'booking.refund', entityType: 'booking', entityId: booking.id, before: auditSnapshot(booking), after: auditSnapshot(after!), note: 'Refunded in full' });
    });
  }

  /**
   * An administrator's refund of a card payment, or of an overpayment, sent to Stripe once (the refund's id
   * is the idempotency key). Until Stripe answers, the invoice counts it as being refunded.
   */
  async function refundInvoice(data: { refundId: string }) {
    if (!stripe) return;
    const [refund] = await deps.db.select().from(invoiceRefunds).where(eq(invoiceRefunds.id, data.refundId));
    if (!refund || refund.status !== 'pending') return;
    const [invoice] = await deps.db.select().from(invoices).where(eq(invoices.id, refund.invoiceId));
    const [overpayment] = refund.overpaymentId ? await deps.db.select().from(invoiceOverpayments).where(eq(invoiceOverpayments.id, refund.overpaymentId)) : [];
    const paymentIntentId = overpayment ? overpayment.paymentIntentId : invoice!.paymentIntentId!;
    const destination = overpayment ? overpayment.transferDestination : invoice!.transferDestination;
    let stripeRefund: Stripe.Refund | null = null;
    let failure: string | null = null;
    try {
      stripeRefund = await stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          amount: refund.amountCents,
          // A destination charge: the expert's share and the platform's fee go back in proportion.
          ...(destination ? { reverse_transfer: true, refund_application_fee: true } : {}),
          metadata: { invoiceId: invoice!.id, refundId: refund.id },
        },
        { idempotencyKey: `invoice-refund-${refund.id}` },
      );
    } catch (error) {
      // Stripe refused this refund for good (already refunded, too large): recorded, not retried.
      if (error instanceof stripe.errors.StripeInvalidRequestError) failure = error.message;
      else throw error;
    }
    await inTransaction(deps.db, async (tx) => {
      const record = await loadInvoiceRecord(tx, refund.invoiceId, { forUpdate: true });
      // Two runs of this job (a retry, another server) both reach Stripe's one refund; only the first records it.
      if (record!.refunds.find((row) => row.id === refund.id)?.status !== 'pending') return;
      const before = record!.invoice;
      await tx
        .update(invoiceRefunds)
        .set({ status: failure ? 'failed' : 'succeeded', stripeRefundId: stripeRefund?.id ?? null })
        .where(eq(invoiceRefunds.id, refund.id));
      let after: typeof before | undefined = before;
      if (overpayment) {
        // A failed refund leaves the overpayment held, for an administrator to try again.
        await tx.update(invoiceOverpayments).set({ status: failure ? 'open' : 'refunded' }).where(eq(invoiceOverpayments.id, overpayment.id));
      } else {
        [after] = await tx
          .update(invoices)
          .set({ refundingCents: before.refundingCents - refund.amountCents, refundedCents: before.refundedCents + (failure ? 0 : refund.amountCents) })
          .where(eq(invoices.id, before.id))
          .returning();
        if (!failure && after!.refundedCents === after!.totalCents) {
          await tx.update(bookings).set({ paymentStatus: 'refunded' }).where(eq(bookings.id, before.bookingId));
        }
      }
      const what = overpayment ? 'the overpayment' : 'the invoice';
      await writeAudit(tx, {
        ...system,
        action: failure ? 'invoice.refund_failed' : overpayment ? 'invoice.overpayment_refunded' : 'invoice.refunded',
        entityType: 'invoice',
        entityId: before.id,
        before: invoiceSnapshot(before),
        after: invoiceSnapshot(after!),
        note: failure ? `Refund of ${what} refused by Stripe: ${failure}` : `Refunded ${formatCents(refund.amountCents)} of ${what} by Stripe`,
      });
      if (!failure) await deps.jobs.insert(tx, await invoiceEvent(tx, before.id, overpayment ? 'overpayment_refunded' : 'refunded', deps.now()));
    });
  }

  async function sendReminders() {
    const now = deps.now();
    await inTransaction(deps.db, async (tx) => {
      const due = await tx
        .update(invoices)
        .set({ remindersSent: sql`${invoices.remindersSent} + 1` })
        .where(
          and(
            eq(invoices.status, 'open'),
            or(
              and(eq(invoices.remindersSent, 0), lte(invoices.dueAt, now)),
              and(eq(invoices.remindersSent, 1), lte(invoices.dueAt, new Date(now.getTime() - REMINDER_GAP_MS))),
            ),
          ),
        )
        .returning({ id: invoices.id });
      const reminders: QueuedJob[] = [];
      for (const { id } of due) reminders.push(...(await invoiceEvent(tx, id, 'reminder', now)));
      await deps.jobs.insert(tx, reminders);
    });
  }

  /** A legacy intent made at booking time (before invoices): the booking is paid. */
  async function bookingPaid(tx: Database, paymentIntent: Stripe.PaymentIntent, bookingId: string) {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    // An event for an intent we replaced changes nothing.
    if (!booking || booking.paymentStatus !== 'unpaid' || booking.paymentIntentId !== paymentIntent.id) return;
    // Paid after it was cancelled (the customer paid in another tab): keep the money only for a live booking.
    const paymentStatus = isLive(booking.status) ? ('paid' as const) : ('refund_pending' as const);
    const [after] = await tx.update(bookings).set({ paymentStatus }).where(eq(bookings.id, bookingId)).returning();
    await writeAudit(tx, {
      ...system,
      action: 'booking.payment',
      entityType: 'booking',
      entityId: bookingId,
      before: auditSnapshot(booking),
      after: auditSnapshot(after!),
      note: `Paid $${(paymentIntent.amount_received / 100).toFixed(2)} with Stripe`,
    });
    if (paymentStatus === 'refund_pending') await deps.jobs.send(tx, REFUND_QUEUE, { bookingId }, { singletonKey: bookingId });
  }

  /**
   * Card money held beyond the invoice (docs/PRODUCT.md#payments): never absorbed, shown to administrators
   * until one refunds it. One per intent, however often its event arrives.
   */
  async function holdOverpayment(tx: Database, record: InvoiceRecord, paymentIntent: Stripe.PaymentIntent, amountCents: number, reason: string) {
    const [held] = await tx
      .insert(invoiceOverpayments)
      .values({ invoiceId: record.invoice.id, paymentIntentId: paymentIntent.id, amountCents, reason, transferDestination: destinationOf(paymentIntent) })
      .onConflictDoNothing()
      .returning();
    if (!held) return;
    await writeAudit(tx, { ...system, action: 'invoice.overpaid', entityType: 'invoice', entityId: record.invoice.id, note: `${reason} (Stripe ${paymentIntent.id}): ${formatCents(amountCents)} to refund` });
  }

  /**
   * The owner paid by card. The payment settles the invoice only when it is still due and covers it; what
   * it brings beyond (or all of it, for an invoice already paid another way or not covered) is held as an
   * overpayment. A payment that arrives while the invoice is disputed is kept and counted.
   */
  async function invoicePaid(tx: Database, paymentIntent: Stripe.PaymentIntent, invoiceId: string) {
    const record = await loadInvoiceRecord(tx, invoiceId, { forUpdate: true });
    const before = record?.invoice;
    if (!record || !before) return;
    if (before.paymentIntentId === paymentIntent.id && before.paidAt) return;
    if (record.overpayments.some((overpayment) => overpayment.paymentIntentId === paymentIntent.id)) return;
    const received = paymentIntent.amount_received;
    const due = before.totalCents;
    if (before.paidAt || before.status === 'awaiting_confirmation') {
      const how = before.paymentMethod === 'in_person' ? 'in person' : 'by card';
      return holdOverpayment(tx, record, paymentIntent, received, `Paid ${formatCents(received)} by card after the invoice was paid ${how}`);
    }
    if (received < due) return holdOverpayment(tx, record, paymentIntent, received, `Paid ${formatCents(received)} by card, less than the ${formatCents(due)} due`);
    const now = deps.now();
    const [after] = await tx
      .update(invoices)
      .set({
        status: before.status === 'disputed' ? 'disputed' : 'paid',
        paymentMethod: 'card',
        inPersonMethod: null,
        paymentRecordedAt: now,
        paidAt: now,
        paymentError: null,
        paymentIntentId: paymentIntent.id,
        transferDestination: destinationOf(paymentIntent),
        payoutStatus: paymentIntent.transfer_data ? 'transferred' : 'pending',
      })
      .where(eq(invoices.id, invoiceId))
      .returning();
    await tx.update(bookings).set({ paymentStatus: 'paid' }).where(eq(bookings.id, before.bookingId));
    await writeAudit(tx, {
      ...system,
      action: 'invoice.paid',
      entityType: 'invoice',
      entityId: invoiceId,
      before: invoiceSnapshot(before),
      after: invoiceSnapshot(after!),
      note: `Paid ${formatCents(due)} by card (Stripe ${paymentIntent.id})`,
    });
    await deps.jobs.insert(tx, await invoiceEvent(tx, invoiceId, 'paid', deps.now()));
    if (received > due) await holdOverpayment(tx, record, paymentIntent, received - due, `Paid ${formatCents(received)} by card for an invoice of ${formatCents(due)}`);
    // Paid with an intent the invoice had replaced: the newer one must not take the money a second time.
    if (stripe && before.paymentIntentId && before.paymentIntentId !== paymentIntent.id) {
      await cancelPaymentIntent(stripe, before.paymentIntentId).catch(() => undefined);
    }
  }

  async function paymentFailed(tx: Database, paymentIntent: Stripe.PaymentIntent, invoiceId: string) {
    const message = paymentIntent.last_payment_error?.message ?? 'The payment was declined.';
    const [changed] = await tx
      .update(invoices)
      .set({ paymentError: message })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'open'), eq(invoices.paymentIntentId, paymentIntent.id)))
      .returning({ id: invoices.id });
    if (!changed) return;
    await writeAudit(tx, { ...system, action: 'invoice.payment_failed', entityType: 'invoice', entityId: invoiceId, note: message });
    await deps.jobs.insert(tx, await invoiceEvent(tx, invoiceId, 'payment_failed', deps.now()));
  }

  /** Stripe's word on an expert's connected account: can it take charges and pay out yet. */
  async function accountUpdated(tx: Database, account: Stripe.Account) {
    await tx
      .update(experts)
      .set({ stripePayoutsEnabled: account.charges_enabled && account.payouts_enabled })
      .where(eq(experts.stripeAccountId, account.id));
  }

  /** Stripe paid the expert's balance out to their bank: what was sent to the account before it is paid out. */
  async function payoutPaid(tx: Database, payout: Stripe.Payout, accountId: string) {
    await tx
      .update(invoices)
      .set({ payoutStatus: 'paid' })
      .where(
        and(
          eq(invoices.transferDestination, accountId),
          eq(invoices.payoutStatus, 'transferred'),
          lte(invoices.paidAt, new Date(payout.created * 1000)),
        ),
      );
  }

  async function applyEvent(tx: Database, event: Stripe.Event) {
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        if (intent.metadata?.invoiceId) await invoicePaid(tx, intent, intent.metadata.invoiceId);
        else if (intent.metadata?.bookingId) await bookingPaid(tx, intent, intent.metadata.bookingId);
        return;
      }
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        if (intent.metadata?.invoiceId) await paymentFailed(tx, intent, intent.metadata.invoiceId);
        return;
      }
      case 'account.updated':
        return accountUpdated(tx, event.data.object);
      case 'payout.paid':
        if (event.account) await payoutPaid(tx, event.data.object, event.account);
        return;
      default:
        return;
    }
  }

  return {
    enabled: !!stripe,
    publishableKey: stripe ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    stripe,

    defineJobs(jobs) {
      jobs.define<{ bookingId: string }>(REFUND_QUEUE, refundBooking);
      jobs.define<{ refundId: string }>(REFUND_INVOICE_QUEUE, refundInvoice);
      jobs.define(PAYMENT_REMINDER_QUEUE, sendReminders, { cron: REMINDER_CRON });
    },

    async createPaymentIntent(user, input) {
      if (!stripe) throw paymentUnavailable();
      // Only its owner pays for a booking; to its expert and administrators it is as unknown as to anyone.
      const { booking } = (await bookingAccess(deps.db, user, input.bookingId, { only: ['owner'] })).record;
      const mismatch =
        (input.expertId !== undefined && input.expertId !== booking.expertId) ||
        (input.serviceType !== undefined && input.serviceType !== booking.serviceType) ||
        (input.estimatedHours !== undefined && booking.serviceType === 'onsite' && input.estimatedHours > booking.estimatedHours!);
      if (mismatch) throw new AppError('BAD_REQUEST', 'The payment details do not match the booking.');
      const [invoice] = await deps.db.select().from(invoices).where(eq(invoices.bookingId, booking.id));
      if (booking.paymentStatus === 'paid' || invoice?.paidAt) throw new AppError('CONFLICT', 'This booking is already paid.');
      if (!invoice) throw new AppError('CONFLICT', NO_INVOICE);
      if (invoice.status === 'disputed') throw new AppError('CONFLICT', 'This invoice is disputed: payment waits for our review.');
      if (invoice.status !== 'open') throw new AppError('CONFLICT', 'The expert recorded a payment in person: please confirm it, or dispute the invoice.');

      const amount = invoice.totalCents;
      const [expert] = await deps.db
        .select({ accountId: experts.stripeAccountId, ready: experts.stripePayoutsEnabled })
        .from(experts)
        .where(eq(experts.id, booking.expertId));
      // An expert with a ready Stripe account is paid at once, less the platform's fee; otherwise the
      // platform keeps the payment and pays the expert through the payout report.
      const destination = expert?.accountId && expert.ready ? expert.accountId : null;
      const previous = invoice.paymentIntentId;
      if (previous) {
        const existing = await callStripe(stripe, () => stripe.paymentIntents.retrieve(previous));
        const reusable = PAYABLE_STATES.has(existing.status) && existing.amount === amount && destinationOf(existing) === destination;
        if (reusable && existing.client_secret) return { clientSecret: existing.client_secret };
        if (existing.status === 'processing' || existing.status === 'succeeded') throw new AppError('CONFLICT', PAYMENT_UNDER_WAY);
        // One payable intent per invoice: the old one is cancelled before another is made.
        await cancelPaymentIntent(stripe, previous);
      }
      const intent = await callStripe(stripe, () =>
        stripe.paymentIntents.create(
          {
            amount,
            currency: invoice.currency,
            automatic_payment_methods: { enabled: true },
            description: `K&B Marine invoice ${invoice.number} (booking #${booking.number})`,
            metadata: { bookingId: booking.id, invoiceId: invoice.id, invoiceNumber: invoice.number },
            ...(destination ? { application_fee_amount: ofRate(amount, invoice.feeBasisPoints), transfer_data: { destination } } : {}),
          },
          // One intent per invoice, amount and the intent it follows, however often the owner opens the payment step.
          { idempotencyKey: `invoice-${invoice.id}-${amount}-${destination ?? 'platform'}-after-${previous ?? 'none'}` },
        ),
      );
      // Kept only if the invoice did not change meanwhile (an adjustment, a payment in person); a twin
      // request (another tab) made the same intent through the idempotency key.
      const [kept] = await deps.db
        .update(invoices)
        .set({ paymentIntentId: intent.id, transferDestination: destination })
        .where(
          and(
            eq(invoices.id, invoice.id),
            eq(invoices.status, 'open'),
            eq(invoices.totalCents, amount),
            or(previous ? eq(invoices.paymentIntentId, previous) : isNull(invoices.paymentIntentId), eq(invoices.paymentIntentId, intent.id)),
          ),
        )
        .returning({ id: invoices.id });
      if (!kept) {
        await cancelPaymentIntent(stripe, intent.id).catch(() => undefined);
        throw new AppError('CONFLICT', 'This invoice changed just now: please reload the page and pay again.');
      }
      if (!intent.client_secret) throw paymentUnavailable();
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
      await inTransaction(deps.db, async (tx) => {
        // Stripe delivers an event at least once: the first delivery applies it, every later one is acknowledged.
        const fresh = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
        if (fresh.length) await applyEvent(tx, event);
      });
    },
  };
}
