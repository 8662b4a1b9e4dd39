import { describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import type { Invoice, InvoiceLine } from '../../common/invoices.js';
import { renderInvoicePdf } from './invoice-pdf.js';

const baseUrl = 'https://kb.example';

/** A paid onsite visit: labour, two taxed parts, travel, 7.25% tax, $50 of it refunded, paid by cheque. */
function paidOnsite(changes: Partial<Invoice> = {}): Invoice {
  return {
    id: '0b7c5a1e-3f5d-4c7a-9e2b-1a2b3c4d5e6f',
    number: 'KB-2026-000123',
    bookingId: '5f0e8d2c-1b3a-4c5d-8e7f-9a0b1c2d3e4f',
    bookingNumber: 1042,
    serviceType: 'onsite',
    // 10 PM on Tuesday in New York, already Wednesday in UTC: the date is the expert's.
    serviceDate: '2026-12-02T03:00:00.000Z',
    timeZone: 'America/New_York',
    status: 'paid',
    issuedAt: '2026-12-02T16:00:00.000Z',
    dueAt: '2026-12-09T16:00:00.000Z',
    owner: { name: 'Zoë Müller', email: 'zoe@example.com' },
    expert: { id: 7, name: 'Sam O’Neil', specialty: 'engines', city: 'Annapolis', state: 'MD' },
    lines: [
      { kind: 'labour', description: 'Labour', quantity: 2.75, unitPrice: '95.00', amount: '261.25', taxed: false },
      { kind: 'part', description: 'Impeller kit — Johnson F5B', quantity: 2, unitPrice: '48.50', amount: '97.00', taxed: true },
      { kind: 'part', description: 'Fuel filter “Racor” 10 micron', quantity: 1, unitPrice: '32.25', amount: '32.25', taxed: true },
      { kind: 'travel', description: 'Travel fee', quantity: 1, unitPrice: '40.00', amount: '40.00', taxed: false },
    ],
    subtotal: '430.50',
    taxRate: '7.25',
    tax: '9.37',
    total: '439.87',
    refunded: '50.00',
    currency: 'usd',
    payment: { method: 'in_person', inPersonMethod: 'cheque', paidAt: '2026-12-03T15:00:00.000Z', recordedAt: '2026-12-03T14:00:00.000Z' },
    paymentError: null,
    dispute: null,
    disputeUntil: '2026-12-09T16:00:00.000Z',
    refunds: [{ amount: '50.00', status: 'succeeded', reason: 'Second filter was not needed', at: '2026-12-05T15:00:00.000Z' }],
    overpayments: [],
    earnings: { gross: '439.87', fee: '65.98', net: '373.89', feePercent: '15', payoutStatus: 'pending' },
    allowedActions: [],
    ...changes,
  };
}

function openVideo(changes: Partial<Invoice> = {}): Invoice {
  return paidOnsite({
    serviceType: 'video',
    status: 'open',
    lines: [{ kind: 'consultation', description: 'Video consultation, 45 minutes', quantity: 1, unitPrice: '75.00', amount: '75.00', taxed: false }],
    subtotal: '75.00',
    taxRate: null,
    tax: '0.00',
    total: '75.00',
    refunded: '0.00',
    payment: null,
    refunds: [],
    earnings: null,
    ...changes,
  });
}

async function read(pdf: Buffer) {
  // pdf.js may take over the bytes it is given: hand it a copy.
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const { text, pages, total } = await parser.getText();
    const { info } = await parser.getInfo();
    return { text, lines: text.split('\n'), pages: pages.map((page) => page.text), total, info: info as Record<string, unknown> };
  } finally {
    await parser.destroy();
  }
}

describe('renderInvoicePdf', () => {
  it('prints a paid invoice as a receipt: parties, every line, totals with tax and refund, how it was paid', async () => {
    const pdf = await renderInvoicePdf(paidOnsite(), { baseUrl });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { lines, text, total, info } = await read(pdf);
    expect(total).toBe(1);
    expect(info).toMatchObject({ Title: 'Receipt KB-2026-000123', Author: 'K&B Marine' });
    expect(lines).toEqual(
      expect.arrayContaining([
        'Receipt',
        'KB-2026-000123',
        'Issued December 2, 2026',
        'Booking #1042',
        'Onsite service · Tuesday, December 1, 2026',
        'Billed to',
        'Zoë Müller',
        'zoe@example.com',
        'Service by',
        'Sam O’Neil',
        'Engine Repair',
        'Annapolis, MD',
        'Description Qty Unit price Amount',
        'Labour 2.75 h $95.00 $261.25',
        'Impeller kit — Johnson F5B * 2 $48.50 $97.00',
        'Fuel filter “Racor” 10 micron * 1 $32.25 $32.25',
        'Travel fee 1 $40.00 $40.00',
        'Subtotal $430.50',
        'Tax (7.25% on parts) $9.37',
        'Total $439.87',
        'Refunded -$50.00',
        'Net paid $389.87',
        '* Taxed at 7.25%.',
        'Paid December 3, 2026 in person (Cheque).',
        'December 5, 2026: $50.00 refunded — Second filter was not needed',
        'K&B Marine · Receipt KB-2026-000123 Page 1 of 1',
      ]),
    );
    expect(lines).not.toContain('Invoice');
    expect(text).not.toContain('Amount due');
  });

  it('never shows the expert’s earnings, which are not the owner’s business', async () => {
    const { text } = await read(await renderInvoicePdf(paidOnsite(), { baseUrl }));
    expect(text).not.toMatch(/65\.98|373\.89|15%/);
    expect(text.replaceAll('Travel fee', '')).not.toMatch(/fee|earning|payout|platform/i);
  });

  it('says a card payment was by card', async () => {
    const payment = { method: 'card' as const, inPersonMethod: null, paidAt: '2026-12-03T15:00:00.000Z', recordedAt: '2026-12-03T15:00:00.000Z' };
    const { lines } = await read(await renderInvoicePdf(paidOnsite({ payment }), { baseUrl }));
    expect(lines).toContain('Paid December 3, 2026 by card.');
  });

  it('prints an open invoice with the amount due, its due date and where to pay', async () => {
    const pdf = await renderInvoicePdf(openVideo(), { baseUrl: `${baseUrl}/` });
    const { lines, text, info } = await read(pdf);
    expect(info).toMatchObject({ Title: 'Invoice KB-2026-000123' });
    expect(lines).toEqual(
      expect.arrayContaining([
        'Invoice',
        'Video consultation · Tuesday, December 1, 2026',
        'Video consultation, 45 minutes 1 $75.00 $75.00',
        'Subtotal $75.00',
        'Total $75.00',
        'Amount due $75.00 by December 9, 2026.',
        'Pay online at https://kb.example/bookings/5f0e8d2c-1b3a-4c5d-8e7f-9a0b1c2d3e4f',
      ]),
    );
    expect(lines).not.toContain('Receipt');
    expect(text).not.toMatch(/Tax|Refund|Net paid|\*/);
  });

  it('asks nothing while a dispute is under review, and prints its resolution once resolved', async () => {
    const opened = { reason: 'The travel fee is too high', openedAt: '2026-12-04T15:00:00.000Z', resolution: null, resolvedAt: null };
    const disputed = await read(await renderInvoicePdf(openVideo({ status: 'disputed', dispute: opened }), { baseUrl }));
    expect(disputed.lines).toContain('Invoice');
    expect(disputed.lines).toContain('Disputed on December 4, 2026: payment waits for our review.');
    expect(disputed.text).not.toMatch(/Amount due|Pay online/);

    const resolution = 'We lowered the travel fee to $20.';
    const resolved = await read(
      await renderInvoicePdf(openVideo({ dispute: { ...opened, resolution, resolvedAt: '2026-12-06T15:00:00.000Z' } }), { baseUrl }),
    );
    expect(resolved.lines).toContain(`Dispute resolved on December 6, 2026: ${resolution}`);
    expect(resolved.lines).toContain('Amount due $75.00 by December 9, 2026.');
  });

  it('flows a long invoice onto more pages, repeating the table header and numbering every page', async () => {
    const parts: InvoiceLine[] = Array.from({ length: 30 }, (_, i) => ({
      kind: 'part',
      description: `Part ${String(i + 1).padStart(2, '0')}: ${'stainless hose clamp, marine grade 316, '.repeat(5)}`.slice(0, 200),
      quantity: i + 1,
      unitPrice: '1.00',
      amount: `${i + 1}.00`,
      taxed: true,
    }));
    const invoice = paidOnsite({ owner: { name: 'Hiroshi 山田 🚤', email: 'hiroshi@example.com' }, lines: parts });
    const pdf = await renderInvoicePdf(invoice, { baseUrl });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { text, lines, pages, total } = await read(pdf);
    expect(total).toBeGreaterThan(1);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${total}`));
    expect(pages[1]).toContain(`Page 2 of ${total}`);
    for (const page of pages.slice(0, -1)) expect(page).toContain('Description Qty Unit price Amount');
    for (const [i, part] of parts.entries()) {
      expect(text.split(part.description.slice(0, 8)).length - 1, part.description).toBe(1);
      expect(lines).toContain(`${i + 1} $1.00 $${i + 1}.00`);
    }
    expect(pages.at(-1)).toContain('Net paid $389.87');
    expect(lines).toContain('Hiroshi ?? ?');
    expect(text).not.toMatch(/[山田]|\u{1F6A4}/u);
  });
});
