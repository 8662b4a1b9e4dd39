import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { experts, users } from '../../db/schema.js';
import { insertExpert } from '../../test/expert-factory.js';
import { asUser, createTestApp, signUp, TEST_BASE_URL, type TestApp } from '../../test/test-app.js';
import { expertsSitemap, sitemapIndex } from './sitemap.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
const approvedCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(experts).where(eq(experts.status, 'approved')))[0]!.n;

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('robots.txt', () => {
  it('keeps crawlers out of the API and the private pages, and points at the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/dashboard', '/bookings', '/workspace', '/user-management', '/expert-management', '/book-video', '/settings']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // Public pages stay open: nothing disallowed is a prefix of them.
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    for (const page of ['/', '/experts', '/expert/12', '/onsite-request', '/video-consultation', '/ai-assistant', '/expert/apply', '/login']) {
      expect(disallowed.filter((prefix) => page.startsWith(prefix)), page).toEqual([]);
    }
    expect(lines).toContain(`Sitemap: ${TEST_BASE_URL}/sitemap.xml`);
  });
});

describe('the sitemaps', () => {
  it('index the public pages and one file of approved experts, with absolute addresses', async () => {
    await insertExpert(t.database.db);
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(locs(index.body)).toEqual([`${TEST_BASE_URL}/sitemaps/pages.xml`, `${TEST_BASE_URL}/sitemaps/experts-1.xml`]);

    const pages = locs((await get('/sitemaps/pages.xml')).body);
    expect(pages).toContain(`${TEST_BASE_URL}/`);
    expect(pages).toContain(`${TEST_BASE_URL}/experts`);
    expect(pages).toContain(`${TEST_BASE_URL}/video-consultation`);
    expect(pages).not.toContain(`${TEST_BASE_URL}/dashboard`);
    expect(pages).not.toContain(`${TEST_BASE_URL}/login`);
  });

  it('list every approved expert and no other, and drop a suspended expert at once', async () => {
    const listed = await insertExpert(t.database.db);
    const pending = await insertExpert(t.database.db, { status: 'pending' });
    const suspendedBefore = await insertExpert(t.database.db, { status: 'suspended' });
    const file = async () => locs((await get('/sitemaps/experts-1.xml')).body);

    const before = await file();
    expect(before).toHaveLength(await approvedCount());
    expect(before).toContain(`${TEST_BASE_URL}/expert/${listed.id}`);
    expect(before).not.toContain(`${TEST_BASE_URL}/expert/${pending.id}`);
    expect(before).not.toContain(`${TEST_BASE_URL}/expert/${suspendedBefore.id}`);

    const admin = await signUp(t.app);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const suspended = await t.app.inject(
      asUser(admin, { method: 'PUT', url: `/api/admin/experts/${listed.id}/suspend`, payload: { reason: 'Complaints about missed appointments' } }),
    );
    expect(suspended.statusCode).toBe(200);
    const after = await file();
    expect(after).not.toContain(`${TEST_BASE_URL}/expert/${listed.id}`);
    expect(after).toHaveLength(before.length - 1);
  });

  it("dates each expert by the profile's last change, which being online does not move", async () => {
    const expert = await insertExpert(t.database.db, { updatedAt: new Date('2026-03-04T05:06:07.000Z') });
    const account = await signUp(t.app);
    await t.database.db.update(experts).set({ userId: account.id, updatedAt: sql`${experts.updatedAt}` }).where(eq(experts.id, expert.id));
    await t.database.db.update(users).set({ role: 'expert' }).where(eq(users.id, account.id));
    const heartbeat = await t.app.inject(asUser(account, { method: 'POST', url: '/api/experts/me/presence' }));
    expect(heartbeat.statusCode).toBe(204);

    const [row] = await t.database.db.select({ lastSeenAt: experts.lastSeenAt }).from(experts).where(eq(experts.id, expert.id));
    expect(row!.lastSeenAt).not.toBeNull();
    const xml = (await get('/sitemaps/experts-1.xml')).body;
    expect(xml).toContain(`<url><loc>${TEST_BASE_URL}/expert/${expert.id}</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod></url>`);
  });

  it('split the experts into files of the given size, each dated by its newest change, and 404 past the last', async () => {
    const total = await approvedCount();
    const perFile = Math.ceil(total / 2);
    const index = await sitemapIndex(t.database.db, TEST_BASE_URL, perFile);
    expect(locs(index)).toEqual([`${TEST_BASE_URL}/sitemaps/pages.xml`, `${TEST_BASE_URL}/sitemaps/experts-1.xml`, `${TEST_BASE_URL}/sitemaps/experts-2.xml`]);
    const first = locs((await expertsSitemap(t.database.db, TEST_BASE_URL, 1, perFile))!);
    const second = locs((await expertsSitemap(t.database.db, TEST_BASE_URL, 2, perFile))!);
    expect(first).toHaveLength(perFile);
    expect(first.length + second.length).toBe(total);
    expect(new Set([...first, ...second]).size).toBe(total);
    expect(await expertsSitemap(t.database.db, TEST_BASE_URL, 3, perFile)).toBeNull();

    const newest = index.match(/experts-1\.xml<\/loc><lastmod>([^<]+)</)![1]!;
    const firstFile = (await expertsSitemap(t.database.db, TEST_BASE_URL, 1, perFile))!;
    const dates = [...firstFile.matchAll(/<lastmod>([^<]+)</g)].map((match) => match[1]!).sort();
    expect(newest).toBe(dates.at(-1));

    const past = await get('/sitemaps/experts-2.xml');
    expect(past.statusCode).toBe(404);
    expect((await get('/sitemaps/experts-0.xml')).statusCode).toBe(400);
  });

  it('compress a sitemap for a crawler that accepts gzip', async () => {
    const plain = await get('/sitemaps/experts-1.xml');
    const zipped = await get('/sitemaps/experts-1.xml', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });
});
