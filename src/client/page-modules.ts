import type { ComponentType } from 'react';
import { matchPagePath, type PagePath } from '@common/page-paths';

type PageModule = () => Promise<{ default: ComponentType }>;

/** Each page's own chunk (the home page is in the main bundle: it is the first page most people see). */
export const PAGE_MODULES: Record<Exclude<PagePath, '/'>, PageModule> = {
  '/ai-assistant': () => import('./pages/ai-assistant'),
  '/experts': () => import('./pages/experts'),
  '/expert/apply': () => import('./pages/expert-apply'),
  '/expert/:id': () => import('./pages/expert-profile'),
  '/consultation': () => import('./pages/consultation'),
  '/book-service': () => import('./pages/book-service'),
  '/book-video': () => import('./pages/book-video'),
  '/book-onsite': () => import('./pages/book-onsite'),
  '/onsite-request': () => import('./pages/onsite-request'),
  '/video-consultation': () => import('./pages/video-consultation'),
  '/dashboard': () => import('./pages/dashboard'),
  '/bookings': () => import('./pages/bookings'),
  '/bookings/:id': () => import('./pages/booking'),
  '/settings': () => import('./pages/settings'),
  '/profile': () => import('./pages/profile'),
  '/user-management': () => import('./pages/user-management'),
  '/expert-management': () => import('./pages/expert-management'),
  '/workspace': () => import('./pages/workspace'),
  '/login': () => import('./pages/login'),
  '/reset-password': () => import('./pages/reset-password'),
  '/privacy': () => import('./pages/privacy'),
  '/terms': () => import('./pages/terms'),
};

/**
 * Starts loading the chunk of the page at `pathname` now, alongside the signed-in-user request the app waits
 * for, instead of after it (the browser keeps the module, so the page's lazy() finds it loaded or loading).
 */
export function preloadPage(pathname: string) {
  const path = matchPagePath(pathname);
  if (path && path !== '/') void PAGE_MODULES[path]().catch(() => {});
}
