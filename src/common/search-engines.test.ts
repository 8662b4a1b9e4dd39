import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from './page-paths.js';
import { PRIVATE_PAGES, PUBLIC_PAGES, SITEMAP_PAGES } from './search-engines.js';

describe('public and private pages', () => {
  it('puts every page of the app in exactly one of the two, the signed-in and booking screens private', () => {
    const pub: readonly string[] = PUBLIC_PAGES;
    const priv: readonly string[] = PRIVATE_PAGES;
    expect(pub.filter((path) => priv.includes(path))).toEqual([]);
    expect([...pub, ...priv].sort()).toEqual([...PAGE_PATHS].sort());
    for (const path of ['/dashboard', '/bookings/:id', '/book-video', '/workspace', '/user-management', '/expert-management']) {
      expect(priv).toContain(path);
    }
  });

  it('lists in the sitemap only public pages without parameters', () => {
    for (const path of SITEMAP_PAGES) {
      expect(PUBLIC_PAGES).toContain(path);
      expect(path).not.toContain(':');
    }
    expect(SITEMAP_PAGES).toContain('/experts');
  });
});
