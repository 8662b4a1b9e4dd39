import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { daysAhead, movableClock, onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { requester, signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { auditLog, bookings, invoiceNumbers, invoices, users } from '../../db/schema.js';
import type { Booking } from '../../../common/bookings.js';
import type { Invoice } from '../../../common/invoices.js';

const clock = movableClock();
let t: TestApp;
let inbox: SmtpInbox;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let expert: ExpertAccount;
let http: ReturnType<typeof requester>;
let day = 10;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, INVOICE_TAX_RATE: '7.25', PLATFORM_FEE_PERCENT: '15' }, { now: clock.now });
  http = requester(t);
  owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
  stranger = await signUp(t.app);
  admin = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  expert = await signUpExpert(t, { name: 'Wendy Works', instantBooking: true, videoRateCents: 7500, onsiteRateCents: 12000, onsiteMinimumHours: 2 });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

/** A confirmed booking whose start has passed (the clock moved to just after it). */
async function startedBooking(payload: (date: string) => unknown): Promise<Booking> {
  clock.set(new Date());
  const response = await postBooking(t.app, owner, payload(daysAhead(day++)));
  expect(response.statusCode).toBe(201);
  const booking: Booking = response.json();
  clock.set(new Date(new Date(booking.startsAt).getTime() + 10 * 60_000));
  return booking;
}
const onsite = () => startedBooking((date) => onsiteBooking(expert.expertId, date, '9:00 AM', 3));
const video = () => startedBooking((date) => videoBooking(expert.expertId, date));

async function invoiceOf(user: TestUser, booking: Booking): Promise<Invoice | null> {
  const response = await http.get(user, `/api/bookings/${booking.id}/invoice`);
  expect(response.statusCode).toBe(200);
  return response.json().invoice;
}

const work = { hoursWorked: '3.75', parts: [{ description: 'Bilge pump, 1100 GPH', quantity: '1', unitPrice: '89.99' }, { description: 'Hose clamp', quantity: 4, unitPrice: '2.50' }], travelFee: '40' };

async function completed(booking?: Booking): Promise<Booking> {
  const b = booking ?? (await onsite());
  const response = await http.post(expert, `/api/bookings/${b.id}/complete`, work);
  expect(response.statusCode, response.body).toBe(200);
  return b;
}

describe('the final invoice at completion', () => {
  it('asks the expert for the hours worked, in quarter hours and at least the minimum visit, and gives no number away when refused', async () => {
    const booking = await onsite();
    const [before] = await t.database.db.select().from(invoiceNumbers);
    for (const [body, message] of [
      [{}, 'Please enter the hours worked'],
      [{ hoursWorked: '2.6' }, 'Enter the hours worked in quarter hours, such as 2.5 or 2.75'],
      [{ hoursWorked: '1.5' }, 'Hours worked must be at least the minimum visit of 2 hours'],
      [{ hoursWorked: 3, parts: [{ description: '', quantity: 1, unitPrice: '5' }] }, 'Please describe the part or material'],
      [{ hoursWorked: 3, parts: [{ description: 'Impeller', quantity: 0, unitPrice: '5' }] }, 'Quantity must be a whole number from 1 to 999'],
      [{ hoursWorked: 3, parts: [{ description: 'Impeller', quantity: 1, unitPrice: 'five' }] }, 'Enter the unit price in dollars, such as 12.50'],
      [{ hoursWorked: 3, travelFee: '5000' }, 'Travel fee must be at most $1,000'],
    ] as const) {
      const response = await http.post(expert, `/api/bookings/${booking.id}/complete`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.values(response.json().errors ?? { message: response.json().message })).toContain(message);
    }
    expect((await http.get(owner, `/api/bookings/${booking.id}`)).json().status).toBe('confirmed');
    expect(await invoiceOf(owner, booking)).toBeNull();
    const [after] = await t.database.db.select().from(invoiceNumbers);
    expect(after?.last).toBe(before?.last);
  });

  it('itemises labour, parts with tax, and travel; the owner sees no fee, the expert sees their share', async () => {
    const booking = await completed();
    const mine = (await invoiceOf(owner, booking))!;
    expect(mine.number).toMatch(new RegExp(`^KB-${clock.now().getUTCFullYear()}-\\d{6}$`));
    expect(mine.lines.map((l) => [l.kind, l.description, l.quantity, l.unitPrice, l.amount])).toEqual([
      ['labour', 'Onsite service, labour', 3.75, '120.00', '450.00'],
      ['part', 'Bilge pump, 1100 GPH', 1, '89.99', '89.99'],
      ['part', 'Hose clamp', 4, '2.50', '10.00'],
      ['travel', 'Travel', 1, '40.00', '40.00'],
    ]);
    // Tax on parts only: 7.25% of 99.99 = 7.249… → 7.25.
    expect([mine.subtotal, mine.taxRate, mine.tax, mine.total]).toEqual(['589.99', '7.25', '7.25', '597.24']);
    expect(mine).toMatchObject({ status: 'open', earnings: null, allowedActions: ['dispute'] });
    const theirs = (await invoiceOf(expert, booking))!;
    expect(theirs.earnings).toEqual({ gross: '597.24', fee: '89.59', net: '507.65', feePercent: '15', payoutStatus: 'not_due' });
    expect(theirs.allowedActions).toEqual(['record_in_person']);
    expect((await http.get(stranger, `/api/bookings/${booking.id}/invoice`)).statusCode).toBe(404);
    expect((await http.get(null, `/api/bookings/${booking.id}/invoice`)).statusCode).toBe(401);

    const mail = await inbox.waitFor((m) => m.subject?.startsWith(`Invoice ${mine.number}`) === true && JSON.stringify(m.to ?? null).includes(owner.email));
    expect(mail.text).toContain('$597.24');
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(pdf.filename).toBe(`invoice-${mine.number}.pdf`);
    const parser = new PDFParse({ data: pdf.content });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain(mine.number);
    expect(text).toContain('Bilge pump, 1100 GPH');
    expect(text).toContain('$597.24');
  });

  it('invoices a video consultation at its price', async () => {
    const booking = await video();
    expect((await http.post(expert, `/api/bookings/${booking.id}/complete`)).statusCode).toBe(200);
    const invoice = (await invoiceOf(owner, booking))!;
    expect(invoice.lines).toEqual([{ kind: 'consultation', description: 'Video consultation, 30 minutes', quantity: 1, unitPrice: '75.00', amount: '75.00', taxed: false }]);
    expect([invoice.tax, invoice.total]).toEqual(['0.00', '75.00']);
  });

  it('numbers invoices without gaps when two bookings complete at the same moment, and completes one booking once', async () => {
    const first = await onsite();
    const second = await onsite();
    clock.set(new Date(Math.max(Date.parse(first.startsAt), Date.parse(second.startsAt)) + 10 * 60_000));
    const answers = await Promise.all([
      http.post(expert, `/api/bookings/${first.id}/complete`, work),
      http.post(expert, `/api/bookings/${second.id}/complete`, work),
      http.post(expert, `/api/bookings/${second.id}/complete`, work),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409]);
    const rows = await t.database.db.select().from(invoices).orderBy(invoices.sequence);
    const sequences = rows.map((r) => r.sequence);
    expect(sequences).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    expect(rows.filter((r) => r.bookingId === second.id)).toHaveLength(1);
  });

  it('answers the PDF to the two parties and administrators only', async () => {
    const booking = await completed();
    for (const user of [owner, expert, admin]) {
      const response = await http.get(user, `/api/bookings/${booking.id}/invoice.pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await http.get(stranger, `/api/bookings/${booking.id}/invoice.pdf`)).statusCode).toBe(404);
  });
});

describe('paying in person', () => {
  it('is recorded by the expert and confirmed by the owner, once, each by the right party', async () => {
    const booking = await completed();
    const url = `/api/bookings/${booking.id}/invoice`;
    expect((await http.post(owner, `${url}/paid-in-person`, { method: 'cash' })).statusCode).toBe(403);
    expect((await http.post(expert, `${url}/paid-in-person`, { method: 'gold' })).statusCode).toBe(400);
    expect((await http.post(stranger, `${url}/paid-in-person`, { method: 'cash' })).statusCode).toBe(404);
    expect((await http.post(expert, `${url}/confirm-payment`)).statusCode).toBe(403);
    const recorded = await http.post(expert, `${url}/paid-in-person`, { method: 'cheque' });
    expect(recorded.json()).toMatchObject({ status: 'awaiting_confirmation', payment: { method: 'in_person', inPersonMethod: 'cheque', paidAt: null } });
    expect((await http.post(expert, `${url}/paid-in-person`, { method: 'cash' })).statusCode).toBe(409);

    const confirms = await Promise.all([http.post(owner, `${url}/confirm-payment`), http.post(owner, `${url}/confirm-payment`)]);
    expect(confirms.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    const paid = (await invoiceOf(expert, booking))!;
    expect(paid).toMatchObject({ status: 'paid', earnings: { payoutStatus: 'pending' } });
    expect((await http.get(owner, `/api/bookings/${booking.id}`)).json().paymentStatus).toBe('paid');
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, paid.id)).orderBy(auditLog.id);
    expect(trail.map((e) => e.action)).toEqual(['invoice.issue', 'invoice.record_in_person', 'invoice.confirm_in_person']);
    await inbox.waitFor((m) => m.subject === `Receipt: Invoice ${paid.number} for booking #${booking.number}` && m.attachments.some((a) => a.filename === `receipt-${paid.number}.pdf`));
  });
});

describe('disputes', () => {
  it('lets the owner dispute within 7 days; payment waits; an administrator adjusts it and payment resumes', async () => {
    const booking = await completed();
    const url = `/api/bookings/${booking.id}/invoice`;
    expect((await http.post(owner, `${url}/dispute`, { reason: ' ' })).json().errors).toEqual({ reason: 'Please tell us what is wrong with this invoice' });
    expect((await http.post(expert, `${url}/dispute`, { reason: 'No' })).statusCode).toBe(403);
    const disputed = await http.post(owner, `${url}/dispute`, { reason: 'The visit took two hours, not 3.75' });
    expect(disputed.json()).toMatchObject({ status: 'disputed', dispute: { reason: 'The visit took two hours, not 3.75', resolution: null }, allowedActions: [] });
    expect((await http.post(expert, `${url}/paid-in-person`, { method: 'cash' })).statusCode).toBe(409);
    expect((await http.post(owner, `${url}/dispute`, { reason: 'again' })).statusCode).toBe(409);

    expect((await http.get(owner, '/api/admin/disputes')).statusCode).toBe(403);
    const queue: Invoice[] = (await http.get(admin, '/api/admin/disputes')).json();
    expect(queue.map((i) => i.bookingId)).toContain(booking.id);

    expect((await http.post(expert, `${url}/resolve`, { outcome: 'keep', resolution: 'x' })).statusCode).toBe(403);
    const tooMuch = await http.post(admin, `${url}/resolve`, { outcome: 'adjust', amount: '5000', resolution: 'Too much' });
    expect(tooMuch.statusCode).toBe(400);
    const refundUnpaid = await http.post(admin, `${url}/resolve`, { outcome: 'refund', amount: '10', resolution: 'x' });
    expect(refundUnpaid.json().errors.outcome).toBe('This invoice is not paid: adjust it instead of refunding it.');
    const resolved = await http.post(admin, `${url}/resolve`, { outcome: 'adjust', amount: '210', resolution: 'Billed for 2 hours of labour, as the owner says.' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'open', total: '387.24', subtotal: '379.99', dispute: { resolution: 'Billed for 2 hours of labour, as the owner says.' } });
    expect(resolved.json().lines.at(-1)).toMatchObject({ kind: 'adjustment', amount: '-210.00' });
    await inbox.waitFor((m) => m.subject?.startsWith('Dispute resolved') === true && JSON.stringify(m.to ?? null).includes(owner.email));
  });

  it('settles at once an invoice lowered to nothing: no payment, no reminders', async () => {
    const booking = await video();
    expect((await http.post(expert, `/api/bookings/${booking.id}/complete`)).statusCode).toBe(200);
    const url = `/api/bookings/${booking.id}/invoice`;
    await http.post(owner, `${url}/dispute`, { reason: 'The expert never joined the call' });
    const resolved = await http.post(admin, `${url}/resolve`, { outcome: 'adjust', amount: '75', resolution: 'Nothing is owed for a call that did not happen.' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'paid', total: '0.00', payment: null });
    expect(resolved.json().allowedActions).not.toContain('record_in_person');
    expect((await invoiceOf(expert, booking))!.allowedActions).toEqual([]);
    expect((await http.get(owner, `/api/bookings/${booking.id}`)).json().paymentStatus).toBe('paid');
    clock.set(new Date(Date.parse(resolved.json().dueAt) + 8 * 24 * 60 * 60 * 1000));
    await t.app.jobs.runNow('invoice-payment-reminders', {});
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.bookingId, booking.id));
    expect(row!.remindersSent).toBe(0);
  });

  it('closes the dispute window 7 days after the invoice', async () => {
    const booking = await completed();
    clock.set(new Date(clock.now().getTime() + 7 * 24 * 60 * 60 * 1000 + 60_000));
    const late = await http.post(owner, `/api/bookings/${booking.id}/invoice/dispute`, { reason: 'Too late?' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('An invoice can be disputed for 7 days after it is issued.');
  });

  it('refunds part of a paid invoice paid in person, as a record; never more than remains paid', async () => {
    const booking = await completed();
    const url = `/api/bookings/${booking.id}/invoice`;
    await http.post(expert, `${url}/paid-in-person`, { method: 'cash' });
    await http.post(owner, `${url}/confirm-payment`);
    await http.post(owner, `${url}/dispute`, { reason: 'The pump was not replaced' });
    const refunded = await http.post(admin, `${url}/resolve`, { outcome: 'refund', amount: '89.99', resolution: 'The pump is refunded; the expert returns it in person.' });
    expect(refunded.json()).toMatchObject({ status: 'paid', refunded: '89.99', refunds: [{ amount: '89.99', status: 'succeeded' }] });
    const asExpert = (await invoiceOf(expert, booking))!;
    expect(asExpert.earnings).toMatchObject({ gross: '507.25', fee: '76.09', net: '431.16' });
    const over = await http.post(admin, `${url}/refund`, { amount: '600', reason: 'All of it' });
    expect(over.json().errors.amount).toBe('The refund can be at most $507.25, what remains paid.');
    expect((await http.post(expert, `${url}/refund`, { amount: '1', reason: 'x' })).statusCode).toBe(403);
    const rest = await http.post(admin, `${url}/refund`, { amount: '507.25', reason: 'Goodwill' });
    expect(rest.json()).toMatchObject({ refunded: '597.24', allowedActions: [] });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.paymentStatus).toBe('refunded');
  });
});

describe('payment reminders', () => {
  it('reminds the owner when an invoice falls due and a week later, each once, however often the job runs', async () => {
    const booking = await completed();
    const invoice = (await invoiceOf(owner, booking))!;
    const remindersSent = async () => (await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!.remindersSent;
    const run = () => t.app.jobs.runNow('invoice-payment-reminders', {});
    await run();
    expect(await remindersSent()).toBe(0);
    clock.set(new Date(Date.parse(invoice.dueAt) + 60_000));
    await Promise.all([run(), run()]);
    expect(await remindersSent()).toBe(1);
    const reminder = await inbox.waitFor((m) => m.subject === `Reminder: Invoice ${invoice.number} for booking #${booking.number}, $597.24 due` && JSON.stringify(m.to ?? null).includes(owner.email));
    expect(reminder.attachments.map((a) => a.filename)).toEqual([`invoice-${invoice.number}.pdf`]);
    clock.set(new Date(Date.parse(invoice.dueAt) + 7 * 24 * 60 * 60 * 1000 + 60_000));
    await run();
    await run();
    expect(await remindersSent()).toBe(2);
    clock.set(new Date(Date.parse(invoice.dueAt) + 60 * 24 * 60 * 60 * 1000));
    await run();
    expect(await remindersSent()).toBe(2);
  });
});
