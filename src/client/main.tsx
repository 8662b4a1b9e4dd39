import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { queryClient } from './lib/query-client';
import { App } from './App';
import { preloadPage } from './page-modules';
import './styles.css';

preloadPage(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
      {/* Spec 000 section 9: one toast at a time, 5000 ms. */}
      <Toaster
        visibleToasts={1}
        duration={5000}
        closeButton
        position="top-center"
        toastOptions={{ classNames: { title: 'text-slate-900!', description: 'text-slate-700!' } }}
      />
    </QueryClientProvider>
  </StrictMode>,
);
