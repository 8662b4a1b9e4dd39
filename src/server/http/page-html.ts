import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchPagePath, PAGE_PATHS } from '../../common/page-paths.js';
import { pageRequestPath, pageRequests } from '../../common/page-requests.js';
import { PAGE_STATE_ELEMENT_ID, PAGE_USER_ELEMENT_ID } from '../../common/page-blocks.js';
import type { RenderedPage } from '../../common/page-render.js';
import { currentUserSchema, type CurrentUser } from '../../common/user.js';

const TITLE = /<title>[^<]*<\/title>/;
/** index.html's preload of the signed-in user, for a page that does not carry them. */
const USER_PRELOAD = /<link rel="preload" href="\/api\/auth\/user"[^>]*>/;
const DESCRIPTION = /<meta name="description"[^>]*>/;
const EMPTY_ROOT = '<div id="root"></div>';
/** page-preloads.json's key for the page of an address that is no page (src/client/page-modules.ts). */
const NOT_FOUND_PAGE = '*';

/** A preload the page's own fetch picks up (same address, same credentials mode). */
const dataPreload = (path: string) => `<link rel="preload" href="${path.replaceAll('&', '&amp;')}" as="fetch" crossorigin="use-credentials">`;

/** A data block: JSON the CSP lets be, with `<` escaped so that no text in it can end the block. */
const dataBlock = (id: string, json: string) => `<script type="application/json" id="${id}">${json.replaceAll('<', '\\u003c')}</script>`;

/**
 * The page with `text` put in before its `</head>`. Text goes in through a replacer function, never as a
 * replacement string, where `$&`, `$'` or `` $` `` in stored text would splice the page into itself.
 */
const inHead = (page: string, text: string) => page.replace('</head>', () => `${text}</head>`);

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
/** Starts the app once the page has been painted (public/start-after-paint.js). */
const START_AFTER_PAINT = '/start-after-paint.js';

/**
 * The page with the content the server rendered, and its data. Its code only makes the page interactive:
 * it is fetched once the page has been painted, so that on a phone's network it no longer takes the
 * bandwidth before the stylesheet and the content's first paint.
 */
function withContent(page: string, rendered: RenderedPage): string {
  const app = MODULE_SCRIPT.exec(page)?.[1];
  const content = page.replace(EMPTY_ROOT, () => `<div id="root">${rendered.html}</div>${dataBlock(PAGE_STATE_ELEMENT_ID, rendered.state)}`);
  if (!app) return content;
  const preloads = [...page.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const starter = `<script defer src="${START_AFTER_PAINT}" data-app="${app}" data-preloads='${JSON.stringify(preloads)}'></script>`;
  return content.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, () => starter);
}

export interface PageHtmlOptions {
  search?: URLSearchParams;
  /** The page's own head (title, description, canonical, link preview), in place of index.html's. */
  headTags?: string;
  /** The visitor's user (null: signed out), when known. */
  user?: CurrentUser | null;
  /** The page as the server rendered it, with its data. */
  rendered?: RenderedPage | null;
}

/**
 * The app's HTML for each page: index.html with modulepreload links for the page's own chunks, as the
 * build lists them in page-preloads.json (vite-page-preloads.ts), and preloads for the API requests the
 * page makes as it opens (common/page-requests.ts), and the page's head when given. A deep link then downloads its page and its data
 * alongside the main script, not after the main script has run. The chunk lists are joined in once, at start.
 * A page the server rendered carries its content and data instead of the data's preloads.
 */
export function createPageHtml(clientDir: string): (pathname: string, options?: PageHtmlOptions) => string {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const listFile = join(clientDir, 'page-preloads.json');
  const lists = existsSync(listFile) ? (JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, string[]>) : {};
  const withChunks = (path: string) => {
    const links = (lists[path] ?? []).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
    return links ? inHead(html, links) : html;
  };
  const pages = new Map<string, string>(PAGE_PATHS.map((path) => [path, withChunks(path)]));
  const notFound = withChunks(NOT_FOUND_PAGE);
  return (pathname, { search = new URLSearchParams(), headTags, user, rendered } = {}) => {
    const path = matchPagePath(pathname);
    let page = path ? (pages.get(path) ?? html) : rendered ? notFound : html;
    if (headTags !== undefined) page = inHead(page.replace(TITLE, '').replace(DESCRIPTION, ''), headTags);
    // The visitor's user, known already: the app opens with it instead of asking (lib/session.ts).
    if (user !== undefined) {
      page = inHead(page.replace(USER_PRELOAD, ''), dataBlock(PAGE_USER_ELEMENT_ID, JSON.stringify(user && currentUserSchema.parse(user))));
    }
    if (rendered) return withContent(page, rendered);
    const data = path ? pageRequests(pathname, search).map((request) => dataPreload(pageRequestPath(request))).join('') : '';
    return data ? inHead(page, data) : page;
  };
}
