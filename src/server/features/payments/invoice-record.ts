import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { invoiceOverpayments, invoiceRefunds, invoices } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import { centsToDecimal } from '../../../common/experts-rules.js';
import { basisPointsToPercent, invoiceShares } from '../../../common/invoice-totals.js';
import { DISPUTE_WINDOW_MS, type Invoice, type InvoiceAction } from '../../../common/invoices.js';
import type { CurrentUser } from '../../../common/user.js';
import { bookingAccess, loadBooking, type BookingRecord, type BookingRole } from '../bookings/index.js';
import { bookingTimeZone } from '../../../common/bookings-time-zone.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type RefundRow = typeof invoiceRefunds.$inferSelect;
export type OverpaymentRow = typeof invoiceOverpayments.$inferSelect;

/** An invoice with its booking, as the routes and e-mails about it read it. */
export interface InvoiceRecord {
  invoice: InvoiceRow;
  refunds: RefundRow[];
  overpayments: OverpaymentRow[];
  booking: BookingRecord;
}

export const NO_INVOICE = 'This booking has no invoice yet: it is issued when the service is completed.';

/** What a viewer may do with the invoice now. `cardPayments`: Stripe is configured. */
export function invoiceActions(record: InvoiceRecord, roles: readonly BookingRole[], now: Date, cardPayments: boolean): InvoiceAction[] {
  const { invoice, refunds, overpayments } = record;
  const actions: InvoiceAction[] = [];
  const owner = roles.includes('owner');
  const expertOrAdmin = roles.includes('expert') || roles.includes('admin');
  if (owner && invoice.status === 'open' && cardPayments) actions.push('pay');
  if (expertOrAdmin && invoice.status === 'open') actions.push('record_in_person');
  if (owner && invoice.status === 'awaiting_confirmation') actions.push('confirm_in_person');
  if (owner && invoice.status !== 'disputed' && !invoice.disputedAt && now.getTime() < disputeUntil(invoice).getTime()) actions.push('dispute');
  if (roles.includes('admin') && invoice.status === 'disputed') actions.push('resolve');
  const pendingRefund = refunds.some((refund) => refund.status === 'pending' && !refund.overpaymentId);
  if (roles.includes('admin') && invoice.status === 'paid' && invoice.refundedCents < invoice.totalCents && !pendingRefund) actions.push('refund');
  if (roles.includes('admin') && overpayments.some((overpayment) => overpayment.status === 'open')) actions.push('refund_overpayment');
  return actions;
}

export function disputeUntil(invoice: Pick<InvoiceRow, 'issuedAt'>): Date {
  return new Date(invoice.issuedAt.getTime() + DISPUTE_WINDOW_MS);
}

/** The invoice as the API answers it; the fee and the expert's share only for the expert and administrators. */
export function toInvoice(record: InvoiceRecord, roles: readonly BookingRole[], now: Date, cardPayments: boolean): Invoice {
  const { invoice, refunds, overpayments, booking: bookingRecord } = record;
  const { booking, expert, owner } = bookingRecord;
  const shares = invoiceShares(invoice);
  const seesEarnings = roles.includes('expert') || roles.includes('admin');
  return {
    id: invoice.id,
    number: invoice.number,
    bookingId: booking.id,
    bookingNumber: booking.number,
    serviceType: booking.serviceType,
    serviceDate: booking.startsAt.toISOString(),
    timeZone: bookingTimeZone(booking),
    status: invoice.status,
    issuedAt: invoice.issuedAt.toISOString(),
    dueAt: invoice.dueAt.toISOString(),
    owner: { name: owner.name, email: owner.email },
    expert: { id: expert.id, name: expert.name, specialty: expert.specialty, city: expert.city, state: expert.state },
    lines: invoice.lines.map((l) => ({
      kind: l.kind,
      description: l.description,
      quantity: l.quantity,
      unitPrice: centsToDecimal(l.unitCents),
      amount: centsToDecimal(l.amountCents),
      taxed: l.taxed,
    })),
    subtotal: centsToDecimal(invoice.subtotalCents),
    taxRate: invoice.taxBasisPoints ? basisPointsToPercent(invoice.taxBasisPoints) : null,
    tax: centsToDecimal(invoice.taxCents),
    total: centsToDecimal(invoice.totalCents),
    refunded: centsToDecimal(invoice.refundedCents),
    currency: invoice.currency,
    payment:
      invoice.paymentMethod && invoice.paymentRecordedAt
        ? {
            method: invoice.paymentMethod,
            inPersonMethod: invoice.inPersonMethod,
            paidAt: invoice.paidAt?.toISOString() ?? null,
            recordedAt: invoice.paymentRecordedAt.toISOString(),
          }
        : null,
    paymentError: invoice.status === 'open' ? invoice.paymentError : null,
    dispute:
      invoice.disputeReason && invoice.disputedAt
        ? {
            reason: invoice.disputeReason,
            openedAt: invoice.disputedAt.toISOString(),
            resolution: invoice.disputeResolution,
            resolvedAt: invoice.disputeResolvedAt?.toISOString() ?? null,
          }
        : null,
    disputeUntil: disputeUntil(invoice).toISOString(),
    // An overpayment's refund gives back money the invoice never counted: it shows with its overpayment.
    refunds: refunds.filter((refund) => !refund.overpaymentId).map((refund) => ({
      amount: centsToDecimal(refund.amountCents),
      status: refund.status,
      reason: refund.reason,
      at: refund.createdAt.toISOString(),
    })),
    overpayments: overpayments.map((overpayment) => ({
      id: overpayment.id,
      amount: centsToDecimal(overpayment.amountCents),
      status: overpayment.status,
      reason: overpayment.reason,
      at: overpayment.createdAt.toISOString(),
    })),
    earnings: seesEarnings
      ? {
          gross: centsToDecimal(shares.grossCents),
          fee: centsToDecimal(shares.feeCents),
          net: centsToDecimal(shares.netCents),
          feePercent: basisPointsToPercent(invoice.feeBasisPoints),
          payoutStatus: invoice.payoutStatus,
        }
      : null,
    allowedActions: invoiceActions(record, roles, now, cardPayments),
  };
}

/** The refunds and overpayments of these invoices, oldest first, by invoice. */
export async function moneyMovesOf(db: Database, invoiceIds: string[]): Promise<Map<string, Pick<InvoiceRecord, 'refunds' | 'overpayments'>>> {
  const byInvoice = new Map(invoiceIds.map((id) => [id, { refunds: [] as RefundRow[], overpayments: [] as OverpaymentRow[] }]));
  if (invoiceIds.length === 0) return byInvoice;
  const refunds = await db.select().from(invoiceRefunds).where(inArray(invoiceRefunds.invoiceId, invoiceIds)).orderBy(asc(invoiceRefunds.createdAt));
  const overpayments = await db.select().from(invoiceOverpayments).where(inArray(invoiceOverpayments.invoiceId, invoiceIds)).orderBy(asc(invoiceOverpayments.createdAt));
  for (const row of refunds) byInvoice.get(row.invoiceId)!.refunds.push(row);
  for (const row of overpayments) byInvoice.get(row.invoiceId)!.overpayments.push(row);
  return byInvoice;
}

/**
 * The invoice of a booking the user may see (null before it is issued), with the user's roles towards it:
 * the booking's access rule, so anyone else gets its 404. `forUpdate` locks the booking, then the invoice.
 */
export async function findInvoice(
  db: Database,
  user: CurrentUser,
  bookingId: string,
  options: { forUpdate?: boolean; only?: readonly BookingRole[] } = {},
): Promise<{ record: InvoiceRecord | null; roles: BookingRole[] }> {
  const access = await bookingAccess(db, user, bookingId, options);
  let query = db.select().from(invoices).where(eq(invoices.bookingId, access.record.booking.id)).$dynamic();
  if (options.forUpdate) query = query.for('update');
  const [invoice] = await query;
  if (!invoice) return { record: null, roles: access.roles };
  const moves = (await moneyMovesOf(db, [invoice.id])).get(invoice.id)!;
  return { record: { invoice, ...moves, booking: access.record }, roles: access.roles };
}

/** As `findInvoice`, for a route about the invoice itself: none yet is 404. */
export async function invoiceAccess(
  db: Database,
  user: CurrentUser,
  bookingId: string,
  options: { forUpdate?: boolean; only?: readonly BookingRole[] } = {},
): Promise<{ record: InvoiceRecord; roles: BookingRole[] }> {
  const { record, roles } = await findInvoice(db, user, bookingId, options);
  if (!record) throw new AppError('NOT_FOUND', NO_INVOICE);
  return { record, roles };
}

/**
 * The invoice of this id with its booking, whoever asks (the jobs and webhooks); null when there is none.
 * `forUpdate` locks the booking before the invoice, in the same order as `invoiceAccess`.
 */
export async function loadInvoiceRecord(db: Database, invoiceId: string, options: { forUpdate?: boolean } = {}): Promise<InvoiceRecord | null> {
  const [peek] = await db.select({ bookingId: invoices.bookingId }).from(invoices).where(eq(invoices.id, invoiceId));
  if (!peek) return null;
  const booking = await loadBooking(db, peek.bookingId, options);
  let query = db.select().from(invoices).where(eq(invoices.id, invoiceId)).$dynamic();
  if (options.forUpdate) query = query.for('update');
  const [invoice] = await query;
  const moves = (await moneyMovesOf(db, [invoiceId])).get(invoiceId)!;
  return { invoice: invoice!, ...moves, booking };
}
