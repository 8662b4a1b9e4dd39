import type { JobQueue, QueuedJob } from '../../jobs/job-queue.js';
import type { Database } from '../../db/client.js';
import type { MailMessage } from '../../mail/mailer.js';
import { enqueueEmails } from '../../mail/email-job.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import { IN_PERSON_METHOD_LABELS, type Invoice } from '../../../common/invoices.js';
import { formatCents } from '../../../common/money.js';
import { renderInvoicePdf } from '../../pdf/invoice-pdf.js';
import { loadInvoiceRecord, toInvoice } from './invoice-record.js';
import { notificationJobs, type Notice } from '../notifications/index.js';
import type { NotificationKind } from '../../../common/notifications.js';

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
function invoiceMailJob(invoiceId: string, event: InvoiceMailEvent): QueuedJob {
  return { name: INVOICE_MAIL_QUEUE, data: { invoiceId, event } satisfies InvoiceMail };
}

/** The notification kind each invoice event belongs to (its e-mail follows that kind's preference). */
const INVOICE_EVENT_KINDS: Record<InvoiceMailEvent, NotificationKind> = {
  issued: 'invoice_issued',
  reminder: 'invoice_issued',
  paid: 'invoice_paid',
  in_person_recorded: 'invoice_paid',
  refunded: 'invoice_paid',
  overpayment_refunded: 'invoice_paid',
  payment_failed: 'payment_failed',
  disputed: 'invoice_disputed',
  resolved: 'dispute_resolved',
};

/**
 * An invoice event, inside the change's transaction: its notifications, written from the invoice as it
 * stands, and the job that e-mails it once the change commits. The owner who disputed is not told of it.
 */
export async function invoiceEvent(tx: Database, invoiceId: string, event: InvoiceMailEvent, now: Date): Promise<QueuedJob[]> {
  const record = await loadInvoiceRecord(tx, invoiceId);
  if (!record) return [];
  const invoice = toInvoice(record, ['owner'], now, false);
  const what = invoiceMessages(invoice, event, '');
  const kind = INVOICE_EVENT_KINDS[event];
  const path = `/bookings/${invoice.bookingId}`;
  const { owner, expert } = record.booking;
  const notices: Notice[] = [];
  if (what.owner && event !== 'disputed') notices.push({ userId: owner.id, kind, title: what.subject, body: what.ownerNotice ?? what.owner[0]!, path });
  if (what.expert && expert.userId) notices.push({ userId: expert.userId, kind, title: what.subject, body: what.expert[0]!, path });
  return [...(await notificationJobs(tx, notices)), invoiceMailJob(invoiceId, event)];
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (amount: string) => formatCents(cents(amount));

/** What each party is told, and whether the owner's copy carries the invoice (or receipt) as a PDF. */
export function invoiceMessages(
  invoice: Invoice,
  event: InvoiceMailEvent,
  bookingUrl: string,
): { owner?: string[]; expert?: string[]; subject: string; attach: boolean; ownerNotice?: string } {
  const about = `Invoice ${invoice.number} for booking #${invoice.bookingNumber}`;
  const total = money(invoice.total);
  switch (event) {
    case 'issued':
      return {
        subject: `${about}: ${total} due`,
        owner: [`${invoice.expert.name} completed the service. The invoice is attached: ${total}, due by ${day(invoice.dueAt)}.`, `Pay it or tell us if something is wrong: ${bookingUrl}`],
        expert: [`The invoice for this booking went to ${invoice.owner.name}: ${total}.`],
        attach: true,
        ownerNotice: `${invoice.expert.name} completed the service: ${total}, due by ${day(invoice.dueAt)}.`,
      };
    case 'paid':
      return {
        subject: `Receipt: ${about}`,
        owner: [`Thank you: we received ${total}. Your receipt is attached.`],
        expert: [`${invoice.owner.name} paid ${total}.`],
        attach: true,
        ownerNotice: `Thank you: we received ${total}. The receipt is on the booking's page.`,
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
        ownerNotice: `The invoice (${total}) was due on ${day(invoice.dueAt)}.`,
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
        ownerNotice: `We refunded ${refund ? money(refund.amount) : 'part'} of this invoice${refund ? ` (${refund.reason})` : ''}.`,
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
    const what = invoiceMessages(invoice, event, bookingUrl);
    const mail: MailMessage[] = [];
    if (what.owner) {
      const pdf = what.attach ? await renderInvoicePdf(invoice, { baseUrl }) : null;
      mail.push({
        to: invoice.owner.email,
        notice: { userId: record.booking.owner.id, kind: INVOICE_EVENT_KINDS[event] },
        subject: what.subject,
        text: letter(invoice.owner.name, what.owner, bookingUrl),
        ...(pdf
          ? { attachments: [{ filename: `${invoice.status === 'paid' ? 'receipt' : 'invoice'}-${invoice.number}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }] }
          : {}),
      });
    }
    const expertEmail = record.booking.expert.email;
    const expertUserId = record.booking.expert.userId;
    if (what.expert && expertEmail) {
      mail.push({
        to: expertEmail,
        ...(expertUserId ? { notice: { userId: expertUserId, kind: INVOICE_EVENT_KINDS[event] } } : {}),
        subject: what.subject,
        text: letter(invoice.expert.name, what.expert, bookingUrl),
      });
    }
    await enqueueEmails(jobs, db, mail);
  });
}
