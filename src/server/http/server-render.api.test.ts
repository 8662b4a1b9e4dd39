import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as renderer from '../../client/entry-server.js';
import { bookings, experts, reviews } from '../db/schema.js';
import { insertExpert } from '../test/expert-factory.js';
import { asUser, createTestApp, signUp, type TestApp } from '../test/test-app.js';

// What a crawler, a link preview or a browser without JavaScript reads of each public page
// (docs/PRODUCT.md#found-on-the-web), rendered by the app's own renderer (src/client/entry-server.tsx).

const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="The default description." />
<title>K&amp;B Marine — marine repair help</title>
<link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials" />
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react.js"></head><body><div id="root"></div></body></html>`;

const clientDir = mkdtempSync(join(tmpdir(), 'kb-client-'));
let t: TestApp;
let travis: { id: number };

beforeAll(async () => {
  writeFileSync(join(clientDir, 'index.html'), INDEX);
  t = await createTestApp({}, { clientDir, pageRenderer: renderer });
  travis = await insertExpert(t.database.db, {
    name: 'Travis Boudreaux',
    specialty: 'engines',
    city: 'Annapolis',
    state: 'MD',
    experience: 12,
    videoRateCents: 7500,
    onsiteRateCents: 12550,
    rating: '4.80',
    reviewCount: 31,
    bio: 'Outboards and sterndrives since 2010. </script><script>alert(1)</script> I come to your slip with the parts.',
  });
  await insertExpert(t.database.db, { name: 'Rosa Quintero', specialty: 'electronics', city: 'Beaufort', state: 'NC' });
  const owner = await signUp(t.app, { firstName: 'Jane', lastName: 'Doe' });
  const endsAt = new Date(Date.now() - 86_400_000);
  const [booking] = await t.database.db
    .insert(bookings)
    .values({ userId: owner.id, expertId: travis.id, serviceType: 'video', status: 'completed', startsAt: new Date(endsAt.getTime() - 1_800_000), endsAt, timeZone: 'America/New_York', description: 'Engine check', priceCents: 7500, onsiteVisitCents: 25000 })
    .returning();
  await t.database.db.insert(reviews).values({ bookingId: booking!.id, expertId: travis.id, userId: owner.id, rating: 5, text: 'Found the fuel leak in ten minutes.', status: 'published' });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** A page as a client without JavaScript gets it: its status, the root element's text, and its data block. */
async function page(url: string, cookie?: string) {
  const response = await t.app.inject(asUser(cookie ? { cookie } : null, { method: 'GET', url }));
  const html = response.body;
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="page-state">/.exec(html)?.[1] ?? '';
  const state = /<script type="application\/json" id="page-state">(.*?)<\/script>/.exec(html)?.[1];
  const text = root
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');
  return { status: response.statusCode, headers: response.headers, html, text, state: state === undefined ? undefined : (JSON.parse(state) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }) };
}

describe('public pages rendered on the server', () => {
  it("has an expert's profile in its HTML: name, specialty, city, rates, rating and reviews", async () => {
    const profile = await page(`/expert/${travis.id}`);
    expect(profile.status).toBe(200);
    for (const text of ['Travis Boudreaux', 'Engine Repair', 'Annapolis, MD', '$75 / 30 min', '$125.50 /hr', '4.8', '31 reviews', 'Found the fuel leak in ten minutes.', 'Jane D.', '12 years']) {
      expect(profile.text, text).toContain(text);
    }
    // The data it was drawn with, for the browser to take over without asking again, is the API's own.
    const fromApi = (await t.app.inject({ method: 'GET', url: `/api/experts/${travis.id}` })).json();
    expect(profile.state!.queries.find((query) => query.queryKey.join('/') === `/api/experts/${travis.id}`)?.state.data).toEqual(fromApi);
  });

  it('lets no stored text out of its place: only data blocks, the JSON escaped', async () => {
    const { html } = await page(`/expert/${travis.id}`);
    expect(html).not.toContain('<script>alert(1)');
    // Script elements: data that is not run, and the file that starts the app once the page has been
    // painted (the CSP's script-src 'self' holds).
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!.trim());
    const starter = `defer src="/start-after-paint.js" data-app="/assets/index.js" data-preloads='["/assets/react.js"]'`;
    expect(scripts.filter((attributes) => !/^type="application\/(json|ld\+json)"/.test(attributes))).toEqual([starter]);
    expect(html).not.toContain('rel="modulepreload"');
  });

  it("writes stored text verbatim, whatever replacement patterns it holds, and the page whole", async () => {
    const patterns = "$& $` $' $1 $$";
    const name = `Dollar ${patterns} Dan`;
    const bio = `Rigging and winches. ${patterns} All done at your slip.`;
    const review = `Fixed our furler ${patterns} in an hour.`;
    const dan = await insertExpert(t.database.db, { name, bio });
    const owner = await signUp(t.app);
    const endsAt = new Date(Date.now() - 86_400_000);
    const [booking] = await t.database.db
      .insert(bookings)
      .values({ userId: owner.id, expertId: dan.id, serviceType: 'video', status: 'completed', startsAt: new Date(endsAt.getTime() - 1_800_000), endsAt, timeZone: 'America/New_York', description: 'Furler', priceCents: 7500, onsiteVisitCents: 25000 })
      .returning();
    await t.database.db.insert(reviews).values({ bookingId: booking!.id, expertId: dan.id, userId: owner.id, rating: 5, text: review, status: 'published' });

    const { status, html, state } = await page(`/expert/${dan.id}`);
    expect(status).toBe(200);
    for (const [tag, count] of [[/<!doctype html>/gi, 1], [/<title>/g, 1], [/<\/head>/g, 1], [/<body>/g, 1], [/<div id="root">/g, 1], [/id="page-state"/g, 1]] as const) {
      expect(html.match(tag) ?? [], String(tag)).toHaveLength(count);
    }
    // The content as React escapes text, the head as the server does (core/markup.ts), the data as JSON.
    const asReact = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;');
    const asMarkup = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#39;');
    for (const text of [name, bio, review]) expect(html, text).toContain(asReact(text));
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain(asMarkup(name));
    const linkedData = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.stringify(JSON.parse(match[1]!)));
    expect(linkedData.join()).toContain(JSON.stringify(review));
    const data = state!.queries.map((query) => JSON.stringify(query.state.data)).join();
    for (const text of [name, bio, review]) expect(data, text).toContain(JSON.stringify(text).slice(1, -1));
  });

  it('lists the experts of a directory, with the filters of its address', async () => {
    const all = await page('/experts');
    expect(all.text).toContain('Travis Boudreaux');
    expect(all.text).toContain('Rosa Quintero');
    const engines = await page('/experts?specialty=engines');
    expect(engines.text).toContain('Travis Boudreaux');
    expect(engines.text).not.toContain('Rosa Quintero');
    expect((await page('/video-consultation')).text).toContain('Video Consultation');
    expect((await page('/onsite-request')).text).toContain('Onsite');
  });

  it('renders the Help Center whole, and filtered by the search of its address before any script runs', async () => {
    const all = await page('/help');
    expect(all.status).toBe(200);
    expect(all.text).toContain('Are calls recorded?');
    expect(all.text).toContain('When do I pay?');
    expect(all.html).toContain('id="payments"');
    expect(all.html).toContain('action="/help" method="get"');
    const searched = await page('/help?q=recorded');
    expect(searched.text).toContain('Are calls recorded?');
    expect(searched.text).not.toContain('When do I pay?');
    expect(searched.html).toContain('name="robots" content="noindex');
  });

  it('renders each other public page, and the page of an address that is none with status 404', async () => {
    for (const [url, text] of [
      ['/', 'Marine Repair Solutions with'],
      ['/ai-assistant', 'AI'],
      ['/login', 'Welcome back'],
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/help', 'Help Center'],
    ]) {
      const rendered = await page(url!);
      expect(rendered.status, url).toBe(200);
      expect(rendered.text, url).toContain(text);
    }
    const missing = await page('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Page Not Found');
  });

  it('sends a signed-out visitor of the application form to sign in and back', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/expert/apply' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?returnTo=%2Fexpert%2Fapply');
  });

  it("leaves a signed-in visitor's page to their browser, and never keeps it", async () => {
    const owner = await signUp(t.app);
    const mine = await page('/experts', owner.cookie);
    expect(mine.html).toContain('<div id="root"></div>');
    expect(mine.state).toBeUndefined();
    expect(mine.headers['cache-control']).toBe('private, no-cache');
  });

  it("leaves the profile of an unknown expert to the browser's 'Expert Not Found', with status 404", async () => {
    for (const url of ['/expert/99999999', '/expert/abc']) {
      const unknown = await page(url);
      expect(unknown.status, url).toBe(404);
      expect(unknown.html, url).toContain('<div id="root"></div>');
    }
  });

  it('drops an expert from the kept pages once they are suspended, on this server or another', async () => {
    const expert = await insertExpert(t.database.db, { name: 'Dwayne Kettle' });
    await expect.poll(async () => (await page('/experts')).text).toContain('Dwayne Kettle');
    expect((await page(`/expert/${expert.id}`)).status).toBe(200);
    // Written straight into the table, as another server would: the database's notification clears the pages.
    await t.database.db.update(experts).set({ status: 'suspended' }).where(eq(experts.id, expert.id));
    await expect.poll(async () => (await page(`/expert/${expert.id}`)).status).toBe(404);
    await expect.poll(async () => (await page('/experts')).text).not.toContain('Dwayne Kettle');
  });
});
