import { StrictMode, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppToaster } from '../components/ui/app-toaster';

/**
 * What surrounds the app in the browser and in the server's render alike (the router, which differs, is
 * the child): the two must build the same tree for the browser to take over the server's HTML.
 */
export function AppRoot({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {children}
        <AppToaster />
      </QueryClientProvider>
    </StrictMode>
  );
}
