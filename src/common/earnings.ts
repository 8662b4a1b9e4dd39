import { z } from 'zod';
import { INVOICE_STATUSES, PAYMENT_METHODS, PAYOUT_STATUSES } from './invoices.js';

/** A month as the money reports count it: 'YYYY-MM', in UTC. */
export const monthSchema = z
  .string({ error: 'month is written YYYY-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month is written YYYY-MM');

export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The first instant of the month and of the next one. */
export function monthRange(month: string): { start: Date; end: Date } {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(year, monthIndex - 1, 1)), end: new Date(Date.UTC(year, monthIndex, 1)) };
}

/** The twelve months that end with this one, oldest first. */
export function lastTwelveMonths(month: string): string[] {
  const { start } = monthRange(month);
  return Array.from({ length: 12 }, (_, i) => monthOf(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 11 + i, 1))));
}

const amount = z.string();

export const earningsInvoiceSchema = z.object({
  bookingId: z.uuid(),
  bookingNumber: z.number().int(),
  invoiceNumber: z.string(),
  serviceType: z.enum(['video', 'onsite']),
  ownerName: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issuedAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  gross: amount,
  fee: amount,
  net: amount,
  payoutStatus: z.enum(PAYOUT_STATUSES),
});
export type EarningsInvoice = z.infer<typeof earningsInvoiceSchema>;

export const moneyMonthSchema = z.object({ month: z.string(), invoices: z.number().int(), gross: amount, fee: amount, net: amount });
export type MoneyMonth = z.infer<typeof moneyMonthSchema>;

/** `GET /api/workspace/earnings`: the expert's invoices, what they earned by month, and their payout setup. */
export const earningsSchema = z.object({
  feePercent: z.string(),
  totals: z.object({ gross: amount, fee: amount, net: amount, toBePaidOut: amount, unpaidInvoices: z.number().int() }),
  /** The last twelve months by the month the money was received, oldest first. */
  months: z.array(moneyMonthSchema),
  invoices: z.array(earningsInvoiceSchema),
  /** Card payouts through Stripe Connect; null when Stripe is not configured. */
  stripe: z.object({ connected: z.boolean(), ready: z.boolean() }).nullable(),
});
export type Earnings = z.infer<typeof earningsSchema>;

export const statementQuerySchema = z.object({ month: monthSchema });

/** One expert's line of the administrator's payout report for a month. */
export const payoutLineSchema = z.object({
  expertId: z.number().int(),
  expertName: z.string(),
  invoices: z.number().int(),
  gross: amount,
  fee: amount,
  /** What the platform owes the expert; negative when the expert owes the platform its fees. */
  owed: amount,
  settledAt: z.iso.datetime().nullable(),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;

export const payoutReportSchema = z.object({ period: z.string(), lines: z.array(payoutLineSchema) });
export type PayoutReport = z.infer<typeof payoutReportSchema>;

export const payoutQuerySchema = z.object({ period: monthSchema });

export const settlePayoutSchema = z.object({
  expertId: z.coerce.number({ error: 'expertId is required' }).int().positive(),
  period: monthSchema,
  note: z.string().trim().max(500, 'Must be at most 500 characters').optional(),
});
export type SettlePayoutInput = z.input<typeof settlePayoutSchema>;

export const revenueMonthSchema = z.object({
  month: z.string(),
  /** Invoices issued in the month (one per completed booking). */
  bookings: z.number().int(),
  /** What owners paid in the month, before refunds. */
  gross: amount,
  /** The platform's fees on the invoices paid in the month, refunds taken off. */
  fees: amount,
  /** Refunds given in the month. */
  refunds: amount,
  /** Disputes opened in the month. */
  disputes: z.number().int(),
});
export type RevenueMonth = z.infer<typeof revenueMonthSchema>;

export const revenueSchema = z.object({ months: z.array(revenueMonthSchema), totals: revenueMonthSchema.omit({ month: true }) });
export type Revenue = z.infer<typeof revenueSchema>;

export const revenueQuerySchema = z.object({ until: monthSchema.optional() });

/** 'Nov 2026' (short) or 'November 2026' for a 'YYYY-MM' month. */
export function monthLabel(month: string, style: 'short' | 'long' = 'short'): string {
  return monthRange(month).start.toLocaleDateString('en-US', { month: style, year: 'numeric', timeZone: 'UTC' });
}
