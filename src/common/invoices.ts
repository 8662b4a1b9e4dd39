import { z } from 'zod';
import { moneyToCents } from './money.js';

/**
 * The final invoice of a booking (docs/PRODUCT.md#payments): issued when the booking is
 * completed, paid by its owner, disputed within a week, adjusted or refunded by an administrator.
 */
export const INVOICE_STATUSES = ['open', 'awaiting_confirmation', 'paid', 'disputed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Payment due',
  awaiting_confirmation: 'Paid in person, awaiting confirmation',
  paid: 'Paid',
  disputed: 'Disputed',
};

export const PAYMENT_METHODS = ['card', 'in_person'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How an owner paid an expert on site, as the expert records it. */
export const IN_PERSON_METHODS = ['cash', 'cheque', 'card_on_site'] as const;
export type InPersonMethod = (typeof IN_PERSON_METHODS)[number];
export const IN_PERSON_METHOD_LABELS: Record<InPersonMethod, string> = {
  cash: 'Cash',
  cheque: 'Cheque',
  card_on_site: 'Card on site',
};

export const INVOICE_LINE_KINDS = ['consultation', 'labour', 'part', 'travel', 'adjustment'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/**
 * Where an invoice's money stands for its expert: not yet paid by the owner, owed to the expert, sent to
 * their Stripe account, or paid out to them.
 */
export const PAYOUT_STATUSES = ['not_due', 'pending', 'transferred', 'paid'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  not_due: 'Awaiting payment',
  pending: 'To be settled',
  transferred: 'Sent to your Stripe account',
  paid: 'Paid out',
};

/**
 * Card money the invoice does not account for (paid beyond what was due, or after it was paid another
 * way): held until an administrator refunds it.
 */
export const OVERPAYMENT_STATUSES = ['open', 'refunding', 'refunded'] as const;
export type OverpaymentStatus = (typeof OVERPAYMENT_STATUSES)[number];
export const OVERPAYMENT_STATUS_LABELS: Record<OverpaymentStatus, string> = {
  open: 'To be refunded',
  refunding: 'Refund under way',
  refunded: 'Refunded',
};

/** What people may do with an invoice now; the server decides and the screens offer only these. */
export const INVOICE_ACTIONS = ['pay', 'record_in_person', 'confirm_in_person', 'dispute', 'resolve', 'refund', 'refund_overpayment'] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];

/** An owner may dispute an invoice for this long after it was issued. */
export const DISPUTE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** An invoice is due this long after it was issued; reminders follow. */
export const PAYMENT_DUE_MS = 7 * 24 * 60 * 60 * 1000;

export const HOURS_STEP = 0.25;
export const MAX_HOURS_WORKED = 24;
export const MAX_PARTS = 30;
export const MAX_PART_QUANTITY = 999;
export const MAX_UNIT_PRICE_CENTS = 1_000_000;
export const MAX_TRAVEL_FEE_CENTS = 100_000;
export const MAX_INVOICE_CENTS = 10_000_000;

export const INVOICE_MESSAGES = {
  hoursRequired: 'Please enter the hours worked',
  hoursStep: 'Enter the hours worked in quarter hours, such as 2.5 or 2.75',
  hoursMax: `Hours worked must be at most ${MAX_HOURS_WORKED}`,
  hoursMinimum: (minimum: number) => `Hours worked must be at least the minimum visit of ${minimum} ${minimum === 1 ? 'hour' : 'hours'}`,
  partDescription: 'Please describe the part or material',
  quantity: `Quantity must be a whole number from 1 to ${MAX_PART_QUANTITY}`,
  unitPrice: 'Enter the unit price in dollars, such as 12.50',
  unitPriceRange: 'Unit price must be between $0.01 and $10,000',
  travelFee: 'Enter the travel fee in dollars, such as 40 or 40.00',
  travelFeeRange: 'Travel fee must be at most $1,000',
  tooManyParts: `An invoice can list at most ${MAX_PARTS} parts`,
  total: 'The invoice total must be at most $100,000',
  disputeReason: 'Please tell us what is wrong with this invoice',
  resolution: 'Please write the resolution the owner and the expert will read',
  amount: 'Enter an amount in dollars, such as 25 or 25.00',
} as const;

/** An amount typed in dollars ('12.50', '$12', '1,250') read as cents; blank is `undefined`. */
function money(format: string) {
  return z
    .union([z.string(), z.number()], { error: format })
    .transform((value) => String(value).trim())
    .refine((text) => text === '' || moneyToCents(text) !== null, format)
    .transform((text) => (text === '' ? undefined : moneyToCents(text)!));
}

const hoursWorkedSchema = z
  .union([z.string(), z.number()], { error: INVOICE_MESSAGES.hoursRequired })
  .transform((value) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.trim())))
  .refine((hours) => !Number.isNaN(hours), INVOICE_MESSAGES.hoursRequired)
  .refine((hours) => hours > 0 && Number.isInteger(hours / HOURS_STEP), INVOICE_MESSAGES.hoursStep)
  .refine((hours) => hours <= MAX_HOURS_WORKED, INVOICE_MESSAGES.hoursMax);

export const partLineSchema = z.object({
  description: z.string({ error: INVOICE_MESSAGES.partDescription }).trim().min(1, INVOICE_MESSAGES.partDescription).max(200, 'Must be at most 200 characters'),
  quantity: z
    .union([z.string(), z.number()], { error: INVOICE_MESSAGES.quantity })
    .transform((value) => Number(typeof value === 'string' ? value.trim() || Number.NaN : value))
    .refine((quantity) => Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_PART_QUANTITY, INVOICE_MESSAGES.quantity),
  unitPrice: money(INVOICE_MESSAGES.unitPrice).refine(
    (cents) => cents !== undefined && cents >= 1 && cents <= MAX_UNIT_PRICE_CENTS,
    INVOICE_MESSAGES.unitPriceRange,
  ),
});
export type PartLineInput = z.input<typeof partLineSchema>;

/**
 * What the expert reports when completing an onsite visit: the time it really took, the parts and
 * materials, and a travel fee. The minimum visit is checked by the server, which knows the expert's.
 */
export const onsiteCompletionSchema = z.object({
  hoursWorked: hoursWorkedSchema,
  parts: z.array(partLineSchema).max(MAX_PARTS, INVOICE_MESSAGES.tooManyParts).default([]),
  travelFee: money(INVOICE_MESSAGES.travelFee)
    .refine((cents) => cents === undefined || cents <= MAX_TRAVEL_FEE_CENTS, INVOICE_MESSAGES.travelFeeRange)
    .optional(),
});
export type OnsiteCompletionInput = z.input<typeof onsiteCompletionSchema>;
export type OnsiteCompletion = z.output<typeof onsiteCompletionSchema>;

/** `POST /api/bookings/{id}/complete`: an onsite visit's report; a video consultation needs none. */
export const completeBookingSchema = onsiteCompletionSchema.partial({ hoursWorked: true });
export type CompleteBooking = z.output<typeof completeBookingSchema>;

export const recordInPersonSchema = z.object({
  method: z.enum(IN_PERSON_METHODS, { error: 'Please choose how the owner paid' }),
});
export type RecordInPersonInput = z.input<typeof recordInPersonSchema>;

const reasonText = (message: string) => z.string({ error: message }).trim().min(1, message).max(2000, 'Must be at most 2000 characters');

export const disputeInvoiceSchema = z.object({ reason: reasonText(INVOICE_MESSAGES.disputeReason) });
export type DisputeInvoiceInput = z.input<typeof disputeInvoiceSchema>;

/**
 * An administrator's answer to a dispute: keep the invoice, lower its total (an adjustment line), or
 * refund part or all of a paid invoice. The resolution is what both parties are told.
 */
export const resolveDisputeSchema = z.object({
  outcome: z.enum(['keep', 'adjust', 'refund'], { error: 'Please choose how to resolve the dispute' }),
  /** For 'adjust': the amount taken off; for 'refund': the amount given back. */
  amount: money(INVOICE_MESSAGES.amount).optional(),
  resolution: reasonText(INVOICE_MESSAGES.resolution),
});
export type ResolveDisputeInput = z.input<typeof resolveDisputeSchema>;

export const refundInvoiceSchema = z.object({
  amount: money(INVOICE_MESSAGES.amount).refine((cents) => cents !== undefined && cents > 0, INVOICE_MESSAGES.amount),
  reason: reasonText('Please give the reason for the refund'),
});
export type RefundInvoiceInput = z.input<typeof refundInvoiceSchema>;

/** Decimal strings ('12.50') as every other amount of the API. */
const amount = z.string();

export const invoiceLineSchema = z.object({
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  /** Hours for labour (quarter hours), a count for parts, 1 otherwise. */
  quantity: z.number(),
  unitPrice: amount,
  amount,
  taxed: z.boolean(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const refundSchema = z.object({
  amount,
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string(),
  at: z.iso.datetime(),
});

export const overpaymentSchema = z.object({
  id: z.uuid(),
  amount,
  status: z.enum(OVERPAYMENT_STATUSES),
  reason: z.string(),
  at: z.iso.datetime(),
});
export type Overpayment = z.infer<typeof overpaymentSchema>;

/** An invoice as its owner, its expert or an administrator sees it; `earnings` only for the last two. */
export const invoiceSchema = z.object({
  id: z.uuid(),
  /** Unique and gap-free across the platform, restarting each year: 'KB-2026-000123'. */
  number: z.string(),
  bookingId: z.uuid(),
  bookingNumber: z.number().int(),
  serviceType: z.enum(['video', 'onsite']),
  serviceDate: z.iso.datetime(),
  /** The zone the service date is told in: an onsite visit's place's, else the expert's. */
  timeZone: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issuedAt: z.iso.datetime(),
  dueAt: z.iso.datetime(),
  owner: z.object({ name: z.string(), email: z.string() }),
  expert: z.object({ id: z.number().int(), name: z.string(), specialty: z.string(), city: z.string(), state: z.string() }),
  lines: z.array(invoiceLineSchema),
  subtotal: amount,
  /** '7.25' percent, or null when no tax applies. */
  taxRate: z.string().nullable(),
  tax: amount,
  total: amount,
  refunded: amount,
  currency: z.string(),
  payment: z
    .object({
      method: z.enum(PAYMENT_METHODS),
      inPersonMethod: z.enum(IN_PERSON_METHODS).nullable(),
      /** When the money was received (confirmed, for a payment in person). */
      paidAt: z.iso.datetime().nullable(),
      recordedAt: z.iso.datetime(),
    })
    .nullable(),
  /** The last card payment that failed, as Stripe worded it. */
  paymentError: z.string().nullable(),
  dispute: z
    .object({
      reason: z.string(),
      openedAt: z.iso.datetime(),
      resolution: z.string().nullable(),
      resolvedAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  disputeUntil: z.iso.datetime(),
  refunds: z.array(refundSchema),
  /** Money received beyond the invoice, given back by an administrator's one action. */
  overpayments: z.array(overpaymentSchema),
  earnings: z
    .object({ gross: amount, fee: amount, net: amount, feePercent: z.string(), payoutStatus: z.enum(PAYOUT_STATUSES) })
    .nullable(),
  allowedActions: z.array(z.enum(INVOICE_ACTIONS)),
});
export type Invoice = z.infer<typeof invoiceSchema>;
