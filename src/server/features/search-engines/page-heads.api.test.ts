import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings, experts, reviews } from '../../db/schema.js';
import sharp from 'sharp';
import { insertExpert } from '../../test/expert-factory.js';
import { expertCardSvg } from './expert-card.js';
import { asUser, createTestApp, signUp, TEST_BASE_URL, type TestApp } from '../../test/test-app.js';

// What a crawler or a link preview reads of each page without running its script (docs/PRODUCT.md#found-on-the-web).

const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="The default description." />
<title>K&amp;B Marine — marine repair help</title>
<link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials" /></head><body><div id="root"></div></body></html>`;

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
    jsonLd: all(/<script type="application\/ld\+json">(.*?)<\/script>/g).map((json) => JSON.parse(json) as Record<string, unknown> & { '@type': string }),
    html,
  };
}

/** A review of a completed booking of the expert's, written straight into the tables. */
async function insertReview(expert: number, rating: number, text: string | null, status: 'published' | 'hidden' = 'published') {
  const owner = await signUp(t.app, { firstName: 'Jane', lastName: 'Doe' });
  const endsAt = new Date(Date.now() - 86_400_000);
  const [booking] = await t.database.db
    .insert(bookings)
    .values({ userId: owner.id, expertId: expert, serviceType: 'video', status: 'completed', startsAt: new Date(endsAt.getTime() - 1_800_000), endsAt, timeZone: 'America/New_York', description: 'Engine check', priceCents: 7500, onsiteVisitCents: 25000 })
    .returning();
  await t.database.db.insert(reviews).values({ bookingId: booking!.id, expertId: expert, userId: owner.id, rating, text, status });
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

  it("previews an expert with a drawn portrait by their card: a picture of who, where, rating and rates", async () => {
    const drawn = await insertExpert(t.database.db, { name: 'Rosa Quintero', specialty: 'electronics', city: 'Beaufort', state: 'NC', profileImage: '/images/experts/rosa.svg' });
    const head = await headOf(`/expert/${drawn.id}`);
    const card = `${TEST_BASE_URL}/cards/expert-${drawn.id}.png`;
    expect(head.og('image')).toEqual([card]);
    expect(head.twitter).toEqual(['summary_large_image']);
    // Search engines too are shown the card, not the drawn portrait.
    expect(head.jsonLd.find((data) => data['@type'] === 'LocalBusiness')?.image).toBe(card);

    const response = await t.app.inject({ method: 'GET', url: new URL(card).pathname });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const { width, height, format } = await sharp(response.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
    // What it shows, as drawn (the SVG the PNG is made from).
    const svg = expertCardSvg((await t.app.inject({ method: 'GET', url: `/api/experts/${drawn.id}` })).json());
    for (const text of ['Rosa Quintero', 'Marine Electronics · Beaufort, NC']) expect(svg).toContain(text);

    const pending = await insertExpert(t.database.db, { status: 'pending' });
    for (const url of [`/cards/expert-${pending.id}.png`, '/cards/expert-99999999.png', '/cards/expert-abc.png']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(url.includes('abc') ? 400 : 404);
    }
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
    // (The application form sends a signed-out visitor to sign in: http/server-render.api.test.ts.)
    for (const path of ['/', '/experts', '/onsite-request', '/video-consultation', '/ai-assistant', '/login', '/privacy', '/terms']) {
      const head = await headOf(path);
      expect(head.status, path).toBe(200);
      expect(head.titles, path).toHaveLength(1);
      expect(head.descriptions, path).toHaveLength(1);
      expect(head.canonical, path).toEqual([`${TEST_BASE_URL}${path}`]);
      expect(head.robots, path).toEqual([]);
      expect(head.twitter, path).toEqual(['summary']);
      seen.add(head.titles[0]!);
    }
    expect(seen.size).toBe(8);
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

  it("describes an expert's business in schema.org data, rated only by their own verified reviews", async () => {
    const expert = await insertExpert(t.database.db, { name: 'Nadia Hull', specialty: 'hull', zipCode: '21401', serviceRadius: 25, rating: '4.90', reviewCount: 40, bio: 'Gelcoat and blister repair.' });
    const empty = (await headOf(`/expert/${expert.id}`)).jsonLd.find((item) => item['@type'] === 'LocalBusiness')!;
    // The 40 reviews of before are the expert's prior, not reviews anyone can read here: no rating at all.
    expect(empty).not.toHaveProperty('aggregateRating');
    expect(empty).not.toHaveProperty('review');

    await insertReview(expert.id, 5, 'Fixed the blisters </script><script>alert(1)</script> for good.');
    await insertReview(expert.id, 4, null);
    await insertReview(expert.id, 1, 'Hidden by an administrator.', 'hidden');
    const head = await headOf(`/expert/${expert.id}`);
    expect(head.html).not.toContain('<script>alert(1)');
    const business = head.jsonLd.find((item) => item['@type'] === 'LocalBusiness')!;
    expect(business).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Nadia Hull',
      url: `${TEST_BASE_URL}/expert/${expert.id}`,
      description: 'Gelcoat and blister repair.',
      address: { '@type': 'PostalAddress', addressLocality: 'Annapolis', addressRegion: 'MD', postalCode: '21401', addressCountry: 'US' },
      areaServed: { '@type': 'GeoCircle', geoRadius: 40234 },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.50', reviewCount: 2, bestRating: 5 },
    });
    const offers = business.makesOffer as { itemOffered: { name: string }; priceSpecification: { price: string; priceCurrency: string } }[];
    expect(offers.map((offer) => [offer.itemOffered.name, offer.priceSpecification.price, offer.priceSpecification.priceCurrency])).toEqual([
      ['Video consultation', '75.00', 'USD'],
      ['Onsite service', '125.00', 'USD'],
    ]);
    // What search engines require of each review: its author and its rating.
    const listed = business.review as { author: { name: string }; reviewRating: { ratingValue: number }; reviewBody?: string }[];
    expect(listed.map((review) => [review.author.name, review.reviewRating.ratingValue])).toEqual([
      ['Jane D.', 4],
      ['Jane D.', 5],
    ]);
    expect(listed[1]!.reviewBody).toBe('Fixed the blisters </script><script>alert(1)</script> for good.');

    const trail = head.jsonLd.find((item) => item['@type'] === 'BreadcrumbList')!;
    expect((trail.itemListElement as { name: string; item: string }[]).map((step) => [step.name, step.item])).toEqual([
      ['Home', `${TEST_BASE_URL}/`],
      ['Find experts', `${TEST_BASE_URL}/experts`],
      ['Nadia Hull', `${TEST_BASE_URL}/expert/${expert.id}`],
    ]);
  });

  it('gives the directories breadcrumbs, and pages that are not indexed none', async () => {
    const trail = (await headOf('/video-consultation?specialty=engines')).jsonLd[0]!;
    expect((trail.itemListElement as { name: string; item: string }[]).map((step) => [step.name, step.item])).toEqual([
      ['Home', `${TEST_BASE_URL}/`],
      ['Engine Repair experts', `${TEST_BASE_URL}/video-consultation?specialty=engines`],
    ]);
    expect((await headOf('/dashboard')).jsonLd).toEqual([]);
    expect((await headOf('/experts?sort=price-low')).jsonLd).toEqual([]);
  });
});

describe("the visitor's user in the page", () => {
  const userBlock = (html: string) => /<script type="application\/json" id="current-user">(.*?)<\/script>/.exec(html)?.[1];

  it('says a signed-out visitor is signed out, instead of a preload the app would be refused', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/experts' });
    expect(userBlock(response.body)).toBe('null');
    expect(response.body).not.toContain('href="/api/auth/user"');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("carries a signed-in visitor's user as the API gives it, in a page no shared cache keeps", async () => {
    const owner = await signUp(t.app, { firstName: '</script><script>alert(1)</script>', lastName: 'Doe' });
    const response = await t.app.inject(asUser(owner, { method: 'GET', url: '/dashboard' }));
    expect(response.body).not.toContain('<script>alert(1)');
    const fromApi = (await t.app.inject(asUser(owner, { method: 'GET', url: '/api/auth/user' }))).json();
    expect(JSON.parse(userBlock(response.body)!)).toEqual(fromApi);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toContain('Cookie');
  });
});

