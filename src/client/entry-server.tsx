import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from './lib/session';
import { createQueryClient } from './lib/query-client';
import { AppRoot } from './app/app-root';
import { App } from './App';
import { PAGE_MODULES, loadPage, preloadPage, type LazyPath } from './page-modules';
import { takePageAnswers } from './page-data';
import type { PageAnswer, RenderedPage } from '@common/page-render';

/*
 * The server's render of a public page for a signed-out visitor (docs/ARCHITECTURE.md, 'Pages rendered
 * on the server'): the page's HTML with its data, and that data dehydrated, which the browser takes into
 * its query cache before it hydrates the HTML (main.tsx) instead of asking for it again.
 */

/** A render that takes longer is abandoned, and the page goes out for the browser to render. */
const RENDER_DEADLINE_MS = 2_000;

/**
 * Every page's module, loaded at start: the render then never waits for one. A page that waited would
 * come out as its fallback followed by an inline script that swaps the page in, which the CSP forbids.
 */
export const ready: Promise<unknown> = Promise.all(Object.keys(PAGE_MODULES).map((path) => loadPage(path as LazyPath)));

/** The page at this address, drawn with the server's answers to its requests (a `PageRenderer`). */
export async function renderPage(location: { pathname: string; search: string }, answers: readonly PageAnswer[]): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  // Rendered for signed-out visitors only: a signed-in visitor's header and pages are their own.
  queryClient.setQueryData(CURRENT_USER_KEY, null);
  await Promise.all([ready, preloadPage(location.pathname), takePageAnswers(queryClient, answers)]);
  const html = await renderToHtml(
    <AppRoot queryClient={queryClient}>
      <StaticRouter location={location}>
        <App />
      </StaticRouter>
    </AppRoot>,
  );
  // The user is in the page already (http/page-html.ts); only the page's own data goes here.
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.queryKey !== CURRENT_USER_KEY && query.state.status === 'success' });
  queryClient.clear();
  return { html, state: JSON.stringify(state) };
}

/** React's streaming render, collected once everything is ready; any error in it fails the render. */
function renderToHtml(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failure: unknown;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        done();
        if (failure) reject(failure);
        else resolve(Buffer.concat(chunks).toString('utf8'));
      },
    });
    const stream = renderToPipeableStream(element, {
      // A large boundary would otherwise go out after the rest, moved into place by an inline script
      // (which the CSP forbids): the page is sent whole, in its order.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        failure ??= error;
      },
    });
    const deadline = setTimeout(() => stream.abort(new Error(`the render took over ${RENDER_DEADLINE_MS} ms`)), RENDER_DEADLINE_MS);
    sink.on('finish', () => clearTimeout(deadline));
  });
}
