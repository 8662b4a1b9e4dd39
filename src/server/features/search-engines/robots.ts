import { PRIVATE_PAGES } from '../../../common/search-engines.js';

/** A private page's address up to its first parameter: `/bookings/:id` is kept out as `/bookings`. */
const prefixOf = (path: string) => path.split('/:')[0]!;

/**
 * `/robots.txt`: crawlers stay out of the API and of every private page (signed-in, booking and admin
 * screens), and find the sitemap. Public pages, the assets and the expert photos stay open to them.
 */
export function robotsTxt(baseUrl: string): string {
  const disallowed = [...new Set(['/api/', ...PRIVATE_PAGES.map(prefixOf)])];
  return ['User-agent: *', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n');
}
