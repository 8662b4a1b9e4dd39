import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './lib/query-client';
import { currentUserQueryOptions, seedCurrentUser } from './lib/session';
import { App } from './App';
import { AppToaster } from './components/ui/app-toaster';
import { preloadPage } from './page-modules';
import { prefetchPageData } from './page-data';
import './styles.css';

/**
 * How long the first render waits for the signed-in user (in the page's HTML, or preloaded by it, so
 * usually here before this script), the page's own code and the data it opens with (page-data.ts). Rendered without
 * them, the app would commit the header and a spinner, then the page in a second commit. Past this, it
 * renders without them rather than leave the screen blank on a slow answer.
 */
const FIRST_RENDER_WAIT_MS = 1000;

seedCurrentUser(queryClient);
const ready = Promise.all([
  queryClient.prefetchQuery(currentUserQueryOptions()),
  preloadPage(window.location.pathname),
  prefetchPageData(queryClient, window.location),
]);
void Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(render);

function render() {
  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition: React renders it in slices, letting the browser paint and answer
  // input between them, rather than in one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
          <AppToaster />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
