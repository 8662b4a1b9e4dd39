import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A small server on 127.0.0.1 speaking the part of Stripe's REST API the product uses, for the real
 * `stripe` SDK to talk to in tests (Stripe itself cannot be reached from here):
 *
 * - PaymentIntents: create (with Connect destination charges), retrieve and cancel;
 * - Refunds: create (full or partial, refused past what remains refundable) and retrieve;
 * - Connect Express accounts: create, retrieve, onboarding links, login links — and the onboarding
 *   "page" itself, so a browser test can walk through it;
 * - Transfers: the ones paying a succeeded destination charge out to its account, listed by destination.
 *
 * Idempotency keys are honoured as Stripe does. Helpers stand in for what happens outside the API (the
 * customer paying, the expert finishing onboarding, a payout landing) and build the events tests sign
 * and post to the product's webhook route.
 */

type Metadata = Record<string, string>;

export interface StripeRequest {
  method: string;
  path: string;
  /** The form-encoded body, flattened: `metadata[bookingId]` stays as that key. */
  form: Record<string, string>;
  /** The query string (GET parameters), flattened as `form` is. */
  query: Record<string, string>;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The `Stripe-Account` header: a call made as a connected account. */
  stripeAccount: string | undefined;
}

export type FakePaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  /** Stripe keeps this on the charge; the fake has no charges, so the intent carries it. */
  amount_refunded: number;
  application_fee_amount: number | null;
  automatic_payment_methods: { enabled: boolean } | null;
  client_secret: string;
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: { message: string; type: 'card_error'; code: 'card_declined' } | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  on_behalf_of: string | null;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  canceled_at: number | null;
  cancellation_reason: string | null;
  transfer_data: { destination: string } | null;
  transfer_group: string | null;
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: string | null;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
  /** Set when the refund reversed (part of) the destination charge's transfer. */
  transfer_reversal: string | null;
};

/** A refund with the Connect options it was asked for, which Stripe's refund object does not show. */
export interface RefundRecord {
  refund: FakeRefund;
  reverseTransfer: boolean;
  refundApplicationFee: boolean;
}

export type FakeAccount = {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  country: string;
  default_currency: string;
  created: number;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  capabilities: Record<string, 'active' | 'inactive'>;
  metadata: Metadata;
  requirements: { currently_due: string[]; eventually_due: string[]; past_due: string[]; disabled_reason: string | null };
};

export type FakeTransfer = {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  created: number;
  currency: string;
  destination: string;
  livemode: false;
  metadata: Metadata;
  reversed: boolean;
  /** The charge this transfer pays out (a destination charge's `latest_charge`). */
  source_transaction: string;
  transfer_group: string | null;
};

export type FakePayout = {
  id: string;
  object: 'payout';
  amount: number;
  arrival_date: number;
  automatic: true;
  created: number;
  currency: 'usd';
  livemode: false;
  metadata: Metadata;
  method: 'standard';
  status: 'paid';
  type: 'bank_account';
};

export type FakeEvent<T = unknown> = {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: T };
  /** The connected account the event happened on (Connect webhooks). */
  account?: string;
};

export interface FakeStripeServer {
  baseUrl: string;
  requests: StripeRequest[];
  /** Every refund made, in order. */
  readonly refunds: readonly RefundRecord[];
  /** Every transfer made to a connected account, in order. */
  readonly transfers: readonly FakeTransfer[];
  /** Answers every API call with this status (a Stripe error body) until cleared with null. */
  failWith(status: number | null): void;
  /**
   * Marks an intent paid, as the customer's payment would: its charge is `latest_charge`, and a destination
   * charge's transfer (amount less the application fee) goes to its account. Answers the intent as it is now.
   * A cancelled intent throws, as Stripe refuses to confirm one.
   */
  succeed(intentId: string): FakePaymentIntent;
  /** Declines the customer's card, as for a `payment_intent.payment_failed` event. */
  fail(intentId: string, message: string): FakePaymentIntent;
  /** The intent as it is now, or undefined. */
  paymentIntent(intentId: string): FakePaymentIntent | undefined;
  /** Makes a connected Express account directly, for tests that need one without going through the product. */
  createAccount(options?: { email?: string; metadata?: Metadata; onboarded?: boolean }): FakeAccount;
  /** The account as it is now, or undefined. */
  account(accountId: string): FakeAccount | undefined;
  /** Finishes an account's onboarding, as the expert would on Stripe's pages, as for an `account.updated` event. */
  completeOnboarding(accountId: string): FakeAccount;
  /** A payout that has landed in a connected account's bank, for a `payout.paid` event. */
  payout(accountId: string, amount: number): FakePayout;
  /** An event as Stripe would post it to a webhook, for tests to sign and post themselves. */
  event<T>(type: string, object: T, options?: { account?: string }): FakeEvent<T>;
  close(): Promise<void>;
}

// --- Errors ---------------------------------------------------------------------------------------

interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  param?: string;
}

/** Thrown by a handler to answer with Stripe's error body; the SDK turns it into its own error class. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const invalidRequest = (message: string, details: { code?: string; param?: string } = {}) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...details });

/** Stripe answers 404 for an unknown id in the path, and 400 for one named in a parameter. */
const noSuch = (kind: string, id: string, param?: string) =>
  new StripeApiError(param ? 400 : 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, ...(param ? { param } : {}) });

// --- Form bodies ----------------------------------------------------------------------------------

interface FormObject {
  [key: string]: string | FormObject;
}
type FormValue = FormObject[string] | undefined;

/**
 * Stripe's form encoding flattens nesting into keys (`transfer_data[destination]`,
 * `capabilities[transfers][requested]`); this puts it back into objects. Arrays (`expand[0]`) stay
 * objects keyed by index: the fake reads none.
 */
export function unflattenForm(flat: Record<string, string>): FormObject {
  const root: FormObject = {};
  for (const [key, value] of Object.entries(flat)) {
    const [name, ...rest] = key.split('[');
    const path = [name!, ...rest.map((segment) => segment.replace(/\]$/, ''))];
    let node = root;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      node = typeof next === 'object' ? next : (node[segment] = {});
    }
    node[path.at(-1)!] = value;
  }
  return root;
}

/** The SDK sends null as an empty value: both mean "not given". */
const text = (value: FormValue) => (typeof value === 'string' && value !== '' ? value : undefined);
const nested = (value: FormValue): FormObject => (typeof value === 'object' ? value : {});
const flag = (value: FormValue) => value === 'true';

function metadataOf(form: FormObject): Metadata {
  return Object.fromEntries(Object.entries(nested(form.metadata)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function required(form: FormObject, param: string): string {
  const value = text(form[param]);
  if (value === undefined) throw invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  return value;
}

function optionalInteger(form: FormObject, param: string, minimum = 0): number | undefined {
  const value = text(form[param]);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < minimum) {
    throw invalidRequest(`Invalid ${minimum > 0 ? 'positive ' : ''}integer: ${value}`, { code: 'parameter_invalid_integer', param });
  }
  return Number(value);
}

function requiredInteger(form: FormObject, param: string, minimum = 0): number {
  required(form, param);
  return optionalInteger(form, param, minimum)!;
}

// --- HTTP -----------------------------------------------------------------------------------------

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

function sendJson(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}`, ...headers });
  response.end(body);
}

const send = (response: ServerResponse, status: number, body: unknown) => sendJson(response, status, JSON.stringify(body));

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
/** Objects handed out are copies: a test changing one must not change the fake's state, nor later events. */
const copy = <T>(value: T): T => structuredClone(value);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

interface Call {
  /** The path's captured ids. */
  params: string[];
  form: FormObject;
  query: URLSearchParams;
}
interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle(call: Call): unknown;
}

// --- The fake -------------------------------------------------------------------------------------

export async function startFakeStripeServer(): Promise<FakeStripeServer> {
  const intents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, RefundRecord>();
  const accounts = new Map<string, FakeAccount>();
  const transfers: FakeTransfer[] = [];
  const requests: StripeRequest[] = [];
  /** What Stripe answered to each idempotency key, replayed as it was — errors included. */
  const byIdempotencyKey = new Map<string, { fingerprint: string; status: number; body: string }>();
  let failure: number | null = null;
  let baseUrl = '';

  function intentOrThrow(intentId: string): FakePaymentIntent {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`The fake Stripe has no payment intent ${intentId}`);
    return intent;
  }
  function accountOrThrow(accountId: string): FakeAccount {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`The fake Stripe has no account ${accountId}`);
    return account;
  }

  // PaymentIntents ---------------------------------------------------------------------------------

  /** A connected account named in a charge must exist, and a destination must be able to take transfers. */
  function connectedAccount(id: string | undefined, param: string, { receivesTransfer }: { receivesTransfer: boolean }) {
    if (id === undefined) return null;
    const account = accounts.get(id);
    if (!account) throw noSuch(receivesTransfer ? 'destination' : 'account', id, param);
    if (receivesTransfer && account.capabilities.transfers !== 'active') {
      throw invalidRequest(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { code: 'insufficient_capabilities_for_transfer', param },
      );
    }
    return id;
  }

  function createPaymentIntent({ form }: Call): FakePaymentIntent {
    const amount = requiredInteger(form, 'amount', 1);
    const currency = required(form, 'currency').toLowerCase();
    const destination = connectedAccount(text(nested(form.transfer_data).destination), 'transfer_data[destination]', { receivesTransfer: true });
    const onBehalfOf = connectedAccount(text(form.on_behalf_of), 'on_behalf_of', { receivesTransfer: false });
    const automatic = nested(form.automatic_payment_methods);
    const id = newId('pi');
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      amount_refunded: 0,
      application_fee_amount: optionalInteger(form, 'application_fee_amount') ?? null,
      automatic_payment_methods: 'enabled' in automatic ? { enabled: flag(automatic.enabled) } : null,
      client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
      created: now(),
      currency,
      description: text(form.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadataOf(form),
      on_behalf_of: onBehalfOf,
      status: 'requires_payment_method',
      canceled_at: null,
      cancellation_reason: null,
      transfer_data: destination ? { destination } : null,
      // Stripe groups a destination charge with its transfer.
      transfer_group: destination ? `group_${id}` : null,
    };
    intents.set(id, intent);
    return intent;
  }

  function retrievePaymentIntent({ params: [id] }: Call) {
    const intent = intents.get(id!);
    if (!intent) throw noSuch('payment_intent', id!);
    return intent;
  }

  /** Stripe cancels an intent the customer has not paid; a paid or cancelled one answers its state. */
  function cancelPaymentIntent({ params: [id], form }: Call) {
    const intent = intents.get(id!);
    if (!intent) throw noSuch('payment_intent', id!);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw invalidRequest(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: text(form.cancellation_reason) ?? null });
    return intent;
  }

  function succeed(intentId: string): FakePaymentIntent {
    const intent = intentOrThrow(intentId);
    // A cancelled intent can no longer be confirmed: the customer's payment is refused.
    if (intent.status === 'canceled') throw new Error(`Payment intent ${intentId} is canceled and cannot be paid`);
    // A second call changes nothing: a payment succeeds once, and pays its expert once.
    if (intent.status !== 'succeeded') {
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: newId('ch'), last_payment_error: null });
      if (intent.transfer_data) transfers.push(transferFor(intent, intent.transfer_data.destination));
    }
    return copy(intent);
  }

  function fail(intentId: string, message: string): FakePaymentIntent {
    const intent = intentOrThrow(intentId);
    if (intent.status !== 'requires_payment_method') throw new Error(`Payment intent ${intentId} has status ${intent.status}`);
    // As after a declined card: the intent waits for another payment method.
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { message, type: 'card_error', code: 'card_declined' } });
    return copy(intent);
  }

  // Transfers --------------------------------------------------------------------------------------

  /** A destination charge pays its account the amount less the platform's application fee. */
  function transferFor(intent: FakePaymentIntent, destination: string): FakeTransfer {
    return {
      id: newId('tr'),
      object: 'transfer',
      amount: intent.amount - (intent.application_fee_amount ?? 0),
      amount_reversed: 0,
      created: now(),
      currency: intent.currency,
      destination,
      livemode: false,
      metadata: {},
      reversed: false,
      source_transaction: intent.latest_charge!,
      transfer_group: intent.transfer_group,
    };
  }

  /** Newest first, as Stripe lists, with its `limit` and `starting_after` paging. */
  function listTransfers({ query }: Call) {
    const destination = query.get('destination');
    const matching = transfers.filter((transfer) => !destination || transfer.destination === destination).reverse();
    const after = query.get('starting_after');
    const start = after ? matching.findIndex((transfer) => transfer.id === after) + 1 : 0;
    const limit = Number(query.get('limit') ?? 10);
    const page = matching.slice(start, start + limit);
    return { object: 'list', data: page, has_more: start + limit < matching.length, url: '/v1/transfers' };
  }

  /** Stripe reverses a transfer in proportion to the refund, and all that is left of it on the last one. */
  function reverseTransfer(intent: FakePaymentIntent, amount: number): string | null {
    const transfer = transfers.find((candidate) => candidate.source_transaction === intent.latest_charge);
    if (!transfer) return null;
    const fullyRefunded = intent.amount_refunded >= intent.amount_received;
    const share = fullyRefunded ? transfer.amount - transfer.amount_reversed : Math.round((transfer.amount * amount) / intent.amount_received);
    transfer.amount_reversed += share;
    transfer.reversed = transfer.amount_reversed >= transfer.amount;
    return newId('trr');
  }

  // Refunds ----------------------------------------------------------------------------------------

  function createRefund({ form }: Call): FakeRefund {
    const intentId = text(form.payment_intent);
    if (!intentId) throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' });
    const intent = intents.get(intentId);
    if (!intent) throw noSuch('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded') throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`);
    const remaining = intent.amount_received - intent.amount_refunded;
    if (remaining <= 0) throw invalidRequest(`Charge ${intent.latest_charge} has already been refunded.`, { code: 'charge_already_refunded' });
    // Without an amount Stripe refunds what is left.
    const amount = optionalInteger(form, 'amount', 1) ?? remaining;
    if (amount > remaining) {
      throw invalidRequest(`Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    }
    intent.amount_refunded += amount;
    const reverse = flag(form.reverse_transfer);
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: intent.latest_charge,
      created: now(),
      currency: intent.currency,
      metadata: metadataOf(form),
      payment_intent: intentId,
      reason: text(form.reason) ?? null,
      status: 'succeeded',
      transfer_reversal: reverse ? reverseTransfer(intent, amount) : null,
    };
    refunds.set(refund.id, { refund, reverseTransfer: reverse, refundApplicationFee: flag(form.refund_application_fee) });
    return refund;
  }

  function retrieveRefund({ params: [id] }: Call) {
    const record = refunds.get(id!);
    if (!record) throw noSuch('refund', id!);
    return record.refund;
  }

  // Connect accounts -------------------------------------------------------------------------------

  function newAccount(options: { type?: string; email?: string; country?: string; capabilities?: string[]; metadata?: Metadata }): FakeAccount {
    const account: FakeAccount = {
      id: newId('acct'),
      object: 'account',
      type: options.type ?? 'express',
      email: options.email ?? null,
      country: options.country ?? 'US',
      default_currency: 'usd',
      created: now(),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      // Requested capabilities stay inactive until onboarding is done.
      capabilities: Object.fromEntries((options.capabilities ?? []).map((name) => [name, 'inactive'])),
      metadata: options.metadata ?? {},
      // What a fresh Express account still has to tell Stripe, in brief.
      requirements: {
        currently_due: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
        eventually_due: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
        past_due: [],
        disabled_reason: 'requirements.past_due',
      },
    };
    accounts.set(account.id, account);
    return account;
  }

  function createAccountFromForm({ form }: Call): FakeAccount {
    return newAccount({
      type: text(form.type),
      email: text(form.email),
      country: text(form.country),
      capabilities: Object.keys(nested(form.capabilities)),
      metadata: metadataOf(form),
    });
  }

  function retrieveAccount({ params: [id] }: Call) {
    const account = accounts.get(id!);
    if (!account) throw noSuch('account', id!);
    return account;
  }

  function completeOnboarding(accountId: string): FakeAccount {
    const account = accountOrThrow(accountId);
    Object.assign(account, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
    // Stripe turns on what the platform asked for; an account asked for nothing can still take transfers.
    account.capabilities = Object.fromEntries(Object.keys({ transfers: 1, ...account.capabilities }).map((name) => [name, 'active']));
    account.requirements = { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null };
    return copy(account);
  }

  /** The link leads to the fake's own onboarding page, which finishes onboarding and returns to the product. */
  function createAccountLink({ form }: Call) {
    const accountId = required(form, 'account');
    if (!accounts.has(accountId)) throw noSuch('account', accountId, 'account');
    const type = required(form, 'type');
    if (type !== 'account_onboarding' && type !== 'account_update') throw invalidRequest(`Invalid type: ${type}`, { code: 'parameter_invalid', param: 'type' });
    const returnUrl = required(form, 'return_url');
    required(form, 'refresh_url');
    const created = now();
    // Stripe's links last five minutes.
    return { object: 'account_link', created, expires_at: created + 300, url: `${baseUrl}/connect/onboarding/${accountId}?return=${encodeURIComponent(returnUrl)}` };
  }

  function createLoginLink({ params: [id] }: Call) {
    const account = accounts.get(id!);
    if (!account) throw noSuch('account', id!);
    // Stripe has no Express dashboard to show before onboarding.
    if (!account.details_submitted) throw invalidRequest('Cannot create a login link for an account that has not completed onboarding.');
    return { object: 'login_link', created: now(), url: `${baseUrl}/connect/express/${account.id}` };
  }

  // Routing ----------------------------------------------------------------------------------------

  const routes: Route[] = [
    { method: 'POST', pattern: /^\/v1\/payment_intents$/, handle: createPaymentIntent },
    { method: 'GET', pattern: /^\/v1\/payment_intents\/([^/]+)$/, handle: retrievePaymentIntent },
    { method: 'POST', pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/, handle: cancelPaymentIntent },
    { method: 'POST', pattern: /^\/v1\/refunds$/, handle: createRefund },
    { method: 'GET', pattern: /^\/v1\/refunds\/([^/]+)$/, handle: retrieveRefund },
    { method: 'POST', pattern: /^\/v1\/accounts$/, handle: createAccountFromForm },
    { method: 'GET', pattern: /^\/v1\/accounts\/([^/]+)$/, handle: retrieveAccount },
    { method: 'POST', pattern: /^\/v1\/accounts\/([^/]+)\/login_links$/, handle: createLoginLink },
    { method: 'POST', pattern: /^\/v1\/account_links$/, handle: createAccountLink },
    { method: 'GET', pattern: /^\/v1\/transfers$/, handle: listTransfers },
  ];

  /**
   * Stripe's own pages a browser is sent to (not its API): no API key, and `failWith` leaves them be.
   * Onboarding finishes at once and goes back to the product's return URL.
   */
  function servePage(response: ServerResponse, path: string, query: URLSearchParams) {
    const [, page, accountId] = path.split('/').slice(1);
    const account = accounts.get(accountId ?? '');
    if (!account) return response.writeHead(404, { 'content-type': 'text/plain' }).end('No such account');
    if (page === 'onboarding') {
      completeOnboarding(account.id);
      const back = query.get('return');
      if (back) return response.writeHead(302, { location: back }).end();
      return response.writeHead(200, { 'content-type': 'text/plain' }).end('Onboarding complete');
    }
    if (page === 'express') return response.writeHead(200, { 'content-type': 'text/html' }).end(`<h1>Express dashboard</h1><p>${account.id}</p>`);
    return response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }

  /** Runs a route, answering its object or the Stripe error it threw. */
  function dispatch(method: string, path: string, call: Omit<Call, 'params'>): { status: number; body: string } | null {
    for (const route of routes) {
      const match = route.method === method ? route.pattern.exec(path) : null;
      if (!match) continue;
      try {
        return { status: 200, body: JSON.stringify(route.handle({ ...call, params: match.slice(1) })) };
      } catch (error) {
        if (error instanceof StripeApiError) return { status: error.status, body: JSON.stringify({ error: error.body }) };
        // A fault in the fake itself: answered as Stripe's own failure, so the test sees it, not a hung socket.
        return { status: 500, body: JSON.stringify({ error: { type: 'api_error', message: String(error) } }) };
      }
    }
    return null;
  }

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? '';
    const path = url.pathname;
    const flatForm = Object.fromEntries(new URLSearchParams(body));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const stripeAccount = request.headers['stripe-account'] as string | undefined;
    const authorization = request.headers.authorization;
    requests.push({ method, path, form: flatForm, query: Object.fromEntries(url.searchParams), authorization, idempotencyKey, stripeAccount });

    if (method === 'GET' && path.startsWith('/connect/')) return servePage(response, path, url.searchParams);
    if (failure) return send(response, failure, { error: { type: 'api_error', message: 'Stripe is having a bad day' } });
    if (!authorization?.startsWith('Bearer sk_test_')) {
      return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }

    // Stripe keys apply to POSTs, per account; a key reused with other parameters is refused, not replayed.
    const keyed = method === 'POST' && idempotencyKey ? `${stripeAccount ?? ''} ${idempotencyKey}` : null;
    const fingerprint = `${path} ${JSON.stringify(Object.entries(flatForm).sort())}`;
    const saved = keyed ? byIdempotencyKey.get(keyed) : undefined;
    if (saved && saved.fingerprint !== fingerprint) {
      return send(response, 400, {
        error: {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        },
      });
    }
    if (saved) return sendJson(response, saved.status, saved.body, { 'idempotent-replayed': 'true' });

    const answer = dispatch(method, path, { form: unflattenForm(flatForm), query: url.searchParams });
    if (!answer) return send(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } });
    if (keyed && answer.status < 500) byIdempotencyKey.set(keyed, { fingerprint, ...answer });
    return sendJson(response, answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    requests,
    get refunds() {
      return [...refunds.values()];
    },
    transfers,
    failWith(status) {
      failure = status;
    },
    succeed,
    fail,
    paymentIntent: (intentId) => {
      const intent = intents.get(intentId);
      return intent && copy(intent);
    },
    createAccount({ email, metadata, onboarded = false } = {}) {
      const account = newAccount({ email, metadata, capabilities: ['card_payments', 'transfers'] });
      return onboarded ? completeOnboarding(account.id) : copy(account);
    },
    account: (accountId) => {
      const account = accounts.get(accountId);
      return account && copy(account);
    },
    completeOnboarding,
    payout(accountId, amount) {
      accountOrThrow(accountId);
      const created = now();
      return {
        id: newId('po'),
        object: 'payout',
        amount,
        arrival_date: created,
        automatic: true,
        created,
        currency: 'usd',
        livemode: false,
        metadata: {},
        method: 'standard',
        status: 'paid',
        type: 'bank_account',
      };
    },
    event(type, object, options = {}) {
      return {
        id: newId('evt'),
        object: 'event',
        type,
        // The version the SDK is pinned to, as Stripe sends events in the endpoint's version.
        api_version: Stripe.API_VERSION,
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: copy(object) },
        ...(options.account ? { account: options.account } : {}),
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
