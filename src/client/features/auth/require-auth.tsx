import { useEffect, type ReactNode } from 'react';
import { PageSpinner } from '../../components/ui/spinner';
import { goToSignIn, useAuth } from '../../lib/session';

/** Screens that need an account send a signed-out visitor to sign in and back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  useEffect(() => {
    if (!isLoading && !isAuthenticated) goToSignIn();
  }, [isLoading, isAuthenticated]);
  return isAuthenticated ? children : <PageSpinner />;
}
