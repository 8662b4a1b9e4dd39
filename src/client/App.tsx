import { lazy, Suspense, type ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { AppLayout } from './app/app-layout';
import { PageErrorBoundary } from './app/page-error-boundary';
import { PageSpinner } from './components/ui/spinner';
import { useAuth } from './lib/session';
import HomePage from './pages/home';
import { PAGE_PATHS, type PagePath } from '@common/page-paths';
import { PAGE_MODULES, loadPage, type LazyPath } from './page-modules';

const PAGES: Record<PagePath | '*', ReactElement> = {
  '/': <HomePage />,
  ...(Object.fromEntries(
    Object.keys(PAGE_MODULES).map((path) => {
      const Page = lazy(() => loadPage(path as LazyPath));
      return [path, <Page />];
    }),
  ) as Record<LazyPath, ReactElement>),
};

export function App() {
  const { isLoading } = useAuth();
  const { pathname } = useLocation();
  return (
    <AppLayout>
      {isLoading ? (
        <PageSpinner />
      ) : (
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Routes>
              {PAGE_PATHS.map((path) => (
                <Route key={path} path={path} element={PAGES[path]} />
              ))}
              <Route path="*" element={PAGES['*']} />
            </Routes>
          </Suspense>
        </PageErrorBoundary>
      )}
    </AppLayout>
  );
}
