import type { Database } from '../../db/client.js';
import { loadZipCentroids } from '../../geo/zip-centroids.js';
import { matchPagePath } from '../../../common/page-paths.js';
import { pageHead } from '../../../common/page-head.js';
import { expertPagePath } from '../../../common/search-engines.js';
import { findExpert } from '../experts/index.js';
import { verifiedReviews } from '../reviews/index.js';
import { pageHeadTags } from './page-head-tags.js';
import { breadcrumbs, expertBusiness, jsonLdTags } from './structured-data.js';

/** The reviews an expert's structured data carries, newest first. */
const STRUCTURED_REVIEWS = 5;

/** What the server writes into a page's HTML about the page: its head, and whether the page exists. */
export interface PageHeadHtml {
  /** False for an address that is no page, and for the profile of an expert who is not approved: 404. */
  found: boolean;
  tags: string;
}

/**
 * The head of each page's HTML (docs/PRODUCT.md#found-on-the-web): title, description, canonical address,
 * noindex, link preview tags, and schema.org data: an expert's business with their verified reviews, and
 * breadcrumbs on profiles and directories.
 */
export function createPageHeads(db: Database, baseUrl: string) {
  return async (pathname: string, search: URLSearchParams): Promise<PageHeadHtml> => {
    const page = matchPagePath(pathname);
    if (page !== '/expert/:id') {
      const head = pageHead(pathname, search);
      const trail = head.index && head.canonical && head.canonical !== '/' ? [{ name: 'Home', path: '/' }, { name: head.title.split(' | ')[0]!, path: head.canonical }] : null;
      return { found: page !== undefined, tags: pageHeadTags(head, baseUrl) + (trail ? jsonLdTags([breadcrumbs(baseUrl, trail)]) : '') };
    }
    const expert = await findExpert(db, pathname.split('/')[2]!);
    const head = pageHead(pathname, search, expert);
    if (!expert) return { found: false, tags: pageHeadTags(head, baseUrl) };
    const [reviews, zips] = await Promise.all([verifiedReviews(db, expert.id, STRUCTURED_REVIEWS), loadZipCentroids()]);
    const data = [
      expertBusiness(expert, reviews, baseUrl, zips.centroid(expert.zipCode), head.image),
      breadcrumbs(baseUrl, [
        { name: 'Home', path: '/' },
        { name: 'Find experts', path: '/experts' },
        { name: expert.name, path: expertPagePath(expert.id) },
      ]),
    ];
    return { found: true, tags: pageHeadTags(head, baseUrl) + jsonLdTags(data) };
  };
}
