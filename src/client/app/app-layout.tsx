import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { NavBar } from './nav-bar';
import { Footer } from './footer';
import { useAuth } from '../lib/session';
import { useExpertPresenceHeartbeat } from '../features/experts';
import { UnverifiedEmailBanner } from '../features/auth';
import { ExpertRings } from '../features/help-now';
import { usePageHead } from './use-page-head';
import { UpdateBanner } from './update-banner';
import { APP_STARTED_ATTRIBUTE } from '@common/page-blocks';

export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { user } = useAuth();
  useExpertPresenceHeartbeat(user);
  usePageHead();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // Marks the document once the app has started (its first commit: a page the server rendered is
  // hydrated and its controls work); the journeys wait for it.
  useEffect(() => {
    document.documentElement.setAttribute(APP_STARTED_ATTRIBUTE, '');
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <NavBar />
      <UnverifiedEmailBanner />
      {/* At least a screen tall, as the spinner before a page is: a page shorter than the screen (sign-in)
          brought the footer up into view as it arrived, a layout shift. */}
      <main id="main" className="min-h-screen flex-1">
        {children}
      </main>
      <Footer />
      <UpdateBanner />
      {/* Help now rings an expert on any page of theirs (docs/ARCHITECTURE.md#realtime). */}
      <ExpertRings expert={user?.role === 'expert'} />
    </div>
  );
}
