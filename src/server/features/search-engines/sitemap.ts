import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import { escapeMarkup } from '../../core/markup.js';
import { SITEMAP_MAX_URLS, SITEMAP_PAGES, expertPagePath } from '../../../common/search-engines.js';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The sitemap of the public pages other than the experts'. */
export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';
/** The n-th sitemap of expert profiles (from 1), each of at most SITEMAP_MAX_URLS experts in id order. */
export const expertsSitemapPath = (n: number) => `/sitemaps/experts-${n}.xml`;

const entry = (tag: 'url' | 'sitemap', loc: string, lastmod?: Date | null) =>
  `<${tag}><loc>${escapeMarkup(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</${tag}>`;

/** One approved expert per row: what the sitemaps read. A suspended or pending expert is in none. */
const approved = eq(experts.status, 'approved');

/**
 * The sitemap index (`/sitemap.xml`): the pages' sitemap and one sitemap per SITEMAP_MAX_URLS approved
 * experts, each dated by its newest profile change. Read from the database on every request, so an expert
 * approved or suspended a moment ago is already in or out.
 */
export async function sitemapIndex(db: Database, baseUrl: string, perFile = SITEMAP_MAX_URLS): Promise<string> {
  const numbered = db
    .select({
      file: sql<number>`((row_number() over (order by ${experts.id}) - 1) / ${perFile} + 1)::int`.as('file'),
      updatedAt: experts.updatedAt,
    })
    .from(experts)
    .where(approved)
    .as('numbered');
  const files = await db
    .select({ file: numbered.file, lastmod: sql<Date>`max(${numbered.updatedAt})`.mapWith(experts.updatedAt) })
    .from(numbered)
    .groupBy(numbered.file)
    .orderBy(numbered.file);
  const entries = [entry('sitemap', baseUrl + PAGES_SITEMAP_PATH), ...files.map(({ file, lastmod }) => entry('sitemap', baseUrl + expertsSitemapPath(file), lastmod))];
  return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** The sitemap of the public pages that are the same for everyone (the home page, the directories...). */
export function pagesSitemap(baseUrl: string): string {
  const entries = SITEMAP_PAGES.map((path) => entry('url', baseUrl + (path === '/' ? '/' : path)));
  return `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * The n-th sitemap of expert profiles, each dated by its last change; null past the last one. The database
 * writes the entries: tens of thousands of rows arrive as one string instead of as objects and dates.
 */
export async function expertsSitemap(db: Database, baseUrl: string, n: number, perFile = SITEMAP_MAX_URLS): Promise<string | null> {
  const file = db
    .select({ id: experts.id, updatedAt: experts.updatedAt })
    .from(experts)
    .where(approved)
    .orderBy(experts.id)
    .limit(perFile)
    .offset((n - 1) * perFile)
    .as('file');
  const prefix = `<url><loc>${escapeMarkup(baseUrl + expertPagePath(0).slice(0, -1))}`;
  const [result] = await db
    .select({
      count: sql<number>`count(*)::int`,
      entries: sql<string | null>`string_agg(${prefix} || ${file.id} || '</loc><lastmod>'
        || to_char(${file.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '</lastmod></url>', ${'\n'} order by ${file.id})`,
    })
    .from(file);
  if (!result?.count && n > 1) return null;
  return `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${result?.entries ? `${result.entries}\n` : ''}</urlset>\n`;
}
