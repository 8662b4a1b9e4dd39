import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { enqueueEmail } from '../../mail/email-job.js';
import { bookingNotice, expertEmail, ownerEmail, type BookingEmailEvent, type BookingNotice } from './booking-emails.js';
import type { BookingDeps } from './booking-deps.js';
import type { BookingRecord } from './booking-record.js';

const NOTICE_QUEUE = 'booking-notice';

function addressOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

/**
 * Writes the owner's and the expert's e-mails (and calendar invite) for a booking event and hands them to
 * the e-mail job together, so a retry of this job never sends one of them twice.
 */
export function defineBookingNoticeJob(deps: BookingDeps) {
  const options = { baseUrl: deps.baseUrl, organizerEmail: addressOf(deps.mailFrom) };
  deps.jobs.define<BookingNotice>(NOTICE_QUEUE, (notice) =>
    inTransaction(deps.db, async (tx) => {
      await enqueueEmail(deps.jobs, tx, ownerEmail(notice, options));
      const toExpert = expertEmail(notice, options);
      if (toExpert) await enqueueEmail(deps.jobs, tx, toExpert);
    }),
  );
}

/** Records, inside the change's transaction, that its e-mails are due: they exist only if the change commits. */
export function notify(deps: BookingDeps, tx: Database, record: BookingRecord, event: BookingEmailEvent, reason: string | null = null): Promise<void> {
  return deps.jobs.send(tx, NOTICE_QUEUE, bookingNotice(record, event, reason));
}
