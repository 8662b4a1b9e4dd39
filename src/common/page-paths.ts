/**
 * Every page of the app, as React Router patterns. The client routes exactly these (App.tsx cannot
 * compile otherwise) and the server answers 200 for them and 404 for any other page address.
 */
export const PAGE_PATHS = [
  '/',
  '/ai-assistant',
  '/experts',
  '/expert/apply',
  '/expert/:id',
  '/consultation',
  '/book-service',
  '/book-video',
  '/book-onsite',
  '/onsite-request',
  '/video-consultation',
  '/dashboard',
  '/bookings',
  '/bookings/:id',
  '/settings',
  '/profile',
  '/user-management',
  '/expert-management',
  '/workspace',
  '/login',
  '/reset-password',
  '/privacy',
  '/terms',
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

const PATTERNS = PAGE_PATHS.map(segmentsOf);

/** True when a pathname is one of the app's pages (a trailing slash is allowed, as React Router does). */
export function isPagePath(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  if (pathname.includes('//')) return false;
  return PATTERNS.some(
    (pattern) => pattern.length === segments.length && pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])),
  );
}
