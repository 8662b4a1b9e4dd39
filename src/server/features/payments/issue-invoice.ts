import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditLog, invoiceNumbers, invoices } from '../../db/schema.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import type { InvoiceIssuer } from '../../core/service-context.js';
import type { Config } from '../../config.js';
import { invoiceTotals, line, onsiteLines, percentToBasisPoints, type LineAmount } from '../../../common/invoice-totals.js';
import { INVOICE_MESSAGES, MAX_INVOICE_CENTS, PAYMENT_DUE_MS, type CompleteBooking } from '../../../common/invoices.js';
import { loadBooking, type BookingRecord } from '../bookings/index.js';
import { invoiceEvent } from './invoice-mail.js';
import { syncBookingPayment } from './invoice-changes.js';
import { callLengthMs } from '../video-call/index.js';
import { callLines } from '../../../common/help-now.js';

/**
 * The next invoice number of the year. The counter row stays locked until the completing transaction
 * ends, so a rolled-back completion gives its number back and the numbers have no gaps.
 */
async function nextInvoiceNumber(tx: Database, year: number): Promise<{ number: string; sequence: number }> {
  const [counter] = await tx
    .insert(invoiceNumbers)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceNumbers.year, set: { last: sql`${invoiceNumbers.last} + 1` } })
    .returning();
  return { sequence: counter!.last, number: `KB-${year}-${String(counter!.last).padStart(6, '0')}` };
}

/** The booking's price as booked: a consultation, or the estimated hours at the hourly rate. */
function bookedLines(booking: BookingRecord['booking']): LineAmount[] {
  if (booking.serviceType === 'video') return [line('consultation', 'Video consultation, 30 minutes', 1, booking.priceCents)];
  const hours = booking.estimatedHours ?? 1;
  return [line('labour', 'Onsite service, labour', hours, Math.round(booking.priceCents / hours))];
}

/**
 * What the visit really took. The expert (or an administrator) must say how long it took; the background
 * sweep that completes a booking nobody marked invoices it as booked.
 */
async function workedLines(tx: Database, record: BookingRecord, completion: CompleteBooking | null, byPerson: boolean): Promise<LineAmount[]> {
  const { booking, expert } = record;
  // A Help now call is billed by its real length in the room (docs/PRODUCT.md#help-now).
  if (booking.minutePriceCents !== null) return callLines(await callLengthMs(tx, booking.id), booking.priceCents, booking.minutePriceCents);
  if (booking.serviceType === 'video') return bookedLines(booking);
  if (!completion?.hoursWorked) {
    if (byPerson) throw AppError.onField('hoursWorked', INVOICE_MESSAGES.hoursRequired);
    return bookedLines(booking);
  }
  if (completion.hoursWorked < expert.onsiteMinimumHours) {
    throw AppError.onField('hoursWorked', INVOICE_MESSAGES.hoursMinimum(expert.onsiteMinimumHours));
  }
  const hours = booking.estimatedHours ?? 1;
  return onsiteLines({
    hoursWorked: completion.hoursWorked,
    hourlyCents: Math.round(booking.priceCents / hours),
    parts: completion.parts.map((part) => ({ description: part.description, quantity: part.quantity, unitPrice: part.unitPrice! })),
    travelFeeCents: completion.travelFee,
  });
}

/** When a booking paid before this version's pay-after-service flow was paid: its payment's audit entry. */
async function paidAtBooking(tx: Database, bookingId: string, fallback: Date): Promise<Date> {
  const [entry] = await tx
    .select({ at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.entityId, bookingId), eq(auditLog.action, 'booking.payment')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry?.at ?? fallback;
}

export function createInvoiceIssuer(config: Pick<Config, 'PLATFORM_FEE_PERCENT' | 'INVOICE_TAX_RATE'>): InvoiceIssuer {
  const feeBasisPoints = percentToBasisPoints(config.PLATFORM_FEE_PERCENT);
  const taxBasisPoints = config.INVOICE_TAX_RATE ? percentToBasisPoints(config.INVOICE_TAX_RATE) : null;

  return {
    async issue(tx, bookingId, completion, actor, now) {
      const record = await loadBooking(tx, bookingId);
      const { booking } = record;
      // Paid when booked (before invoices were paid after the service): its invoice is what was paid, never more.
      const prepaid = booking.paymentStatus === 'paid';
      const lines = prepaid ? bookedLines(booking) : await workedLines(tx, record, completion, actor.role !== 'system');
      const tax = prepaid ? null : taxBasisPoints;
      const totals = invoiceTotals(lines, tax);
      if (totals.totalCents > MAX_INVOICE_CENTS) throw new AppError('BAD_REQUEST', INVOICE_MESSAGES.total);
      // A Help now call that never connected costs nothing: settled at once, as an invoice lowered to $0.00 is.
      const nothingDue = !prepaid && totals.totalCents === 0;
      const { number, sequence } = await nextInvoiceNumber(tx, now.getUTCFullYear());
      const paidAt = prepaid ? await paidAtBooking(tx, bookingId, now) : null;
      const [invoice] = await tx
        .insert(invoices)
        .values({
          number,
          year: now.getUTCFullYear(),
          sequence,
          bookingId,
          status: prepaid ? 'paid' : 'open',
          lines,
          ...totals,
          taxBasisPoints: tax,
          feeBasisPoints,
          currency: booking.currency,
          issuedAt: now,
          dueAt: new Date(now.getTime() + PAYMENT_DUE_MS),
          ...(nothingDue ? { status: 'paid' as const, paidAt: now, payoutStatus: 'paid' as const } : {}),
          ...(prepaid
            ? { paymentMethod: 'card' as const, paymentRecordedAt: paidAt, paidAt, paymentIntentId: booking.paymentIntentId, payoutStatus: 'pending' as const }
            : {}),
        })
        .returning();
      if (nothingDue) await syncBookingPayment(tx, invoice!);
      await writeAudit(tx, {
        actorUserId: actor.userId,
        actorRole: actor.role,
        action: 'invoice.issue',
        entityType: 'invoice',
        entityId: invoice!.id,
        after: { number, status: invoice!.status, totalCents: invoice!.totalCents, bookingId },
        note: prepaid ? 'Paid when booked' : nothingDue ? 'Nothing is left to pay: settled.' : null,
      });
      return invoiceEvent(tx, invoice!.id, prepaid ? 'paid' : 'issued', now);
    },
  };
}
