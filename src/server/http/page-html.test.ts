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
    expect(pageHtml('/expert/12')).toBe(
      INDEX.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/expert-profile-1.js"><link rel="modulepreload" crossorigin href="/assets/review-item-2.js"></head>',
      ),
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
    expect(createPageHtml(clientDir)('/experts')).toBe(INDEX);
  });
});
