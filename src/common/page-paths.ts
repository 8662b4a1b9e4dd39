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
  '/help-now',
  '/book-service',
  '/book-video',
  '/book-onsite',
  '/onsite-request',
  '/video-consultation',
  '/dashboard',
  '/bookings',
  '/bookings/:id',
  '/boats',
  '/boats/:id',
  '/settings',
  '/profile',
  '/user-management',
  '/expert-management',
  '/payment-management',
  '/workspace',
  '/login',
  '/reset-password',
  '/confirm-email',
  '/privacy',
  '/terms',
  '/help',
  '/contact',
  '/contact-messages',
  '/notifications',
  '/unsubscribe',
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

const PATTERNS = PAGE_PATHS.map(segmentsOf);

/**
 * The page pattern a pathname shows (a trailing slash is allowed, as React Router does); a pattern's
 * fixed segments win over its parameters, as React Router ranks them ('/expert/apply' before '/expert/:id').
 */
export function matchPagePath(pathname: string): PagePath | undefined {
  if (pathname.includes('//')) return undefined;
  const segments = segmentsOf(pathname);
  let best: { path: PagePath; parameters: number } | undefined;
  PATTERNS.forEach((pattern, i) => {
    if (pattern.length !== segments.length) return;
    if (!pattern.every((part, j) => (part.startsWith(':') ? segments[j] !== '' : part === segments[j]))) return;
    const parameters = pattern.filter((part) => part.startsWith(':')).length;
    if (!best || parameters < best.parameters) best = { path: PAGE_PATHS[i]!, parameters };
  });
  return best?.path;
}

/** True when a pathname is one of the app's pages. */
export function isPagePath(pathname: string): boolean {
  return matchPagePath(pathname) !== undefined;
}
