import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchPagePath, PAGE_PATHS } from '../../common/page-paths.js';
import { pageRequestPath, pageRequests } from '../../common/page-requests.js';
import { currentUserSchema, type CurrentUser } from '../../common/user.js';

const TITLE = /<title>[^<]*<\/title>/;
/** index.html's preload of the signed-in user, for a page that does not carry them. */
const USER_PRELOAD = /<link rel="preload" href="\/api\/auth\/user"[^>]*>/;
const DESCRIPTION = /<meta name="description"[^>]*>/;

/** A preload the page's own fetch picks up (same address, same credentials mode). */
const dataPreload = (path: string) => `<link rel="preload" href="${path.replaceAll('&', '&amp;')}" as="fetch" crossorigin="use-credentials">`;

/**
 * The app's HTML for each page: index.html with modulepreload links for the page's own chunks, as the
 * build lists them in page-preloads.json (vite-page-preloads.ts), and preloads for the API requests the
 * page makes as it opens (common/page-requests.ts), and the page's head when given. A deep link then downloads its page and its data
 * alongside the main script, not after the main script has run. The chunk lists are joined in once, at start.
 */
export function createPageHtml(
  clientDir: string,
): (pathname: string, search?: URLSearchParams, headTags?: string, user?: CurrentUser | null) => string {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const listFile = join(clientDir, 'page-preloads.json');
  const lists = existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, string[]>) : {};
  const pages = new Map(
    PAGE_PATHS.map((path) => {
      const links = (lists[path] ?? []).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
      return [path, links ? html.replace('</head>', `${links}</head>`) : html];
    }),
  );
  return (pathname, search = new URLSearchParams(), headTags, user) => {
    const path = matchPagePath(pathname);
    let page = (path && pages.get(path)) ?? html;
    // The page's own title and description (the search-engines feature's) in place of index.html's.
    if (headTags !== undefined) page = page.replace(TITLE, '').replace(DESCRIPTION, '').replace('</head>', `${headTags}</head>`);
    // The visitor's user, known already: the app opens with it instead of asking (lib/session.ts). A data
    // block, which the CSP lets be; `<` escaped, so no text of the user's can end it.
    if (user !== undefined) {
      const json = JSON.stringify(user && currentUserSchema.parse(user)).replaceAll('<', '\\u003c');
      page = page.replace(USER_PRELOAD, '').replace('</head>', `<script type="application/json" id="current-user">${json}</script></head>`);
    }
    const data = path ? pageRequests(pathname, search).map((request) => dataPreload(pageRequestPath(request))).join('') : '';
    return data ? page.replace('</head>', `${data}</head>`) : page;
  };
}
