import type { FastifyInstance } from 'fastify';
import { matchPagePath } from '../../common/page-paths.js';
import { SIGN_IN_FIRST_PAGES } from '../../common/search-engines.js';
import { createPageHtml } from './page-html.js';
import type { RenderedPage } from '../../common/page-render.js';
import { compressBody, createTextCompressor, preferredEncoding } from './content-encoding.js';
import { isApiPath, normalisedPath } from './request-path.js';
import { isServerRendered, type ServerRender } from './server-render.js';
import type { RenderedPageCache } from './rendered-page-cache.js';

const NON_APP_PREFIXES = ['/assets/', '/images/', '/icons/', '/healthz', '/readyz', '/metrics', '/calendar/'];
const SIGN_IN_FIRST = new Set<string>(SIGN_IN_FIRST_PAGES);

/** A page's head as HTML, and whether the page exists (the search-engines feature's). */
export type PageHeadOf = (pathname: string, search: URLSearchParams) => Promise<{ found: boolean; tags: string }>;

export interface PageServing {
  /** The built single-page app; null when there is none to serve (API tests). */
  clientDir: string | null;
  headOf: PageHeadOf;
  /** Renders public pages for signed-out visitors; without it, every page is the browser's to render. */
  render?: ServerRender;
  /** The pages rendered for signed-out visitors, kept a few seconds. */
  renderedPages: RenderedPageCache;
}

/**
 * Unknown /api paths (and every non-GET) answer a JSON 404. A page of the app's route table is a deep
 * link into the single-page app (200), with its own head (title, description, canonical, link preview);
 * any other page address gets the app too, which shows its 'Page Not Found', with status 404 so crawlers
 * and monitors see it for what it is, as does the profile of an expert who is not approved (or no longer).
 * A signed-out visitor's public page comes rendered with its content (docs/ARCHITECTURE.md, 'Pages
 * rendered on the server').
 */
export function registerNotFound(app: FastifyInstance, { clientDir, headOf, render, renderedPages }: PageServing) {
  const pageHtml = clientDir ? createPageHtml(clientDir) : null;
  const compressed = createTextCompressor();
  if (pageHtml) {
    app.addHook('onSend', (request, reply, payload, done) => {
      // A file the static route served (its pattern is the file's path), never a 404 under /assets/.
      const file = request.routeOptions.url;
      if (file?.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      // The service worker and the manifest keep their addresses from one release to the next: every
      // request asks the server, so a new release's worker is found (docs/PRODUCT.md#installable-app-and-push).
      else if (file === '/sw.js' || file === '/manifest.webmanifest') reply.header('cache-control', 'no-cache');
      done(null, payload);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    // Decided by the address as the router and a browser read it (`/%61pi/x` and `/x/../api/x` are API
    // addresses), not as it was spelled.
    const readPath = normalisedPath(path);
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!pageHtml || !isPage || isApiPath(readPath) || NON_APP_PREFIXES.some((prefix) => readPath.startsWith(prefix))) {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${path}` });
    }
    const search = new URLSearchParams(queryAt === -1 ? '' : request.url.slice(queryAt + 1));
    // The page carries its visitor's user; when it cannot be read (the database is away), the page
    // carries none and the app asks for it, as it would without.
    const user = await request.currentUser().catch(() => undefined);
    const page = matchPagePath(path);
    if (user === null && page && SIGN_IN_FIRST.has(page)) {
      return reply.header('cache-control', 'no-cache').redirect(`/login?returnTo=${encodeURIComponent(request.url)}`);
    }
    reply.header('vary', 'Accept-Encoding, Cookie').type('text/html; charset=utf-8');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const htmlOf = async (rendering?: Promise<RenderedPage | null>) => {
      const [head, drawn] = await Promise.all([headOf(path, search), rendering]);
      // A page of the app that is not there (an unlisted expert) is left to the app's own 'not found'.
      const rendered = head.found || !page ? drawn : null;
      // A page the server meant to render but could not (a refusal, a fault) is not kept for others.
      return { status: head.found ? 200 : 404, html: pageHtml(path, { search, headTags: head.tags, user, rendered }), keep: !!rendered };
    };

    if (user === null && render && isServerRendered(path)) {
      const cached = await renderedPages.get(request.url, () => htmlOf(render(request, path, search)));
      reply.header('cache-control', 'no-cache').status(cached.status);
      return encoding ? reply.header('content-encoding', encoding).send(cached.bytes(encoding)) : reply.send(cached.html);
    }

    const { status, html } = await htmlOf();
    // A signed-in visitor's page is theirs alone: no shared cache may keep it.
    reply.header('cache-control', user ? 'private, no-cache' : 'no-cache').status(status);
    if (!encoding) return reply.send(html);
    // Only the pages every signed-out visitor gets are worth keeping compressed.
    return reply.header('content-encoding', encoding).send(user ? compressBody(html, encoding) : compressed(html, encoding));
  });
}
