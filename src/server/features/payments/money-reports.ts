import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings, experts, invoiceRefunds, invoices, payouts, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import { centsToDecimal } from '../../../common/experts-rules.js';
import { invoiceShares, owedToExpertCents } from '../../../common/invoice-totals.js';
import {
  lastTwelveMonths,
  monthOf,
  monthRange,
  type Earnings,
  type EarningsInvoice,
  type PayoutReport,
  type Revenue,
  type RevenueMonth,
} from '../../../common/earnings.js';
import type { CurrentUser } from '../../../common/user.js';
import { csvNumber, toCsv } from './csv.js';
import { dealtWithOthers } from '../bookings/index.js';

type InvoiceRow = typeof invoices.$inferSelect;

/** Invoices paid outside a Stripe destination charge: the platform settles them with the expert by hand. */
const settledByHand = isNull(invoices.transferDestination);

/** An expert's invoice to their own account is no business: it counts in no report (docs/PRODUCT.md#booking-rules). */
const ofOthers = dealtWithOthers(invoices.bookingId);

function earningsLine(invoice: InvoiceRow, booking: { id: string; number: number; serviceType: 'video' | 'onsite' }, ownerName: string): EarningsInvoice {
  const shares = invoice.paidAt ? invoiceShares(invoice) : { grossCents: 0, feeCents: 0, netCents: 0 };
  return {
    bookingId: booking.id,
    bookingNumber: booking.number,
    invoiceNumber: invoice.number,
    serviceType: booking.serviceType,
    ownerName,
    status: invoice.status,
    issuedAt: invoice.issuedAt.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
    paymentMethod: invoice.paidAt ? invoice.paymentMethod : null,
    gross: centsToDecimal(shares.grossCents),
    fee: centsToDecimal(shares.feeCents),
    net: centsToDecimal(shares.netCents),
    payoutStatus: invoice.payoutStatus,
  };
}

async function invoicesOfExpert(db: Database, expertId: number, where = and()) {
  return db
    .select({ invoice: invoices, booking: { id: bookings.id, number: bookings.number, serviceType: bookings.serviceType }, ownerFirst: users.firstName, ownerLast: users.lastName, ownerName: users.name })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.expertId, expertId), ofOthers, where))
    .orderBy(desc(invoices.issuedAt));
}

const ownerOf = (row: { ownerFirst: string | null; ownerLast: string | null; ownerName: string }) =>
  [row.ownerFirst, row.ownerLast].filter(Boolean).join(' ') || row.ownerName;

/** The expert's earnings: every invoice with its share, the last twelve months, and their payout setup. */
export async function expertEarnings(
  db: Database,
  expert: { id: number; stripeAccountId: string | null; stripePayoutsEnabled: boolean },
  feePercent: number,
  cardPayments: boolean,
  now: Date,
): Promise<Earnings> {
  const rows = await invoicesOfExpert(db, expert.id);
  const lines = rows.map((row) => earningsLine(row.invoice, row.booking, ownerOf(row)));
  const paid = rows.filter((row) => row.invoice.paidAt);
  const sum = (pick: (shares: ReturnType<typeof invoiceShares>) => number, list = paid) => list.reduce((total, row) => total + pick(invoiceShares(row.invoice)), 0);
  const months = lastTwelveMonths(monthOf(now)).map((month) => {
    const inMonth = paid.filter((row) => monthOf(row.invoice.paidAt!) === month);
    return {
      month,
      invoices: inMonth.length,
      gross: centsToDecimal(sum((s) => s.grossCents, inMonth)),
      fee: centsToDecimal(sum((s) => s.feeCents, inMonth)),
      net: centsToDecimal(sum((s) => s.netCents, inMonth)),
    };
  });
  const toBePaidOut = paid.filter((row) => row.invoice.payoutStatus === 'pending').reduce((total, row) => total + owedToExpertCents(row.invoice), 0);
  return {
    feePercent: String(feePercent),
    totals: {
      gross: centsToDecimal(sum((s) => s.grossCents)),
      fee: centsToDecimal(sum((s) => s.feeCents)),
      net: centsToDecimal(sum((s) => s.netCents)),
      toBePaidOut: centsToDecimal(toBePaidOut),
      unpaidInvoices: rows.filter((row) => !row.invoice.paidAt).length,
    },
    months,
    invoices: lines.slice(0, 200),
    stripe: cardPayments ? { connected: !!expert.stripeAccountId, ready: expert.stripePayoutsEnabled } : null,
  };
}

/** The expert's statement of a month: the invoices paid in it, and their totals, as CSV. */
export async function statementCsv(db: Database, expertId: number, month: string): Promise<string> {
  const { start, end } = monthRange(month);
  const rows = await invoicesOfExpert(db, expertId, and(gte(invoices.paidAt, start), lt(invoices.paidAt, end)));
  const lines = rows.map((row) => earningsLine(row.invoice, row.booking, ownerOf(row)));
  const total = (key: 'gross' | 'fee' | 'net') => centsToDecimal(lines.reduce((sum, line) => sum + Math.round(Number(line[key]) * 100), 0));
  return toCsv([
    ['Invoice', 'Booking', 'Service', 'Owner', 'Paid on', 'Paid by', 'Gross', 'Platform fee', 'Net', 'Payout'],
    ...lines.map((line) => [
      line.invoiceNumber,
      `#${line.bookingNumber}`,
      line.serviceType === 'video' ? 'Video consultation' : 'Onsite service',
      line.ownerName,
      line.paidAt!.slice(0, 10),
      line.paymentMethod === 'card' ? 'Card' : 'In person',
      csvNumber(line.gross),
      csvNumber(line.fee),
      csvNumber(line.net),
      line.payoutStatus,
    ]),
    ['Total', '', '', '', '', '', csvNumber(total('gross')), csvNumber(total('fee')), csvNumber(total('net')), ''],
  ]);
}

/** Per expert, what the invoices paid in the month and settled by hand come to. */
export async function payoutReport(db: Database, period: string): Promise<PayoutReport> {
  const { start, end } = monthRange(period);
  const rows = await db
    .select({ invoice: invoices, expertId: experts.id, expertName: experts.name })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .innerJoin(experts, eq(experts.id, bookings.expertId))
    .where(and(isNotNull(invoices.paidAt), gte(invoices.paidAt, start), lt(invoices.paidAt, end), settledByHand, ofOthers));
  const settled = await db.select().from(payouts).where(eq(payouts.period, period));
  const byExpert = new Map<number, { expertName: string; rows: InvoiceRow[] }>();
  for (const row of rows) {
    const entry = byExpert.get(row.expertId) ?? { expertName: row.expertName, rows: [] };
    entry.rows.push(row.invoice);
    byExpert.set(row.expertId, entry);
  }
  const lines = [...byExpert.entries()]
    .map(([expertId, { expertName, rows: list }]) => {
      const pending = list.filter((invoice) => invoice.payoutStatus === 'pending');
      const payout = settled.filter((p) => p.expertId === expertId).at(-1);
      return {
        expertId,
        expertName,
        invoices: list.length,
        gross: centsToDecimal(list.reduce((sum, invoice) => sum + invoiceShares(invoice).grossCents, 0)),
        fee: centsToDecimal(list.reduce((sum, invoice) => sum + invoiceShares(invoice).feeCents, 0)),
        owed: centsToDecimal(pending.reduce((sum, invoice) => sum + owedToExpertCents(invoice), 0)),
        settledAt: pending.length === 0 && payout ? payout.paidAt.toISOString() : null,
      };
    })
    .sort((a, b) => a.expertName.localeCompare(b.expertName));
  return { period, lines };
}

export function payoutCsv(report: PayoutReport): string {
  return toCsv([
    ['Period', 'Expert id', 'Expert', 'Invoices', 'Gross', 'Platform fee', 'Owed to the expert', 'Settled on'],
    ...report.lines.map((line) => [
      report.period,
      csvNumber(String(line.expertId)),
      line.expertName,
      csvNumber(String(line.invoices)),
      csvNumber(line.gross),
      csvNumber(line.fee),
      csvNumber(line.owed),
      line.settledAt?.slice(0, 10) ?? '',
    ]),
  ]);
}

/**
 * Marks an expert's month settled: what is owed on the invoices paid in it and settled by hand is recorded
 * as one payout, and those invoices as paid out. Audited; a month with nothing left to settle is 409.
 */
export async function settlePayout(db: Database, admin: CurrentUser, expertId: number, period: string, note: string | undefined, now: Date) {
  const { start, end } = monthRange(period);
  return inTransaction(db, async (tx) => {
    const due = await tx
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
      .where(and(eq(bookings.expertId, expertId), eq(invoices.payoutStatus, 'pending'), gte(invoices.paidAt, start), lt(invoices.paidAt, end), settledByHand, ofOthers))
      .for('update', { of: invoices });
    if (due.length === 0) throw new AppError('CONFLICT', 'Nothing is left to settle with this expert for that month.');
    const amountCents = due.reduce((sum, row) => sum + owedToExpertCents(row.invoice), 0);
    const [payout] = await tx
      .insert(payouts)
      .values({ expertId, period, amountCents, invoiceCount: due.length, paidAt: now, paidByUserId: admin.id, note: note ?? null })
      .returning();
    await tx.update(invoices).set({ payoutStatus: 'paid', payoutId: payout!.id }).where(inArray(invoices.id, due.map((row) => row.invoice.id)));
    await writeAudit(tx, {
      actorUserId: admin.id,
      actorRole: 'admin',
      action: 'payout.settle',
      entityType: 'payout',
      entityId: payout!.id,
      after: { expertId, period, amountCents, invoices: due.map((row) => row.invoice.number) },
      note: note ?? null,
    });
    return { id: payout!.id, expertId, period, amount: centsToDecimal(amountCents), invoices: due.length, paidAt: now.toISOString() };
  });
}

/**
 * The marketplace by month: invoices issued, what owners paid, the platform's fees on it (refunds taken
 * off), refunds given and disputes opened. Computed from the invoices with the invoices' own arithmetic.
 */
export async function revenue(db: Database, until: string): Promise<Revenue> {
  const months = lastTwelveMonths(until);
  const start = monthRange(months[0]!).start;
  const end = monthRange(until).end;
  const inRange = (column: typeof invoices.issuedAt | typeof invoices.paidAt | typeof invoices.disputedAt) => and(gte(column, start), lt(column, end));
  const rows = await db.select().from(invoices).where(and(or(inRange(invoices.issuedAt), inRange(invoices.paidAt), inRange(invoices.disputedAt)), ofOthers));
  const refunds = await db
    .select({ amountCents: invoiceRefunds.amountCents, updatedAt: invoiceRefunds.updatedAt })
    .from(invoiceRefunds)
    .innerJoin(invoices, eq(invoices.id, invoiceRefunds.invoiceId))
    .where(and(eq(invoiceRefunds.status, 'succeeded'), gte(invoiceRefunds.updatedAt, start), lt(invoiceRefunds.updatedAt, end), ofOthers));
  const within = (date: Date | null, month: string) => !!date && monthOf(date) === month;
  const result: RevenueMonth[] = months.map((month) => {
    const paid = rows.filter((invoice) => within(invoice.paidAt, month));
    return {
      month,
      bookings: rows.filter((invoice) => within(invoice.issuedAt, month)).length,
      gross: centsToDecimal(paid.reduce((sum, invoice) => sum + invoice.totalCents, 0)),
      fees: centsToDecimal(paid.reduce((sum, invoice) => sum + invoiceShares(invoice).feeCents, 0)),
      refunds: centsToDecimal(refunds.filter((refund) => within(refund.updatedAt, month)).reduce((sum, refund) => sum + refund.amountCents, 0)),
      disputes: rows.filter((invoice) => within(invoice.disputedAt, month)).length,
    };
  });
  const add = (key: 'gross' | 'fees' | 'refunds') => centsToDecimal(result.reduce((sum, month) => sum + Math.round(Number(month[key]) * 100), 0));
  return {
    months: result,
    totals: {
      bookings: result.reduce((sum, month) => sum + month.bookings, 0),
      gross: add('gross'),
      fees: add('fees'),
      refunds: add('refunds'),
      disputes: result.reduce((sum, month) => sum + month.disputes, 0),
    },
  };
}

