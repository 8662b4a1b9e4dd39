import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { startFakeStripeServer, unflattenForm, type FakeStripeServer } from './fake-stripe-server.js';

// The fake is driven through the real SDK, so what passes here is what the product's calls will see.
let fake: FakeStripeServer;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripeServer();
  const { hostname, port } = new URL(fake.baseUrl);
  stripe = new Stripe('sk_test_x', { host: hostname, port: Number(port), protocol: 'http', telemetry: false, maxNetworkRetries: 0 });
});
afterAll(() => fake.close());

/** An expert's Express account that has finished onboarding, so it can receive transfers. */
async function onboardedAccount() {
  const account = await stripe.accounts.create({ type: 'express', email: 'expert@example.com', capabilities: { transfers: { requested: true } } });
  fake.completeOnboarding(account.id);
  return account.id;
}

/** A paid destination charge: $200 to the expert, $30 of it the platform's fee. */
async function paidCharge(destination: string) {
  const intent = await stripe.paymentIntents.create({
    amount: 20000,
    currency: 'usd',
    application_fee_amount: 3000,
    transfer_data: { destination },
    metadata: { bookingId: 'b-1' },
  });
  fake.succeed(intent.id);
  return intent.id;
}

async function stripeError(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as InstanceType<typeof Stripe.errors.StripeError>;
}

describe('PaymentIntents', () => {
  it('cancels an unpaid intent, which can then not be paid; a paid or cancelled one refuses with its state', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 8000, currency: 'usd' });
    const cancelled = await stripe.paymentIntents.cancel(intent.id);
    expect(cancelled).toMatchObject({ id: intent.id, status: 'canceled' });
    expect(cancelled.canceled_at).toEqual(expect.any(Number));
    expect(() => fake.succeed(intent.id)).toThrow(/canceled/);
    const again = await stripeError(stripe.paymentIntents.cancel(intent.id));
    expect(again).toMatchObject({ type: 'StripeInvalidRequestError', code: 'payment_intent_unexpected_state' });
    expect(again.message).toMatch(/status of canceled/);
    const paid = await stripe.paymentIntents.create({ amount: 8000, currency: 'usd' });
    fake.succeed(paid.id);
    expect((await stripeError(stripe.paymentIntents.cancel(paid.id))).message).toMatch(/status of succeeded/);
    expect((await stripeError(stripe.paymentIntents.cancel('pi_missing'))).statusCode).toBe(404);
  });

  it('creates a destination charge with its fee, destination and on_behalf_of, and retrieves it', async () => {
    const destination = await onboardedAccount();
    const created = await stripe.paymentIntents.create({
      amount: 20000,
      currency: 'usd',
      application_fee_amount: 3000,
      transfer_data: { destination },
      on_behalf_of: destination,
      metadata: { bookingId: 'b-1' },
    });
    expect(created).toMatchObject({
      object: 'payment_intent',
      amount: 20000,
      currency: 'usd',
      status: 'requires_payment_method',
      application_fee_amount: 3000,
      transfer_data: { destination },
      on_behalf_of: destination,
      metadata: { bookingId: 'b-1' },
      latest_charge: null,
    });
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_`));
    expect(await stripe.paymentIntents.retrieve(created.id)).toEqual(created);
    // The recorded body stays as the SDK flattened it.
    expect(fake.requests.at(-2)!.form).toMatchObject({ 'transfer_data[destination]': destination, application_fee_amount: '3000', 'metadata[bookingId]': 'b-1' });
  });

  it('refuses a destination that does not exist or has not finished onboarding', async () => {
    const missing = await stripeError(stripe.paymentIntents.create({ amount: 1000, currency: 'usd', transfer_data: { destination: 'acct_nope' } }));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing.code).toBe('resource_missing');
    const fresh = await stripe.accounts.create({ type: 'express' });
    const unready = await stripeError(stripe.paymentIntents.create({ amount: 1000, currency: 'usd', transfer_data: { destination: fresh.id } }));
    expect(unready.code).toBe('insufficient_capabilities_for_transfer');
  });

  it('succeeds once: sets the charge and pays the account the amount less the fee, listed by destination', async () => {
    const destination = await onboardedAccount();
    const other = await onboardedAccount();
    const intentId = await paidCharge(destination);
    const again = fake.succeed(intentId);
    expect(again).toMatchObject({ status: 'succeeded', amount_received: 20000, latest_charge: expect.stringMatching(/^ch_/) });

    const listed = await stripe.transfers.list({ destination });
    expect(listed).toMatchObject({ object: 'list', has_more: false });
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ object: 'transfer', amount: 17000, destination, currency: 'usd', source_transaction: again.latest_charge });
    expect(listed.data[0]!.id).toMatch(/^tr_/);
    expect((await stripe.transfers.list({ destination: other })).data).toEqual([]);
  });

  it('declines a card with fail(), for a payment_failed event', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    const failed = fake.fail(intent.id, 'Your card was declined.');
    expect(failed).toMatchObject({ status: 'requires_payment_method', last_payment_error: { message: 'Your card was declined.', type: 'card_error', code: 'card_declined' } });
    expect((await stripe.paymentIntents.retrieve(intent.id)).last_payment_error?.code).toBe('card_declined');
    const event = fake.event('payment_intent.payment_failed', failed);
    expect(event).toMatchObject({ object: 'event', type: 'payment_intent.payment_failed', livemode: false, data: { object: { id: intent.id } } });
  });
});

describe('Refunds', () => {
  it('refunds part, then the rest, then refuses a third refund as Stripe does', async () => {
    const intentId = await paidCharge(await onboardedAccount());
    const part = await stripe.refunds.create({ payment_intent: intentId, amount: 5000, metadata: { reason: 'late' } });
    expect(part).toMatchObject({ object: 'refund', amount: 5000, status: 'succeeded', payment_intent: intentId, currency: 'usd', metadata: { reason: 'late' } });
    expect(part.id).toMatch(/^re_/);

    const tooMuch = await stripeError(stripe.refunds.create({ payment_intent: intentId, amount: 15001 }));
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch.code).toBe('amount_too_large');

    const rest = await stripe.refunds.create({ payment_intent: intentId });
    expect(rest.amount).toBe(15000);
    expect(fake.paymentIntent(intentId)!.amount_refunded).toBe(20000);

    const third = await stripeError(stripe.refunds.create({ payment_intent: intentId, amount: 1 }));
    expect(third).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(third.statusCode).toBe(400);
    expect(third.code).toBe('charge_already_refunded');
    expect(await stripe.refunds.retrieve(part.id)).toEqual(part);
  });

  it('records reverse_transfer and refund_application_fee, reversing the transfer in proportion', async () => {
    const destination = await onboardedAccount();
    const intentId = await paidCharge(destination);
    const refund = await stripe.refunds.create({ payment_intent: intentId, amount: 10000, reverse_transfer: true, refund_application_fee: true });
    expect(refund.transfer_reversal).toMatch(/^trr_/);
    expect(fake.refunds.at(-1)).toMatchObject({ refund: { id: refund.id }, reverseTransfer: true, refundApplicationFee: true });
    expect(fake.transfers.find((transfer) => transfer.destination === destination)).toMatchObject({ amount: 17000, amount_reversed: 8500, reversed: false });
  });

  it('refuses to refund an unpaid intent', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    const error = await stripeError(stripe.refunds.create({ payment_intent: intent.id }));
    expect(error.message).toMatch(/does not have a successful charge to refund/);
  });

  it('replays a refund for its idempotency key, and refuses the key with other parameters', async () => {
    const intentId = await paidCharge(await onboardedAccount());
    const first = await stripe.refunds.create({ payment_intent: intentId, amount: 1000 }, { idempotencyKey: `refund-${intentId}` });
    const replay = await stripe.refunds.create({ payment_intent: intentId, amount: 1000 }, { idempotencyKey: `refund-${intentId}` });
    expect(replay).toEqual(first);
    expect(fake.paymentIntent(intentId)!.amount_refunded).toBe(1000);
    const misuse = await stripeError(stripe.refunds.create({ payment_intent: intentId, amount: 2000 }, { idempotencyKey: `refund-${intentId}` }));
    expect(misuse).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});

describe('Connect Express accounts', () => {
  it('creates, retrieves and links an account, whose onboarding page enables it and returns to the product', async () => {
    const account = await stripe.accounts.create({
      type: 'express',
      email: 'vera@example.com',
      country: 'US',
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { expertId: '42' },
    });
    expect(account).toMatchObject({ object: 'account', type: 'express', email: 'vera@example.com', charges_enabled: false, payouts_enabled: false, details_submitted: false, metadata: { expertId: '42' } });
    expect(account.id).toMatch(/^acct_/);
    expect(account.requirements?.currently_due).not.toEqual([]);
    expect(await stripe.accounts.retrieve(account.id)).toEqual(account);
    await expect(stripe.accounts.createLoginLink(account.id)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);

    const returnUrl = 'http://localhost:3000/expert/payouts?done=1';
    const link = await stripe.accountLinks.create({ account: account.id, refresh_url: 'http://localhost:3000/expert/payouts/refresh', return_url: returnUrl, type: 'account_onboarding' });
    expect(link).toMatchObject({ object: 'account_link', url: `${fake.baseUrl}/connect/onboarding/${account.id}?return=${encodeURIComponent(returnUrl)}` });
    expect(link.expires_at).toBeGreaterThan(link.created);

    const page = await fetch(link.url, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(returnUrl);
    const onboarded = await stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({ charges_enabled: true, payouts_enabled: true, details_submitted: true, requirements: { currently_due: [] } });
    expect(onboarded.capabilities).toEqual({ card_payments: 'active', transfers: 'active' });

    const login = await stripe.accounts.createLoginLink(account.id);
    expect(login).toMatchObject({ object: 'login_link', url: `${fake.baseUrl}/connect/express/${account.id}` });
    expect((await fetch(login.url)).status).toBe(200);
  });

  it('answers an unknown account with a Stripe 404', async () => {
    const error = await stripeError(stripe.accounts.retrieve('acct_missing'));
    expect(error.statusCode).toBe(404);
    expect(error.code).toBe('resource_missing');
  });

  it('builds account.updated and payout.paid events', () => {
    const account = fake.createAccount({ email: 'eli@example.com' });
    const updated = fake.event('account.updated', fake.completeOnboarding(account.id), { account: account.id });
    expect(updated).toMatchObject({ type: 'account.updated', account: account.id, api_version: Stripe.API_VERSION, data: { object: { id: account.id, charges_enabled: true } } });
    expect(updated.id).toMatch(/^evt_/);
    const payout = fake.payout(account.id, 17000);
    expect(payout).toMatchObject({ object: 'payout', amount: 17000, status: 'paid', currency: 'usd' });
    expect(payout.id).toMatch(/^po_/);
    // A signed event is what the product's webhook route checks.
    const payload = JSON.stringify(fake.event('payout.paid', payout, { account: account.id }));
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_x' });
    expect(stripe.webhooks.constructEvent(payload, header, 'whsec_x')).toMatchObject({ type: 'payout.paid', account: account.id, data: { object: { id: payout.id } } });
  });
});

describe('the fake itself', () => {
  it('answers unknown routes with a Stripe 404, refuses a bad key, and fails on demand', async () => {
    const unknown = await stripeError(stripe.customers.create({ email: 'x@example.com' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.message).toMatch(/Unrecognized request URL \(POST: \/v1\/customers\)/);

    const outsider = new Stripe('rk_live_x', { host: '127.0.0.1', port: Number(new URL(fake.baseUrl).port), protocol: 'http', telemetry: false, maxNetworkRetries: 0 });
    expect((await stripeError(outsider.accounts.retrieve('acct_x'))).statusCode).toBe(401);

    fake.failWith(500);
    try {
      expect((await stripeError(stripe.transfers.list())).statusCode).toBe(500);
    } finally {
      fake.failWith(null);
    }
  });

  it('puts flattened form keys back into objects', () => {
    expect(unflattenForm({ amount: '5', 'metadata[bookingId]': 'b', 'capabilities[transfers][requested]': 'true' })).toEqual({
      amount: '5',
      metadata: { bookingId: 'b' },
      capabilities: { transfers: { requested: 'true' } },
    });
  });
});
