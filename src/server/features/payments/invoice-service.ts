import { asc, eq, inArray } from 'drizzle-orm';
import type { ServiceContext } from '../../core/service-context.js';
import { bookings, invoiceOverpayments, invoices } from '../../db/schema.js';
import type { InPersonMethod, Invoice, ResolveDisputeInput } from '../../../common/invoices.js';
import type { CurrentUser } from '../../../common/user.js';
import { selectBookingRecords } from '../bookings/index.js';
import { renderInvoicePdf } from '../../pdf/invoice-pdf.js';
import { findInvoice, invoiceAccess, moneyMovesOf, toInvoice, type InvoiceRow } from './invoice-record.js';
import {
  changeInvoice,
  confirmInPerson,
  disputeInvoice,
  recordInPerson,
  refundInvoice,
  refundOverpayments,
  resolveDispute,
  type InvoiceChanges,
} from './invoice-changes.js';

/** What the invoice routes do, over the booking's access rule; `cardPayments` says whether Stripe is on. */
export function invoiceService(deps: ServiceContext, options: InvoiceChanges) {
  const change = changeInvoice.bind(null, deps, options);
  return {
    async read(user: CurrentUser, bookingId: string): Promise<Invoice | null> {
      const { record, roles } = await findInvoice(deps.db, user, bookingId);
      return record ? toInvoice(record, roles, deps.now(), options.cardPayments) : null;
    },

    /** The invoice (or, once paid, the receipt) as a PDF: the owner's document, for its two parties and administrators. */
    async pdf(user: CurrentUser, bookingId: string): Promise<{ number: string; paid: boolean; pdf: Buffer }> {
      const { record, roles } = await invoiceAccess(deps.db, user, bookingId);
      const invoice = toInvoice(record, roles, deps.now(), options.cardPayments);
      return { number: invoice.number, paid: invoice.status === 'paid', pdf: await renderInvoicePdf({ ...invoice, earnings: null }, { baseUrl: deps.baseUrl }) };
    },

    recordInPerson: (user: CurrentUser, bookingId: string, method: InPersonMethod) => change(user, bookingId, 'record_in_person', recordInPerson(method)),
    confirmInPerson: (user: CurrentUser, bookingId: string) => change(user, bookingId, 'confirm_in_person', confirmInPerson),
    dispute: (user: CurrentUser, bookingId: string, reason: string) => change(user, bookingId, 'dispute', disputeInvoice(reason)),
    resolve: (user: CurrentUser, bookingId: string, input: { outcome: ResolveDisputeInput['outcome']; amount?: number; resolution: string }) =>
      change(user, bookingId, 'resolve', resolveDispute(input.outcome, input.amount, input.resolution, user.id)),
    refund: (user: CurrentUser, bookingId: string, input: { amount: number; reason: string }) =>
      change(user, bookingId, 'refund', refundInvoice(input.amount, input.reason, user.id)),
    refundOverpayments: (user: CurrentUser, bookingId: string) => change(user, bookingId, 'refund_overpayment', refundOverpayments(user.id)),

    /** The administrator's queue: every disputed invoice, the oldest dispute first. */
    async disputes(user: CurrentUser): Promise<Invoice[]> {
      const rows = await deps.db.select().from(invoices).where(eq(invoices.status, 'disputed')).orderBy(asc(invoices.disputedAt)).limit(200);
      return asAdmin(user, rows);
    },

    /** The administrator's other queue: invoices holding card money they do not account for, the oldest first. */
    async overpaid(user: CurrentUser): Promise<Invoice[]> {
      const held = deps.db
        .select({ invoiceId: invoiceOverpayments.invoiceId })
        .from(invoiceOverpayments)
        .where(inArray(invoiceOverpayments.status, ['open', 'refunding']));
      const rows = await deps.db.select().from(invoices).where(inArray(invoices.id, held)).orderBy(asc(invoices.issuedAt)).limit(200);
      return asAdmin(user, rows);
    },
  };

  async function asAdmin(user: CurrentUser, rows: InvoiceRow[]): Promise<Invoice[]> {
    if (rows.length === 0) return [];
    const records = await selectBookingRecords(deps.db, inArray(bookings.id, rows.map((row) => row.bookingId)));
    const byBooking = new Map(records.map((record) => [record.booking.id, record]));
    const moves = await moneyMovesOf(deps.db, rows.map((row) => row.id));
    const now = deps.now();
    return rows.map((invoice) =>
      toInvoice({ invoice, ...moves.get(invoice.id)!, booking: byBooking.get(invoice.bookingId)! }, user.role === 'admin' ? ['admin'] : [], now, options.cardPayments),
    );
  }
}
