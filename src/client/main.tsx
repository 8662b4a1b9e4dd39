import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { queryClient } from './lib/query-client';
import { currentUserQueryOptions, seedCurrentUser } from './lib/session';
import { takeServerRenderedState } from './lib/server-rendered-state';
import { App } from './App';
import { AppRoot } from './app/app-root';
import { preloadPage } from './page-modules';
import { prefetchPageData } from './page-data';
import { registerServiceWorker } from './lib/service-worker';
import { captureInstallPrompt } from './lib/install-prompt';
import './styles.css';

/**
 * How long the first render waits for the signed-in user (in the page's HTML, or preloaded by it, so
 * usually here before this script), the page's own code and the data it opens with (page-data.ts). Rendered without
 * them, the app would commit the header and a spinner, then the page in a second commit. Past this, it
 * renders without them rather than leave the screen blank on a slow answer.
 */
const FIRST_RENDER_WAIT_MS = 1000;

const app = (
  <AppRoot queryClient={queryClient}>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </AppRoot>
);
const container = document.getElementById('root')!;

captureInstallPrompt();
seedCurrentUser(queryClient);
if (takeServerRenderedState(queryClient)) {
  // The server rendered the page with its data (entry-server.tsx): the browser takes over its HTML once
  // the page's code is here, without asking for the data again; as a transition, in slices, so that the
  // page answers a tap while it is hydrated.
  void preloadPage(window.location.pathname).then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  const ready = Promise.all([
    queryClient.prefetchQuery(currentUserQueryOptions()),
    preloadPage(window.location.pathname),
    prefetchPageData(queryClient, window.location),
  ]);
  void Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(() => {
    // The first render as a transition: React renders it in slices, letting the browser paint and answer
    // input between them, rather than in one long task.
    startTransition(() => createRoot(container).render(app));
  });
}

registerServiceWorker();
