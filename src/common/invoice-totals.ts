import type { InvoiceLineKind } from './invoices.js';

/**
 * The invoice's arithmetic, in one place for the server that stores it, the screen that previews it and
 * the reports that add it up. Money is integer cents; rates are basis points (725 = 7.25%); every
 * product of a rate is rounded half up to the cent, once, per invoice.
 */

export interface LineAmount {
  kind: InvoiceLineKind;
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  taxed: boolean;
}

export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** '7.25' for 725; '15' for 1500. */
export function basisPointsToPercent(basisPoints: number): string {
  return String(basisPoints / 100);
}

export function ofRate(cents: number, basisPoints: number): number {
  return Math.round((cents * basisPoints) / 10_000);
}

export function line(kind: InvoiceLineKind, description: string, quantity: number, unitCents: number, taxed = false): LineAmount {
  return { kind, description, quantity, unitCents, amountCents: Math.round(quantity * unitCents), taxed };
}

export interface OnsiteWork {
  hoursWorked: number;
  hourlyCents: number;
  parts: { description: string; quantity: number; unitPrice: number }[];
  travelFeeCents?: number;
}

/** An onsite visit's lines: labour, then each part (taxable), then travel. */
export function onsiteLines(work: OnsiteWork): LineAmount[] {
  return [
    line('labour', 'Onsite service, labour', work.hoursWorked, work.hourlyCents),
    ...work.parts.map((part) => line('part', part.description, part.quantity, part.unitPrice, true)),
    ...(work.travelFeeCents ? [line('travel', 'Travel', 1, work.travelFeeCents)] : []),
  ];
}

export interface InvoiceTotals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** Tax applies to parts and materials only (the taxed lines). */
export function invoiceTotals(lines: readonly LineAmount[], taxBasisPoints: number | null): InvoiceTotals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const taxable = lines.filter((l) => l.taxed).reduce((sum, l) => sum + l.amountCents, 0);
  const taxCents = taxBasisPoints ? ofRate(taxable, taxBasisPoints) : 0;
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

export interface InvoiceShares {
  /** What the owner paid and kept paid: the total less refunds. */
  grossCents: number;
  feeCents: number;
  netCents: number;
}

/** The platform's fee and the expert's share of an invoice's money, refunds taken off first. */
export function invoiceShares(invoice: { totalCents: number; refundedCents: number; feeBasisPoints: number }): InvoiceShares {
  const grossCents = invoice.totalCents - invoice.refundedCents;
  const feeCents = ofRate(grossCents, invoice.feeBasisPoints);
  return { grossCents, feeCents, netCents: grossCents - feeCents };
}

/**
 * What the platform owes the expert for a paid invoice: their share when the platform took the money by
 * card, minus the fee (a debt) when the owner paid the expert in person.
 */
export function owedToExpertCents(invoice: { totalCents: number; refundedCents: number; feeBasisPoints: number; paymentMethod: 'card' | 'in_person' | null }): number {
  const shares = invoiceShares(invoice);
  return invoice.paymentMethod === 'in_person' ? -shares.feeCents : shares.netCents;
}
