import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPageHtml } from './page-html.js';

const INDEX = '<!doctype html><html><head><title>K&amp;B Marine</title></head><body><div id="root"></div></body></html>';

describe("the app's HTML for each page", () => {
  let clientDir: string;
  beforeEach(() => {
    clientDir = mkdtempSync(join(tmpdir(), 'kb-page-html-'));
    writeFileSync(join(clientDir, 'index.html'), INDEX);
  });
  afterEach(() => rmSync(clientDir, { recursive: true, force: true }));

  it("lists the page's own chunks as modulepreload links in its head, a fixed segment before a parameter", () => {
    writeFileSync(
      join(clientDir, 'page-preloads.json'),
      JSON.stringify({ '/expert/:id': ['/assets/expert-profile-1.js', '/assets/review-item-2.js'], '/expert/apply': ['/assets/expert-apply-3.js'] }),
    );
    const pageHtml = createPageHtml(clientDir);
    expect(pageHtml('/expert/12')).toMatch(
      /<\/title><link rel="modulepreload" crossorigin href="\/assets\/expert-profile-1.js"><link rel="modulepreload" crossorigin href="\/assets\/review-item-2.js">(<link rel="preload"[^>]*>)*<\/head>/,
    );
    expect(pageHtml('/expert/apply')).toContain('href="/assets/expert-apply-3.js"></head>');
    expect(pageHtml('/expert/apply')).not.toContain('expert-profile');
  });

  it('answers the plain app for the home page, a page without a list and an address that is not a page', () => {
    writeFileSync(join(clientDir, 'page-preloads.json'), JSON.stringify({ '/experts': ['/assets/experts-1.js'] }));
    const pageHtml = createPageHtml(clientDir);
    expect(pageHtml('/')).toBe(INDEX);
    expect(pageHtml('/login')).toBe(INDEX);
    expect(pageHtml('/no-such-page')).toBe(INDEX);
    expect(pageHtml('/experts/')).toContain('experts-1.js');
  });

  it('answers the plain app when the build wrote no list', () => {
    expect(createPageHtml(clientDir)('/expert/apply')).toBe(INDEX);
  });

  it("starts the API requests a page makes as it opens, by their addresses, from the page's HTML", () => {
    const pageHtml = createPageHtml(clientDir);
    const preloads = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]*)" as="fetch" crossorigin="use-credentials">/g)].map((m) => m[1]);
    expect(preloads(pageHtml('/book-video', { search: new URLSearchParams('expertId=7') }))).toEqual([
      '/api/config',
      '/api/experts?serviceType=video&amp;available=true&amp;sort=price-low&amp;limit=1',
      '/api/experts/7',
    ]);
    expect(preloads(pageHtml('/expert/12'))).toEqual(['/api/experts/12', '/api/experts/12/reviews?limit=5']);
    expect(preloads(pageHtml('/ai-assistant'))).toEqual(['/api/ai/status']);
    // A directory's first page, with the filters of its address (an unknown sort reads as the default).
    expect(preloads(pageHtml('/experts', { search: new URLSearchParams('specialty=engines&sort=nonsense&page=3') }))).toEqual([
      '/api/experts?specialty=engines&amp;sort=rating&amp;limit=24',
    ]);
    expect(preloads(pageHtml('/video-consultation', { search: new URLSearchParams('available=true&minRating=4.5') }))).toEqual([
      '/api/experts?serviceType=video&amp;available=true&amp;minRating=4.5&amp;sort=rating&amp;limit=24',
    ]);
    expect(preloads(pageHtml('/onsite-request'))).toEqual(['/api/experts?serviceType=onsite&amp;available=true&amp;sort=rating&amp;limit=24']);
    expect(preloads(pageHtml('/login'))).toEqual([]);
    expect(preloads(pageHtml('/no-such-page', { search: new URLSearchParams('expertId=7') }))).toEqual([]);
  });

  it('names no address it did not build itself: an expert id from the URL is digits or nothing', () => {
    const pageHtml = createPageHtml(clientDir);
    for (const id of ['"><script>alert(1)</script>', '7&x=1', '07', '-1', '1e3', '9999999999']) {
      const html = pageHtml('/book-onsite', { search: new URLSearchParams({ expertId: id }) });
      expect(html).not.toContain('<script>');
      expect(html).not.toMatch(/\/api\/experts\/[^?"]/);
    }
    expect(pageHtml(`/expert/${encodeURIComponent('"><b>')}`)).not.toContain('/api/experts/');
  });
  // A replacement string would read $&, $', $` and $1 as patterns and splice the page into itself.
  it('writes the head, the user and the rendered page verbatim, whatever replacement patterns their text holds', () => {
    const patterns = "$& $` $' $1 $$";
    const user = {
      id: 'u1', profileImageUrl: null, firstName: `Pat ${patterns}`, lastName: null, email: 'pat@example.com', emailVerified: false, phone: null,
      address: null, city: null, state: null, zipCode: null, timeZone: null, role: 'user', status: 'active', createdAt: '2026-01-01T00:00:00.000Z',
    } as const;
    const html = createPageHtml(clientDir)('/expert/12', {
      headTags: `<title>Dan ${patterns}</title>`,
      user,
      rendered: { html: `<p>Bio ${patterns}</p>`, state: JSON.stringify({ bio: patterns }) },
    });
    expect(html).toBe(
      `<!doctype html><html><head><title>Dan ${patterns}</title>` +
        `<script type="application/json" id="current-user">${JSON.stringify(user)}</script></head>` +
        `<body><div id="root"><p>Bio ${patterns}</p></div><script type="application/json" id="page-state">${JSON.stringify({ bio: patterns })}</script></body></html>`,
    );
  });
});
