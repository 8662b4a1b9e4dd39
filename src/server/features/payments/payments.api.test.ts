import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { daysAhead, onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { startFakeStripeServer, type FakeStripeServer } from '../../test/fake-stripe-server.js';
import { auditLog, bookings } from '../../db/schema.js';
import { PAYMENT_UNAVAILABLE, type BookingDetail } from '../../../common/bookings.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
let stripe: FakeStripeServer;
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let expert: { id: number };
let day = 30;

beforeAll(async () => {
  stripe = await startFakeStripeServer();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_bookings',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_bookings',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.baseUrl,
  });
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  expert = await insertExpert(t.database.db, { instantBooking: true, videoRateCents: 6500, onsiteRateCents: 11000, onsiteMinimumHours: 2 });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function newBooking(payload = videoBooking(expert.id, daysAhead(day++))): Promise<BookingDetail> {
  const response = await postBooking(t.app, owner, payload);
  expect(response.statusCode).toBe(201);
  return response.json();
}
const intentFor = (user: TestUser | null, payload: object) =>
  t.app.inject(asUser(user, { method: 'POST', url: '/api/create-payment-intent', payload }));

/** Stripe's own signing, as its servers sign a webhook. */
function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'stripe-signature': signature, 'content-type': 'application/json' }, payload });
}
const succeeded = (intent: Record<string, unknown>) => ({ id: `evt_${intent.id as string}`, object: 'event', type: 'payment_intent.succeeded', data: { object: intent } });

describe('payments with Stripe', () => {
  it('tells the client that Stripe is on, and lets Stripe’s script into pages only then', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({
      payments: { provider: 'stripe', publishableKey: 'pk_test_bookings' },
    });
    const page = await t.app.inject({ method: 'GET', url: '/book-video' });
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(page.headers['content-security-policy']).toMatch(/frame-src https:\/\/js\.stripe\.com/);
  });

  it("creates one PaymentIntent per booking for the server's amount, ignoring the client's", async () => {
    const booking = await newBooking(onsiteBooking(expert.id, daysAhead(day++), '9:00 AM', 3));
    const first = await intentFor(owner, { bookingId: booking.id, amount: 1, expertId: expert.id, serviceType: 'onsite', estimatedHours: 3 });
    expect(first.statusCode).toBe(200);
    const created = stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').at(-1)!;
    expect(created.form).toMatchObject({ amount: '33000', currency: 'usd', 'metadata[bookingId]': booking.id });
    expect(created.authorization).toBe('Bearer sk_test_bookings');
    expect(created.idempotencyKey).toBe(`booking-${booking.id}-33000`);
    const again = await intentFor(owner, { bookingId: booking.id });
    expect(again.json().clientSecret).toBe(first.json().clientSecret);
  });

  it('refuses details that do not match the booking (400), a booking not the caller’s (404), and signed-out callers (401)', async () => {
    const booking = await newBooking();
    const mismatch = await intentFor(owner, { bookingId: booking.id, expertId: expert.id + 1000, serviceType: 'video' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('The payment details do not match the booking.');
    expect((await intentFor(stranger, { bookingId: booking.id })).statusCode).toBe(404);
    expect((await intentFor(null, { bookingId: booking.id })).statusCode).toBe(401);
    expect((await intentFor(owner, { amount: 100 })).statusCode).toBe(400);
  });

  it('answers 503 with the product’s message when Stripe fails', async () => {
    const booking = await newBooking();
    stripe.failWith(500);
    try {
      const response = await intentFor(owner, { bookingId: booking.id });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: PAYMENT_UNAVAILABLE });
    } finally {
      stripe.failWith(null);
    }
  });

  it('marks a booking paid from a verified webhook, once, however often the event arrives', async () => {
    const booking = await newBooking();
    await intentFor(owner, { bookingId: booking.id });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    const intent = stripe.succeed(row!.paymentIntentId!);
    expect((await webhook(succeeded(intent))).statusCode).toBe(200);
    expect((await webhook(succeeded(intent))).statusCode).toBe(200);
    const detail = (await t.app.inject(asUser(owner, { method: 'GET', url: `/api/bookings/${booking.id}` }))).json();
    expect(detail.paymentStatus).toBe('paid');
    expect(detail.history.filter((h: { action: string }) => h.action === 'payment')).toHaveLength(1);
    const paidAgain = await intentFor(owner, { bookingId: booking.id });
    expect(paidAgain.statusCode).toBe(409);
  });

  it('refuses a webhook with a bad signature with 400 and changes nothing, twice', async () => {
    const booking = await newBooking();
    await intentFor(owner, { bookingId: booking.id });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    const intent = stripe.succeed(row!.paymentIntentId!);
    for (let i = 0; i < 2; i++) {
      const response = await webhook(succeeded(intent), 'whsec_wrong');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid webhook signature.' });
    }
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(succeeded(intent)) });
    expect(unsigned.statusCode).toBe(400);
    const [after] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after!.paymentStatus).toBe('unpaid');
  });

  it('refunds a paid booking in full when it is cancelled', async () => {
    const booking = await newBooking();
    await intentFor(owner, { bookingId: booking.id });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    await webhook(succeeded(stripe.succeed(row!.paymentIntentId!)));
    const cancelled = await t.app.inject(asUser(owner, { method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'Plans changed' } }));
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
    await expect
      .poll(async () => (await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.paymentStatus, { timeout: 10_000 })
      .toBe('refunded');
    const refunds = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds.at(-1)!.form).toEqual({ payment_intent: row!.paymentIntentId });
    expect(refunds.at(-1)!.idempotencyKey).toBe(`refund-${booking.id}`);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(trail.map((e) => e.action)).toEqual(['booking.create', 'booking.payment', 'booking.cancel', 'booking.refund']);
  });
});
