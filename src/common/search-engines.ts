import { PAGE_PATHS, type PagePath } from './page-paths.js';

/**
 * What search engines are told about the app's pages (docs/PRODUCT.md#found-on-the-web). Every page is
 * either public or private.
 */

/** Pages anyone may read, which crawlers may visit. */
export const PUBLIC_PAGES = [
  '/',
  '/experts',
  '/expert/:id',
  '/onsite-request',
  '/video-consultation',
  '/ai-assistant',
  '/expert/apply',
  '/login',
  '/privacy',
  '/terms',
  '/help',
] as const satisfies readonly PagePath[];

export type PublicPage = (typeof PUBLIC_PAGES)[number];
/** Pages of a signed-in visitor, a booking under way or an administrator: crawlers are kept out. */
export type PrivatePage = Exclude<PagePath, PublicPage>;

/** Every page not public is private, so a new page is kept from crawlers until it is made public. */
export const PRIVATE_PAGES = PAGE_PATHS.filter((path): path is PrivatePage => !(PUBLIC_PAGES as readonly string[]).includes(path));

/** The public pages the sitemap lists besides each expert's: sign-in, and the application a signed-out visitor is sent to sign in from, are no destinations. */
export const SITEMAP_PAGES = PUBLIC_PAGES.filter((path) => path !== '/expert/:id' && path !== '/login' && path !== '/expert/apply');

/** An approved expert's public profile. */
export const expertPagePath = (id: number) => `/expert/${id}`;

/** A sitemap file holds at most this many addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * Public pages the server renders with their content for a signed-out visitor (docs/PRODUCT.md#found-on-the-web),
 * as it does the 'Page Not Found' of any other address. The application form asks a signed-out visitor
 * to sign in first, which the server does at once (`SIGN_IN_FIRST_PAGES`).
 */
export const SERVER_RENDERED_PAGES = PUBLIC_PAGES.filter((path) => path !== '/expert/apply');

/** Public pages that send a signed-out visitor to sign in and back. */
export const SIGN_IN_FIRST_PAGES = ['/expert/apply'] as const satisfies readonly PublicPage[];

/** The picture an expert's link preview shows when the expert has no photo it can show (a drawn portrait). */
export const expertCardPath = (id: number) => `/cards/expert-${id}.png`;
