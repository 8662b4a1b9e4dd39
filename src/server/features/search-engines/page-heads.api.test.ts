import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { experts } from '../../db/schema.js';
import { insertExpert } from '../../test/expert-factory.js';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.js';

// What a crawler or a link preview reads of each page without running its script (docs/PRODUCT.md#found-on-the-web).

const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="The default description." />
<title>K&amp;B Marine — marine repair help</title></head><body><div id="root"></div></body></html>`;

const clientDir = mkdtempSync(join(tmpdir(), 'kb-client-'));
let t: TestApp;
let expertId: number;

beforeAll(async () => {
  writeFileSync(join(clientDir, 'index.html'), INDEX);
  t = await createTestApp({}, { clientDir });
  const expert = await insertExpert(t.database.db, {
    name: 'Travis <Boudreaux>',
    specialty: 'engines',
    city: 'Annapolis',
    state: 'MD',
    experience: 12,
    videoRateCents: 7500,
    onsiteRateCents: 12550,
    rating: '4.80',
    reviewCount: 31,
    profileImage: '/api/expert-photos/travis.webp',
  });
  expertId = expert.id;
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The head of a page as a crawler reads it: its tags, each once. */
async function headOf(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  const html = response.body;
  const all = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);
  const meta = (key: string, id: string) => all(new RegExp(`<meta ${key}="${id}" content="([^"]*)">`, 'g'));
  return {
    status: response.statusCode,
    titles: all(/<title>([^<]*)<\/title>/g),
    descriptions: all(/<meta name="description" content="([^"]*)"/g),
    canonical: all(/<link rel="canonical" href="([^"]*)">/g),
    robots: meta('name', 'robots'),
    og: (property: string) => meta('property', `og:${property}`),
    twitter: meta('name', 'twitter:card'),
  };
}

describe("each page's head in its HTML", () => {
  it("names an expert's profile by the expert, with a canonical address and a link preview", async () => {
    const head = await headOf(`/expert/${expertId}?ref=chat`);
    expect(head.status).toBe(200);
    expect(head.titles).toEqual(['Travis &lt;Boudreaux&gt; — Engine Repair in Annapolis, MD | K&amp;B Marine']);
    expect(head.descriptions).toEqual([
      'Travis &lt;Boudreaux&gt;, Engine Repair in Annapolis, MD, 12 years experience: video consultations from $75, onsite service from $125.50/hr. Rated 4.80 from 31 reviews.',
    ]);
    expect(head.canonical).toEqual([`${TEST_BASE_URL}/expert/${expertId}`]);
    expect(head.robots).toEqual([]);
    expect(head.og('type')).toEqual(['profile']);
    expect(head.og('title')).toEqual(head.titles);
    expect(head.og('url')).toEqual(head.canonical);
    expect(head.og('image')).toEqual([`${TEST_BASE_URL}/api/expert-photos/travis.webp`]);
    expect(head.twitter).toEqual(['summary_large_image']);
  });

  it("answers 404 for the profile of an expert who is suspended, pending or unknown, and asks it not be indexed", async () => {
    const suspended = await insertExpert(t.database.db, { status: 'suspended' });
    const pending = await insertExpert(t.database.db, { status: 'pending' });
    for (const url of [`/expert/${suspended.id}`, `/expert/${pending.id}`, '/expert/99999999', '/expert/abc']) {
      const head = await headOf(url);
      expect(head.status, url).toBe(404);
      expect(head.titles, url).toEqual(['Expert not found | K&amp;B Marine']);
      expect(head.robots, url).toEqual(['noindex']);
      expect(head.canonical, url).toEqual([]);
    }
    // Suspension takes effect at once: the page that answered 200 answers 404.
    const listed = await insertExpert(t.database.db);
    expect((await headOf(`/expert/${listed.id}`)).status).toBe(200);
    await t.database.db.update(experts).set({ status: 'suspended' }).where(eq(experts.id, listed.id));
    expect((await headOf(`/expert/${listed.id}`)).status).toBe(404);
  });

  it('gives each public page its own title and description, and one canonical address', async () => {
    const seen = new Set<string>();
    for (const path of ['/', '/experts', '/onsite-request', '/video-consultation', '/ai-assistant', '/expert/apply', '/login', '/privacy', '/terms']) {
      const head = await headOf(path);
      expect(head.status, path).toBe(200);
      expect(head.titles, path).toHaveLength(1);
      expect(head.descriptions, path).toHaveLength(1);
      expect(head.canonical, path).toEqual([`${TEST_BASE_URL}${path}`]);
      expect(head.robots, path).toEqual([]);
      expect(head.twitter, path).toEqual(['summary']);
      seen.add(head.titles[0]!);
    }
    expect(seen.size).toBe(9);
  });

  it('indexes a directory bare or narrowed to one specialty, and asks other filters not be indexed', async () => {
    const engines = await headOf('/experts?specialty=engines');
    expect(engines.titles).toEqual(['Engine Repair experts | K&amp;B Marine']);
    expect(engines.canonical).toEqual([`${TEST_BASE_URL}/experts?specialty=engines`]);
    expect(engines.robots).toEqual([]);
    for (const url of ['/experts?specialty=engines&sort=price-low', '/onsite-request?minRating=4.5', '/video-consultation?q=diesel', '/experts?specialty=spaceships']) {
      const head = await headOf(url);
      expect(head.robots, url).toEqual(['noindex']);
      expect(head.canonical[0], url).toMatch(new RegExp(`^${TEST_BASE_URL}/(experts|onsite-request|video-consultation)(\\?specialty=engines)?$`));
    }
  });

  it('asks private pages and unknown addresses not be indexed', async () => {
    for (const [url, title, status] of [
      ['/dashboard', 'Dashboard', 200],
      ['/bookings/0b7c', 'Booking', 200],
      ['/user-management', 'User Management', 200],
      ['/book-video?expertId=1', 'Book a video consultation', 200],
      ['/no/such/page', 'Page Not Found', 404],
    ] as const) {
      const head = await headOf(url);
      expect(head.status, url).toBe(status);
      expect(head.titles, url).toEqual([`${title} | K&amp;B Marine`]);
      expect(head.robots, url).toEqual(['noindex']);
      expect(head.canonical, url).toEqual([]);
    }
  });
});
