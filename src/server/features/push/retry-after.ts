/**
 * The seconds a `Retry-After` header asks us to wait (a number of seconds or an HTTP date, RFC 9110
 * 10.2.3), or null when there is none or it cannot be read.
 */
export function retryAfterSeconds(header: string | null, now: Date): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}
