import type { PageRequest } from './page-requests.js';

/*
 * The contract between the server and its renderer of public pages (src/client/entry-server.tsx, built
 * into dist/ssr): the server answers the page's requests, the renderer draws the page with them.
 */

/** The server's answer to one of the requests a page makes as it opens. */
export interface PageAnswer {
  request: PageRequest;
  response: Response;
}

export interface RenderedPage {
  /** What goes inside the root element. */
  html: string;
  /** TanStack Query's dehydrated cache, as JSON (not yet escaped for HTML). */
  state: string;
}

export interface PageRenderer {
  /** Settles when the renderer has loaded every page's code. */
  ready: Promise<unknown>;
  renderPage(location: { pathname: string; search: string }, answers: readonly PageAnswer[]): Promise<RenderedPage>;
}
