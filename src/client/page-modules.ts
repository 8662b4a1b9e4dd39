import type { ComponentType } from 'react';
import { matchPagePath, type PagePath } from '@common/page-paths';

type PageModule = () => Promise<{ default: ComponentType }>;
/** A page with its own chunk, or '*': the page for any other address. */
export type LazyPath = Exclude<PagePath, '/'> | '*';

/** Each page's own chunk (the home page is in the main bundle: it is the first page most people see). */
export const PAGE_MODULES: Record<LazyPath, PageModule> = {
  '/ai-assistant': () => import('./pages/ai-assistant'),
  '/experts': () => import('./pages/experts'),
  '/expert/apply': () => import('./pages/expert-apply'),
  '/expert/:id': () => import('./pages/expert-profile'),
  '/consultation': () => import('./pages/consultation'),
  '/help-now': () => import('./pages/help-now'),
  '/book-service': () => import('./pages/book-service'),
  '/book-video': () => import('./pages/book-video'),
  '/book-onsite': () => import('./pages/book-onsite'),
  '/onsite-request': () => import('./pages/onsite-request'),
  '/video-consultation': () => import('./pages/video-consultation'),
  '/dashboard': () => import('./pages/dashboard'),
  '/bookings': () => import('./pages/bookings'),
  '/bookings/:id': () => import('./pages/booking'),
  '/boats': () => import('./pages/boats'),
  '/boats/:id': () => import('./pages/boat'),
  '/settings': () => import('./pages/settings'),
  '/notifications': () => import('./pages/notifications'),
  '/unsubscribe': () => import('./pages/unsubscribe'),
  '/profile': () => import('./pages/profile'),
  '/user-management': () => import('./pages/user-management'),
  '/expert-management': () => import('./pages/expert-management'),
  '/payment-management': () => import('./pages/payment-management'),
  '/workspace': () => import('./pages/workspace'),
  '/login': () => import('./pages/login'),
  '/reset-password': () => import('./pages/reset-password'),
  '/confirm-email': () => import('./pages/confirm-email'),
  '/privacy': () => import('./pages/privacy'),
  '/terms': () => import('./pages/terms'),
  '/help': () => import('./pages/help'),
  '/contact': () => import('./pages/contact'),
  '/contact-messages': () => import('./pages/contact-messages'),
  // Any other address.
  '*': () => import('./pages/not-found'),
};

type PageExports = { default: ComponentType };

const loaded = new Map<LazyPath, PageExports>();

/**
 * The page's module, for React.lazy: given at once when it has already arrived. lazy() asks for it in
 * the render that draws the page; a promise, even a settled one, answers a turn later, and lazy()
 * commits its fallback (the spinner) first and the page in a second commit, so on a phone the page's
 * largest text would paint well after the header.
 */
export function loadPage(path: LazyPath): Promise<PageExports> {
  const module = loaded.get(path);
  if (module) return answeredAtOnce(module);
  return PAGE_MODULES[path]().then((exports) => {
    loaded.set(path, exports);
    return exports;
  });
}

/**
 * Starts loading the chunk of the page at `pathname` now, alongside the signed-in-user request, instead of
 * when the app first renders it; settles when it has arrived (or failed: the page's lazy() then asks again
 * and its error boundary reports it).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const path = matchPagePath(pathname) ?? '*';
  if (path === '/') return Promise.resolve();
  return Promise.resolve(loadPage(path)).catch(() => {});
}

/** A thenable that calls back within then(): React.lazy calls nothing else on what its loader returns. */
function answeredAtOnce<T>(value: T): Promise<T> {
  return { then: (resolve: (value: T) => unknown) => resolve(value) } as unknown as Promise<T>;
}
