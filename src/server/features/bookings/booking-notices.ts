import { emailJobs, enqueueEmails } from '../../mail/email-job.js';
import { bookingNotice, expertEmail, ownerEmail, type BookingEmailEvent, type BookingEmailOptions, type BookingNotice } from './booking-emails.js';
import type { ServiceContext } from '../../core/service-context.js';
import type { BookingRecord } from './booking-record.js';
import type { QueuedJob } from '../../jobs/job-queue.js';

const NOTICE_QUEUE = 'booking-notice';

function addressOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

function emailOptions(deps: Pick<ServiceContext, 'baseUrl' | 'mailFrom'>): BookingEmailOptions {
  return { baseUrl: deps.baseUrl, organizerEmail: addressOf(deps.mailFrom) };
}

/** The owner's and the expert's e-mails (and calendar invite) of a booking event. */
function noticeEmails(notice: BookingNotice, options: BookingEmailOptions) {
  const toExpert = expertEmail(notice, options);
  return [ownerEmail(notice, options), ...(toExpert ? [toExpert] : [])];
}

/**
 * The e-mails of a booking event, written from the booking as the event left it, as jobs to enqueue in the
 * change's transaction: they exist only if it commits, and each is sent once.
 */
export function noticeJobs(deps: Pick<ServiceContext, 'baseUrl' | 'mailFrom'>, record: BookingRecord, event: BookingEmailEvent, reason: string | null = null): QueuedJob[] {
  return emailJobs(noticeEmails(bookingNotice(record, event, reason), emailOptions(deps)));
}

/**
 * Notices queued by an earlier version, which wrote the e-mails in this job rather than in the change's
 * transaction: written now and handed to the e-mail job together, so a retry never sends one twice.
 */
export function defineBookingNoticeJob(deps: ServiceContext) {
  const options = emailOptions(deps);
  deps.jobs.define<BookingNotice>(NOTICE_QUEUE, (notice) => enqueueEmails(deps.jobs, deps.db, noticeEmails(notice, options)));
}
