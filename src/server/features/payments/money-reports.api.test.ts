import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { daysAhead, movableClock, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { requester, signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { startFakeStripeServer, type FakeStripeServer } from '../../test/fake-stripe-server.js';
import { auditLog, bookings, experts, invoiceRefunds, invoices, users } from '../../db/schema.js';
import { invoiceShares } from '../../../common/invoice-totals.js';
import { monthOf, type Earnings, type PayoutReport, type Revenue } from '../../../common/earnings.js';
import type { Booking } from '../../../common/bookings.js';

const WEBHOOK_SECRET = 'whsec_reports';
const clock = movableClock();
let stripe: FakeStripeServer;
let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let expert: ExpertAccount;
let other: ExpertAccount;
let http: ReturnType<typeof requester>;
let day = 5;

beforeAll(async () => {
  stripe = await startFakeStripeServer();
  t = await createTestApp(
    { STRIPE_SECRET_KEY: 'sk_test_reports', STRIPE_PUBLISHABLE_KEY: 'pk_test_reports', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.baseUrl, PLATFORM_FEE_PERCENT: '15' },
    { now: clock.now },
  );
  http = requester(t);
  owner = await signUp(t.app, { firstName: '=Olive', lastName: 'Owner' });
  admin = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  expert = await signUpExpert(t, { name: 'Wendy Works', instantBooking: true, videoRateCents: 10000 });
  other = await signUpExpert(t, { name: 'Oscar Other', instantBooking: true, videoRateCents: 8000 });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

function webhook(event: object) {
  const payload = JSON.stringify(event);
  const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'stripe-signature': signature, 'content-type': 'application/json' }, payload });
}

/** A video consultation of `who`, completed, and paid as asked: by card, in person, or not at all. */
async function invoiced(who: ExpertAccount, paid: 'card' | 'in_person' | 'unpaid'): Promise<Booking> {
  clock.set(new Date());
  const response = await postBooking(t.app, owner, videoBooking(who.expertId, daysAhead(day++)));
  expect(response.statusCode).toBe(201);
  const booking: Booking = response.json();
  clock.set(new Date(Date.parse(booking.startsAt) + 10 * 60_000));
  expect((await http.post(who, `/api/bookings/${booking.id}/complete`)).statusCode).toBe(200);
  if (paid === 'in_person') {
    await http.post(who, `/api/bookings/${booking.id}/invoice/paid-in-person`, { method: 'cash' });
    expect((await http.post(owner, `/api/bookings/${booking.id}/invoice/confirm-payment`)).statusCode).toBe(200);
  } else if (paid === 'card') {
    expect((await http.post(owner, '/api/create-payment-intent', { bookingId: booking.id })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.bookingId, booking.id));
    await webhook(stripe.event('payment_intent.succeeded', stripe.succeed(row!.paymentIntentId!)));
  }
  return booking;
}

describe('the expert’s earnings', () => {
  it('lists each invoice’s gross, fee and net, totals by month, and a statement per month as CSV', async () => {
    await invoiced(expert, 'card');
    await invoiced(expert, 'in_person');
    await invoiced(expert, 'unpaid');
    const answer = await http.get(expert, '/api/workspace/earnings');
    expect(answer.statusCode).toBe(200);
    const earnings: Earnings = answer.json();
    expect(earnings.totals).toEqual({ gross: '200.00', fee: '30.00', net: '170.00', toBePaidOut: '70.00', unpaidInvoices: 1 });
    expect(earnings.invoices.map((i) => [i.paymentMethod, i.gross, i.fee, i.net, i.payoutStatus])).toEqual([
      [null, '0.00', '0.00', '0.00', 'not_due'],
      ['in_person', '100.00', '15.00', '85.00', 'pending'],
      ['card', '100.00', '15.00', '85.00', 'pending'],
    ]);
    const month = monthOf(clock.now());
    expect(earnings.months.at(-1)?.month).toBe(month);
    expect(earnings.months.reduce((sum, m) => sum + m.invoices, 0)).toBe(2);
    expect(earnings.stripe).toEqual({ connected: false, ready: false });

    const statement = await http.get(expert, `/api/workspace/earnings/statement.csv?month=${month}`);
    expect(statement.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = statement.body.trim().split('\r\n');
    expect(rows[0]).toBe('Invoice,Booking,Service,Owner,Paid on,Paid by,Gross,Platform fee,Net,Payout');
    expect(rows.slice(1, -1).every((row) => row.includes("'=Olive Owner"))).toBe(true);
    expect(rows.at(-1)).toMatch(/^Total,+\d+\.\d{2},\d+\.\d{2},\d+\.\d{2},$/);
    expect((await http.get(expert, '/api/workspace/earnings/statement.csv?month=2026-13')).statusCode).toBe(400);
    expect((await http.get(owner, '/api/workspace/earnings')).statusCode).toBe(403);
    expect((await http.get(null, '/api/workspace/earnings')).statusCode).toBe(401);
  });
});

describe('payouts settled by hand', () => {
  it('reports per expert what is owed (their share of card payments, minus the fees of payments in person) and settles a month once', async () => {
    await invoiced(other, 'card');
    await invoiced(other, 'in_person');
    const period = monthOf(clock.now());
    const report: PayoutReport = (await http.get(admin, `/api/admin/payouts?period=${period}`)).json();
    // Oscar: 68.00 of the card payment, less the 12.00 fee he owes on the cash he kept.
    expect(report.lines.find((l) => l.expertId === other.expertId)).toMatchObject({ invoices: 2, gross: '160.00', fee: '24.00', owed: '56.00', settledAt: null });
    expect((await http.get(expert, `/api/admin/payouts?period=${period}`)).statusCode).toBe(403);

    const settles = await Promise.all([0, 1].map(() => http.post(admin, '/api/admin/payouts', { expertId: other.expertId, period, note: 'Bank transfer 4411' })));
    expect(settles.map((s) => s.statusCode).sort()).toEqual([200, 409]);
    const settled = settles.find((s) => s.statusCode === 200)!.json();
    expect(settled).toMatchObject({ amount: '56.00', invoices: 2 });
    const after: PayoutReport = (await http.get(admin, `/api/admin/payouts?period=${period}`)).json();
    expect(after.lines.find((l) => l.expertId === other.expertId)).toMatchObject({ owed: '0.00', settledAt: expect.any(String) });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, settled.id));
    expect(audit).toMatchObject({ action: 'payout.settle', actorUserId: admin.id });
    const earnings: Earnings = (await http.get(other, '/api/workspace/earnings')).json();
    expect(earnings.invoices.map((i) => i.payoutStatus)).toEqual(['paid', 'paid']);

    const csv = await http.get(admin, `/api/admin/payouts.csv?period=${period}`);
    expect(csv.body).toContain(`${period},${other.expertId},Oscar Other,2,160.00,24.00,0.00,`);
  });
});

describe('revenue', () => {
  it('equals the sums over the invoices, month by month', async () => {
    const refunded = await invoiced(expert, 'in_person');
    await http.post(admin, `/api/bookings/${refunded.id}/invoice/refund`, { amount: '25', reason: 'Late start' });
    await http.post(owner, `/api/bookings/${(await invoiced(other, 'unpaid')).id}/invoice/dispute`, { reason: 'Wrong price' });
    const answer: Revenue = (await http.get(admin, `/api/admin/revenue?until=${monthOf(clock.now())}`)).json();
    const rows = await t.database.db.select().from(invoices);
    const refunds = await t.database.db.select().from(invoiceRefunds);
    const paid = rows.filter((r) => r.paidAt);
    const cents = (value: string) => Math.round(Number(value) * 100);
    expect(answer.totals.bookings).toBe(rows.length);
    expect(cents(answer.totals.gross)).toBe(paid.reduce((sum, r) => sum + r.totalCents, 0));
    expect(cents(answer.totals.fees)).toBe(paid.reduce((sum, r) => sum + invoiceShares(r).feeCents, 0));
    expect(cents(answer.totals.refunds)).toBe(refunds.reduce((sum, r) => sum + r.amountCents, 0));
    expect(cents(answer.totals.refunds)).toBe(2500);
    expect(answer.totals.disputes).toBe(rows.filter((r) => r.disputedAt).length);
    expect(answer.months).toHaveLength(12);
    expect(answer.months.reduce((sum, m) => sum + cents(m.fees), 0)).toBe(cents(answer.totals.fees));
    expect((await http.get(owner, '/api/admin/revenue')).statusCode).toBe(403);
  });
});

describe('Stripe Connect onboarding', () => {
  it('makes the expert one Express account, sends them to Stripe’s pages, and shows the account ready when they return', async () => {
    const first = await http.post(expert, '/api/workspace/payouts/connect');
    expect(first.statusCode, first.body).toBe(200);
    const again = await http.post(expert, '/api/workspace/payouts/connect');
    const [row] = await t.database.db.select().from(experts).where(eq(experts.id, expert.expertId));
    expect(row!.stripeAccountId).toMatch(/^acct_/);
    expect(stripe.requests.filter((r) => r.path === '/v1/accounts' && r.method === 'POST')).toHaveLength(1);
    expect(first.json().url).toContain(`/connect/onboarding/${row!.stripeAccountId}`);
    expect(again.json().url).toContain(row!.stripeAccountId);
    expect(((await http.get(expert, '/api/workspace/earnings')).json() as Earnings).stripe).toEqual({ connected: true, ready: false });

    // Stripe's onboarding page finishes and sends the expert back to the Earnings tab.
    const back = await fetch(first.json().url, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('http://localhost:3000/workspace?tab=earnings&stripe=return');
    expect(((await http.get(expert, '/api/workspace/earnings')).json() as Earnings).stripe).toEqual({ connected: true, ready: true });
    expect((await t.app.inject(asUser(owner, { method: 'POST', url: '/api/workspace/payouts/connect' }))).statusCode).toBe(403);
  });

  it('follows account.updated from Stripe', async () => {
    const account = stripe.createAccount();
    await t.database.db.update(experts).set({ stripeAccountId: account.id, stripePayoutsEnabled: false }).where(eq(experts.id, other.expertId));
    await webhook(stripe.event('account.updated', stripe.completeOnboarding(account.id)));
    const [row] = await t.database.db.select().from(experts).where(eq(experts.id, other.expertId));
    expect(row!.stripePayoutsEnabled).toBe(true);
  });
});

describe('the CSV exports', () => {
  const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

  it.each(['=', '+', '-', '@', '\t', '\r'])('write a name starting with %j as text, and amounts as numbers', async (prefix) => {
    const writer = await signUpExpert(t, { name: 'Cora Csv', instantBooking: true, videoRateCents: 10000 });
    await invoiced(writer, 'in_person');
    const period = monthOf(clock.now());
    const formula = `${prefix}1+HYPERLINK("http://evil.example/x","Click")`;
    await t.database.db.update(users).set({ firstName: formula }).where(eq(users.id, owner.id));
    await t.database.db.update(experts).set({ name: formula }).where(eq(experts.id, writer.expertId));

    const statement = (await http.get(writer, `/api/workspace/earnings/statement.csv?month=${period}`)).body;
    expect(statement).toContain(`,${quoted(`'${formula} Owner`)},`);
    expect(statement).toContain(',100.00,15.00,85.00,pending\r\n');
    // Cash kept by the expert: they owe the platform its fee, a negative amount that stays a number.
    const payouts = (await http.get(admin, `/api/admin/payouts.csv?period=${period}`)).body;
    expect(payouts).toContain(`${period},${writer.expertId},${quoted(`'${formula}`)},1,100.00,15.00,-15.00,\r\n`);
    await t.database.db.update(users).set({ firstName: '=Olive' }).where(eq(users.id, owner.id));
  });
});

describe('a booking of an expert by their own account, from before the rule', () => {
  it('counts in no revenue, earnings, statement or payout', async () => {
    const self = await signUpExpert(t, { name: 'Sam Self', instantBooking: true, videoRateCents: 10000 });
    const booking = await invoiced(self, 'in_person');
    const month = monthOf(clock.now());
    const revenueNow = async () => ((await http.get(admin, `/api/admin/revenue?until=${month}`)).json() as Revenue).totals;
    const before = await revenueNow();
    // The product refuses such a booking now; older databases may hold one.
    await t.database.db.update(bookings).set({ userId: self.id }).where(eq(bookings.id, booking.id));

    const after = await revenueNow();
    const cents = (value: string) => Math.round(Number(value) * 100);
    expect(after.bookings).toBe(before.bookings - 1);
    expect(cents(after.gross)).toBe(cents(before.gross) - 10000);
    expect(cents(after.fees)).toBe(cents(before.fees) - 1500);
    const earnings: Earnings = (await http.get(self, '/api/workspace/earnings')).json();
    expect(earnings.invoices).toEqual([]);
    expect(earnings.totals).toMatchObject({ gross: '0.00', toBePaidOut: '0.00', unpaidInvoices: 0 });
    const statement = (await http.get(self, `/api/workspace/earnings/statement.csv?month=${month}`)).body;
    expect(statement.trim().split('\r\n')).toHaveLength(2);
    const report: PayoutReport = (await http.get(admin, `/api/admin/payouts?period=${month}`)).json();
    expect(report.lines.find((line) => line.expertId === self.expertId)).toBeUndefined();
    expect((await http.get(admin, `/api/admin/payouts.csv?period=${month}`)).body).not.toContain('Sam Self');
    expect((await http.post(admin, '/api/admin/payouts', { expertId: self.expertId, period: month })).statusCode).toBe(409);
  });
});
