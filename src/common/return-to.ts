/** Where to go after signing in: only a path on our own site, never another origin. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/api/') || value === '/login') return '/';
  return value;
}
