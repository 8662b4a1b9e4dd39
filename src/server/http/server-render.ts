import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchPagePath } from '../../common/page-paths.js';
import { pageRequestPath, pageRequests } from '../../common/page-requests.js';
import type { PageAnswer, PageRenderer, RenderedPage } from '../../common/page-render.js';
import { SERVER_RENDERED_PAGES } from '../../common/search-engines.js';

const RENDERED = new Set<string>(SERVER_RENDERED_PAGES);

/** Whether the server renders the page at this address (any address of no page: its 'Page Not Found'). */
export function isServerRendered(pathname: string): boolean {
  const path = matchPagePath(pathname);
  return path === undefined || RENDERED.has(path);
}

/**
 * Renders a public page for a signed-out visitor: asks the app's own API for the page's data, as the
 * browser would (through the same routes, rules and rate limits, as the visitor), then draws the page
 * with it. Null when the page cannot be rendered (an answer that is not a success, such as an unknown
 * expert's 404, or a fault in the render): the browser then renders it, as it did before pages were
 * rendered here.
 */
export function createServerRender(app: FastifyInstance, renderer: PageRenderer) {
  return async (request: FastifyRequest, pathname: string, search: URLSearchParams): Promise<RenderedPage | null> => {
    try {
      const answers = await Promise.all(
        pageRequests(pathname, search).map(async (pageRequest): Promise<PageAnswer | null> => {
          const answer = await app.inject({
            method: 'GET',
            url: pageRequestPath(pageRequest),
            remoteAddress: request.ip,
            headers: { 'accept-encoding': 'identity', ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}) },
          });
          if (answer.statusCode !== 200) return null;
          const headers = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') headers.set(name, value);
          return { request: pageRequest, response: new Response(answer.payload, { status: answer.statusCode, headers }) };
        }),
      );
      if (answers.some((answer) => answer === null)) return null;
      const rendered = await renderer.renderPage({ pathname, search: search.size ? `?${search}` : '' }, answers as PageAnswer[]);
      // A page that waited on something while rendering comes with an inline script to finish it, which
      // the CSP would block: such a page is the browser's to render.
      if (rendered.html.includes('<script')) throw new Error('the render came with an inline script');
      return rendered;
    } catch (error) {
      request.log.warn({ err: error, pathname }, 'page not rendered on the server; the browser renders it');
      return null;
    }
  };
}

export type ServerRender = ReturnType<typeof createServerRender>;
