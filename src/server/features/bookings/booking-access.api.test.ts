import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import WebSocket from 'ws';
import type { InjectOptions } from 'fastify';
import { asUser, createTestApp, signUp, TEST_BASE_URL, type TestUser } from '../../test/test-app.js';
import { daysAhead } from '../../test/booking-helpers.js';
import { multipartBody, signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { startFakeStripeServer } from '../../test/fake-stripe-server.js';
import { registeredRoutes, type RegisteredRoute } from '../../test/route-table.js';
import { boats, bookings, invoiceOverpayments, invoices, requestLimits, users } from '../../db/schema.js';
import { createInvoiceIssuer } from '../payments/index.js';
import { zonedTimeToInstant } from '../../../common/zoned-time.js';
import type { BookingStatus } from '../../../common/bookings-status.js';
import { BOOKING_NOT_FOUND } from './index.js';

/**
 * Who may use each route about one booking, as one table: every such route of the app, tried as the
 * booking's owner, its expert, another owner, another expert, an administrator and signed out. Anyone who
 * is not a party gets the 404 of a booking that does not exist, word for word.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ZONE = 'America/New_York';
const UNKNOWN_BOOKING = '00000000-0000-4000-8000-000000000000';

type Party = 'owner' | 'expert' | 'admin';
const IDENTITIES = ['owner', 'expert', 'another owner', 'another expert', 'admin', 'signed out'] as const;
type Identity = (typeof IDENTITIES)[number];

/** The booking a row is tried on: a video booking of `status`, with the app's clock `at` ms from its start. */
interface BookingState {
  status: BookingStatus;
  at: number;
  /** A completed booking's invoice, issued as the sweep would and then set to this. */
  invoice?: Partial<typeof invoices.$inferInsert>;
  /** The invoice holds a card payment beyond it, to be refunded. */
  overpaid?: true;
  /** The booking is for one of the owner's boats (My Boats). */
  boat?: true;
}

interface Case {
  state: BookingState;
  /** The request, given the booking's id, its local date and the route's other parameters. */
  request?: (booking: { id: string; date: string }) => Partial<InjectOptions>;
  /** Parameters besides the booking's id that the route needs, made as the owner before the request. */
  params?: (bookingId: string) => Promise<Record<string, string>>;
  /** A live socket: tried by a real upgrade; 101 is admitted. */
  socket?: true;
  /** What each party of the booking gets; another owner and another expert get 404, signed out 401. */
  expected: Record<Party, number>;
}

const confirmedAhead: BookingState = { status: 'confirmed', at: -DAY };
const requestedAhead: BookingState = { status: 'requested', at: -DAY };
const callRoomOpen: BookingState = { status: 'confirmed', at: -5 * MINUTE };
const underway: BookingState = { status: 'confirmed', at: 5 * MINUTE };
const completed: BookingState = { status: 'completed', at: DAY };
const invoiced: BookingState = { ...completed, invoice: {} };
const paidInPersonUnconfirmed: BookingState = { ...completed, invoice: { status: 'awaiting_confirmation', paymentMethod: 'in_person', inPersonMethod: 'cash', paymentRecordedAt: new Date() } };
// The expert records engine hours only from a live visit (docs/PRODUCT.md#my-boats).
const underwayForBoat: BookingState = { ...underway, boat: true };
let engineHours = 100;
const disputed: BookingState = { ...completed, invoice: { status: 'disputed', disputeReason: 'Too long', disputedAt: new Date() } };
const paidInPerson: BookingState = { ...completed, invoice: { status: 'paid', paymentMethod: 'in_person', inPersonMethod: 'cash', paymentRecordedAt: new Date(), paidAt: new Date() } };
const overpaid: BookingState = { ...paidInPerson, overpaid: true };
let overpaidIntents = 0;

let photo: Buffer;

/** Routes about one booking whose path does not carry its id (the booking is named in the body). */
const BOOKING_IN_BODY = ['POST /api/create-payment-intent'];

const TABLE: Record<string, Case> = {
  'GET /api/bookings/:id': { state: confirmedAhead, expected: { owner: 200, expert: 200, admin: 200 } },
  'POST /api/bookings/:id/cancel': {
    state: confirmedAhead,
    request: () => ({ payload: { reason: 'The engine started after all' } }),
    expected: { owner: 200, expert: 200, admin: 200 },
  },
  'POST /api/bookings/:id/reschedule': {
    state: confirmedAhead,
    request: ({ date }) => ({ payload: { scheduledDate: date, preferredTime: '2:00 PM' } }),
    expected: { owner: 200, expert: 403, admin: 200 },
  },
  'POST /api/bookings/:id/confirm': { state: requestedAhead, expected: { owner: 403, expert: 200, admin: 200 } },
  'POST /api/bookings/:id/decline': {
    state: requestedAhead,
    request: () => ({ payload: { reason: 'Away that week' } }),
    expected: { owner: 403, expert: 200, admin: 200 },
  },
  'POST /api/bookings/:id/complete': { state: underway, expected: { owner: 403, expert: 200, admin: 200 } },
  'POST /api/bookings/:id/no-show': { state: underway, expected: { owner: 403, expert: 200, admin: 200 } },
  'GET /api/bookings/:id/call': { state: callRoomOpen, expected: { owner: 200, expert: 200, admin: 403 } },
  'GET /api/bookings/:id/call/live': { state: callRoomOpen, socket: true, expected: { owner: 101, expert: 101, admin: 403 } },
  'GET /api/bookings/:id/summary': { state: underway, expected: { owner: 200, expert: 200, admin: 200 } },
  'PUT /api/bookings/:id/summary': {
    state: underway,
    request: () => ({ payload: { findings: 'Raw-water impeller worn', nextSteps: 'Replace the impeller', parts: [] } }),
    expected: { owner: 403, expert: 200, admin: 403 },
  },
  'GET /api/bookings/:id/review': { state: completed, expected: { owner: 200, expert: 200, admin: 200 } },
  'POST /api/bookings/:id/review': {
    state: completed,
    request: () => ({ payload: { rating: 5, text: null } }),
    expected: { owner: 201, expert: 403, admin: 403 },
  },
  'GET /api/bookings/:id/ai-conversation': { state: confirmedAhead, expected: { owner: 200, expert: 200, admin: 200 } },
  'GET /api/bookings/:id/messages': { state: confirmedAhead, expected: { owner: 200, expert: 200, admin: 200 } },
  'POST /api/bookings/:id/messages': {
    state: confirmedAhead,
    request: () => ({ payload: { text: 'Is the dock easy to find?' } }),
    expected: { owner: 201, expert: 201, admin: 403 },
  },
  'POST /api/bookings/:id/messages/photo': {
    state: confirmedAhead,
    request: () => multipartBody([{ name: 'photo', value: photo, filename: 'engine.png', type: 'image/png' }]),
    expected: { owner: 201, expert: 201, admin: 403 },
  },
  'POST /api/bookings/:id/messages/read': {
    state: confirmedAhead,
    request: () => ({ payload: { upToId: 1 } }),
    expected: { owner: 200, expert: 200, admin: 403 },
  },
  'GET /api/bookings/:id/messages/:messageId/photo': {
    state: confirmedAhead,
    params: async (bookingId) => ({ messageId: String(await sendPhotoAsOwner(bookingId)) }),
    expected: { owner: 200, expert: 200, admin: 200 },
  },
  'GET /api/bookings/:id/messages/live': { state: confirmedAhead, socket: true, expected: { owner: 101, expert: 101, admin: 101 } },
  'GET /api/bookings/:id/invoice': { state: invoiced, expected: { owner: 200, expert: 200, admin: 200 } },
  'GET /api/bookings/:id/invoice.pdf': { state: invoiced, expected: { owner: 200, expert: 200, admin: 200 } },
  'POST /api/bookings/:id/invoice/paid-in-person': {
    state: invoiced,
    request: () => ({ payload: { method: 'cash' } }),
    expected: { owner: 403, expert: 200, admin: 200 },
  },
  'POST /api/bookings/:id/invoice/confirm-payment': { state: paidInPersonUnconfirmed, expected: { owner: 200, expert: 403, admin: 403 } },
  'POST /api/bookings/:id/invoice/dispute': {
    state: invoiced,
    request: () => ({ payload: { reason: 'The call was shorter' } }),
    expected: { owner: 200, expert: 403, admin: 403 },
  },
  'POST /api/bookings/:id/invoice/resolve': {
    state: disputed,
    request: () => ({ payload: { outcome: 'keep', resolution: 'The invoice is right.' } }),
    expected: { owner: 403, expert: 403, admin: 200 },
  },
  'POST /api/bookings/:id/invoice/refund': {
    state: paidInPerson,
    request: () => ({ payload: { amount: '5', reason: 'Goodwill' } }),
    expected: { owner: 403, expert: 403, admin: 200 },
  },
  'POST /api/bookings/:id/invoice/refund-overpayment': { state: overpaid, expected: { owner: 403, expert: 403, admin: 200 } },
  'POST /api/bookings/:id/engine-hours': {
    state: underwayForBoat,
    request: () => ({ payload: { hours: [engineHours++] } }),
    // The owner records hours on the boat itself; administrators do not record them.
    expected: { owner: 403, expert: 200, admin: 403 },
  },
  'POST /api/create-payment-intent': {
    state: invoiced,
    request: ({ id }) => ({ payload: { bookingId: id } }),
    // Only its owner pays: to its expert and administrators the booking is as unknown as to anyone.
    expected: { owner: 200, expert: 404, admin: 404 },
  },
};

let socketBase = '';
let expert: ExpertAccount;
const who = {} as Record<Exclude<Identity, 'signed out'>, TestUser>;
/** The app's clock, stopped; each case puts it where its booking needs it. */
let now = new Date();
/** Each case's booking is on a day of its own, so no two overlap. */
let nextDay = 3;

// The route table is read from the running app at collection time, so each route is its own test case.
const stripe = await startFakeStripeServer();
// SESSION_CACHE_SECONDS=0: the roles set in the database below count at once.
const t = await createTestApp(
  {
    SESSION_CACHE_SECONDS: '0',
    STRIPE_SECRET_KEY: 'sk_test_access',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_access',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_access',
    STRIPE_API_BASE: stripe.baseUrl,
  },
  { now: () => now },
);
afterAll(async () => {
  await t.close();
  await stripe.close();
});
const appRoutes = registeredRoutes(t.app);
const label = (route: RegisteredRoute) => `${route.method} ${route.path}`;
/** Every route about one booking: all under /api/bookings/:id, and those that name the booking in their body. */
const bookingRoutes = appRoutes.filter((route) => route.path.startsWith('/api/bookings/:id') || BOOKING_IN_BODY.includes(label(route)));

beforeAll(async () => {
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } }).png().toBuffer();
  who.owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
  who['another owner'] = await signUp(t.app, { firstName: 'Otto', lastName: 'Other' });
  who.admin = await signUp(t.app, { firstName: 'Ada', lastName: 'Admin' });
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, who.admin.id));
  expert = await signUpExpert(t, { name: 'Vera Video' });
  who.expert = expert;
  who['another expert'] = await signUpExpert(t, { name: 'Eli Elsewhere' });
  // Another owner with a booking of their own with the same expert: a party to it, not to this one.
  await insertBooking(who['another owner'].id, daysAhead(-20, ZONE), 'completed');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketBase = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});

async function insertBooking(userId: string, date: string, status: BookingStatus) {
  const startsAt = zonedTimeToInstant(date, 10 * 60, ZONE);
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      userId,
      expertId: expert.expertId,
      serviceType: 'video',
      status,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * MINUTE),
      timeZone: ZONE,
      expiresAt: status === 'requested' ? startsAt : null,
      description: 'Port engine overheats at cruising speed',
      priceCents: 7500,
      onsiteVisitCents: 25000,
    })
    .returning();
  return row!;
}

/** A new booking of the owner with the expert in the case's state, the clock set for it. */
async function bookingFor(state: BookingState) {
  const date = daysAhead(nextDay++, ZONE);
  const booking = await insertBooking(who.owner.id, date, state.status);
  now = new Date(booking.startsAt.getTime() + state.at);
  if (state.boat) {
    const [boat] = await t.database.db
      .insert(boats)
      .values({ ownerId: who.owner.id, name: 'Sea Breeze', boatType: 'powerboat', hullType: 'monohull', propulsion: 'outboard', engines: [{ make: 'Mercury', model: null, year: null, hours: 50, fuel: 'gasoline' }] })
      .returning();
    await t.database.db.update(bookings).set({ boatId: boat!.id }).where(eq(bookings.id, booking.id));
  }
  if (state.invoice) {
    await createInvoiceIssuer(t.config).issue(t.database.db, booking.id, null, { userId: null, role: 'system' }, now);
    if (Object.keys(state.invoice).length) await t.database.db.update(invoices).set(state.invoice).where(eq(invoices.bookingId, booking.id));
  }
  if (state.overpaid) {
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.bookingId, booking.id));
    await t.database.db.insert(invoiceOverpayments).values({ invoiceId: invoice!.id, paymentIntentId: `pi_access_${++overpaidIntents}`, amountCents: 500, reason: 'Paid twice' });
  }
  return { id: booking.id, date };
}

async function sendPhotoAsOwner(bookingId: string): Promise<number> {
  // The table sends the owner's photos faster than a person may; that limit has its own tests.
  await t.database.db.delete(requestLimits);
  const response = await t.app.inject(asUser(who.owner, { method: 'POST', url: `/api/bookings/${bookingId}/messages/photo`, ...multipartBody([{ name: 'photo', value: photo, filename: 'engine.png', type: 'image/png' }]) }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

function urlOf(route: RegisteredRoute, params: Record<string, string>): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name]!);
}

/** Opens the live socket as a browser would: 101 when admitted, else the refusal's status and message. */
function upgrade(url: string, user: TestUser | null): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${socketBase}${url}`, { headers: { origin: TEST_BASE_URL, ...(user ? { cookie: user.cookie } : {}) } });
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101, body: null });
    });
    socket.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || 'null') }));
    });
    socket.once('error', reject);
  });
}

async function attempt(route: RegisteredRoute, row: Case, user: TestUser | null, params: Record<string, string>, booking: { id: string; date: string }) {
  const url = urlOf(route, params);
  if (row.socket) return upgrade(url, user);
  // A POST without a body of its own sends an empty object, as the screens do.
  const request = row.request?.(booking) ?? (route.method === 'GET' ? {} : { payload: {} });
  const response = await t.app.inject(asUser(user, { method: route.method as InjectOptions['method'], url, ...request }));
  return { status: response.statusCode, body: String(response.headers['content-type'] ?? '').startsWith('application/json') ? response.json() : response.body };
}

const expectedFor = (row: Case, identity: Identity): number =>
  identity === 'signed out' ? 401 : identity === 'another owner' || identity === 'another expert' ? 404 : row.expected[identity];

describe('the table', () => {
  it('has a row for every route about one booking, and none for a route the app does not have', () => {
    expect(bookingRoutes.length).toBeGreaterThan(15);
    for (const route of bookingRoutes) {
      // A HEAD route is its GET's, answered by the same handler; the GET's row covers it.
      const row = route.method === 'HEAD' ? `GET ${route.path}` : label(route);
      expect(TABLE, `${label(route)} has no row: say who may use it`).toHaveProperty([row]);
    }
    expect(Object.keys(TABLE).filter((row) => !appRoutes.some((route) => label(route) === row))).toEqual([]);
  });
});

const rows = bookingRoutes.filter((route) => route.method !== 'HEAD' && TABLE[label(route)]);

describe.each(rows.map((route) => [label(route), route] as const))('%s', (name, route) => {
  const row = TABLE[name]!;
  it.each(IDENTITIES)('as %s', async (identity) => {
    const booking = await bookingFor(row.state);
    const params = { id: booking.id, ...(await row.params?.(booking.id)) };
    const user = identity === 'signed out' ? null : who[identity];
    const answer = await attempt(route, row, user, params, booking);
    expect(answer.status, JSON.stringify(answer.body)).toBe(expectedFor(row, identity));
    if (answer.status === 404) {
      // Word for word what a booking that does not exist gets, so nobody can tell this one does.
      const unknown = await attempt(route, row, who.owner, { ...params, id: UNKNOWN_BOOKING }, { ...booking, id: UNKNOWN_BOOKING });
      expect(unknown.status).toBe(404);
      expect(answer.body).toEqual(unknown.body);
      expect(answer.body).toEqual({ message: BOOKING_NOT_FOUND });
    }
  });
});

// A socket's HEAD is no upgrade: nobody gets through it, so its GET's row (a real upgrade) is its test.
const headRoutes = bookingRoutes.filter((route) => route.method === 'HEAD' && TABLE[`GET ${route.path}`] && !TABLE[`GET ${route.path}`]!.socket);

describe.each(headRoutes.map((route) => [label(route), route] as const))('%s', (_name, route) => {
  it.each(IDENTITIES)('as %s, answers as its GET', async (identity) => {
    const get = TABLE[`GET ${route.path}`]!;
    const booking = await bookingFor(get.state);
    const params = { id: booking.id, ...(await get.params?.(booking.id)) };
    const response = await t.app.inject(asUser(identity === 'signed out' ? null : who[identity], { method: 'HEAD', url: urlOf(route, params) }));
    expect(response.statusCode).toBe(expectedFor(get, identity));
  });
});
