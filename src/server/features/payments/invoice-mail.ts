import type { JobQueue, QueuedJob } from '../../jobs/job-queue.js';
import type { Database } from '../../db/client.js';
import type { MailMessage } from '../../mail/mailer.js';
import { enqueueEmails } from '../../mail/email-job.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import { IN_PERSON_METHOD_LABELS, type Invoice } from '../../../common/invoices.js';
import { formatCents } from '../../../common/money.js';
import { renderInvoicePdf } from '../../pdf/invoice-pdf.js';
import { loadInvoiceRecord, toInvoice } from './invoice-record.js';

export const INVOICE_MAIL_QUEUE = 'invoice-mail';

export type InvoiceMailEvent =
  | 'issued'
  | 'paid'
  | 'payment_failed'
  | 'in_person_recorded'
  | 'reminder'
  | 'disputed'
  | 'resolved'
  | 'refunded'
  | 'overpayment_refunded';

interface InvoiceMail {
  invoiceId: string;
  event: InvoiceMailEvent;
}

/** The e-mails of an invoice event, as a job enqueued in the change's transaction: sent only if it commits. */
export function invoiceMailJob(invoiceId: string, event: InvoiceMailEvent): QueuedJob {
  return { name: INVOICE_MAIL_QUEUE, data: { invoiceId, event } satisfies InvoiceMail };
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (amount: string) => formatCents(cents(amount));

/** What each party is told, and whether the owner's copy carries the invoice (or receipt) as a PDF. */
function messages(invoice: Invoice, event: InvoiceMailEvent, bookingUrl: string): { owner?: string[]; expert?: string[]; subject: string; attach: boolean } {
  const about = `Invoice ${invoice.number} for booking #${invoice.bookingNumber}`;
  const total = money(invoice.total);
  switch (event) {
    case 'issued':
      return {
        subject: `${about}: ${total} due`,
        owner: [`${invoice.expert.name} completed the service. The invoice is attached: ${total}, due by ${day(invoice.dueAt)}.`, `Pay it or tell us if something is wrong: ${bookingUrl}`],
        expert: [`The invoice for this booking went to ${invoice.owner.name}: ${total}.`],
        attach: true,
      };
    case 'paid':
      return {
        subject: `Receipt: ${about}`,
        owner: [`Thank you: we received ${total}. Your receipt is attached.`],
        expert: [`${invoice.owner.name} paid ${total}.`],
        attach: true,
      };
    case 'payment_failed':
      return {
        subject: `Payment not completed: ${about}`,
        owner: [`Your payment of ${total} did not go through${invoice.paymentError ? `: ${invoice.paymentError}` : '.'}`, `You can try again with another card: ${bookingUrl}`],
        expert: [`${invoice.owner.name}'s card payment of ${total} did not go through; they have been asked to try again.`],
        attach: false,
      };
    case 'in_person_recorded': {
      const method = invoice.payment?.inPersonMethod ? IN_PERSON_METHOD_LABELS[invoice.payment.inPersonMethod].toLowerCase() : 'in person';
      return {
        subject: `Please confirm your payment: ${about}`,
        owner: [`${invoice.expert.name} recorded that you paid ${total} (${method}).`, `Please confirm it, or tell us if that is not right: ${bookingUrl}`],
        attach: false,
      };
    }
    case 'reminder':
      return {
        subject: `Reminder: ${about}, ${total} due`,
        owner: [`The invoice attached (${total}) was due on ${day(invoice.dueAt)}.`, `Pay it, or tell us if something is wrong: ${bookingUrl}`],
        expert: [`${invoice.owner.name} has been reminded of the unpaid invoice (${total}).`],
        attach: true,
      };
    case 'disputed':
      return {
        subject: `Invoice disputed: ${about}`,
        owner: [`We received your dispute. Payment waits while we review it; we will write to you with the outcome.`, `Your reason: ${invoice.dispute?.reason ?? ''}`],
        expert: [`${invoice.owner.name} disputed the invoice; payment waits while we review it. Reason given: ${invoice.dispute?.reason ?? ''}`],
        attach: false,
      };
    case 'resolved':
      return {
        subject: `Dispute resolved: ${about}`,
        owner: [`We reviewed the dispute: ${invoice.dispute?.resolution ?? ''}`, `The invoice now stands at ${total}. Details: ${bookingUrl}`],
        expert: [`We reviewed the dispute: ${invoice.dispute?.resolution ?? ''}`, `The invoice now stands at ${total}.`],
        attach: true,
      };
    case 'refunded': {
      const refund = invoice.refunds.at(-1);
      return {
        subject: `Refund: ${about}`,
        owner: [`We refunded ${refund ? money(refund.amount) : ''} of this invoice${refund ? ` (${refund.reason})` : ''}. Your updated receipt is attached.`],
        expert: [`${refund ? money(refund.amount) : 'An amount'} of this invoice was refunded to ${invoice.owner.name}${refund ? ` (${refund.reason})` : ''}.`],
        attach: true,
      };
    }
    case 'overpayment_refunded': {
      const refunded = invoice.overpayments.filter((overpayment) => overpayment.status === 'refunded').at(-1);
      return {
        subject: `Refund: ${about}`,
        owner: [`You paid ${refunded ? money(refunded.amount) : 'an amount'} more than this invoice asked for. We refunded it to your card; the invoice itself is unchanged.`],
        attach: false,
      };
    }
  }
}

function day(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

function letter(name: string, body: string[], url: string): string {
  return [`Hello ${name},`, '', ...body, '', `See the booking and its invoice: ${url}`, '', PRODUCT_NAME].join('\n');
}

/** Writes an invoice event's e-mails from the invoice as it stands, and hands them to the e-mail job. */
export function defineInvoiceMailJob(jobs: JobQueue, db: Database, baseUrl: string, now: () => Date) {
  jobs.define<InvoiceMail>(INVOICE_MAIL_QUEUE, async ({ invoiceId, event }) => {
    const record = await loadInvoiceRecord(db, invoiceId);
    if (!record) return;
    const invoice = toInvoice(record, ['owner'], now(), false);
    const bookingUrl = `${baseUrl}/bookings/${invoice.bookingId}`;
    const what = messages(invoice, event, bookingUrl);
    const mail: MailMessage[] = [];
    if (what.owner) {
      const pdf = what.attach ? await renderInvoicePdf(invoice, { baseUrl }) : null;
      mail.push({
        to: invoice.owner.email,
        subject: what.subject,
        text: letter(invoice.owner.name, what.owner, bookingUrl),
        ...(pdf
          ? { attachments: [{ filename: `${invoice.status === 'paid' ? 'receipt' : 'invoice'}-${invoice.number}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }] }
          : {}),
      });
    }
    const expertEmail = record.booking.expert.email;
    if (what.expert && expertEmail) mail.push({ to: expertEmail, subject: what.subject, text: letter(invoice.expert.name, what.expert, bookingUrl) });
    await enqueueEmails(jobs, db, mail);
  });
}
