import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { asUser, signUp, createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';
import { daysAhead, movableClock, onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { startFakeStripeServer, type FakeStripeServer } from '../../test/fake-stripe-server.js';
import { auditLog, bookings, experts, invoiceRefunds, invoices, users } from '../../db/schema.js';
import { PAYMENT_UNAVAILABLE, type BookingDetail } from '../../../common/bookings.js';
import type { Invoice } from '../../../common/invoices.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
const clock = movableClock();
let stripe: FakeStripeServer;
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let expert: ExpertAccount;
let day = 30;

beforeAll(async () => {
  stripe = await startFakeStripeServer();
  t = await createTestApp(
    {
      STRIPE_SECRET_KEY: 'sk_test_bookings',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bookings',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.baseUrl,
    },
    { now: clock.now },
  );
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  admin = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  expert = await signUpExpert(t, { instantBooking: true, videoRateCents: 6500, onsiteRateCents: 11000, onsiteMinimumHours: 2 });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const inject = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject(asUser(user, { method, url, ...(payload ? { payload } : {}) }));

async function newBooking(payload = videoBooking(expert.expertId, daysAhead(day++))): Promise<BookingDetail> {
  clock.set(new Date());
  const response = await postBooking(t.app, owner, payload);
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** A booking completed by its expert once it started: its invoice is open. */
async function invoicedBooking(payload?: ReturnType<typeof videoBooking>, work: object = {}): Promise<{ booking: BookingDetail; invoice: Invoice }> {
  const booking = await newBooking(payload);
  clock.set(new Date(Date.parse(booking.startsAt) + 10 * 60_000));
  const done = await inject(expert, 'POST', `/api/bookings/${booking.id}/complete`, work);
  expect(done.statusCode, done.body).toBe(200);
  return { booking, invoice: (await inject(owner, 'GET', `/api/bookings/${booking.id}/invoice`)).json().invoice };
}

const intentFor = (user: TestUser | null, payload: object) => inject(user, 'POST', '/api/create-payment-intent', payload);

/** Stripe's own signing, as its servers sign a webhook. */
function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'stripe-signature': signature, 'content-type': 'application/json' }, payload });
}
const succeeded = (intent: object) => stripe.event('payment_intent.succeeded', intent);
const intentIdOf = async (invoiceId: string) => (await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0]!.paymentIntentId!;

describe('payments with Stripe', () => {
  it('tells the client that Stripe is on, and lets Stripe’s script into pages only then', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({
      payments: { provider: 'stripe', publishableKey: 'pk_test_bookings' },
    });
    const page = await t.app.inject({ method: 'GET', url: '/book-video' });
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(page.headers['content-security-policy']).toMatch(/frame-src https:\/\/js\.stripe\.com/);
  });

  it('charges nothing at booking: the invoice is paid after the service, for its amount, ignoring the client’s', async () => {
    const booking = await newBooking(onsiteBooking(expert.expertId, daysAhead(day++), '9:00 AM', 3));
    const early = await intentFor(owner, { bookingId: booking.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This booking has no invoice yet: it is issued when the service is completed.');
    clock.set(new Date(Date.parse(booking.startsAt) + 10 * 60_000));
    await inject(expert, 'POST', `/api/bookings/${booking.id}/complete`, { hoursWorked: '2.5', parts: [{ description: 'Impeller', quantity: 1, unitPrice: '45' }] });
    const invoice: Invoice = (await inject(owner, 'GET', `/api/bookings/${booking.id}/invoice`)).json().invoice;
    expect(invoice).toMatchObject({ total: '320.00', allowedActions: ['pay', 'dispute'] });
    const first = await intentFor(owner, { bookingId: booking.id, amount: 1, expertId: expert.expertId, serviceType: 'onsite', estimatedHours: 3 });
    expect(first.statusCode).toBe(200);
    const created = stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').at(-1)!;
    expect(created.form).toMatchObject({ amount: '32000', currency: 'usd', 'metadata[invoiceId]': invoice.id, 'metadata[bookingId]': booking.id });
    expect(created.form['application_fee_amount']).toBeUndefined();
    expect(created.authorization).toBe('Bearer sk_test_bookings');
    const again = await intentFor(owner, { bookingId: booking.id });
    expect(again.json().clientSecret).toBe(first.json().clientSecret);
  });

  it('refuses details that do not match the booking (400), a booking not the caller’s (404), and signed-out callers (401)', async () => {
    const { booking } = await invoicedBooking();
    const mismatch = await intentFor(owner, { bookingId: booking.id, expertId: expert.expertId + 1000, serviceType: 'video' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('The payment details do not match the booking.');
    expect((await intentFor(stranger, { bookingId: booking.id })).statusCode).toBe(404);
    expect((await intentFor(expert, { bookingId: booking.id })).statusCode).toBe(404);
    expect((await intentFor(null, { bookingId: booking.id })).statusCode).toBe(401);
    expect((await intentFor(owner, { amount: 100 })).statusCode).toBe(400);
  });

  it('answers 503 with the product’s message when Stripe fails', async () => {
    const { booking } = await invoicedBooking();
    stripe.failWith(500);
    try {
      const response = await intentFor(owner, { bookingId: booking.id });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: PAYMENT_UNAVAILABLE });
    } finally {
      stripe.failWith(null);
    }
  });

  it('marks the invoice paid from a verified webhook, once, however often the event arrives; a second payment is refused', async () => {
    const { booking, invoice } = await invoicedBooking();
    await intentFor(owner, { bookingId: booking.id });
    const event = succeeded(stripe.succeed(await intentIdOf(invoice.id)));
    const deliveries = await Promise.all([webhook(event), webhook(event)]);
    expect(deliveries.map((d) => d.statusCode)).toEqual([200, 200]);
    expect((await webhook(event)).statusCode).toBe(200);
    const paid: Invoice = (await inject(expert, 'GET', `/api/bookings/${booking.id}/invoice`)).json().invoice;
    expect(paid).toMatchObject({ status: 'paid', payment: { method: 'card' }, earnings: { payoutStatus: 'pending' } });
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, invoice.id)).orderBy(auditLog.id);
    expect(trail.filter((e) => e.action === 'invoice.paid')).toHaveLength(1);
    expect((await inject(owner, 'GET', `/api/bookings/${booking.id}`)).json().paymentStatus).toBe('paid');
    expect((await intentFor(owner, { bookingId: booking.id })).statusCode).toBe(409);
  });

  it('shows a declined card to both sides, and the owner can pay again', async () => {
    const { booking, invoice } = await invoicedBooking();
    await intentFor(owner, { bookingId: booking.id });
    const declined = stripe.fail(await intentIdOf(invoice.id), 'Your card was declined.');
    expect((await webhook(stripe.event('payment_intent.payment_failed', declined))).statusCode).toBe(200);
    for (const user of [owner, expert]) {
      const seen: Invoice = (await inject(user, 'GET', `/api/bookings/${booking.id}/invoice`)).json().invoice;
      expect(seen).toMatchObject({ status: 'open', paymentError: 'Your card was declined.' });
      // docs/PRODUCT.md#notifications: both hear of it in their notification centre too.
      const { notifications } = (await inject(user, 'GET', '/api/notifications?limit=1')).json();
      expect(notifications[0]).toMatchObject({ kind: 'payment_failed', path: `/bookings/${booking.id}` });
    }
    expect((await intentFor(owner, { bookingId: booking.id })).statusCode).toBe(200);
  });

  it('refuses a webhook with a bad signature with 400 and changes nothing, twice', async () => {
    const { booking, invoice } = await invoicedBooking();
    await intentFor(owner, { bookingId: booking.id });
    const event = succeeded(stripe.succeed(await intentIdOf(invoice.id)));
    for (let i = 0; i < 2; i++) {
      const response = await webhook(event, 'whsec_wrong');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid webhook signature.' });
    }
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(unsigned.statusCode).toBe(400);
    const [after] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after!.status).toBe('open');
  });

  it('refunds part of a card payment through Stripe after a dispute, once', async () => {
    const { booking, invoice } = await invoicedBooking();
    await intentFor(owner, { bookingId: booking.id });
    const intentId = await intentIdOf(invoice.id);
    await webhook(succeeded(stripe.succeed(intentId)));
    await inject(owner, 'POST', `/api/bookings/${booking.id}/invoice/dispute`, { reason: 'The call dropped after ten minutes' });
    const resolved = await inject(admin, 'POST', `/api/bookings/${booking.id}/invoice/resolve`, { outcome: 'refund', amount: '20', resolution: 'Part of the call is refunded.' });
    expect(resolved.json()).toMatchObject({ status: 'paid', refunded: '0.00', refunds: [{ amount: '20.00', status: 'pending' }] });
    await expect
      .poll(async () => (await inject(owner, 'GET', `/api/bookings/${booking.id}/invoice`)).json().invoice.refunded, { timeout: 10_000 })
      .toBe('20.00');
    const refunds = stripe.requests.filter((r) => r.path === '/v1/refunds' && r.form['metadata[invoiceId]'] === invoice.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form).toMatchObject({ payment_intent: intentId, amount: '2000' });
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, invoice.id)).orderBy(auditLog.id);
    expect(trail.map((e) => e.action)).toEqual(['invoice.issue', 'invoice.paid', 'invoice.dispute', 'invoice.resolve', 'invoice.refunded']);
  });

  it('sends an expert with a ready Stripe account their share at once, the fee kept as the application fee', async () => {
    const account = stripe.createAccount({ onboarded: true });
    await t.database.db.update(experts).set({ stripeAccountId: account.id, stripePayoutsEnabled: true }).where(eq(experts.id, expert.expertId));
    try {
      const { booking, invoice } = await invoicedBooking();
      await intentFor(owner, { bookingId: booking.id });
      const created = stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').at(-1)!;
      expect(created.form).toMatchObject({ amount: '6500', application_fee_amount: '975', 'transfer_data[destination]': account.id });
      await webhook(succeeded(stripe.succeed(await intentIdOf(invoice.id))));
      const paid: Invoice = (await inject(expert, 'GET', `/api/bookings/${booking.id}/invoice`)).json().invoice;
      expect(paid.earnings).toMatchObject({ fee: '9.75', net: '55.25', payoutStatus: 'transferred' });
      // Stripe pays the balance out after the payment: its payout is dated later.
      const payout = { ...stripe.payout(account.id, 5525), created: Math.floor(clock.now().getTime() / 1000) + 3600 };
      await webhook(stripe.event('payout.paid', payout, { account: account.id }));
      const paidOut: Invoice = (await inject(expert, 'GET', `/api/bookings/${booking.id}/invoice`)).json().invoice;
      expect(paidOut.earnings?.payoutStatus).toBe('paid');
    } finally {
      await t.database.db.update(experts).set({ stripeAccountId: null, stripePayoutsEnabled: false }).where(eq(experts.id, expert.expertId));
    }
  });

  it('keeps the payment of a booking paid when it was booked (before invoices): invoiced as paid, refunded in full if cancelled', async () => {
    const sdk = new Stripe('sk_test_x', { host: '127.0.0.1', port: Number(new URL(stripe.baseUrl).port), protocol: 'http', telemetry: false, maxNetworkRetries: 0 });
    const prepay = async (booking: BookingDetail) => {
      const intent = await sdk.paymentIntents.create({ amount: 6500, currency: 'usd', metadata: { bookingId: booking.id } });
      await t.database.db.update(bookings).set({ paymentIntentId: intent.id }).where(eq(bookings.id, booking.id));
      await webhook(succeeded(stripe.succeed(intent.id)));
      return intent.id;
    };
    const kept = await newBooking();
    await prepay(kept);
    clock.set(new Date(Date.parse(kept.startsAt) + 10 * 60_000));
    const done = await inject(expert, 'POST', `/api/bookings/${kept.id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    const invoice: Invoice = (await inject(owner, 'GET', `/api/bookings/${kept.id}/invoice`)).json().invoice;
    expect(invoice).toMatchObject({ status: 'paid', total: '65.00', payment: { method: 'card' } });
    expect((await intentFor(owner, { bookingId: kept.id })).statusCode).toBe(409);

    const cancelled = await newBooking();
    const intentId = await prepay(cancelled);
    const answer = await inject(owner, 'POST', `/api/bookings/${cancelled.id}/cancel`, { reason: 'Plans changed' });
    expect(answer.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
    await expect
      .poll(async () => (await t.database.db.select().from(bookings).where(eq(bookings.id, cancelled.id)))[0]!.paymentStatus, { timeout: 10_000 })
      .toBe('refunded');
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.form).toEqual({ payment_intent: intentId });
  });
});

describe('money is taken once and matches the invoice', () => {
  const invoiceUrl = (booking: BookingDetail) => `/api/bookings/${booking.id}/invoice`;
  const invoiceAs = async (user: TestUser, booking: BookingDetail): Promise<Invoice> => (await inject(user, 'GET', invoiceUrl(booking))).json().invoice;
  const intentRequests = () => stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
  const refundRequestsOf = (invoiceId: string) => stripe.requests.filter((r) => r.path === '/v1/refunds' && r.form['metadata[invoiceId]'] === invoiceId);

  /** An invoiced booking paid by card: its intent succeeded and Stripe's webhook told us. */
  async function paidByCard() {
    const { booking, invoice } = await invoicedBooking();
    await intentFor(owner, { bookingId: booking.id });
    const intentId = await intentIdOf(invoice.id);
    await webhook(succeeded(stripe.succeed(intentId)));
    return { booking, invoice, intentId };
  }

  it('refunds part of a card payment from the refund route, through Stripe', async () => {
    const { booking, invoice, intentId } = await paidByCard();
    const started = await inject(admin, 'POST', `${invoiceUrl(booking)}/refund`, { amount: '10', reason: 'goodwill' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'paid', refunded: '0.00', refunds: [{ amount: '10.00', status: 'pending', reason: 'goodwill' }] });
    await expect.poll(async () => (await invoiceAs(owner, booking)).refunded, { timeout: 10_000 }).toBe('10.00');
    expect(refundRequestsOf(invoice.id).map((r) => [r.form.payment_intent, r.form.amount])).toEqual([[intentId, '1000']]);
    expect(stripe.paymentIntent(intentId)!.amount_refunded).toBe(1000);
  });

  it('cancels the open intent when an administrator lowers the invoice: the old amount can no longer be paid, the new intent asks the new one', async () => {
    const { booking, invoice } = await invoicedBooking();
    await intentFor(owner, { bookingId: booking.id });
    const oldIntent = await intentIdOf(invoice.id);
    await inject(owner, 'POST', `${invoiceUrl(booking)}/dispute`, { reason: 'The call ended early' });
    const adjusted = await inject(admin, 'POST', `${invoiceUrl(booking)}/resolve`, { outcome: 'adjust', amount: '15', resolution: 'Lowered to $50.' });
    expect(adjusted.json()).toMatchObject({ status: 'open', total: '50.00' });
    expect(stripe.paymentIntent(oldIntent)!.status).toBe('canceled');
    expect(() => stripe.succeed(oldIntent)).toThrow(/canceled/);
    expect((await intentFor(owner, { bookingId: booking.id })).statusCode).toBe(200);
    const newIntent = await intentIdOf(invoice.id);
    expect(newIntent).not.toBe(oldIntent);
    expect(stripe.paymentIntent(newIntent)!.amount).toBe(5000);
  });

  it('holds a payment beyond what is due as an overpayment, shown to administrators and refunded by card with one action', async () => {
    const { booking, invoice } = await invoicedBooking();
    await intentFor(owner, { bookingId: booking.id });
    const intentId = await intentIdOf(invoice.id);
    // Lowered by the version before this one, which left the $65 intent payable.
    await t.database.db.update(invoices).set({ subtotalCents: 5000, totalCents: 5000 }).where(eq(invoices.id, invoice.id));
    await webhook(succeeded(stripe.succeed(intentId)));

    const seen = await invoiceAs(admin, booking);
    expect(seen).toMatchObject({ status: 'paid', total: '50.00', overpayments: [{ amount: '15.00', status: 'open' }] });
    expect(seen.overpayments[0]!.reason).toBe('Paid $65.00 by card for an invoice of $50.00');
    expect(seen.allowedActions).toContain('refund_overpayment');
    expect((await invoiceAs(owner, booking)).allowedActions).not.toContain('refund_overpayment');
    const queue: Invoice[] = (await inject(admin, 'GET', '/api/admin/overpayments')).json();
    expect(queue.map((i) => i.id)).toContain(invoice.id);
    expect((await inject(owner, 'GET', '/api/admin/overpayments')).statusCode).toBe(403);
    expect((await inject(null, 'GET', '/api/admin/overpayments')).statusCode).toBe(401);

    const url = `${invoiceUrl(booking)}/refund-overpayment`;
    expect((await inject(owner, 'POST', url)).statusCode).toBe(403);
    expect((await inject(stranger, 'POST', url)).statusCode).toBe(404);
    expect((await inject(null, 'POST', url)).statusCode).toBe(401);
    const started = await inject(admin, 'POST', url);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ overpayments: [{ amount: '15.00', status: 'refunding' }], refunds: [], refunded: '0.00' });
    expect((await inject(admin, 'POST', url)).statusCode).toBe(409);
    await expect.poll(async () => (await invoiceAs(admin, booking)).overpayments[0]!.status, { timeout: 10_000 }).toBe('refunded');
    expect(refundRequestsOf(invoice.id).map((r) => [r.form.payment_intent, r.form.amount])).toEqual([[intentId, '1500']]);
    const after = await invoiceAs(expert, booking);
    expect(after).toMatchObject({ status: 'paid', total: '50.00', refunded: '0.00', earnings: { gross: '50.00' } });
    expect(((await inject(admin, 'GET', '/api/admin/overpayments')).json() as Invoice[]).map((i) => i.id)).not.toContain(invoice.id);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, invoice.id)).orderBy(auditLog.id);
    expect(trail.map((e) => e.action)).toEqual(['invoice.issue', 'invoice.paid', 'invoice.overpaid', 'invoice.refund_overpayment', 'invoice.overpayment_refunded']);
  });

  it('answers two payment steps opened at once with the same payable intent', async () => {
    const { booking, invoice } = await invoicedBooking();
    const answers = await Promise.all([intentFor(owner, { bookingId: booking.id }), intentFor(owner, { bookingId: booking.id })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.json().clientSecret).toBe(answers[1]!.json().clientSecret);
    expect(stripe.paymentIntent(await intentIdOf(invoice.id))!.status).toBe('requires_payment_method');
  });

  it('makes a new intent after the expert’s Stripe onboarding only once the old one is cancelled', async () => {
    const { booking, invoice } = await invoicedBooking();
    await intentFor(owner, { bookingId: booking.id });
    const platformIntent = await intentIdOf(invoice.id);
    const account = stripe.createAccount({ onboarded: true });
    await t.database.db.update(experts).set({ stripeAccountId: account.id, stripePayoutsEnabled: true }).where(eq(experts.id, expert.expertId));
    try {
      expect((await intentFor(owner, { bookingId: booking.id })).statusCode).toBe(200);
      const connectIntent = await intentIdOf(invoice.id);
      expect(connectIntent).not.toBe(platformIntent);
      expect(stripe.paymentIntent(platformIntent)!.status).toBe('canceled');
      expect(stripe.paymentIntent(connectIntent)!.transfer_data).toEqual({ destination: account.id });
      expect(intentRequests().at(-1)!.form).toMatchObject({ amount: '6500', 'transfer_data[destination]': account.id });
    } finally {
      await t.database.db.update(experts).set({ stripeAccountId: null, stripePayoutsEnabled: false }).where(eq(experts.id, expert.expertId));
    }
  });

  it('cancels the open intent when the expert records a payment in person, and refuses to while the card payment is under way', async () => {
    const { booking, invoice } = await invoicedBooking();
    await intentFor(owner, { bookingId: booking.id });
    const intentId = await intentIdOf(invoice.id);
    const recorded = await inject(expert, 'POST', `${invoiceUrl(booking)}/paid-in-person`, { method: 'cash' });
    expect(recorded.json()).toMatchObject({ status: 'awaiting_confirmation', payment: { method: 'in_person' } });
    expect(stripe.paymentIntent(intentId)!.status).toBe('canceled');

    const paying = await invoicedBooking();
    await intentFor(owner, { bookingId: paying.booking.id });
    const paidIntent = await intentIdOf(paying.invoice.id);
    const event = succeeded(stripe.succeed(paidIntent));
    const refused = await inject(expert, 'POST', `${invoiceUrl(paying.booking)}/paid-in-person`, { method: 'cash' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A card payment of this invoice is under way: try again once Stripe has confirmed it.');
    await webhook(event);
    expect(await invoiceAs(owner, paying.booking)).toMatchObject({ status: 'paid', payment: { method: 'card' }, overpayments: [] });
  });

  it('holds a card payment that arrives after the expert recorded cash as an overpayment, keeping the cash', async () => {
    const { booking, invoice } = await invoicedBooking();
    await intentFor(owner, { bookingId: booking.id });
    const intentId = await intentIdOf(invoice.id);
    // Cash recorded by the version before this one, which left the intent payable.
    await t.database.db
      .update(invoices)
      .set({ status: 'awaiting_confirmation', paymentMethod: 'in_person', inPersonMethod: 'cash', paymentRecordedAt: clock.now() })
      .where(eq(invoices.id, invoice.id));
    const event = succeeded(stripe.succeed(intentId));
    await webhook(event);
    await webhook(event);
    const seen = await invoiceAs(admin, booking);
    expect(seen).toMatchObject({
      status: 'awaiting_confirmation',
      payment: { method: 'in_person', inPersonMethod: 'cash' },
      overpayments: [{ amount: '65.00', status: 'open', reason: 'Paid $65.00 by card after the invoice was paid in person' }],
    });
    expect(seen.allowedActions).toContain('refund_overpayment');
  });

  it('never lets pending and done refunds add up to more than was paid', async () => {
    const { booking, invoice } = await paidByCard();
    stripe.failWith(500);
    try {
      const pending = await inject(admin, 'POST', `${invoiceUrl(booking)}/refund`, { amount: '60', reason: 'Most of it back' });
      expect(pending.statusCode, pending.body).toBe(200);
      await inject(owner, 'POST', `${invoiceUrl(booking)}/dispute`, { reason: 'I want the rest back too' });
      const over = await inject(admin, 'POST', `${invoiceUrl(booking)}/resolve`, { outcome: 'refund', amount: '65', resolution: 'All of it.' });
      expect(over.statusCode).toBe(400);
      expect(over.json().errors.amount).toBe('The refund can be at most $5.00, what remains paid and not already being refunded.');
      const rest = await inject(admin, 'POST', `${invoiceUrl(booking)}/resolve`, { outcome: 'refund', amount: '5', resolution: 'The rest.' });
      expect(rest.statusCode, rest.body).toBe(200);
    } finally {
      stripe.failWith(null);
    }
    const refunds = await t.database.db.select().from(invoiceRefunds).where(eq(invoiceRefunds.invoiceId, invoice.id));
    await Promise.all(refunds.map((refund) => t.app.jobs.runNow('invoice-refund', { refundId: refund.id })));
    expect(await invoiceAs(owner, booking)).toMatchObject({ refunded: '65.00' });
    // The database holds the line too.
    await expect(t.database.db.update(invoices).set({ refundingCents: 1 }).where(eq(invoices.id, invoice.id))).rejects.toThrow();
  });
});
