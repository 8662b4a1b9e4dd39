import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { experts as expertsTable } from '../../db/schema.js';
import { asUser, createTestApp, signUp, type TestApp } from '../../test/test-app.js';
import { users } from '../../db/schema.js';
import { insertExpert } from '../../test/expert-factory.js';
import { seedDemoExperts } from '../../seed/seed-demo-experts.js';
import type { Expert } from '../../../common/experts.js';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  ids.ana = (await insertExpert(db, { name: 'Ana Lopez', specialty: 'engines', rating: '4.90', reviewCount: 120, city: 'Fort Lauderdale', state: 'FL', zipCode: '33301', experience: 20, videoRateCents: 9000, onsiteRateCents: 15000, certifications: 'Yamaha Master Technician, ABYC Diesel' })).id;
  ids.ben = (await insertExpert(db, { name: 'Ben Okafor', specialty: 'electronics', rating: '4.70', reviewCount: 80, city: 'Miami', state: 'FL', zipCode: '33131', experience: 8, videoRateCents: 6000, onsiteRateCents: 11000, serviceTypes: ['video'], certifications: 'NMEA 2000 Network Installer' })).id;
  ids.cleo = (await insertExpert(db, { name: 'Cleo Floyd', specialty: 'rigging', rating: '4.20', reviewCount: 15, city: 'Newport', state: 'RI', zipCode: '02840', experience: 30, videoRateCents: 12000, onsiteRateCents: 9500, serviceTypes: ['onsite'], available: false })).id;
  ids.dev = (await insertExpert(db, { name: 'Dev 100% Pure_Marine', specialty: 'engines', rating: '3.80', reviewCount: 5, city: 'Seattle', state: 'WA', zipCode: '98101', experience: 3, videoRateCents: 4500, onsiteRateCents: 18000 })).id;
  ids.pending = (await insertExpert(db, { name: 'Pat Pending', status: 'pending', city: 'Fort Lauderdale', state: 'FL' })).id;
  ids.suspended = (await insertExpert(db, { name: 'Sam Suspended', status: 'suspended', city: 'Fort Lauderdale', state: 'FL' })).id;
});
afterAll(() => t.close());

async function list(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/experts${query}` });
  return { response, body: response.json() as Expert[], total: Number(response.headers['x-total-count']) };
}
const names = (body: Expert[]) => body.map((e) => e.name);

describe('GET /api/experts', () => {
  it('lists approved experts only, by rating, with X-Total-Count', async () => {
    const { response, body, total } = await list('');
    expect(response.statusCode).toBe(200);
    expect(names(body)).toEqual(['Ana Lopez', 'Ben Okafor', 'Cleo Floyd', 'Dev 100% Pure_Marine']);
    expect(total).toBe(4);
  });

  it('answers the Expert entity with decimal-string rates and real presence', async () => {
    const { body } = await list('?q=ana');
    expect(body[0]).toMatchObject({
      id: ids.ana,
      name: 'Ana Lopez',
      specialty: 'engines',
      rating: '4.90',
      reviewCount: 120,
      city: 'Fort Lauderdale',
      state: 'FL',
      zipCode: '33301',
      videoRate: '90.00',
      onsiteRate: '150.00',
      onsiteMinimumHours: 2,
      serviceTypes: ['video', 'onsite'],
      available: true,
      online: false,
      timeZone: 'America/New_York',
    });
    expect(body[0]).not.toHaveProperty('status');
  });

  it.each([
    ['?specialty=engines', ['Ana Lopez', 'Dev 100% Pure_Marine']],
    ['?serviceType=video', ['Ana Lopez', 'Ben Okafor', 'Dev 100% Pure_Marine']],
    ['?serviceType=onsite', ['Ana Lopez', 'Cleo Floyd', 'Dev 100% Pure_Marine']],
    ['?available=false', ['Cleo Floyd']],
    ['?available=true&serviceType=onsite', ['Ana Lopez', 'Dev 100% Pure_Marine']],
    ['?minRating=4.5', ['Ana Lopez', 'Ben Okafor']],
    ['?minRating=4', ['Ana Lopez', 'Ben Okafor', 'Cleo Floyd']],
    ['?location=miami', ['Ben Okafor']],
    ['?location=FL', ['Ana Lopez', 'Ben Okafor']],
    ['?q=yamaha', ['Ana Lopez']],
    ['?q=nmea', ['Ben Okafor']],
    ['?q=sails', ['Cleo Floyd']],
    ['?q=engine%20repair', ['Ana Lopez', 'Dev 100% Pure_Marine']],
  ])('filters with %s', async (query, expected) => {
    const { body, total } = await list(query);
    expect(names(body)).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it.each(['fort lauderdale', 'Fort Lauderdale, FL', 'FORT LAUDERDALE', 'lauderdale fl'])(
    "finds the experts of Fort Lauderdale with q='%s', case-insensitively",
    async (q) => {
      const { body } = await list(`?q=${encodeURIComponent(q)}`);
      expect(names(body)).toEqual(['Ana Lopez']);
    },
  );

  it("finds a state's experts with its code, and not names that merely start with it", async () => {
    const { body } = await list('?q=FL');
    expect(names(body)).toEqual(['Ana Lopez', 'Ben Okafor']);
    expect(names(body)).not.toContain('Cleo Floyd');
  });

  it.each(['%', '_', "'", '100%', 'Pure_', '%%%', "o'brien", '\\', '.*'])('treats %s as literal text', async (q) => {
    const { response, body } = await list(`?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    const expected = ['100%', 'Pure_'].includes(q) ? ['Dev 100% Pure_Marine'] : [];
    expect(names(body)).toEqual(expected);
  });

  it.each([
    ['rating', ['Ana Lopez', 'Ben Okafor', 'Cleo Floyd', 'Dev 100% Pure_Marine']],
    ['experience', ['Cleo Floyd', 'Ana Lopez', 'Ben Okafor', 'Dev 100% Pure_Marine']],
    ['name', ['Ana Lopez', 'Ben Okafor', 'Cleo Floyd', 'Dev 100% Pure_Marine']],
    // Onsite rates: Cleo 95, Ben 110, Ana 150, Dev 180.
    ['price-low', ['Cleo Floyd', 'Ben Okafor', 'Ana Lopez', 'Dev 100% Pure_Marine']],
    ['price-high', ['Dev 100% Pure_Marine', 'Ana Lopez', 'Ben Okafor', 'Cleo Floyd']],
  ])('sorts by %s (prices by the onsite rate)', async (sort, expected) => {
    const { body } = await list(`?sort=${sort}`);
    expect(names(body)).toEqual(expected);
  });

  it('sorts video listings by the video rate', async () => {
    // Video rates: Dev 45, Ben 60, Ana 90.
    expect(names((await list('?serviceType=video&sort=price-low')).body)).toEqual(['Dev 100% Pure_Marine', 'Ben Okafor', 'Ana Lopez']);
    expect(names((await list('?serviceType=video&sort=price-high')).body)).toEqual(['Ana Lopez', 'Ben Okafor', 'Dev 100% Pure_Marine']);
  });

  it('sends the listing compressed to clients that accept it, with the same content', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/experts?sort=name' });
    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: '/api/experts?sort=name', headers: { 'accept-encoding': encoding } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(plain.json());
      expect(response.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    }
  });

  it('pages with limit and offset and keeps the total', async () => {
    const first = await list('?limit=2&offset=0');
    const second = await list('?limit=2&offset=2');
    const beyond = await list('?limit=2&offset=10');
    expect(names(first.body)).toEqual(['Ana Lopez', 'Ben Okafor']);
    expect(names(second.body)).toEqual(['Cleo Floyd', 'Dev 100% Pure_Marine']);
    expect(beyond.body).toEqual([]);
    expect([first.total, second.total, beyond.total]).toEqual([4, 4, 4]);
  });

  it.each([
    ['?sort=cheapest', 'Unknown sort. Use one of: rating, experience, price-low, price-high, name, distance'],
    ['?limit=-1', 'limit must be at least 1'],
    ['?limit=0', 'limit must be at least 1'],
    ['?limit=101', 'limit must be at most 100'],
    ['?limit=abc', 'limit must be a whole number'],
    ['?offset=-5', 'offset must be 0 or more'],
    ['?minRating=6', 'minRating must be a number between 0 and 5'],
    ['?serviceType=phone', "serviceType must be 'video' or 'onsite'"],
    ['?available=maybe', "Use 'true' or 'false'"],
  ])('answers 400 for %s', async (query, message) => {
    const { response } = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('shows an expert as online while their account is active, and not after two minutes', async () => {
    await t.database.db.update(expertsTable).set({ lastSeenAt: new Date(Date.now() - 30_000) }).where(eq(expertsTable.id, ids.ben!));
    await t.database.db.update(expertsTable).set({ lastSeenAt: new Date(Date.now() - 3 * 60_000) }).where(eq(expertsTable.id, ids.ana!));
    t.app.expertListings.clear();
    const { body } = await list('');
    expect(body.find((e) => e.id === ids.ben)?.online).toBe(true);
    expect(body.find((e) => e.id === ids.ana)?.online).toBe(false);
  });
});

describe('presence', () => {
  it("puts an expert online when their signed-in account makes a request", async () => {
    const account = await signUp(t.app, { email: 'online-expert@example.com' });
    await t.database.db.update(users).set({ role: 'expert' }).where(eq(users.id, account.id));
    const expert = await insertExpert(t.database.db, { name: 'Olive Online', userId: account.id });
    // Written past the app, so the app is told, as its own writes tell it (on PostgreSQL the directory
    // otherwise learns of the new expert only when the notification arrives).
    t.app.expertListings.clear();
    expect((await list('?q=olive')).body[0]?.online).toBe(false);

    const heartbeat = await t.app.inject(asUser(account, { method: 'POST', url: '/api/experts/me/presence' }));
    expect(heartbeat.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: `/api/experts/${expert.id}` });
    expect(after.json().online).toBe(true);
  });

  it('keeps the presence heartbeat to experts: 401 signed out, 403 for other roles', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/experts/me/presence', headers: { origin: 'http://localhost:3000' } })).statusCode).toBe(401);
    const owner = await signUp(t.app);
    expect((await t.app.inject(asUser(owner, { method: 'POST', url: '/api/experts/me/presence' }))).statusCode).toBe(403);
  });
});

describe('GET /api/experts/:id', () => {
  it('answers one approved expert', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/experts/${ids.cleo}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ids.cleo, name: 'Cleo Floyd', serviceTypes: ['onsite'], available: false });
  });

  it.each([
    ['an unknown id', '99999'],
    ['a non-numeric id', 'abc'],
    ['a huge id', '99999999999999999999'],
    ['a negative id', '-1'],
    ['a pending expert', 'pending'],
    ['a suspended expert', 'suspended'],
  ])('answers 404 for %s', async (_label, key) => {
    const id = key === 'pending' || key === 'suspended' ? String(ids[key]) : key;
    const response = await t.app.inject({ method: 'GET', url: `/api/experts/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Expert not found' });
  });
});

describe('the demo experts', () => {
  it('seed at least 40 approved experts covering every specialty, idempotently', async () => {
    const fresh = await createTestApp();
    try {
      expect(await seedDemoExperts(fresh.database.db)).toBeGreaterThanOrEqual(40);
      expect(await seedDemoExperts(fresh.database.db)).toBe(0);
      const response = await fresh.app.inject({ method: 'GET', url: '/api/experts?limit=100' });
      const all = response.json() as Expert[];
      expect(all.length).toBeGreaterThanOrEqual(40);
      const { SPECIALTIES } = await import('../../../common/specialties.js');
      expect(new Set(all.map((e) => e.specialty))).toEqual(new Set(SPECIALTIES.map((s) => s.value)));
      const fortLauderdale = await fresh.app.inject({ method: 'GET', url: '/api/experts?q=fort%20lauderdale' });
      expect(Number(fortLauderdale.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    } finally {
      await fresh.close();
    }
  });
});
