/** Pure rules about experts shared by the server and the screens. */

/** Stars shown for a rating: the floor of the rating, 0 to 5. */
export function starCount(rating: string | number): number {
  const value = typeof rating === 'number' ? rating : Number.parseFloat(rating);
  if (!Number.isFinite(value)) return 0;
  return Math.min(5, Math.max(0, Math.floor(value)));
}

/** Reads a price string tolerantly: '75.00', '$75', ' $1,250.5 ' → number of dollars (NaN if none). */
export function parsePrice(value: string | number | null | undefined): number {
  if (typeof value === 'number') return value;
  if (!value) return Number.NaN;
  return Number.parseFloat(value.replace(/[$,\s]/g, ''));
}

export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** '$75' or '$72.50': whole dollars without cents. */
export function formatPrice(value: string | number): string {
  const amount = parsePrice(value);
  if (!Number.isFinite(amount)) return '$—';
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

export const PRESENCE_WINDOW_MS = 2 * 60 * 1000;

/** An expert is online when their account was active within the last two minutes. */
export function isOnline(lastSeenAt: Date | string | null | undefined, now: Date = new Date()): boolean {
  if (!lastSeenAt) return false;
  const seen = typeof lastSeenAt === 'string' ? new Date(lastSeenAt) : lastSeenAt;
  const age = now.getTime() - seen.getTime();
  return age >= 0 && age <= PRESENCE_WINDOW_MS;
}

/** Certifications as a list: split on commas, blanks dropped. */
export function certificationList(certifications: string): string[] {
  return certifications
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}
