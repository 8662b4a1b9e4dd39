import { eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../../db/client.js';
import { bookings, invoiceOverpayments, invoiceRefunds, invoices } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit, type AuditActor } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { QueuedJob } from '../../jobs/job-queue.js';
import { INVOICE_MESSAGES, type Invoice, type InvoiceAction, type InPersonMethod } from '../../../common/invoices.js';
import { formatCents } from '../../../common/money.js';
import type { CurrentUser } from '../../../common/user.js';
import type { BookingRole } from '../bookings/index.js';
import { invoiceAccess, invoiceActions, moneyMovesOf, toInvoice, type InvoiceRecord, type InvoiceRow } from './invoice-record.js';
import { invoiceEvent, type InvoiceMailEvent } from './invoice-mail.js';
import { REFUND_INVOICE_QUEUE } from './queues.js';
import { cancelPaymentIntent } from './stripe-client.js';

/** Who may ever take each action; anyone else among the booking's parties is refused with 403. */
const ACTORS: Record<InvoiceAction, readonly BookingRole[]> = {
  pay: ['owner'],
  confirm_in_person: ['owner'],
  dispute: ['owner'],
  record_in_person: ['expert', 'admin'],
  resolve: ['admin'],
  refund: ['admin'],
  refund_overpayment: ['admin'],
};

function refusal(action: InvoiceAction, invoice: InvoiceRow): string {
  switch (action) {
    case 'pay':
      return invoice.status === 'paid'
        ? 'This invoice is already paid.'
        : invoice.status === 'disputed'
          ? 'This invoice is disputed: payment waits for our review.'
          : 'The expert recorded a payment in person: please confirm it, or dispute the invoice.';
    case 'record_in_person':
      return 'This invoice is not awaiting payment.';
    case 'confirm_in_person':
      return 'There is no payment in person to confirm.';
    case 'dispute':
      return invoice.disputedAt ? 'This invoice has already been disputed.' : 'An invoice can be disputed for 7 days after it is issued.';
    case 'resolve':
      return 'This invoice is not disputed.';
    case 'refund':
      return 'Only what remains paid of a paid invoice can be refunded, one refund at a time.';
    case 'refund_overpayment':
      return 'There is no overpayment left to refund on this invoice.';
  }
}

export interface InvoiceChange {
  set: Partial<typeof invoices.$inferInsert>;
  note: string;
  event: InvoiceMailEvent | null;
  jobs?: QueuedJob[];
}

export interface InvoiceChanges {
  cardPayments: boolean;
  /** Stripe's client, to cancel the intent a change makes stale; null without Stripe. */
  stripe: Stripe | null;
}

/** The status an invoice returns to when its dispute ends: where its payment stood. */
export function undisputedStatus(invoice: Pick<InvoiceRow, 'paidAt' | 'paymentMethod' | 'paymentRecordedAt'>): InvoiceRow['status'] {
  if (invoice.paidAt) return 'paid';
  return invoice.paymentMethod === 'in_person' && invoice.paymentRecordedAt ? 'awaiting_confirmation' : 'open';
}

/** The booking's own payment status follows its invoice, so the lists that show it stay right. */
export async function syncBookingPayment(tx: Database, after: InvoiceRow) {
  const paymentStatus = after.refundedCents > 0 && after.refundedCents === after.totalCents ? 'refunded' : after.paidAt ? 'paid' : 'unpaid';
  await tx.update(bookings).set({ paymentStatus }).where(eq(bookings.id, after.bookingId));
}

type InvoiceSet = InvoiceChange['set'];

/**
 * One amount per invoice at a time: a change to the amount, or to how it is paid (in person), first
 * cancels the PaymentIntent the owner could still pay (409 if they are paying it right now).
 */
async function withoutStaleIntent(stripe: Stripe | null, before: InvoiceRow, set: InvoiceSet): Promise<InvoiceSet> {
  if (!before.paymentIntentId || before.paidAt) return set;
  const status = set.status ?? before.status;
  const stale = (set.totalCents ?? before.totalCents) !== before.totalCents || status === 'awaiting_confirmation' || status === 'paid';
  if (!stale) return set;
  if (stripe) await cancelPaymentIntent(stripe, before.paymentIntentId);
  return { ...set, paymentIntentId: null };
}

/** An invoice lowered to nothing is settled at once: no payment to make, no reminders. */
function settledIfNothingDue(before: InvoiceRow, set: InvoiceSet, now: Date): InvoiceSet {
  if (before.paidAt || (set.totalCents ?? before.totalCents) !== 0 || (set.status ?? before.status) !== 'open') return set;
  return { ...set, status: 'paid', paidAt: now, paymentError: null, payoutStatus: 'paid' };
}

/**
 * One change to an invoice by a person: the booking's access rule, the action checked against the
 * invoice's state, then in one transaction the change, its audit entry and its e-mails.
 */
export async function changeInvoice(
  deps: ServiceContext,
  options: InvoiceChanges,
  user: CurrentUser,
  bookingId: string,
  action: InvoiceAction,
  change: (record: InvoiceRecord, tx: Database, now: Date) => Promise<InvoiceChange>,
): Promise<Invoice> {
  return inTransaction(deps.db, async (tx) => {
    const now = deps.now();
    const { record, roles } = await invoiceAccess(tx, user, bookingId, { forUpdate: true });
    if (!roles.some((role) => ACTORS[action].includes(role))) throw new AppError('FORBIDDEN', 'You cannot do this to this invoice.');
    if (!invoiceActions(record, roles, now, options.cardPayments).includes(action)) throw new AppError('CONFLICT', refusal(action, record.invoice));
    const before = record.invoice;
    const result = await change(record, tx, now);
    const changed = await withoutStaleIntent(options.stripe, before, result.set);
    const set = settledIfNothingDue(before, changed, now);
    const [after] = Object.keys(set).length ? await tx.update(invoices).set(set).where(eq(invoices.id, before.id)).returning() : [before];
    await syncBookingPayment(tx, after!);
    const role = roles.find((r) => ACTORS[action].includes(r))!;
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: role as AuditActor,
      action: `invoice.${action}`,
      entityType: 'invoice',
      entityId: before.id,
      before: invoiceSnapshot(before),
      after: invoiceSnapshot(after!),
      note: set === changed ? result.note : `${result.note}. Nothing is left to pay: settled.`,
    });
    await deps.jobs.insert(tx, [...(result.event ? await invoiceEvent(tx, before.id, result.event, now) : []), ...(result.jobs ?? [])]);
    const moves = (await moneyMovesOf(tx, [before.id])).get(before.id)!;
    return toInvoice({ ...record, invoice: after!, ...moves }, roles, now, options.cardPayments);
  });
}

export function invoiceSnapshot(invoice: InvoiceRow) {
  return {
    status: invoice.status,
    totalCents: invoice.totalCents,
    refundedCents: invoice.refundedCents,
    refundingCents: invoice.refundingCents,
    paymentMethod: invoice.paymentMethod,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    payoutStatus: invoice.payoutStatus,
  };
}

export const recordInPerson = (method: InPersonMethod) => async (_record: InvoiceRecord, _tx: Database, now: Date): Promise<InvoiceChange> => ({
  set: { status: 'awaiting_confirmation', paymentMethod: 'in_person', inPersonMethod: method, paymentRecordedAt: now },
  note: `Paid in person (${method.replace(/_/g, ' ')}), recorded by the expert`,
  event: 'in_person_recorded',
});

export const confirmInPerson = async (_record: InvoiceRecord, _tx: Database, now: Date): Promise<InvoiceChange> => ({
  set: { status: 'paid', paidAt: now, paymentError: null, payoutStatus: 'pending' },
  note: 'Payment in person confirmed by the owner',
  event: 'paid',
});

export const disputeInvoice = (reason: string) => async (_record: InvoiceRecord, _tx: Database, now: Date): Promise<InvoiceChange> => ({
  set: { status: 'disputed', disputeReason: reason, disputedAt: now },
  note: reason,
  event: 'disputed',
});

const refundJob = (refundId: string): QueuedJob => ({ name: REFUND_INVOICE_QUEUE, data: { refundId }, options: { singletonKey: refundId } });

/**
 * A refund of a paid invoice: by Stripe for a card payment (a job, pending until Stripe answers), else
 * recorded. What is pending counts as given back, so refunds never add up to more than was paid.
 */
async function startRefund(tx: Database, record: InvoiceRecord, amountCents: number, reason: string, userId: string, now: Date): Promise<{ set: InvoiceChange['set']; jobs: QueuedJob[] }> {
  const { invoice } = record;
  const refundable = invoice.totalCents - invoice.refundedCents - invoice.refundingCents;
  if (amountCents > refundable) {
    const pending = invoice.refundingCents ? ' and not already being refunded' : '';
    throw AppError.onField('amount', `The refund can be at most ${formatCents(refundable)}, what remains paid${pending}.`);
  }
  const byCard = invoice.paymentMethod === 'card' && !!invoice.paymentIntentId;
  const [refund] = await tx
    .insert(invoiceRefunds)
    .values({ invoiceId: invoice.id, amountCents, reason, status: byCard ? 'pending' : 'succeeded', createdByUserId: userId })
    .returning();
  if (byCard) return { set: { refundingCents: invoice.refundingCents + amountCents }, jobs: [refundJob(refund!.id)] };
  return { set: { refundedCents: invoice.refundedCents + amountCents }, jobs: await invoiceEvent(tx, invoice.id, 'refunded', now) };
}

export const refundInvoice = (amountCents: number, reason: string, userId: string) => async (record: InvoiceRecord, tx: Database, now: Date): Promise<InvoiceChange> => {
  const { set, jobs } = await startRefund(tx, record, amountCents, reason, userId, now);
  return { set, note: `Refund of ${formatCents(amountCents)}: ${reason}`, event: null, jobs };
};

/**
 * An administrator's answer to a dispute. 'adjust' lowers an unpaid invoice with an adjustment line;
 * 'refund' gives back part or all of a paid one; 'keep' leaves it as it was. Either way payment resumes.
 */
export const resolveDispute =
  (outcome: 'keep' | 'adjust' | 'refund', amountCents: number | undefined, resolution: string, userId: string) =>
  async (record: InvoiceRecord, tx: Database, now: Date): Promise<InvoiceChange> => {
    const { invoice } = record;
    const resolved = { status: undisputedStatus(invoice), disputeResolution: resolution, disputeResolvedAt: now };
    if (outcome === 'keep') return { set: resolved, note: `Kept: ${resolution}`, event: 'resolved' };
    if (!amountCents) throw AppError.onField('amount', INVOICE_MESSAGES.amount);
    if (outcome === 'adjust') {
      if (invoice.paidAt) throw AppError.onField('outcome', 'This invoice is paid: refund part of it instead of adjusting it.');
      if (amountCents > invoice.subtotalCents) throw AppError.onField('amount', `The adjustment can be at most ${formatCents(invoice.subtotalCents)}, the invoice's subtotal.`);
      const lines = [...invoice.lines, { kind: 'adjustment' as const, description: 'Adjustment after review', quantity: 1, unitCents: -amountCents, amountCents: -amountCents, taxed: false }];
      return {
        set: { ...resolved, lines, subtotalCents: invoice.subtotalCents - amountCents, totalCents: invoice.totalCents - amountCents },
        note: `Adjusted by -${formatCents(amountCents)}: ${resolution}`,
        event: 'resolved',
      };
    }
    if (!invoice.paidAt) throw AppError.onField('outcome', 'This invoice is not paid: adjust it instead of refunding it.');
    const refund = await startRefund(tx, record, amountCents, resolution, userId, now);
    return { set: { ...resolved, ...refund.set }, note: `Refund of ${formatCents(amountCents)}: ${resolution}`, event: 'resolved', jobs: refund.jobs };
  };

/** Gives back by card every overpayment still held on the invoice: one refund each, through the refund job. */
export const refundOverpayments = (userId: string) => async (record: InvoiceRecord, tx: Database): Promise<InvoiceChange> => {
  const open = record.overpayments.filter((overpayment) => overpayment.status === 'open');
  const refunds = await tx
    .insert(invoiceRefunds)
    .values(open.map((overpayment) => ({ invoiceId: record.invoice.id, overpaymentId: overpayment.id, amountCents: overpayment.amountCents, reason: 'Overpayment returned', status: 'pending' as const, createdByUserId: userId })))
    .returning();
  await tx.update(invoiceOverpayments).set({ status: 'refunding' }).where(inArray(invoiceOverpayments.id, open.map((overpayment) => overpayment.id)));
  const total = open.reduce((sum, overpayment) => sum + overpayment.amountCents, 0);
  return { set: {}, note: `Refund of the overpayment of ${formatCents(total)}`, event: null, jobs: refunds.map((refund) => refundJob(refund.id)) };
};
