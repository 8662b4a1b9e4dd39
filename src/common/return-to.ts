/** Any origin serves: a value is kept only if it resolves to a path on whichever origin it is read against. */
const HOME = 'http://home.invalid';

/**
 * Control, format and space characters (C0, DEL, C1, zero-width and direction marks, Unicode spaces,
 * line separators) and backslashes. The URL parser drops tab and newline anywhere and reads `\` as `/`,
 * so `/\t/evil.example` is navigated to as `//evil.example`, another site.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;

/** Where to go after signing in: only a path on our own site, never another origin. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || UNSAFE.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, HOME);
  } catch {
    return '/';
  }
  // The path as the browser will navigate to it: `/.//evil.example` resolves to `//evil.example`.
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== HOME || path.startsWith('//')) return '/';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/') || url.pathname === '/login') return '/';
  return path;
}

/**
 * Where a sign-in lands: the page it was asked to return to, except that an expert who came from the home
 * page (or from nowhere in particular) lands in their workspace, where their bookings are.
 */
export function landingAfterSignIn(returnTo: string, role: string | undefined): string {
  return returnTo === '/' && role === 'expert' ? '/workspace' : returnTo;
}
